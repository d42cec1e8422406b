//! A* with an exact-key parent table and reopening.

use crate::limits::Checker;
use crate::table::{open_search_memory, Insertion, OpenList, ParentTable};
use crate::{successors, Limits, Outcome, Report, Space, Stats, Successor};

/// A* search from `start`.
///
/// The open list is a binary heap on `f = g + h`, ties broken on larger `g`, then on
/// insertion order (so the search is deterministic). States are merged by exact key in a
/// [`ParentTable`] that keeps the best `g`; a state reached again more cheaply is re-parented
/// and reopened, so an admissible but inconsistent heuristic still gives an optimal
/// solution. The goal test is made when a state is selected for expansion.
///
/// With an admissible [`Space::heuristic`] and costs of at least 1, the solution is optimal.
/// Exhausting the space without reaching a goal gives [`Outcome::Unsolvable`].
pub fn astar<S: Space>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    let mut table: ParentTable<S::Key, S::Move> = ParentTable::new();
    let mut open: OpenList<S::State> = OpenList::new();
    let mut buf: Vec<Successor<S::Move, S::State>> = Vec::new();

    let root = table.insert_root(space.key(&start));
    let h0 = u64::from(space.heuristic(&start));
    open.push(h0, 0, root, start);

    let outcome = loop {
        let Some(node) = open.pop() else {
            break Outcome::Unsolvable;
        };
        if node.g > table.entry(node.idx).g {
            continue; // stale: the state was reached more cheaply since
        }
        if space.is_goal(&node.state) {
            let (path, cost) = table.path(node.idx);
            stats.solution_cost = cost;
            break Outcome::Solved(path);
        }
        if let Some(reason) = checker.check(stats.expanded, open_search_memory(&table, &open, &buf))
        {
            break Outcome::Unknown(reason);
        }
        successors(space, &node.state, &mut buf);
        stats.expanded += 1;
        stats.generated += buf.len() as u64;
        for s in buf.drain(..) {
            let g = node.g + u64::from(s.cost);
            let key = space.key(&s.state);
            match table.insert_or_improve(key, node.idx, Some(s.mv), s.cost, g) {
                Insertion::New(i) | Insertion::Improved(i) => {
                    let f = g + u64::from(space.heuristic(&s.state));
                    open.push(f, g, i, s.state);
                }
                Insertion::Kept(_) => {}
            }
        }
    };
    stats.stored = table.len() as u64;
    checker.observe_memory(open_search_memory(&table, &open, &buf));
    checker.finish(outcome, stats)
}
