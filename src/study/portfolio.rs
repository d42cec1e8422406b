//! Running the configured search: one algorithm, or the portfolio of searches in turn with
//! growing node budgets.

use super::Algorithm;
use crate::games::{Focus, Game, SearchProfile};
use solvers::{BestFirstMode, Limits, Outcome, Stats};
use std::time::Instant;

/// One search of `algorithm` on any space (a game, or a game with another heuristic:
/// `solvers::Scored`); `None` for the portfolio, which needs a game's own searches.
pub(super) fn single_search<S: solvers::Space>(
    space: &S,
    state: S::State,
    algorithm: Algorithm,
    limits: &Limits,
) -> Option<solvers::Report<S::Move>> {
    let weighted = solvers::BestFirstMode::Weighted { weight: 2.0 };
    Some(match algorithm {
        Algorithm::Dfs => solvers::dfs(space, state, limits),
        Algorithm::GuidedDfs => solvers::guided_dfs(space, state, limits),
        Algorithm::Astar => solvers::astar(space, state, limits),
        Algorithm::Idastar => solvers::idastar(space, state, limits),
        Algorithm::BestFirst => {
            solvers::best_first(space, state, solvers::BestFirstMode::Greedy, limits)
        }
        Algorithm::Weighted => solvers::best_first(space, state, weighted, limits),
        Algorithm::Portfolio | Algorithm::Beam | Algorithm::Focused | Algorithm::Compound => {
            return None
        }
    })
}

/// Whether `game` has the search `algorithm` (every game has the generic searches and the
/// portfolio; the beam, focused and compound searches are some games' own).
pub fn offers<G: Game>(game: &G, state: &G::State, algorithm: Algorithm) -> bool {
    // Asking with no states to spend costs a call and answers the question.
    let none = Limits::none().with_nodes(0);
    match algorithm {
        Algorithm::Beam => game
            .focused_search(state, Focus::Beam { width: 1 }, &none)
            .is_some(),
        Algorithm::Focused => game
            .focused_search(state, Focus::BestFirst(BestFirstMode::Greedy), &none)
            .is_some(),
        Algorithm::Compound => game.compound_dive(state, 0, &none).is_some(),
        _ => true,
    }
}

/// Runs one search, or the portfolio of searches; None when the game has no search of
/// that kind ([`offers`]).
pub(super) fn run_search<G: Game>(
    game: &G,
    state: G::State,
    algorithm: Algorithm,
    limits: &Limits,
    order: DfsOrder,
) -> Option<solvers::Report<G::Move>> {
    if let Some(r) = own_search(game, &state, algorithm, limits) {
        return r;
    }
    Some(match algorithm {
        Algorithm::Portfolio => {
            let mut run = Budgeted::new(limits);
            let restricted = game.restrictions(&state);
            if !restricted.is_empty() {
                return Some(restricted_and_complete(game, state, &mut run, restricted));
            }
            // Games with compound moves (the FreeCell family) open with depth-first scans
            // over them, each a fresh search in its own order, until one wins.
            let mut scans = Scans::new();
            match scans.round(game, &state, &mut run) {
                ScanRound::Absent => {}
                ScanRound::Ended(r) => return Some(r),
                ScanRound::Failed | ScanRound::SawAll(_) => {
                    return Some(scans_and_depth_first(game, state, &mut run, scans))
                }
            }
            // A guided depth-first dive first: most deals fall to it within a few hundred
            // states, at a fraction of a best-first expansion's cost.
            let (r, ends) = run
                .attempt(DIVE_BUDGET, false, |l| {
                    Some(solvers::guided_dfs(game, state.clone(), l))
                })
                .expect("every game has the guided dive");
            if ends {
                return Some(r);
            }
            portfolio(game, state, &mut run, order)
        }
        // The game's own depth-first search (over its fast path, where it has one).
        Algorithm::Dfs => game.depth_first(&state).run(limits),
        single => single_search(game, state, single, limits).expect("one search"),
    })
}

