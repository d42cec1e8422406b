//! First Law (the AisleRiot manual, "Première loi"; AisleRiot's `first-law.scm`
//! decides the details).
//!
//! The whole deck is the stock and the four piles start empty. A click on the stock deals
//! one card face up onto each pile. A click on a pile's top card moves it onto the leftmost
//! pile to its left whose top card is of the same rank (only leftwards: `first-law.scm`'s
//! `move-left?` looks from the first pile up to the clicked one); but when the four piles
//! hold cards and their top cards are of one rank, a click on any of them removes the four.
//! A click on the empty stock gathers the piles back into it: the fourth pile turned over
//! onto it card by card, then the third, second and first (AisleRiot's `flip-deck`), so
//! the next deals give the first pile's cards from its bottom up, then the second's, and so
//! on ("the first card dealt stays first until it is removed"). Redeals are unlimited and
//! AisleRiot never calls the game over: it is won when every card is removed, and lost when
//! every position it can reach has been searched without a win (the search's exact keys
//! make the cycles finite). Verdicts are thoughtful: the stock's order is read as dealt.

use super::rounds::{descriptor, Removal, Rounds, Rules, Shifts, Won};
use super::{GameId, GameInfo, OwnGame};

/// First Law's rules.
pub const RULES: Rules = Rules {
    id: GameId::FirstLaw,
    removal: Removal::FourOfARank,
    shifts: Shifts::SameRankLeftmost,
    gather: true,
    won: Won::AllRemoved,
};

/// First Law in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Rounds> = descriptor(
    GameInfo {
        id: "first-law",
        name: "First Law",
        summary: "the deck in the stock, four empty piles; the stock deals a card face up onto each pile per click; a top card moves onto the leftmost pile to its left with a top card of its rank; when the four tops are of one rank they are removed; the empty stock gathers the piles back (first pile's cards dealt first), unlimited; won when every card is removed",
        source: "AisleRiot manual ('Première loi') and AisleRiot's first-law.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);
