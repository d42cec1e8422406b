//! What to search with and what comes out: the algorithms, the configuration, the verdict
//! and the errors of a study.

use crate::games::BoardError;
use crate::verify::VerifyError;
use serde::{Deserialize, Serialize};
use solvers::Limits;
use std::fmt;
use thiserror::Error;

/// A search algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Depth-first search with a transposition table.
    #[default]
    Dfs,
    /// A* (optimal with the game's admissible heuristic).
    Astar,
    /// Iterative-deepening A*.
    Idastar,
    /// Greedy best-first on the heuristic.
    BestFirst,
    /// Weighted A* (g + 2h).
    Weighted,
    /// In the FreeCell family, depth-first scans over compound moves
    /// ([`Game::compound_dive`], wins only: see `COMPOUND_SCANS`), then rounds of more
    /// scans, weighted A* with weight 1.5 started over, and a slice of one resumed guided
    /// depth-first search over every move (see `scans_and_depth_first`). In other games a guided depth-first dive of at
    /// most 500 states, then weighted A* with weight 1.5, greedy best-first and weighted A*
    /// with weight 5, in turn (led, in games of suit runs, by a beam and a greedy search
    /// over a focused move set, whose only verdicts are wins: see `PORTFOLIO`), each with a
    /// node budget (10,000 states at first: see `portfolio`) that grows tenfold per round,
    /// until one decides (different deals are easy for different searches). Sound: a
    /// verdict comes only from a search that finished within its budget, and each of them
    /// is exhaustive when it ends without a win.
    ///
    /// [`Game::compound_dive`]: crate::games::Game::compound_dive
    Portfolio,
    /// Depth-first search trying each state's successors best first by the game's guide.
    GuidedDfs,
    /// The game's beam search (the portfolio's: over the focused move set in games of suit
    /// runs, over every move in games with a waste), its width growing tenfold from 25 until
    /// it wins or a limit stops it. Wins only: a beam leaves states out, so it never proves a
    /// loss.
    Beam,
    /// The game's greedy best-first search over its focused move set (games of suit runs).
    /// Wins only: the focused moves are a subset.
    Focused,
    /// The game's depth-first scans over compound moves (the FreeCell family), each in its
    /// own order, in rounds of 41 whose node budgets double per round. Wins only: the scans
    /// read 64-bit fingerprints and leave single moves out.
    Compound,
}

impl Algorithm {
    /// Every algorithm, in the order `bench` runs them.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::Dfs,
        Algorithm::GuidedDfs,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::BestFirst,
        Algorithm::Weighted,
        Algorithm::Beam,
        Algorithm::Focused,
        Algorithm::Compound,
        Algorithm::Portfolio,
    ];

    /// Whether the search orders states its own way, with no heuristic of the benchmark's:
    /// depth-first search, the portfolio and the games' own searches.
    pub fn heuristic_free(self) -> bool {
        matches!(
            self,
            Algorithm::Dfs
                | Algorithm::Portfolio
                | Algorithm::Beam
                | Algorithm::Focused
                | Algorithm::Compound
        )
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dfs => "dfs",
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::BestFirst => "best-first",
            Algorithm::Weighted => "weighted",
            Algorithm::Portfolio => "portfolio",
            Algorithm::GuidedDfs => "guided-dfs",
            Algorithm::Beam => "beam",
            Algorithm::Focused => "focused",
            Algorithm::Compound => "compound",
        }
    }
}

/// The algorithm a game is solved with unless another is asked for: depth-first for the
/// small seed games (it proves losses with the least memory), the portfolio for the tableau
/// games (greedy best-first search's hardest deals are easy for weighted A*, and the
/// reverse). Große Napoleon, an own-rules game of 104 cards whose play phase has long lines
/// through empty columns, takes the portfolio too: plain depth-first search fills memory
/// there without a verdict. Maze takes greedy best-first (by its guide, `maze::spread`):
/// its moves mostly come back on themselves, so plain depth-first search wanders where
/// greedy best-first wins (still complete: a loss it reports would be a proof). One-deal
/// Gaps takes the portfolio, which for it searches the 24 games of one assignment of suits
/// to rows and weighted A* beside the complete depth-first search
/// (`restricted_and_complete`): the restricted games win deals the complete search does not.
pub fn default_algorithm(game: crate::games::GameId) -> Algorithm {
    match game {
        crate::games::GameId::Tableau(_) | crate::games::GameId::GrosseNapoleon => {
            Algorithm::Portfolio
        }
        crate::games::GameId::Maze => Algorithm::BestFirst,
        crate::games::GameId::GapsOneDeal => Algorithm::Portfolio,
        _ => Algorithm::Dfs,
    }
}

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct SolveConfig {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The limits.
    pub limits: Limits,
}

impl SolveConfig {
    /// A one-line description of the settings, stored with every dataset.
    pub fn describe(&self) -> String {
        let limits = describe_limits(&self.limits);
        if limits.is_empty() {
            format!("algorithm={}", self.algorithm.name())
        } else {
            format!("algorithm={} {limits}", self.algorithm.name())
        }
    }
}

/// A search's limits as settings words: `max-nodes=N max-time=Ts max-memory=B`, each only
/// when set (empty without limits).
pub fn describe_limits(l: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(n) = l.max_nodes {
        parts.push(format!("max-nodes={n}"));
    }
    if let Some(t) = l.max_time {
        parts.push(format!("max-time={}s", t.as_secs_f64()));
    }
    if let Some(m) = l.max_memory {
        parts.push(format!("max-memory={m}"));
    }
    parts.join(" ")
}

/// The verdict on a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// A game without choices, played through: won (exact).
    Won,
    /// A game without choices, played through: lost (exact).
    Lost,
    /// The solver found a win (verified).
    Solved,
    /// The solver proved that no win exists (exhaustive search).
    Unsolvable,
    /// A limit stopped the solver.
    Unknown,
}

impl Verdict {
    /// Whether the position can be won.
    pub fn is_win(self) -> bool {
        matches!(self, Verdict::Won | Verdict::Solved)
    }
    /// Whether the position is decided.
    pub fn is_decided(self) -> bool {
        self != Verdict::Unknown
    }
    /// The word used in output and datasets.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What can go wrong in a study.
#[derive(Debug, Error)]
pub enum StudyError {
    /// The layout is not a position of the game.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A move list failed to replay on the reference piles: an engine bug, never shown as a
    /// result.
    #[error("internal error: the verifier rejected the engine's line: {0}")]
    Verify(#[from] VerifyError),
    /// A game said to have no choices offered several moves.
    #[error("internal error: {0} offered several moves in a game without choices")]
    NotDeterministic(String),
    /// The game has no search of that name (the focused, beam and compound searches are
    /// some games' own).
    #[error("{game} has no {algorithm} search")]
    NoSuchSearch {
        /// The game's id.
        game: String,
        /// The search's name.
        algorithm: &'static str,
    },
}
