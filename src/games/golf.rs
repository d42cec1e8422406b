//! Golf (the AisleRiot manual, "Golf"; AisleRiot's golf.scm decides the details).
//!
//! Seven piles of five cards, all face up; the other 17 cards are the stock. A pile's top
//! card goes onto the waste when its rank is one above or one below the waste's top card:
//! Aces are low (only a Two goes onto an Ace) and nothing goes onto a King. The stock turns
//! one card at a time onto the waste, whatever lies there; there is no redeal. AisleRiot
//! deals the waste empty, so the first move turns the stock. The game is won when the seven
//! piles are empty; the stock need not be.
//!
//! `--pysol N` deals PySolFC's Golf N as `pysol_cards` prints it: PySol turns the first stock
//! card onto the waste as it deals, leaving 16 in the stock. PySolFC's own Golf lets a Queen
//! go onto a King; its "Dead King Golf" does not, and that is AisleRiot's rule, this game's,
//! and black-hole-solver's default.

use super::onto_waste::{descriptor, lay_out, our_deal, pysol_order, stock_of, OntoWaste, Rules};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::deals::microsoft::DealNumberError;
use crate::piles::Table;

/// Golf's rules.
pub const RULES: Rules = Rules {
    id: GameId::Golf,
    piles: 7,
    depth: 5,
    covers: &[],
    face_down: false,
    stock: 17,
    wrap: false,
    king_stops: true,
    empty_takes_any: false,
    waste: "waste",
    deck: DeckSpec::FULL,
    deal,
    pysol: Some(pysol),
};

/// Golf in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "golf",
        name: "Golf",
        summary: "seven piles of five face up and a stock of 17; a pile's top card goes onto the waste one rank above or below its top card (Aces low, nothing on a King); the stock turns one card at a time, no redeal; won when the piles are empty",
        source: "AisleRiot manual ('Golf') and AisleRiot's golf.scm (PySolFC's Dead King Golf); --pysol N: PySolFC's Golf layouts",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt in five rounds over the seven piles, the waste empty.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n, None)
}

/// PySolFC's Golf `n`: its five rounds, then its first stock card turned onto the waste.
fn pysol(n: u64) -> Result<Table, DealNumberError> {
    let (t, stock) = stock_of(&pysol_order(n)?);
    Ok(lay_out(&RULES, t, stock, None, true))
}
