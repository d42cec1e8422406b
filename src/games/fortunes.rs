//! Fortunes (the AisleRiot manual, "Fortunes"; AisleRiot's `fortunes.scm` decides the
//! details), an Aces Up game.
//!
//! The whole deck is the stock and the four piles start empty (`fortunes.scm` deals nothing
//! at the start). A click on the stock deals one card face up onto each pile, at any time.
//! A pile's top card is removed when another pile's top card is of its suit and higher,
//! Aces high. Any card of a pile may be moved, with every card on it, onto an empty pile
//! (`fortunes.scm` lets a player pick up any card and drop it, with the cards on it, on an
//! empty pile; the manual's "sequence" is that stack, in any order). Won when the stock is
//! out and each pile holds one card (`fortunes.scm`'s `game-won`); an Ace is never removed,
//! so those are the four Aces.

use super::rounds::{descriptor, Removal, Rounds, Rules, Shifts, Won};
use super::{GameId, GameInfo, OwnGame};

/// Fortunes' rules.
pub const RULES: Rules = Rules {
    id: GameId::Fortunes,
    removal: Removal::LowerOfSuit,
    shifts: Shifts::RunsToEmpty,
    gather: false,
    won: Won::OneCardEach,
};

/// Fortunes in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Rounds> = descriptor(
    GameInfo {
        id: "fortunes",
        name: "Fortunes",
        summary: "the deck in the stock, four empty piles; the stock deals a card face up onto each pile per click; a top card is removed when another top card is of its suit and higher (Aces high); any card with the cards on it may move onto an empty pile; won when the stock is out and each pile holds one card, the four Aces",
        source: "AisleRiot manual ('Fortunes') and AisleRiot's fortunes.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);
