//! Black Hole (David Parlett's game, as PySolFC and black-hole-solver play it; not in
//! AisleRiot).
//!
//! The Ace of spades starts the hole; the other 51 cards are dealt face up in seventeen fans
//! of three. A fan's top card goes into the hole when its rank is one above or one below the
//! hole's top card, King and Ace being neighbours. No stock; the game is won when every card
//! is in the hole.
//!
//! `--pysol N` deals PySolFC's Black Hole N as `pysol_cards` prints it.

use super::onto_waste::{
    descriptor, lay_out, our_deal, pysol_order, stock_of, OntoWaste, Rules, ACE_OF_SPADES,
};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::deals::microsoft::DealNumberError;
use crate::piles::Table;

/// Black Hole's rules.
pub const RULES: Rules = Rules {
    id: GameId::BlackHole,
    piles: 17,
    depth: 3,
    covers: &[],
    face_down: false,
    stock: 0,
    wrap: true,
    king_stops: false,
    empty_takes_any: false,
    waste: "hole",
    deck: DeckSpec::FULL,
    deal,
    pysol: Some(pysol),
};

/// Black Hole in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "black-hole",
        name: "Black Hole",
        summary: "the Ace of spades in the hole and seventeen fans of three face up; a fan's top card goes into the hole one rank above or below its top card, King and Ace neighbours; won when every card is in the hole",
        source: "PySolFC's Black Hole (David Parlett's game) and black-hole-solver; not in AisleRiot",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the Ace of spades into the hole, then the shuffled deck in three rounds over the
/// seventeen fans.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n, Some(ACE_OF_SPADES))
}

/// PySolFC's Black Hole `n`: PySol too takes the Ace of spades out first and deals the rest
/// in order.
fn pysol(n: u64) -> Result<Table, DealNumberError> {
    let (t, stock) = stock_of(&pysol_order(n)?);
    Ok(lay_out(&RULES, t, stock, Some(ACE_OF_SPADES), false))
}