/// The game's own searches that only find wins ([`Algorithm::Beam`], [`Algorithm::Focused`],
/// [`Algorithm::Compound`]), run on their own: None for the other algorithms, Some(None)
/// when the game has no such search. Any verdict but a win is unknown: each leaves moves or
/// states out.
#[allow(clippy::option_option)]
fn own_search<G: Game>(
    game: &G,
    state: &G::State,
    algorithm: Algorithm,
    limits: &Limits,
) -> Option<Option<solvers::Report<G::Move>>> {
    let report = match algorithm {
        Algorithm::Focused => {
            let mode = BestFirstMode::Greedy;
            game.focused_search(state, Focus::BestFirst(mode), limits)
        }
        Algorithm::Beam => (|| {
            // As the portfolio sizes its beams, the budget growing tenfold per try, until a
            // win, a limit of the caller's, or a beam that left nothing out (a wider one
            // would only repeat it).
            let mut run = Budgeted::new(limits);
            let mut budget = 10_000u64;
            loop {
                let beam = FocusedSearch::Beam.sized(budget);
                let (r, ends) =
                    run.attempt(budget, true, |l| game.focused_search(state, beam, l))?;
                if ends || matches!(r.outcome, Outcome::Unsolvable) {
                    return Some(r);
                }
                budget = budget.saturating_mul(10);
            }
        })(),
        Algorithm::Compound => {
            // The portfolio's scans, round after round, until one wins, a limit of the
            // caller's stops them, or one has seen every compound move.
            let mut run = Budgeted::new(limits);
            let mut scans = Scans::new();
            loop {
                match scans.round(game, state, &mut run) {
                    ScanRound::Absent => break None,
                    ScanRound::Ended(r) | ScanRound::SawAll(Some(r)) => break Some(r),
                    // (SawAll(None) comes only after a SawAll(Some), which ended the loop.)
                    ScanRound::SawAll(None) | ScanRound::Failed => {}
                }
            }
        }
        _ => return None,
    };
    Some(report.map(|mut r| {
        if !matches!(r.outcome, Outcome::Solved(_) | Outcome::Unknown(_)) {
            r.outcome = Outcome::Unknown(solvers::StopReason::Pruned);
        }
        r
    }))
}

/// The compound scans ([`Game::compound_dive`]) in rounds of `COMPOUND_SCANS + 1`, each
/// scan a fresh search in its own order (its number), the rounds' budgets per scan doubling
/// (the first round's first scan has `COMPOUND_FIRST` states, its others `COMPOUND_BUDGET`).
struct Scans {
    /// The next scan's number.
    next: u64,
    /// The states of each scan of the next round (but scan 0).
    per_scan: u64,
    /// A scan ran out of compound moves: it has seen them all, and others would too.
    saw_all: bool,
}

/// What a round of [`Scans`] did.
enum ScanRound<M> {
    /// The game has no compound moves.
    Absent,
    /// A scan won, or a limit of the caller's stopped it: the search ends with this report.
    Ended(solvers::Report<M>),
    /// Every scan of the round ran out of its budget.
    Failed,
    /// A scan saw every compound move (now or in an earlier round): more scans would not
    /// win. The report is this round's last scan's, or none when an earlier round saw all.
    SawAll(Option<solvers::Report<M>>),
}

impl Scans {
    fn new() -> Self {
        Scans {
            next: 0,
            per_scan: COMPOUND_BUDGET,
            saw_all: false,
        }
    }

    /// The states the next round's scans take in all.
    fn round_budget(&self) -> u64 {
        self.per_scan.saturating_mul(COMPOUND_SCANS + 1)
    }

