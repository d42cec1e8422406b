//! Greedy and weighted best-first search: fast, not optimal, exhaustive.

use crate::limits::Checker;
use crate::table::{open_search_memory, OpenList, ParentTable};
use crate::{guided_successors, Guided, Limits, Outcome, Report, Space, Stats};

/// How [`best_first`] orders its open list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BestFirstMode {
    /// By the heuristic `h` only (ties: larger `g`, then insertion order).
    Greedy,
    /// By `g + weight * h` (weighted A* without reopening). A weight of 1 orders like A*;
    /// larger weights trust the heuristic more. Negative or non-finite weights count as 0.
    Weighted {
        /// The weight of the heuristic.
        weight: f32,
    },
}

/// Fixed-point scale of the weight in [`BestFirstMode::Weighted`] priorities.
const WEIGHT_SCALE: f64 = 1024.0;

impl BestFirstMode {
    /// The priority of a state with path cost `g` and heuristic `h` (lower is first).
    fn priority(self, g: u64, h: u32) -> u64 {
        match self {
            BestFirstMode::Greedy => u64::from(h),
            BestFirstMode::Weighted { weight } => {
                let w = if weight.is_finite() && weight > 0.0 {
                    f64::from(weight)
                } else {
                    0.0
                };
                // `as` saturates, so huge weights cannot wrap around.
                let scaled_w = (w * WEIGHT_SCALE).round() as u64;
                g.saturating_mul(WEIGHT_SCALE as u64)
                    .saturating_add(scaled_w.saturating_mul(u64::from(h)))
            }
        }
    }
}

/// Best-first search from `start`, ordered by `mode`.
///
/// Each state is stored (by exact key, in a [`ParentTable`]) when first generated and never
/// expanded twice; the goal test is made on generation. The solution is a valid path but
/// not necessarily a cheapest one. Exhausting the space without reaching a goal gives
/// [`Outcome::Unsolvable`].
pub fn best_first<S: Space>(
    space: &S,
    start: S::State,
    mode: BestFirstMode,
    limits: &Limits,
) -> Report<S::Move> {
    BestFirst::new(space, start, mode).run(limits)
}

/// A [`best_first`] search that can be stopped by a limit and resumed: [`BestFirst::run`]
/// goes on where the last call stopped, keeping its table and open list, so slices of it
/// expand the states one run with their summed budget would, in the same order.
///
/// ```
/// use solvers::{BestFirst, BestFirstMode, Limits, Outcome, Space, Successor};
/// // Walk from 0 to 1000 by +7 or -3, never below 0 or above 1000; the guide is the
/// // distance left.
/// struct Walk;
/// impl Space for Walk {
///     type State = u32;
///     type Key = u32;
///     type Move = i8;
///     fn is_goal(&self, s: &u32) -> bool { *s == 1000 }
///     fn key(&self, s: &u32) -> u32 { *s }
///     fn expand(&self, s: &u32, out: &mut Vec<Successor<i8, u32>>) {
///         if *s >= 3 { out.push(Successor { mv: -3, state: s - 3, cost: 1 }); }
///         if *s <= 993 { out.push(Successor { mv: 7, state: s + 7, cost: 1 }); }
///     }
///     fn guide(&self, s: &u32) -> u32 { 1000 - *s }
/// }
/// let mode = BestFirstMode::Weighted { weight: 2.0 };
/// let mut search = BestFirst::new(&Walk, 0, mode);
/// let mut slices = 0;
/// let outcome = loop {
///     slices += 1;
///     match search.run(&Limits::none().with_nodes(20)).outcome {
///         Outcome::Unknown(_) => continue,
///         decided => break decided,
///     }
/// };
/// // The same line as one search without limits.
/// assert_eq!(outcome, solvers::best_first(&Walk, 0, mode, &Limits::none()).outcome);
/// assert!(slices > 1);
/// ```
pub struct BestFirst<'a, S: Space> {
    space: &'a S,
    mode: BestFirstMode,
    /// The start, until the first slice.
    start: Option<S::State>,
    table: ParentTable<S::Key, S::Move>,
    open: OpenList<S::State>,
    buf: Vec<Guided<S::Move, S::State>>,
    /// The verdict, once reached (a later slice returns it again).
    decided: Option<Outcome<S::Move>>,
}

impl<'a, S: Space> BestFirst<'a, S> {
    /// A search from `start`, not yet begun.
    pub fn new(space: &'a S, start: S::State, mode: BestFirstMode) -> Self {
        BestFirst {
            space,
            mode,
            start: Some(start),
            table: ParentTable::new(),
            open: OpenList::new(),
            buf: Vec::new(),
            decided: None,
        }
    }

    /// The bytes its table, open list and buffer hold (what it keeps between slices).
    pub fn memory_bytes(&self) -> u64 {
        open_search_memory(&self.table, &self.open, &self.buf)
    }

    /// Searches on until a verdict or a limit of `limits` (counted for this slice). The
    /// statistics are this slice's, but for `stored`, the states stored in all.
    pub fn run(&mut self, limits: &Limits) -> Report<S::Move> {
        let mut checker = Checker::new(limits);
        let mut stats = Stats::default();
        let space = self.space;
        if let Some(outcome) = &self.decided {
            stats.stored = self.table.len() as u64;
            return checker.finish(outcome.clone(), stats);
        }
        if let Some(start) = self.start.take() {
            if space.is_goal(&start) {
                self.decided = Some(Outcome::Solved(Vec::new()));
                return checker.finish(Outcome::Solved(Vec::new()), stats);
            }
            let root = self.table.insert_root(space.key(&start));
            let h0 = space.guide(&start);
            self.open.push(self.mode.priority(0, h0), 0, root, start);
        }
        let outcome = 'search: loop {
            if self.open.is_empty() {
                break Outcome::Unsolvable;
            }
            if let Some(reason) = checker.check(stats.expanded, self.memory_bytes()) {
                break Outcome::Unknown(reason);
            }
            let node = self.open.pop().expect("the open list is not empty");
            guided_successors(space, &node.state, &mut self.buf);
            stats.expanded += 1;
            stats.generated += self.buf.len() as u64;
            for (s, h) in self.buf.drain(..) {
                let g = node.g + u64::from(s.cost);
                let key = space.key(&s.state);
                let Some(i) = self.table.insert_new(key, node.idx, s.mv, s.cost, g) else {
                    continue;
                };
                if space.is_goal(&s.state) {
                    let (path, cost) = self.table.path(i);
                    stats.solution_cost = cost;
                    break 'search Outcome::Solved(path);
                }
                self.open.push(self.mode.priority(g, h), g, i, s.state);
            }
        };
        stats.stored = self.table.len() as u64;
        checker.observe_memory(self.memory_bytes());
        if !matches!(outcome, Outcome::Unknown(_)) {
            self.decided = Some(outcome.clone());
        }
        checker.finish(outcome, stats)
    }
}
