//! The verifier: replays move lists on the reference pile model ([`crate::piles`]) with
//! rules written a second time, independently of the move generators. A solution is shown
//! or stored only after it replays here to a won layout; an exact loss of a game without
//! choices only after its forced line replays here to a lost layout.
//!
//! One file per game (the tableau engine's games share one). For a game with its own rules
//! the file here is the second, independent half of adding it: the first is the game's file
//! under `src/games/` and its line in the registry (`own_games!`); see ARCHITECTURE.md.

mod c4;
mod camelot;
mod clock;
mod compacting;
mod gaps;
mod grosse_napoleon;
mod maze;
mod md;
mod onto_waste;
mod pairing;
mod qll;
mod r7;
mod rounds;
mod tableau;

use crate::piles::{PileError, Table};
use thiserror::Error;

/// Where a game stands, as the referee sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The goal is reached.
    Won,
    /// No legal move is left and the goal is not reached.
    Lost,
    /// The game goes on.
    Playing,
}

/// Why a move list does not replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// Move number `step` (1-based) is not legal in the layout it is played in.
    #[error("move {step} ({notation}) is illegal: {reason}")]
    Illegal {
        /// 1-based move number.
        step: usize,
        /// The move as written.
        notation: String,
        /// What the rules forbid.
        reason: String,
    },
    /// All moves replayed, but the layout is not what was claimed.
    #[error("after {moves} moves the game is {found:?}, not {expected:?}")]
    WrongEnd {
        /// How many moves were replayed.
        moves: usize,
        /// The status claimed.
        expected: Status,
        /// The status found.
        found: Status,
    },
}

/// A rule violation found by a referee.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Foul {
    /// A pile primitive refused (empty pile, missing card, ...).
    #[error(transparent)]
    Pile(#[from] PileError),
    /// The rules forbid the move.
    #[error("{0}")]
    Rule(String),
}

/// Shorthand for a rule violation.
pub(crate) fn foul<T>(why: impl Into<String>) -> Result<T, Foul> {
    Err(Foul::Rule(why.into()))
}

/// The rules of a game written on the reference piles: apply one move, and say whether a
/// layout is won, lost or still playing.
pub trait Referee: solvers::Space {
    /// Plays `mv` on `table` after checking that the rules allow it.
    fn referee_apply(&self, table: &mut Table, mv: &Self::Move) -> Result<(), Foul>;
    /// Whether `table` is won, lost (no legal move) or still playing.
    fn referee_status(&self, table: &Table) -> Status;
}

/// Replays `moves` from `start` and returns the final layout.
pub fn replay<R: Referee>(
    referee: &R,
    start: &Table,
    moves: &[R::Move],
    notation: impl Fn(&R::Move) -> String,
) -> Result<Table, VerifyError> {
    replay_each(referee, start, moves, notation, |_, _| {})
}

/// Replays `moves` from `start`, calling `each(i, table)` with the layout after move `i`
/// (from 0), and returns the final layout.
pub fn replay_each<R: Referee>(
    referee: &R,
    start: &Table,
    moves: &[R::Move],
    notation: impl Fn(&R::Move) -> String,
    mut each: impl FnMut(usize, &Table),
) -> Result<Table, VerifyError> {
    let mut t = start.clone();
    for (i, mv) in moves.iter().enumerate() {
        referee
            .referee_apply(&mut t, mv)
            .map_err(|f| VerifyError::Illegal {
                step: i + 1,
                notation: notation(mv),
                reason: f.to_string(),
            })?;
        each(i, &t);
    }
    Ok(t)
}

/// Replays `moves` from `start` and checks that the game ends in `expected`.
pub fn verify<R: Referee>(
    referee: &R,
    start: &Table,
    moves: &[R::Move],
    expected: Status,
    notation: impl Fn(&R::Move) -> String,
) -> Result<Table, VerifyError> {
    let end = replay(referee, start, moves, notation)?;
    let found = referee.referee_status(&end);
    if found != expected {
        return Err(VerifyError::WrongEnd {
            moves: moves.len(),
            expected,
            found,
        });
    }
    Ok(end)
}

/// The pile labelled `label` (the game's packer has checked that it exists).
pub(crate) fn pile(t: &Table, label: &str) -> Result<usize, Foul> {
    t.find(label)
        .ok_or_else(|| Foul::Rule(format!("no pile '{label}'")))
}

/// Runs `f` with a temporary empty pile (a hand) for moves the French course's primitives only
/// allow between two piles, then removes the hand again.
pub(crate) fn through_hand(
    t: &mut Table,
    f: impl FnOnce(&mut Table, usize) -> Result<(), Foul>,
) -> Result<(), Foul> {
    let hand = t.create_empty("hand", crate::piles::Mode::Spread)?;
    f(t, hand)?;
    t.remove_empty(hand)?;
    t.piles.pop();
    Ok(())
}