    /// Runs the next round within `run`'s limits (none once a scan has seen all; the
    /// budget doubles all the same).
    fn round<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        run: &mut Budgeted<'_>,
    ) -> ScanRound<G::Move> {
        let per_scan = self.per_scan;
        self.per_scan = per_scan.saturating_mul(2);
        if self.saw_all {
            return ScanRound::SawAll(None);
        }
        for _ in 0..=COMPOUND_SCANS {
            let scan = self.next;
            let budget = if scan == 0 { COMPOUND_FIRST } else { per_scan };
            let Some((r, ends)) = run.attempt(budget, true, |l| game.compound_dive(state, scan, l))
            else {
                return ScanRound::Absent;
            };
            self.next += 1;
            if ends {
                return ScanRound::Ended(r);
            }
            if matches!(
                r.outcome,
                Outcome::Unsolvable | Outcome::Unknown(solvers::StopReason::Pruned)
            ) {
                self.saw_all = true;
                return ScanRound::SawAll(Some(r));
            }
        }
        ScanRound::Failed
    }
}

/// The portfolio's scans over compound moves ([`Game::compound_dive`]): the first in guide
/// order with `COMPOUND_FIRST` states, then `COMPOUND_SCANS` more, each with its own
/// order and `COMPOUND_BUDGET` states. Chosen on FreeCell's deals, where nearly every deal
/// is decided within these first scans at a tenth of the states of the other searches.
const COMPOUND_FIRST: u64 = 300;
const COMPOUND_SCANS: u64 = 40;
const COMPOUND_BUDGET: u64 = 400;

/// The portfolio of the games with compound moves (the FreeCell family) after its first
/// `COMPOUND_SCANS + 1` scans, in rounds. Each round has a budget `b`, twice the last
/// round's (the first: twice the first scans' 16,400 states): as many scans again, `b` in
/// all; weighted A* (weight 1.5) over every move, started over with `b` states; then a
/// slice of `3b` states of one guided depth-first search over every move (complete, exact
/// keys: its losses are proofs), resumed where the last slice stopped, never restarted
/// ([`solvers::DepthFirst`]). Once a scan has seen every compound move (another order would
/// see the same states), the rounds have no scans. Each search has its part: the scans win
/// the deals the single-move searches do not, the resumed depth-first search proves the
/// losses the restarted best-first ones run out of time on, and weighted A* wins deals
/// neither reaches (King Albert's).
fn scans_and_depth_first<G: Game>(
    game: &G,
    state: G::State,
    run: &mut Budgeted<'_>,
    mut scans: Scans,
) -> solvers::Report<G::Move> {
    // In the guide's order: a proof exhausts the space whatever the order, and wins come far
    // sooner than in the plain order.
    let mut dfs = solvers::DepthFirst::new(game, state.clone(), true);
    let weighted = solvers::BestFirstMode::Weighted { weight: 1.5 };
    loop {
        let round = scans.round_budget();
        if let ScanRound::Ended(r) = scans.round(game, &state, run) {
            return r;
        }
        // The depth-first search keeps its table meanwhile.
        let (r, ends) = run
            .attempt_beside(dfs.memory_bytes(), round, false, |l| {
                Some(solvers::best_first(game, state.clone(), weighted, l))
            })
            .expect("best-first search runs on every game");
        if ends {
            return r;
        }
        let (r, ends) = run
            .attempt(round.saturating_mul(3), false, |l| Some(dfs.run(l)))
            .expect("depth-first search runs on every game");
        if ends {
            return r;
        }
    }
}

