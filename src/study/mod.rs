//! Studies: solving one position, hints, playing a game through, and batch statistics.

pub mod batch;
pub mod dataset;
pub mod stats;

use crate::games::{BoardError, Focus, Game};
use crate::piles::Table;
use crate::verify::{verify, Status, VerifyError};
use serde::{Deserialize, Serialize};
use solvers::{Limits, Outcome, Stats, Successor};
use std::fmt;
use std::time::Instant;
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
    /// ([`Game::compound_dive`], wins only: see `COMPOUND_SCANS`); in other games a guided
    /// depth-first dive of at most 500 states. Then weighted A* with weight 1.5,
    /// greedy best-first and weighted A* with weight 5, in turn (led, in games of suit
    /// runs, by a beam and a greedy search over a focused move set, whose only verdicts are
    /// wins: see `PORTFOLIO`),
    /// each with a node budget (10,000 states at first, or more after the scans: see
    /// `portfolio`) that grows tenfold per round, until
    /// one decides (different deals are easy for different searches). Sound: a verdict
    /// comes only from a search that finished within its budget, and each of them is
    /// exhaustive when it ends without a win.
    Portfolio,
    /// Depth-first search trying each state's successors best first by the game's guide.
    GuidedDfs,
}

impl Algorithm {
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
        }
    }
}

/// The algorithm a game is solved with unless another is asked for: depth-first for the
/// small seed games (it proves losses with the least memory), the portfolio for the tableau
/// games (on FreeCell deals 1 to 3000 it decides every deal, twice as fast as greedy
/// best-first alone, whose hardest deals are easy for weighted A*; order, weights and
/// budget chosen on deals 1-1000 and checked on 2001-3000).
pub fn default_algorithm(game: crate::games::GameId) -> Algorithm {
    match game {
        crate::games::GameId::Tableau(_) => Algorithm::Portfolio,
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
        let l = &self.limits;
        let mut s = format!("algorithm={}", self.algorithm.name());
        if let Some(n) = l.max_nodes {
            s += &format!(" max-nodes={n}");
        }
        if let Some(t) = l.max_time {
            s += &format!(" max-time={}s", t.as_secs_f64());
        }
        if let Some(m) = l.max_memory {
            s += &format!(" max-memory={m}");
        }
        s
    }
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
}

/// Runs one search, or the portfolio of searches.
fn run_search<G: Game>(
    game: &G,
    state: G::State,
    algorithm: Algorithm,
    limits: &Limits,
) -> solvers::Report<G::Move> {
    let weighted = solvers::BestFirstMode::Weighted { weight: 2.0 };
    match algorithm {
        Algorithm::Dfs => solvers::dfs(game, state, limits),
        Algorithm::GuidedDfs => solvers::guided_dfs(game, state, limits),
        Algorithm::Astar => solvers::astar(game, state, limits),
        Algorithm::Idastar => solvers::idastar(game, state, limits),
        Algorithm::BestFirst => {
            solvers::best_first(game, state, solvers::BestFirstMode::Greedy, limits)
        }
        Algorithm::Weighted => solvers::best_first(game, state, weighted, limits),
        Algorithm::Portfolio => {
            let mut run = Budgeted::new(limits);
            // Games with compound moves (the FreeCell family) open with depth-first scans
            // over them, each a fresh search in its own order, until one wins.
            let mut compound = false;
            for scan in 0..=COMPOUND_SCANS {
                let budget = if scan == 0 {
                    COMPOUND_FIRST
                } else {
                    COMPOUND_BUDGET
                };
                let Some((r, ends)) =
                    run.attempt(budget, true, |l| game.compound_dive(&state, scan, l))
                else {
                    break;
                };
                if ends {
                    return r;
                }
                compound = true;
                // A scan that ran out of compound moves has seen them all: others would too.
                if matches!(r.outcome, Outcome::Unknown(solvers::StopReason::Pruned)) {
                    break;
                }
            }
            if compound {
                return portfolio(game, state, &mut run);
            }
            // A guided depth-first dive first: most deals fall to it within a few hundred
            // states, at a fraction of a best-first expansion's cost.
            let (r, ends) = run
                .attempt(DIVE_BUDGET, false, |l| {
                    Some(solvers::guided_dfs(game, state.clone(), l))
                })
                .expect("every game has the guided dive");
            if ends {
                return r;
            }
            portfolio(game, state, &mut run)
        }
    }
}

