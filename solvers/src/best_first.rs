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
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }
    let mut table: ParentTable<S::Key, S::Move> = ParentTable::new();
    let mut open: OpenList<S::State> = OpenList::new();
    let mut buf: Vec<Guided<S::Move, S::State>> = Vec::new();

    let root = table.insert_root(space.key(&start));
    let h0 = space.guide(&start);
    open.push(mode.priority(0, h0), 0, root, start);

    let outcome = 'search: loop {
        let Some(node) = open.pop() else {
            break Outcome::Unsolvable;
        };
        if let Some(reason) = checker.check(stats.expanded, open_search_memory(&table, &open, &buf))
        {
            break Outcome::Unknown(reason);
        }
        guided_successors(space, &node.state, &mut buf);
        stats.expanded += 1;
        stats.generated += buf.len() as u64;
        for (s, h) in buf.drain(..) {
            let g = node.g + u64::from(s.cost);
            let key = space.key(&s.state);
            let Some(i) = table.insert_new(key, node.idx, s.mv, s.cost, g) else {
                continue;
            };
            if space.is_goal(&s.state) {
                let (path, cost) = table.path(i);
                stats.solution_cost = cost;
                break 'search Outcome::Solved(path);
            }
            open.push(mode.priority(g, h), g, i, s.state);
        }
    };
    stats.stored = table.len() as u64;
    checker.observe_memory(open_search_memory(&table, &open, &buf));
    checker.finish(outcome, stats)
}