/// The portfolio of games with restricted games ([`Game::restrictions`]: one-deal Gaps),
/// in rounds. Each round resumes the depth-first search of every restricted game not yet
/// exhausted for `b` states (one that ends without a win is dropped: its space holds none);
/// then resumes weighted A* over every move until it has expanded `4 b` states in all, up
/// to [`WEIGHTED_MOST`], after which it is dropped ([`RESTRICTED_WEIGHTED`]: it finds the
/// wins that need a Two to stop in another row far sooner than the depth-first search, and
/// if it ends without a win it has searched every state the complete search would, a
/// proof); then resumes one depth-first search over every move (complete, exact keys: its
/// losses are proofs) for `b` states per restricted game left, at least four. Every search
/// keeps its table between rounds, so none searches a state twice; `b` starts at
/// `RESTRICTED_FIRST` and grows fourfold a round. The restricted games win many deals the
/// complete search alone does not reach.
fn restricted_and_complete<G: Game>(
    game: &G,
    state: G::State,
    run: &mut Budgeted<'_>,
    restricted: Vec<G>,
) -> solvers::Report<G::Move> {
    let mut dfs = solvers::DepthFirst::new(game, state.clone(), false);
    let mut open: Vec<_> = restricted
        .iter()
        .map(|g| solvers::DepthFirst::new(g, state.clone(), false))
        .collect();
    // Weighted A*, until it has had `WEIGHTED_MOST` states (then its table is dropped).
    let mut weighted = Some(solvers::BestFirst::new(
        game,
        state.clone(),
        RESTRICTED_WEIGHTED,
    ));
    // The states weighted A* has expanded in all.
    let mut weighted_spent = 0u64;
    let mut budget = RESTRICTED_FIRST;
    loop {
        let mut i = 0;
        while i < open.len() {
            // The other searches keep their tables meanwhile.
            let others = dfs.memory_bytes()
                + weighted.as_ref().map_or(0, |w| w.memory_bytes())
                + open
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, d)| d.memory_bytes())
                    .sum::<u64>();
            let (r, ends) = run
                .attempt_beside(others, budget, true, |l| Some(open[i].run(l)))
                .expect("depth-first search runs on every game");
            if ends {
                return r;
            }
            if matches!(r.outcome, Outcome::Unsolvable) {
                open.remove(i);
            } else {
                i += 1;
            }
        }
        // Weighted A* over every move, resumed each round until it has expanded four times
        // the round's budget in all, up to `WEIGHTED_MOST`: past it, the time goes to the
        // depth-first searches.
        let target = budget.saturating_mul(4).min(WEIGHTED_MOST);
        if let Some(w) = weighted.as_mut().filter(|_| weighted_spent < target) {
            let before = run.total.expanded;
            let others = dfs.memory_bytes() + open.iter().map(|d| d.memory_bytes()).sum::<u64>();
            let (r, ends) = run
                .attempt_beside(others, target - weighted_spent, false, |l| Some(w.run(l)))
                .expect("best-first search runs on every game");
            weighted_spent += run.total.expanded - before;
            if ends {
                return r;
            }
            if weighted_spent >= WEIGHTED_MOST {
                weighted = None;
            }
        }
        let others = weighted.as_ref().map_or(0, |w| w.memory_bytes())
            + open.iter().map(|d| d.memory_bytes()).sum::<u64>();
        let slice = budget.saturating_mul(open.len().max(4) as u64);
        let (r, ends) = run
            .attempt_beside(others, slice, false, |l| Some(dfs.run(l)))
            .expect("depth-first search runs on every game");
        if ends {
            return r;
        }
        budget = budget.saturating_mul(4);
    }
}

/// The first round's budget of each restricted game's search ([`restricted_and_complete`]).
const RESTRICTED_FIRST: u64 = 20_000;

/// The weighted A* of [`restricted_and_complete`]'s rounds: `g + 3 h`, `h` the game's guide
/// (one-deal Gaps: the cards out of their places). It wins deals the other searches leave
/// unknown, sooner than weight 2 or greedy best-first.
const RESTRICTED_WEIGHTED: solvers::BestFirstMode =
    solvers::BestFirstMode::Weighted { weight: 3.0 };

/// The most states [`RESTRICTED_WEIGHTED`] expands in all (reached in the fourth round):
/// about as many as its wins take, so that it does not take the time of the complete
/// search's proofs.
const WEIGHTED_MOST: u64 = 4 * RESTRICTED_FIRST * 64;