/// The portfolio's scans over compound moves ([`Game::compound_dive`]): the first in guide
/// order with `COMPOUND_FIRST` states, then `COMPOUND_SCANS` more, each with its own
/// order and `COMPOUND_BUDGET` states. Chosen on FreeCell deals 1 to 8000: all but three
/// of deals 1 to 32000 are decided within the scans' 16,300 states, 171 states a deal on
/// average (the dive of single moves and the best-first searches took 1,750); more, shorter
/// scans (60 of 250 states) or fewer, longer ones (25 of 600), or a first scan of 200 or
/// 500 states, cost more.
const COMPOUND_FIRST: u64 = 300;
const COMPOUND_SCANS: u64 = 40;
const COMPOUND_BUDGET: u64 = 400;

/// The node budget of the portfolio's first search, a guided depth-first dive. Chosen on
/// FreeCell deals 1-300 (callgrind instructions: 8.6 G without the dive, 6.6 G with 500
/// states, 6.2 G with 1000 but lines 11% longer than with 500).
const DIVE_BUDGET: u64 = 500;

/// Searches run in turn, each with a node budget within what is left of the caller's
/// limits; their statistics are summed.
struct Budgeted<'a> {
    limits: &'a Limits,
    start: Instant,
    total: Stats,
}

impl<'a> Budgeted<'a> {
    fn new(limits: &'a Limits) -> Self {
        Budgeted {
            limits,
            start: Instant::now(),
            total: Stats::default(),
        }
    }

    /// Runs `search` with at most `budget` expansions. Returns its report (with the
    /// statistics summed so far) and whether it ends the portfolio: it decided, or the
    /// caller's own limits stopped it. A search that leaves moves out (`wins_only`) decides
    /// only by a win. None when the game has no such search.
    fn attempt<M>(
        &mut self,
        budget: u64,
        wins_only: bool,
        search: impl FnOnce(&Limits) -> Option<solvers::Report<M>>,
    ) -> Option<(solvers::Report<M>, bool)> {
        let limits = self.limits;
        let left_nodes = limits
            .max_nodes
            .map(|m| m.saturating_sub(self.total.expanded));
        let mut l = limits.clone();
        l.max_nodes = Some(left_nodes.map_or(budget, |m| m.min(budget)));
        l.max_time = limits
            .max_time
            .map(|t| t.saturating_sub(self.start.elapsed()));
        let r = search(&l)?;
        let total = &mut self.total;
        total.expanded += r.stats.expanded;
        total.generated += r.stats.generated;
        total.stored = total.stored.max(r.stats.stored);
        total.peak_memory = total.peak_memory.max(r.stats.peak_memory);
        total.solution_len = r.stats.solution_len;
        total.solution_cost = r.stats.solution_cost;
        total.elapsed = self.start.elapsed();
        let ends = match &r.outcome {
            Outcome::Solved(_) => true,
            Outcome::Unsolvable => !wins_only,
            Outcome::Unknown(solvers::StopReason::Nodes) => left_nodes.is_some_and(|m| m <= budget),
            // A search that left states out stopped by its own design, not a limit.
            Outcome::Unknown(solvers::StopReason::Pruned) => false,
            Outcome::Unknown(_) => true,
        };
        let report = solvers::Report {
            outcome: r.outcome,
            stats: total.clone(),
        };
        Some((report, ends))
    }
}

