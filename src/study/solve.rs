//! Solving one position: a search whose wins are verified, and for games that count helper
//! piles the search for the fewest.

use super::portfolio::{run_search, DfsOrder};
use super::{play_through, SolveConfig, StudyError, Verdict};
use crate::games::Game;
use crate::piles::Table;
use crate::verify::{verify, Referee, Status};
use serde::{Deserialize, Serialize};
use solvers::{Outcome, Stats};

/// The result of solving one position.
#[derive(Clone, Debug)]
pub struct Solution<M> {
    /// The verdict.
    pub verdict: Verdict,
    /// The winning line (or, for games without choices, the line played), replayed by the
    /// verifier.
    pub moves: Vec<M>,
    /// Search statistics.
    pub stats: Stats,
    /// Why the search stopped, for [`Verdict::Unknown`].
    pub reason: Option<String>,
    /// For games with passes: the pass in which the win came.
    pub pass: Option<u32>,
    /// For games that count helper piles (Mogelpat): how many the winning line uses.
    pub helpers: Option<Helpers>,
}

/// The helper piles a winning line uses (Mogelpat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helpers {
    /// Helper piles holding a run at the end of the line (those used before the position
    /// included).
    pub used: u32,
    /// Whether no win uses fewer: every search with a smaller allowance was exhaustive.
    pub fewest_proven: bool,
}

/// Solves the position `table` with the configured search. Wins are replayed by the
/// verifier before they are returned; for a game without choices, a proven loss is also
/// checked by replaying its only line to a lost layout.
pub fn solve<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
) -> Result<Solution<G::Move>, StudyError> {
    let first = solve_once(game, table, cfg, DfsOrder::Game)?;
    match first.verdict {
        // Only games that count helper piles search again.
        Verdict::Solved if game.with_helper_cap(u32::MAX).is_some() => {
            fewest_helpers(game, table, cfg, first)
        }
        _ => Ok(first),
    }
}

/// Decides the position `table` as a batch run does: a game without choices is played
/// through (its only line, won or lost: exact), any other is solved with `cfg`.
pub fn decide_position<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
) -> Result<Solution<G::Move>, StudyError> {
    if game.id().info().deterministic {
        super::play_through(game, table)
    } else {
        solve(game, table, cfg)
    }
}

/// For games that count helper piles (Mogelpat): from a win using `h` helper piles, search
/// again allowing at most `h - 1`, and so on, until a search proves that no win uses fewer
/// (exhaustive) or stops at a limit (the fewest found is then not proven). Each search gets
/// the configured limits. The statistics add up all the searches; the line is the last win.
fn fewest_helpers<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
    first: Solution<G::Move>,
) -> Result<Solution<G::Move>, StudyError> {
    let start = game.pack(table)?;
    let Some(already) = game.helpers_used(&start) else {
        return Ok(first);
    };
    let used = |s: &Solution<G::Move>| -> Result<u32, StudyError> {
        let end = crate::verify::replay(game, table, &s.moves, |m| game.notation(m))?;
        Ok(game.helpers_used(&game.pack(&end)?).unwrap_or(0))
    };
    let mut best = first;
    let mut h = used(&best)?;
    let mut proven = h <= already;
    let mut total = best.stats.clone();
    while !proven {
        let capped = game
            .with_helper_cap(h - 1)
            .expect("the game counts helper piles");
        let s = solve_once(&capped, table, cfg, DfsOrder::Game)?;
        total.expanded += s.stats.expanded;
        total.generated += s.stats.generated;
        total.stored = total.stored.max(s.stats.stored);
        total.peak_memory = total.peak_memory.max(s.stats.peak_memory);
        total.elapsed += s.stats.elapsed;
        match s.verdict {
            Verdict::Solved => {
                h = used(&s)?;
                proven = h <= already;
                best = s;
            }
            Verdict::Unsolvable => proven = true,
            _ => break,
        }
    }
    total.solution_len = best.stats.solution_len;
    total.solution_cost = best.stats.solution_cost;
    best.stats = total;
    best.helpers = Some(Helpers {
        used: h,
        fewest_proven: proven,
    });
    Ok(best)
}

/// A search's winning line from `state` (packed from `table`) as the player's single moves
/// (the searches' shorthand written out), after the referee has replayed it to a win. A line
/// of more than `SHORTCUT_FROM` moves is first given its shortcuts ([`solvers::shortcut`]).
pub(super) fn verified_win<G: Game + Referee>(
    game: &G,
    table: &Table,
    state: &G::State,
    line: Vec<G::Move>,
) -> Result<Vec<G::Move>, StudyError> {
    let line = if line.len() > SHORTCUT_FROM {
        solvers::shortcut(game, state, &line).unwrap_or(line)
    } else {
        line
    };
    let moves = game.write_out(state, line);
    verify(game, table, &moves, Status::Won, |m| game.notation(m))?;
    Ok(moves)
}

/// One search (see [`solve`]).
pub(super) fn solve_once<G: Game + Referee>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
    order: DfsOrder,
) -> Result<Solution<G::Move>, StudyError> {
    let state = game.pack(table)?;
    let limits = &cfg.limits;
    let report =
        run_search(game, state.clone(), cfg.algorithm, limits, order).ok_or_else(|| {
            StudyError::NoSuchSearch {
                game: game.id().to_string(),
                algorithm: cfg.algorithm.name(),
            }
        })?;
    let deterministic = game.id().info().deterministic;
    let mut stats = report.stats;
    let (verdict, moves, reason) = match report.outcome {
        Outcome::Solved(moves) => {
            let moves = verified_win(game, table, &state, moves)?;
            stats.solution_len = moves.len() as u64;
            (
                if deterministic {
                    Verdict::Won
                } else {
                    Verdict::Solved
                },
                moves,
                None,
            )
        }
        Outcome::Unsolvable => {
            if deterministic {
                let line = play_through(game, table)?;
                (Verdict::Lost, line.moves, None)
            } else {
                (Verdict::Unsolvable, Vec::new(), None)
            }
        }
        Outcome::Unknown(why) => (Verdict::Unknown, Vec::new(), Some(why.to_string())),
    };
    let pass = if verdict.is_win() {
        game.pass_of_win(table, &moves)
    } else {
        None
    };
    Ok(Solution {
        verdict,
        moves,
        stats,
        reason,
        pass,
        helpers: None,
    })
}

impl<M: Copy> Solution<M> {
    /// The hint: the first move of the winning line, if a win was found.
    pub fn hint(&self) -> Option<M> {
        if self.verdict.is_win() {
            self.moves.first().copied()
        } else {
            None
        }
    }
}

/// Lines longer than this are shortened ([`solvers::shortcut`]): depth-first searches wander
/// (lines of tens of thousands of moves), the best-first searches and the scans seldom do
/// (no FreeCell line of Microsoft deals 1 to 32000 is longer than 233 moves), and the pass
/// costs up to two expansions a move, which on short lines would be a real share of a
/// deal's time. A second pass finds nothing more: every key of the shortened line was on
/// the first, and its furthest reach was taken.
const SHORTCUT_FROM: usize = 500;