/// The node budget of the portfolio's first search, a guided depth-first dive: it saves
/// most of the work on FreeCell's deals, and a larger one gives longer lines.
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

    /// The expansions the caller's node limit leaves, if it set one.
    fn nodes_left(&self) -> Option<u64> {
        self.limits
            .max_nodes
            .map(|m| m.saturating_sub(self.total.expanded))
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
        self.attempt_beside(0, budget, wins_only, search)
    }

    /// [`Budgeted::attempt`] while other searches, to be resumed later, keep `held` bytes
    /// (their tables): the memory budget is shared, so `search` gets it less `held`, and the
    /// peak memory counts both.
    fn attempt_beside<M>(
        &mut self,
        held: u64,
        budget: u64,
        wins_only: bool,
        search: impl FnOnce(&Limits) -> Option<solvers::Report<M>>,
    ) -> Option<(solvers::Report<M>, bool)> {
        let limits = self.limits;
        let left_nodes = self.nodes_left();
        let mut l = limits.clone();
        l.max_nodes = Some(left_nodes.map_or(budget, |m| m.min(budget)));
        l.max_time = limits
            .max_time
            .map(|t| t.saturating_sub(self.start.elapsed()));
        l.max_memory = limits.max_memory.map(|m| m.saturating_sub(held));
        let r = search(&l)?;
        let total = &mut self.total;
        total.expanded += r.stats.expanded;
        total.generated += r.stats.generated;
        total.stored = total.stored.max(r.stats.stored);
        total.peak_memory = total.peak_memory.max(r.stats.peak_memory + held);
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
/// the states the searches before took: searches smaller than those that already failed
/// seldom win.
fn portfolio<G: Game>(
    game: &G,
    state: G::State,
    run: &mut Budgeted<'_>,
    order: DfsOrder,
) -> solvers::Report<G::Move> {
    let mut budget = 10_000u64;
    while budget < run.total.expanded {
        budget = budget.saturating_mul(10);
    }
    let profile: SearchProfile = game.search_profile();
    // The searches the profile leaves out are skipped from the start; a game without the
    // complete best-first searches keeps the depth-first one, a complete search too.
    debug_assert!(profile.best_first || profile.dfs, "a complete search stays");
    let wide_beams = profile.wide_beams;
    let mut skip = PORTFOLIO.map(|(_, search)| match search {
        // A game without a focused search of a kind answers None, and is skipped then.
        Search::Focused(_) => false,
        Search::Dfs => !profile.dfs,
        Search::Complete(_) => !profile.best_first,
    });
    // Per entry: a wins-only search over every move that stopped at its budget this round.
    let mut loose_unfinished = [false; PORTFOLIO.len()];
    // The depth-first search goes on each round from where it stopped (its table kept), so
    // no round repeats the states of the rounds before.
    let guided = match order {
        DfsOrder::Game => profile.dfs_guided,
        DfsOrder::Guided => true,
    };
    let mut dfs: Box<dyn solvers::SlicedSearch<G::Move> + '_> = if guided {
        Box::new(solvers::DepthFirst::new(game, state.clone(), guided))
    } else {
        game.depth_first(&state)
    };
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
            let share = match search {
                // The weight belongs to the generator's order: a step guided whatever the
                // game's choice (the fair player's worlds, measured with the usual share)
                // keeps the usual share.
                Search::Dfs if !guided => share.saturating_mul(profile.dfs_weight),
                _ => share,
            };
            let budget = budget.saturating_mul(share);
            // The depth-first search keeps its table meanwhile.
            let held = dfs.memory_bytes();
            let tried = match search {
                Search::Dfs => run.attempt(budget, false, |l| Some(dfs.run(l))),
                Search::Complete(mode) => run.attempt_beside(held, budget, false, |l| {
                    Some(solvers::best_first(game, state.clone(), mode, l))
                }),
                Search::Focused(FocusedSearch::WideBeam)
                    if !wide_beam_runs(wide_beams, budget, run.nodes_left()) =>
                {
                    continue
                }
                Search::Focused(focus) => run.attempt_beside(held, budget, true, |l| {
                    game.focused_search(&state, focus.sized(budget), l)
                }),
            };
            let Some((r, ends)) = tried else {
                // The game has no focused search of this kind.
                skip[t] = true;
                continue;
            };
            if ends {
                return r;
            }
            // A focused search that ran out of states without leaving any out would only
            // repeat itself (a beam that left states out is tried again wider).
            let saw_all =
                matches!(search, Search::Focused(_)) && matches!(r.outcome, Outcome::Unsolvable);
            skip[t] = saw_all;
            if saw_all && search.is_beam() {
                // Nor would a beam of another width: this one saw every state there is.
                for (s, (_, other)) in skip.iter_mut().zip(PORTFOLIO) {
                    *s |= other.is_beam();
                }
            }
            loose_unfinished[t] = matches!(search, Search::Focused(FocusedSearch::AllMoves(_)))
                && !matches!(r.outcome, Outcome::Unsolvable);
        }
        budget = budget.saturating_mul(10);
    }
}