/// The searches of `PORTFOLIO` in turn, with node budgets growing tenfold per round, until
/// one decides. The first round's budget is 10,000 states, or the power of ten at or above
/// the states the searches before took (the FreeCell family's scans take 16,300): searches
/// smaller than those that already failed seldom win. On FreeCell, the three deals of 1 to
/// 32000 that get here took 305,680 states with a first round of 10,000 against 215,680.
fn portfolio<G: Game>(
    game: &G,
    state: G::State,
    run: &mut Budgeted<'_>,
) -> solvers::Report<G::Move> {
    let mut budget = 10_000u64;
    while budget < run.total.expanded {
        budget = budget.saturating_mul(10);
    }
    let mut skip = [false; PORTFOLIO.len()];
    // Per entry: a wins-only search over every move that stopped at its budget this round.
    let mut loose_unfinished = [false; PORTFOLIO.len()];
    loop {
        for (t, &(share, search)) in PORTFOLIO.iter().enumerate() {
            if skip[t] {
                continue;
            }
            if let Search::Complete(mode) = search {
                // The loose space is a quotient of the exact one (its keys merge layouts
                // that differ in pile order, its moves are a subset up to that order), so
                // an exact search cannot run out within a budget its loose twin of the same
                // order did not: it waits for the round in which the loose one runs out.
                // (A win it would have found sooner waits too: the cost of the old budgets.)
                let waits = PORTFOLIO
                    .iter()
                    .zip(&loose_unfinished)
                    .any(|(&(_, s), &u)| {
                        u && matches!(s, Search::Focused(FocusedSearch::AllMoves(m)) if m == mode)
                    });
                if waits {
                    continue;
                }
            }
            let budget = budget.saturating_mul(share);
            let tried = match search {
                Search::Complete(mode) => run.attempt(budget, false, |l| {
                    Some(solvers::best_first(game, state.clone(), mode, l))
                }),
                Search::Focused(focus) => run.attempt(budget, true, |l| {
                    game.focused_search(&state, focus.sized(budget), l)
                }),
            };
            let Some((r, ends)) = tried else {
                // The game has no focused search.
                skip[t] = true;
                continue;
            };
            if ends {
                return r;
            }
            // A focused search that ran out of states without leaving any out would only
            // repeat itself (a beam that left states out is tried again wider).
            skip[t] =
                matches!(search, Search::Focused(_)) && matches!(r.outcome, Outcome::Unsolvable);
            loose_unfinished[t] = matches!(search, Search::Focused(FocusedSearch::AllMoves(_)))
                && !matches!(r.outcome, Outcome::Unsolvable);
        }
        budget = budget.saturating_mul(10);
    }
}

/// One search of the portfolio.
#[derive(Clone, Copy, Debug)]
enum Search {
    /// Over the focused move set ([`Game::focused_search`]): only its wins count.
    Focused(FocusedSearch),
    /// Best-first search over every move (exhaustive: its losses are proofs).
    Complete(solvers::BestFirstMode),
}

/// A focused search of the portfolio, before its budget is known.
#[derive(Clone, Copy, Debug)]
enum FocusedSearch {
    /// Beam search as wide as its budget allows for lines of `BEAM_DEPTH` moves.
    Beam,
    /// Best-first search.
    BestFirst(solvers::BestFirstMode),
    /// Best-first search over every move, with the wins-only reductions.
    AllMoves(solvers::BestFirstMode),
}

impl FocusedSearch {
    /// The search to run with a node budget of `budget`.
    fn sized(self, budget: u64) -> Focus {
        match self {
            FocusedSearch::Beam => Focus::Beam {
                width: (budget / BEAM_DEPTH).max(1) as usize,
            },
            FocusedSearch::BestFirst(mode) => Focus::BestFirst(mode),
            FocusedSearch::AllMoves(mode) => Focus::AllMoves(mode),
        }
    }
}

/// The layers a portfolio beam is sized for: its width is its node budget over this, so
/// that it can reach a win this many moves deep within the budget (Spider's lines run to
/// a few hundred moves).
const BEAM_DEPTH: u64 = 400;

