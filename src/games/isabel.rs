//! Isabel (the AisleRiot manual, "Isabelle"; AisleRiot's isabel.scm).
//!
//! Thirteen piles of four cards, dealt round by round: three rounds face down, then one face
//! up. Two pile top cards of the same rank are removed together, and each pile's new top card
//! turns face up; empty piles stay empty. Won when every pile is empty (isabel.scm: a score of
//! 52, two points a pair). The manual and the file agree.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Isabel's rules.
pub const RULES: Rules = Rules {
    id: GameId::Isabel,
    layout: Layout::Piles(&[4; 13]),
    hidden_until_free: true,
    pairs: Pairs::SameRank,
    alone: None,
    waste: Waste::None,
    goal: Goal::AllGone,
    deal,
};

/// Isabel in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "isabel",
        name: "Isabel",
        summary: "thirteen piles of four, three face down under one face up; two pile top cards of the same rank are removed together, and the new top cards turn face up; empty piles stay empty; won when the piles are empty",
        source: "AisleRiot manual ('Isabelle') and AisleRiot's isabel.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt round by round over the thirteen piles, the last round
/// face up.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
