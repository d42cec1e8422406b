//! Escalator (the AisleRiot manual, "L'escalier roulant"; AisleRiot's
//! `escalator.scm` decides the details).
//!
//! A pyramid of seven rows (one card, two, ... seven), every card face up, each card of a
//! row lying across two of the row below ([`PYRAMID`]); the other 24 cards are the stock
//! and the waste starts empty. A card is free when no card lies on it; a free card goes
//! onto the waste when its rank is one above or one below the waste's top card, King and
//! Ace neighbours. Only the stock starts the waste, and it turns one card at a time; no
//! redeal. Won when the pyramid is empty. Elevator is the same game with the covered cards
//! dealt face down.
//!
//! The places are numbered from the apex (1) row by row, left to right, to the bottom row
//! (22 to 28): AisleRiot's slots 2 to 29.

use super::onto_waste::{descriptor, our_deal, OntoWaste, Rules, PYRAMID};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::piles::Table;

/// Escalator's rules.
pub const RULES: Rules = Rules {
    id: GameId::Escalator,
    piles: 28,
    depth: 1,
    covers: &PYRAMID,
    face_down: false,
    stock: 24,
    wrap: true,
    king_stops: false,
    empty_takes_any: false,
    waste: "waste",
    deck: DeckSpec::FULL,
    deal,
    pysol: None,
};

/// Escalator in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "escalator",
        name: "Escalator",
        summary: "a pyramid of seven rows face up and a stock of 24, the waste empty; an uncovered card goes onto the waste one rank above or below its top card, King and Ace neighbours; the stock turns one card at a time, no redeal; won when the pyramid is empty",
        source: "AisleRiot manual ('L'escalier roulant') and AisleRiot's escalator.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt onto the 28 places in order, the waste empty; the rest
/// is the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n, None)
}