/// The searches of the portfolio, tried in turn each round: (share of the round's node
/// budget, search). Games without a focused search (all but the tableau engine's games of
/// suit runs) skip the focused steps, as does a game whose focused search has run out of
/// states without leaving any out. For Spider and its family the focused searches lead each round: a
/// beam, then greedy best-first, with four times the budget each. On Spider (four suits)
/// with 300,000 states per deal, the focused greedy search and the complete ones decided
/// 14 of deals 1 to 20; with the beam first 40 of deals 1 to 40 and 154 of 41 to 200 are
/// won. The beam alone with eight times the budget did worse (65 of deals 41 to 120 won,
/// against 77), as did beams sized for 200 layers (61); 800 and 1,600 layers gave 76 and
/// 73. Then, where the stock deals whole rounds onto every pile (Spider, Mogelpat), the
/// three best-first searches over every move with the piles taken as interchangeable
/// (`Tableau::for_wins_only`): wins only, since each pile gets its own card from the deals
/// to come; until issue 14 these were the complete searches, wrongly, and they still find
/// the wins the focused move set leaves out (splitting a run over empty piles, say). The
/// complete searches follow, with exact keys, for the proofs; each waits for the round in
/// which the wins-only search of its order runs out of states (before that it could not
/// run out either), so a round costs what it did before issue 14 until then.
const PORTFOLIO: [(u64, Search); 8] = [
    (4, Search::Focused(FocusedSearch::Beam)),
    (
        4,
        Search::Focused(FocusedSearch::BestFirst(solvers::BestFirstMode::Greedy)),
    ),
    (
        1,
        Search::Focused(FocusedSearch::AllMoves(solvers::BestFirstMode::Weighted {
            weight: 1.5,
        })),
    ),
    (
        1,
        Search::Focused(FocusedSearch::AllMoves(solvers::BestFirstMode::Greedy)),
    ),
    (
        1,
        Search::Focused(FocusedSearch::AllMoves(solvers::BestFirstMode::Weighted {
            weight: 5.0,
        })),
    ),
    (
        1,
        Search::Complete(solvers::BestFirstMode::Weighted { weight: 1.5 }),
    ),
    (1, Search::Complete(solvers::BestFirstMode::Greedy)),
    (
        1,
        Search::Complete(solvers::BestFirstMode::Weighted { weight: 5.0 }),
    ),
];

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

/// Follows `policy` from `state` until it offers no move; returns the line and the end.
pub fn play_line<G: Game>(
    game: &G,
    state: G::State,
    mut policy: impl FnMut(&G, &G::State, &mut Vec<Step<G>>) -> Result<Option<Step<G>>, StudyError>,
) -> Result<(Vec<G::Move>, G::State), StudyError> {
    let mut s = state;
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    while let Some(next) = policy(game, &s, &mut buf)? {
        moves.push(next.mv);
        s = next.state;
    }
    Ok((moves, s))
}

/// A successor of a game's state, as the searches produce them.
pub type Step<G> = Successor<<G as solvers::Space>::Move, <G as solvers::Space>::State>;

/// The only move of a game without choices, or an error if there are several.
pub fn only_move<G: Game>(
    game: &G,
    s: &G::State,
    buf: &mut Vec<Step<G>>,
) -> Result<Option<Step<G>>, StudyError> {
    buf.clear();
    game.expand(s, buf);
    if buf.len() > 1 {
        return Err(StudyError::NotDeterministic(game.id().to_string()));
    }
    Ok(buf.pop())
}

/// Plays a game without choices through from `table`: the exact outcome, verified on the
/// reference piles (a win replays to a won layout, a loss to a lost one).
pub fn play_through<G: Game>(game: &G, table: &Table) -> Result<Solution<G::Move>, StudyError> {
    let start = Instant::now();
    let state = game.pack(table)?;
    let (moves, end) = play_line(game, state, only_move)?;
    let won = game.is_goal(&end);
    verify(
        game,
        table,
        &moves,
        if won { Status::Won } else { Status::Lost },
        |m| game.notation(m),
    )?;
    let stats = Stats {
        expanded: moves.len() as u64,
        generated: moves.len() as u64,
        elapsed: start.elapsed(),
        solution_len: if won { moves.len() as u64 } else { 0 },
        solution_cost: if won { moves.len() as u64 } else { 0 },
        ..Stats::default()
    };
    let pass = if won {
        game.pass_of_win(table, &moves)
    } else {
        None
    };
    Ok(Solution {
        verdict: if won { Verdict::Won } else { Verdict::Lost },
        moves,
        stats,
        reason: None,
        pass,
        helpers: None,
    })
}

/// Solves the position `table` with the configured search. Wins are replayed by the
/// verifier before they are returned; for a game without choices, a proven loss is also
/// checked by replaying its only line to a lost layout.
pub fn solve<G: Game>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
) -> Result<Solution<G::Move>, StudyError> {
    let first = solve_once(game, table, cfg)?;
    match first.verdict {
        // Only games that count helper piles search again.
        Verdict::Solved if game.with_helper_cap(u32::MAX).is_some() => {
            fewest_helpers(game, table, cfg, first)
        }
        _ => Ok(first),
    }
}

