//! Monte Carlo (the AisleRiot manual, "Monte Carlo"; AisleRiot's monte-carlo.scm).
//!
//! A grid of five rows of five slots, one card face up in each; the other 27 cards are the
//! stock. Two cards of one rank that touch (across, up and down, or diagonally) are removed
//! together; their slots stay empty. Dealing (a click on the stock) is the player's move, as
//! in monte-carlo.scm, where the stock's click does it and nothing else does: the cards move
//! left in reading order over the gaps (the leftmost card of a row to the rightmost slot of
//! the row above), then the empty slots at the end take the stock's next cards while it
//! lasts; a deal that would change nothing is no move (the file's click then does nothing).
//! Won when all 52 cards are removed (the file's score of 52). The stock's order is the
//! deal's: nothing is shuffled again.

use super::compacting::{descriptor, our_deal, Close, Compacting, Goal, Match, Rules, Touch};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Monte Carlo's rules.
pub const RULES: Rules = Rules {
    id: GameId::MonteCarlo,
    slots: 25,
    cols: 5,
    matches: Match::SameRank,
    touch: Touch::Around,
    alone: None,
    close: Close::OnDeal,
    goal: Goal::AllGone,
    deal,
};

/// Monte Carlo in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Compacting> = descriptor(
    GameInfo {
        id: "monte-carlo",
        name: "Monte Carlo",
        summary: "a 5x5 grid face up and a stock of 27; two touching cards of one rank (diagonals too) are removed, leaving gaps; the player's deal closes the grid up in reading order and fills its end from the stock; won when every card is gone",
        source: "AisleRiot manual ('Monte Carlo') and AisleRiot's monte-carlo.scm",
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