/// The order of the portfolio's depth-first search over every move (games with a waste).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DfsOrder {
    /// The game's choice ([`SearchProfile::dfs_guided`]).
    Game,
    /// Guided, whatever the game's choice: the sampled worlds of the fair player and of the
    /// fair hint, whose first moves are votes and whose lines the player follows until
    /// surprised. Measured, not explained: the fair player wins more Klondike deals so,
    /// though the generator's order wins more for the solver that sees every card.
    Guided,
}

/// One search of the portfolio.
#[derive(Clone, Copy, Debug)]
enum Search {
    /// Over the focused move set ([`Game::focused_search`]): only its wins count.
    Focused(FocusedSearch),
    /// Best-first search over every move (exhaustive: its losses are proofs).
    Complete(solvers::BestFirstMode),
    /// Depth-first search over every move (exhaustive too), for the games that ask for it
    /// ([`SearchProfile::dfs`]), guided or in the generator's order
    /// ([`SearchProfile::dfs_guided`]).
    Dfs,
}

impl Search {
    /// A beam, narrow or wide.
    fn is_beam(self) -> bool {
        matches!(
            self,
            Search::Focused(FocusedSearch::Beam | FocusedSearch::WideBeam)
        )
    }
}

/// A focused search of the portfolio, before its budget is known.
#[derive(Clone, Copy, Debug)]
enum FocusedSearch {
    /// Beam search as wide as its budget allows for lines of `BEAM_DEPTH` moves.
    Beam,
    /// Beam search as wide as its budget allows for lines of `WIDE_BEAM_DEPTH` moves, only
    /// in the games that ask for it ([`SearchProfile::wide_beams`]), from a budget of
    /// `WIDE_BEAM_FROM` states, and where the caller's node limit leaves it whole
    /// ([`wide_beam_runs`]).
    WideBeam,
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
            FocusedSearch::WideBeam => Focus::Beam {
                width: (budget / WIDE_BEAM_DEPTH).max(1) as usize,
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

/// The layers the portfolio's wide beams are sized for ([`FocusedSearch::WideBeam`]), and
/// the smallest budget they run with (the third round's): where the narrow beam of the
/// third round dies out, all its lines at dead ends, one twice as wide can win. It follows
/// the narrow beam rather than replacing it, which keeps the narrow beam's wins.
const WIDE_BEAM_DEPTH: u64 = 200;
const WIDE_BEAM_FROM: u64 = 4_000_000;

/// Whether the portfolio's wide beam runs with a budget of `budget` states, `left` the
/// states the caller's node limit leaves (if it set one): where the game asks for it, from
/// `WIDE_BEAM_FROM`, and where the limit leaves the whole budget. A wide beam cut short
/// gets less deep than the narrow one, and runs made at a node limit (the datasets) keep
/// the searches, and with them the records, they had before it.
fn wide_beam_runs(wide_beams: bool, budget: u64, left: Option<u64>) -> bool {
    wide_beams && budget >= WIDE_BEAM_FROM && left.is_none_or(|left| left >= budget)
}

/// The searches of the portfolio, tried in turn each round: (share of the round's node
/// budget, search). A game skips the searches it does not have (its focused search answers
/// None, or its [`SearchProfile`] leaves the step out), and a focused search that ran out
/// of states without leaving any out. In order:
/// - the beam over the focused move set (over every move in games with a waste), and from
///   the third round, where [`SearchProfile::wide_beams`] says so, a beam twice as wide;
/// - the depth-first search over every move ([`SearchProfile::dfs`]: games with a waste),
///   four times the budget, times [`SearchProfile::dfs_weight`] in the generator's order
///   ([`SearchProfile::dfs_guided`]); complete, so its losses are proofs, and resumed each
///   round from where it stopped, its table kept (the other searches get the memory
///   budget less what it holds);
/// - greedy best-first over the focused move set (Spider and its family), four times the
///   budget: the beam first wins more deals than either alone or a beam of eight times the
///   budget;
/// - where the stock deals whole rounds onto every pile (Spider, Mogelpat), the three
///   best-first searches over every move with the piles taken as interchangeable
///   (`Tableau::for_wins_only`): wins only, since each pile gets its own card from the
///   deals to come, but they find the wins the focused move set leaves out (splitting a
///   run over empty piles, say);
/// - the complete best-first searches with exact keys, for the proofs (not where
///   [`SearchProfile::best_first`] is false); each waits for the round in which the
///   wins-only search of its order runs out of states, as it could not run out before.
const PORTFOLIO: [(u64, Search); 10] = [
    (4, Search::Focused(FocusedSearch::Beam)),
    (4, Search::Focused(FocusedSearch::WideBeam)),
    (4, Search::Dfs),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::testing::{game, two_decks};
    use crate::games::Game;

    /// The portfolio's depth-first step, in Klondike's own order (`DfsOrder::Game`: one
    /// deck, no reserve) and guided, wins deal 11 and proves deal 265 lost either way; the
    /// generator's order wins 11 in fewer states, so the order reaches the search.
    #[test]
    fn klondikes_depth_first_step_takes_the_generators_order_unless_asked_to_be_guided() {
        let g = game("klondike");
        assert!(!g.search_profile().dfs_guided);
        assert!(game("canfield").search_profile().dfs_guided);
        assert!(game("forty-thieves").search_profile().dfs_guided);
        assert_eq!(game("forty-thieves").search_profile().dfs_weight, 1);
        assert_eq!(game("canfield").search_profile().dfs_weight, 1);
        assert_eq!(g.search_profile().dfs_weight, 8);
        // Every card in the stock: no loss within reach, the usual share.
        assert!(!game("gold-mine").search_profile().dfs_guided);
        assert_eq!(game("gold-mine").search_profile().dfs_weight, 1);
        // Two decks with a redeal: the generator's order, and a larger share.
        for id in ["little-forty", "backbone", "jumbo", "zebra"] {
            assert!(!game(id).search_profile().dfs_guided, "{id}");
            assert_eq!(game(id).search_profile().dfs_weight, 8, "{id}");
        }
        let limits = Limits::none().with_nodes(200_000);
        let search = |deal, order| {
            let s = g.pack(&g.deal(deal)).expect("packs");
            run_search(&g, s, Algorithm::Portfolio, &limits, order).expect("a search")
        };
        let (plain, guided) = (search(11, DfsOrder::Game), search(11, DfsOrder::Guided));
        assert!(matches!(plain.outcome, Outcome::Solved(_)));
        assert!(matches!(guided.outcome, Outcome::Solved(_)));
        assert!(
            plain.stats.expanded < guided.stats.expanded,
            "{} against {}",
            plain.stats.expanded,
            guided.stats.expanded
        );
        for order in [DfsOrder::Game, DfsOrder::Guided] {
            assert!(matches!(search(265, order).outcome, Outcome::Unsolvable));
        }
    }

    /// The wide beams are for the games that ask for them, from the third round's budget,
    /// and only where the caller's node limit leaves that budget whole.
    #[test]
    fn wide_beams_only_where_asked_from_their_budget_and_whole() {
        let big = WIDE_BEAM_FROM;
        assert!(wide_beam_runs(true, big, None));
        assert!(wide_beam_runs(true, big, Some(big)));
        assert!(!wide_beam_runs(true, big, Some(big - 1)));
        assert!(!wide_beam_runs(true, big / 10, None));
        assert!(!wide_beam_runs(false, big, None));
        // Twice as wide as the narrow beam of the same budget.
        let width = |f: FocusedSearch| match f.sized(big) {
            Focus::Beam { width } => width,
            _ => 0,
        };
        assert_eq!(
            width(FocusedSearch::WideBeam),
            2 * width(FocusedSearch::Beam)
        );
        for id in ["forty-thieves", "streets", "maria", "limited"] {
            assert!(two_decks(id).search_profile().wide_beams, "{id}");
        }
        for id in ["little-forty", "backbone", "spider-4suits"] {
            assert!(!two_decks(id).search_profile().wide_beams, "{id}");
        }
        assert!(!game("klondike").search_profile().wide_beams);
        // The wide beam follows the narrow one in each round; they are the only beams
        // (one that saw every state stops both).
        let beams: Vec<usize> = (0..PORTFOLIO.len())
            .filter(|&t| PORTFOLIO[t].1.is_beam())
            .collect();
        assert_eq!(beams.len(), 2);
        assert!(matches!(
            PORTFOLIO[beams[0]].1,
            Search::Focused(FocusedSearch::Beam)
        ));
        assert_eq!(beams[1], beams[0] + 1);
    }

    /// The games of two decks without a redeal leave the best-first searches out of the
    /// rounds: Forty Thieves deal 80 is proven lost by the depth-first step at 293,495
    /// states in all, where with the best-first searches the rounds spent 300,000 states
    /// without a verdict.
    #[test]
    fn two_decks_without_a_redeal_leave_the_best_first_searches_out() {
        for id in ["forty-thieves", "streets", "maria", "limited"] {
            assert!(!two_decks(id).search_profile().best_first, "{id}");
        }
        // Spider has two decks and no redeal, but no waste: its rounds keep them.
        for id in [
            "little-forty",
            "backbone",
            "jumbo",
            "spider-4suits",
            "gypsy",
        ] {
            assert!(two_decks(id).search_profile().best_first, "{id}");
        }
        for id in ["klondike", "canfield"] {
            assert!(game(id).search_profile().best_first, "{id}");
        }
        // The trait's contract: a game without them keeps the complete depth-first search.
        let mut without = 0;
        for i in 0..crate::games::tableau::embedded_count() as u16 {
            if crate::games::tableau::preset(i).decks == 2 {
                let g = crate::games::tableau::TwoDecks::preset(i);
                assert!(
                    g.search_profile().best_first || g.search_profile().dfs,
                    "{i}"
                );
                without += usize::from(!g.search_profile().best_first);
            }
        }
        assert_eq!(
            without, 8,
            "the Forty Thieves family but Little Forty and Backbone"
        );
        let g = two_decks("forty-thieves");
        let s = g.pack(&g.deal(80)).expect("packs");
        let limits = Limits::none().with_nodes(300_000);
        let r = run_search(&g, s, Algorithm::Portfolio, &limits, DfsOrder::Game).expect("a search");
        assert!(matches!(r.outcome, Outcome::Unsolvable), "{:?}", r.outcome);
    }

    /// In the generator's order the depth-first step takes eight times its share: Klondike
    /// deal 62, lost in 88,790 states of depth-first search alone, is proven in the first
    /// round (its 320,000 states), after the first beam (at most 40,000) and nothing else;
    /// with the usual share (40,000 a round) the best-first searches and the second, wider
    /// beam would come first, 147,525 states in all.
    #[test]
    fn the_generators_order_proves_a_loss_in_the_first_round() {
        let g = game("klondike");
        let s = g.pack(&g.deal(62)).expect("packs");
        let limits = Limits::none().with_nodes(2_000_000);
        let alone = solvers::dfs(&g, s, &limits);
        assert!(matches!(alone.outcome, Outcome::Unsolvable));
        let r = run_search(&g, s, Algorithm::Portfolio, &limits, DfsOrder::Game).expect("a search");
        assert!(matches!(r.outcome, Outcome::Unsolvable));
        assert!(
            r.stats.expanded <= alone.stats.expanded + 40_000,
            "{} against {} alone",
            r.stats.expanded,
            alone.stats.expanded
        );
    }
}
