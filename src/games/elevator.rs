//! Elevator (the AisleRiot manual, "L'ascenseur"; AisleRiot's `elevator.scm`
//! decides the details).
//!
//! Escalator's pyramid ([`PYRAMID`](super::onto_waste::PYRAMID), seven rows, a card of a row lying across two of the
//! row below) with the 21 covered cards dealt face down and the bottom row of seven face up;
//! the other 24 cards are the stock and the waste starts empty. A face-down card is turned
//! when both cards lying on it have gone, and only face-up cards play: a card goes onto the
//! waste when its rank is one above or one below the waste's top card, King and Ace
//! neighbours. Only the stock starts the waste, and it turns one card at a time; no redeal.
//! Won when the pyramid is empty.
//!
//! The places are numbered from the apex (1) row by row, left to right, to the bottom row
//! (22 to 28): AisleRiot's slots 2 to 29.

use super::onto_waste::{descriptor, our_deal, OntoWaste, Rules};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Elevator's rules: Escalator's with the covered cards face down.
pub const RULES: Rules = Rules {
    id: GameId::Elevator,
    face_down: true,
    deal,
    ..super::escalator::RULES
};

/// Elevator in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "elevator",
        name: "Elevator",
        summary: "a pyramid of seven rows, all but the bottom row face down, and a stock of 24, the waste empty; an uncovered card is turned and goes onto the waste one rank above or below its top card, King and Ace neighbours; the stock turns one card at a time, no redeal; won when the pyramid is empty",
        source: "AisleRiot manual ('L'ascenseur') and AisleRiot's elevator.scm",
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
