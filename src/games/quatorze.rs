//! Quatorze (the AisleRiot manual, "Quatorze"; AisleRiot's quatorze.scm).
//!
//! A grid of five rows of five slots, one card face up in each; the other 27 cards are the
//! stock. Two cards making 14 (Ace 1, Jack 11, Queen 12, King 13) that lie in one row or one
//! column, however far apart (quatorze.scm's `droppable?` reads only the row and the
//! column), are removed together. Their slots take the stock's next cards at once, the
//! dragged card's slot first, so the two ways of dragging a pair are two moves while the
//! stock lasts. Once the stock is out, the grid closes up instead: the cards after a gap
//! move left in reading order (the leftmost card of a row to the rightmost slot of the row
//! above), leaving the gaps at the end. Won when every card is gone. The stock's order is
//! the deal's.

use super::compacting::{descriptor, our_deal, Close, Compacting, Goal, Match, Rules, Touch};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Quatorze's rules.
pub const RULES: Rules = Rules {
    id: GameId::Quatorze,
    slots: 25,
    cols: 5,
    matches: Match::Total(14),
    touch: Touch::RowOrColumn,
    alone: None,
    close: Close::RefillThenClose,
    goal: Goal::AllGone,
    deal,
};

/// Quatorze in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Compacting> = descriptor(
    GameInfo {
        id: "quatorze",
        name: "Quatorze",
        summary: "a 5x5 grid face up and a stock of 27; two cards making 14 in one row or one column are removed; their slots take the stock's next cards at once (the dragged card's first), and once the stock is out the grid closes up in reading order; won when every card is gone",
        source: "AisleRiot manual ('Quatorze') and AisleRiot's quatorze.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck's first 25 cards onto the grid in reading order; the rest is
/// the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
