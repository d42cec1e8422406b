//! patience: a solver and research workbench for patience (solitaire) card games.
//!
//! Three levels, as in the seed course: [`cards`] and [`piles`] (cards, decks, the reference
//! pile model) and [`deals`] (portable shuffles); [`games`] (each game's rules, a packed
//! engine state and its moves); and [`study`] (solving, hints, batch statistics and
//! datasets). [`verify`] replays every solution on the reference piles before it is shown.

#![warn(missing_docs)]

pub mod cards;
pub mod deals;
pub mod games;
pub mod piles;
pub mod study;
pub mod verify;
