//! Neighbor (the AisleRiot manual, "Le Voisin"; AisleRiot's neighbor.scm).
//!
//! A grid of five rows of five slots, one card face up in each; the other 27 cards are the
//! stock. Kings are removed alone (a click); two other cards that touch (across, up and
//! down, or diagonally) and make 13 (Ace 1, Jack 11, Queen 12) are removed together. After
//! every removal the grid closes up at once, as neighbor.scm's `fill-it-up` does: the cards
//! after the gap move left in reading order (the leftmost card of a row to the rightmost
//! slot of the row above), and the empty slots at the end take the stock's next cards while
//! it lasts. Won when every card is gone (the file's win: the first slot empty). The file
//! also lets a click on the stock remove its hidden top card when that is a King, a slip
//! of its click handler no player can aim at: left out. The stock's order is the deal's.

use super::compacting::{descriptor, our_deal, Close, Compacting, Goal, Match, Rules, Touch};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Neighbor's rules.
pub const RULES: Rules = Rules {
    id: GameId::Neighbor,
    slots: 25,
    cols: 5,
    matches: Match::Total(13),
    touch: Touch::Around,
    alone: Some(13),
    close: Close::AtOnce,
    goal: Goal::AllGone,
    deal,
};

/// Neighbor in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Compacting> = descriptor(
    GameInfo {
        id: "neighbor",
        name: "Neighbor (Le Voisin)",
        summary: "a 5x5 grid face up and a stock of 27; Kings go alone, two touching cards making 13 (diagonals too) together; the grid closes up at once in reading order and fills its end from the stock; won when every card is gone",
        source: "AisleRiot manual ('Le Voisin') and AisleRiot's neighbor.scm",
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
