//! All in a Row (as PySolFC and black-hole-solver play it; not in AisleRiot).
//!
//! The 52 cards are dealt face up in thirteen piles of four. The first card onto the empty
//! waste (PySol's foundation) is any pile's top card; after it a pile's top card goes there
//! when its rank is one above or one below the waste's top card, King and Ace being
//! neighbours. No stock; the game is won when every card is on the waste.
//!
//! `--pysol N` deals PySolFC's All in a Row N as `pysol_cards` prints it.

use super::onto_waste::{
    descriptor, lay_out, our_deal, pysol_order, stock_of, OntoWaste, Rules, ACE_OF_SPADES,
};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::deals::microsoft::DealNumberError;
use crate::piles::Table;

/// All in a Row's rules.
pub const RULES: Rules = Rules {
    id: GameId::AllInARow,
    piles: 13,
    depth: 4,
    covers: &[],
    face_down: false,
    stock: 0,
    wrap: true,
    king_stops: false,
    empty_takes_any: true,
    waste: "foundation",
    deck: DeckSpec::FULL,
    deal,
    pysol: Some(pysol),
};

/// All in a Row in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "all-in-a-row",
        name: "All in a Row",
        summary: "thirteen piles of four face up; any top card starts the foundation, then a pile's top card goes there one rank above or below its top card, King and Ace neighbours; won when every card is on the foundation",
        source: "PySolFC's All in a Row and black-hole-solver; not in AisleRiot",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck in four rounds over the thirteen piles.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n, None)
}

/// PySolFC's All in a Row `n`: PySol moves the Ace of spades to the end of its dealing order,
/// so it lies on top of the last pile.
fn pysol(n: u64) -> Result<Table, DealNumberError> {
    let mut order = pysol_order(n)?;
    let ace = order
        .iter()
        .position(|&c| c == ACE_OF_SPADES)
        .expect("a full deck");
    let ace = order.remove(ace);
    order.push(ace);
    let (t, stock) = stock_of(&order);
    Ok(lay_out(&RULES, t, stock, None, false))
}
