//! Fourteen (the AisleRiot manual, "Fourteen (14)"; AisleRiot's fourteen.scm).
//!
//! Twelve piles, all 52 cards dealt face up round by round from the first pile: the first
//! four piles get five cards, the others four. Two pile top cards whose ranks make 14 (Ace
//! 1, Jack 11, Queen 12, King 13) are removed together; empty piles stay empty. Won when
//! every pile is empty. The manual and the file agree.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Fourteen's rules.
pub const RULES: Rules = Rules {
    id: GameId::Fourteen,
    layout: Layout::Piles(&[5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4]),
    hidden_until_free: false,
    pairs: Pairs::Total(14),
    alone: None,
    waste: Waste::None,
    goal: Goal::AllGone,
    deal,
};

/// Fourteen in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "fourteen",
        name: "Fourteen (14)",
        summary: "twelve piles, face up, five cards on the first four and four on the others; two pile top cards making 14 are removed together (Ace 1, Jack 11, Queen 12, King 13); empty piles stay empty; won when the piles are empty",
        source: "AisleRiot manual ('Fourteen (14)') and AisleRiot's fourteen.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt round by round over the twelve piles.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