/// For games that count helper piles (Mogelpat): from a win using `h` helper piles, search
/// again allowing at most `h - 1`, and so on, until a search proves that no win uses fewer
/// (exhaustive) or stops at a limit (the fewest found is then not proven). Each search gets
/// the configured limits. The statistics add up all the searches; the line is the last win.
fn fewest_helpers<G: Game>(
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
        let s = solve_once(&capped, table, cfg)?;
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

/// One search (see [`solve`]).
fn solve_once<G: Game>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
) -> Result<Solution<G::Move>, StudyError> {
    let state = game.pack(table)?;
    let limits = &cfg.limits;
    let report = run_search(game, state, cfg.algorithm, limits);
    let deterministic = game.id().info().deterministic;
    let (verdict, moves, reason) = match report.outcome {
        Outcome::Solved(moves) => {
            verify(game, table, &moves, Status::Won, |m| game.notation(m))?;
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
        stats: report.stats,
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

/// A hint that uses only what a player can see (see [`fair_hint`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FairHint {
    /// The move advised, in the game's notation: the first move of the most sampled wins
    /// (None when no sample was won).
    pub best: Option<String>,
    /// Samples solved in all.
    pub samples: u32,
    /// Samples won.
    pub won: u32,
    /// Samples proven unsolvable.
    pub lost: u32,
    /// Cards the player cannot see (face down, in the stock too).
    pub unseen: u32,
    /// Each first move of a sampled win, with the number of wins starting with it, most
    /// first (ties in notation order).
    pub tally: Vec<(String, u32)>,
}

/// The fair hint: deals the unseen cards (every face-down card, the stock's too) at random
/// into the unseen places `samples` times (generator seeded with `seed`, so the answer is
/// reproducible), solves each sample with `cfg`, and advises the first move that starts
/// the most sampled wins. Only what a player sees decides the move: a move's notation names
/// places and never a hidden card, and the move advised is looked up among the legal moves
/// of the real position. With no unseen card one sample is the position itself.
pub fn fair_hint<G: Game>(
    game: &G,
    table: &Table,
    cfg: &SolveConfig,
    samples: u32,
    seed: u64,
) -> Result<FairHint, StudyError> {
    let places: Vec<(usize, usize)> = table
        .piles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.active)
        .flat_map(|(i, p)| {
            p.cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_face_down())
                .map(move |(j, _)| (i, j))
        })
        .collect();
    let unseen: Vec<_> = places
        .iter()
        .map(|&(i, j)| table.piles[i].cards[j])
        .collect();
    let samples = if places.is_empty() { 1 } else { samples.max(1) };
    let mut rng = crate::deals::Rng::new(seed);
    let mut tally: std::collections::BTreeMap<String, u32> = Default::default();
    let (mut won, mut lost) = (0, 0);
    for _ in 0..samples {
        let mut cards = unseen.clone();
        for k in (1..cards.len()).rev() {
            cards.swap(k, rng.below(k as u64 + 1) as usize);
        }
        let mut sample = table.clone();
        for (&(i, j), c) in places.iter().zip(cards) {
            sample.piles[i].cards[j] = c;
        }
        let sol = solve_once(game, &sample, cfg)?;
        match sol.verdict {
            Verdict::Solved | Verdict::Won => {
                won += 1;
                if let Some(first) = sol.moves.first() {
                    *tally.entry(game.notation(first)).or_default() += 1;
                }
            }
            Verdict::Unsolvable | Verdict::Lost => lost += 1,
            Verdict::Unknown => {}
        }
    }
    let mut tally: Vec<(String, u32)> = tally.into_iter().collect();
    tally.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    // The advised move must be legal in the real position.
    let state = game.pack(table)?;
    let mut legal = Vec::new();
    game.expand(&state, &mut legal);
    let best = tally
        .iter()
        .map(|(n, _)| n)
        .find(|n| legal.iter().any(|s| &game.notation(&s.mv) == *n))
        .cloned();
    Ok(FairHint {
        best,
        samples,
        won,
        lost,
        unseen: places.len() as u32,
        tally,
    })
}
