//! Studies: solving one position, hints, playing a game through, and batch statistics.
//!
//! One job per file: `config` (algorithms, [`SolveConfig`], [`Verdict`], [`StudyError`]),
//! `portfolio` (running a search, and the portfolio of searches), `solve` ([`solve`] and the
//! fewest helper piles), `play` (lines played by a policy, [`play_through`]), `hint`
//! ([`fair_hint`]), `fair` (a whole game played from what a player sees, [`play_fair`]); [`batch`], [`dataset`] and [`stats`] for ranges of deals.

pub mod batch;
pub mod bench;
pub mod dataset;
pub mod report;
pub mod stats;
pub mod view;

mod config;
mod fair;
mod hint;
mod play;
mod portfolio;
mod solve;

pub use config::{default_algorithm, describe_limits, Algorithm, SolveConfig, StudyError, Verdict};
pub use fair::{play_fair, FairEnd, FairGame, FairPlayer};
pub use hint::{fair_hint, FairHint};
pub use play::{only_move, play_line, play_through, Step};
pub use solve::{decide_position, solve, Helpers, Solution};
