//! Beam search: breadth-first by layers, keeping only the best states of each layer by the
//! guide. Finds long winning lines in spaces too large for best-first search, at the price
//! of completeness.

use crate::limits::Checker;
use crate::table::ParentTable;
use crate::{guided_successors, Guided, Limits, Outcome, Report, Space, Stats, StopReason};

/// Beam search from `start`: each layer's successors not seen before (exact keys, over the
/// whole search) are ranked by [`Space::guide`] and the `width` best form the next layer.
/// The goal test is made on generation. The line found is valid, not necessarily short.
///
/// Sound: when a layer had to leave states out, an empty beam proves nothing and gives
/// [`Outcome::Unknown`] with [`StopReason::Pruned`]; only a search that never left a state
/// out (a breadth-first search of the whole space) gives [`Outcome::Unsolvable`].
pub fn beam<S: Space>(
    space: &S,
    start: S::State,
    width: usize,
    limits: &Limits,
) -> Report<S::Move> {
    let width = width.max(1);
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }
    let mut table: ParentTable<S::Key, S::Move> = ParentTable::new();
    let root = table.insert_root(space.key(&start));
    let mut layer: Vec<(u32, S::State)> = vec![(root, start)];
    let mut next: Vec<(u32, u32, S::State)> = Vec::new();
    let mut buf: Vec<Guided<S::Move, S::State>> = Vec::new();
    let mut pruned = false;
    let state_size = std::mem::size_of::<S::State>() as u64 + 8;
    let outcome = 'search: loop {
        if layer.is_empty() {
            break if pruned {
                Outcome::Unknown(StopReason::Pruned)
            } else {
                Outcome::Unsolvable
            };
        }
        for (idx, state) in layer.drain(..) {
            let memory = table.memory_bytes() + state_size * (width + next.len()) as u64;
            if let Some(reason) = checker.check(stats.expanded, memory) {
                break 'search Outcome::Unknown(reason);
            }
            guided_successors(space, &state, &mut buf);
            stats.expanded += 1;
            stats.generated += buf.len() as u64;
            let g = table.entry(idx).g;
            for (s, h) in buf.drain(..) {
                let key = space.key(&s.state);
                let Some(i) = table.insert_new(key, idx, s.mv, s.cost, g + u64::from(s.cost))
                else {
                    continue;
                };
                if space.is_goal(&s.state) {
                    let (path, cost) = table.path(i);
                    stats.solution_cost = cost;
                    break 'search Outcome::Solved(path);
                }
                next.push((h, i, s.state));
            }
        }
        if next.len() > width {
            pruned = true;
            next.select_nth_unstable_by_key(width, |&(h, i, _)| (h, i));
            next.truncate(width);
            // The selection leaves the kept states in an order that depends on the sort's
            // implementation (and with it on the state's size); the next layer is expanded
            // in this order, so fix it by the unique (h, i): the same results across builds.
            next.sort_unstable_by_key(|&(h, i, _)| (h, i));
        }
        layer.extend(next.drain(..).map(|(_, i, s)| (i, s)));
    };
    stats.stored = table.len() as u64;
    checker.finish(outcome, stats)
}
