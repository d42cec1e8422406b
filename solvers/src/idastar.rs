//! Iterative-deepening A* with an explicit stack and a per-iteration transposition table.

use std::collections::hash_map::Entry;
use std::mem::size_of;

use rustc_hash::FxHashMap;

use crate::limits::Checker;
use crate::stack::{Stack, Step};
use crate::{successors, Limits, Outcome, Report, Space, Stats, Successor};

/// Iterative-deepening A* from `start`.
///
/// Each iteration is a depth-first search (explicit stack) that cuts states with
/// `f = g + h` above the threshold; the next threshold is the smallest `f` that was cut.
/// Within an iteration a transposition table maps each exact key to the smallest `g` at
/// which it was expanded, and a state reached again with a `g` no smaller is skipped (and
/// not counted as cut, whatever its `f`: its earlier expansion covers it). That
/// table also makes the cycle check on the current path: every state on the path is in it
/// with a `g` no larger than any later visit through a cycle (costs are non-negative).
///
/// With an admissible [`Space::heuristic`] the solution is optimal. An iteration that
/// completes without cutting any state has explored everything reachable: that gives
/// [`Outcome::Unsolvable`]. [`Limits::max_nodes`] counts expansions over all iterations;
/// [`Stats::stored`] is the largest table of any iteration.
pub fn idastar<S: Space>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }

    let mut tt: FxHashMap<S::Key, u64> = FxHashMap::default();
    // Every successor list of the current path, and the path cost of each level's state.
    let mut stack: Stack<Successor<S::Move, S::State>> = Stack::with_capacity(0, 0);
    let mut costs: Vec<u64> = Vec::new();
    let mut buf: Vec<Successor<S::Move, S::State>> = Vec::new();

    let memory = |tt: &FxHashMap<S::Key, u64>,
                  stack: &Stack<Successor<S::Move, S::State>>,
                  costs: &Vec<u64>,
                  buf: &Vec<Successor<S::Move, S::State>>| {
        let buckets = (tt.capacity() as u64) * 8 / 7;
        buckets * (size_of::<(S::Key, u64)>() as u64 + 1)
            + stack.memory_bytes()
            + (buf.capacity() * size_of::<Successor<S::Move, S::State>>()
                + costs.capacity() * size_of::<u64>()) as u64
    };

    let start_key = space.key(&start);
    let mut threshold = u64::from(space.heuristic(&start));

    let outcome = 'search: loop {
        tt.clear();
        stack.clear();
        costs.clear();
        tt.insert(start_key.clone(), 0);
        if let Some(reason) = checker.check(stats.expanded, memory(&tt, &stack, &costs, &buf)) {
            break Outcome::Unknown(reason);
        }
        successors(space, &start, &mut buf);
        stats.expanded += 1;
        stats.generated += buf.len() as u64;
        stack.push(&mut buf);
        costs.push(0);
        let mut next_threshold = u64::MAX;

        loop {
            let idx = match stack.step() {
                Step::Try(idx) => idx,
                Step::Popped => {
                    costs.pop();
                    continue;
                }
                Step::Empty => break,
            };
            let succ = stack.item(idx);
            let g = costs.last().expect("a cost per level") + u64::from(succ.cost);
            match tt.entry(space.key(&succ.state)) {
                // Expanded (or being expanded, as an ancestor) at a g no larger: whatever
                // this visit could reach, that one reaches too. Not a cut.
                Entry::Occupied(o) if *o.get() <= g => continue,
                entry => {
                    let f = g + u64::from(space.heuristic(&succ.state));
                    if f > threshold {
                        next_threshold = next_threshold.min(f);
                        continue;
                    }
                    match entry {
                        Entry::Occupied(mut o) => *o.get_mut() = g,
                        Entry::Vacant(v) => {
                            v.insert(g);
                        }
                    }
                }
            }
            if space.is_goal(&succ.state) {
                let path = stack.line().map(|s| s.mv).collect();
                stats.solution_cost = g;
                stats.stored = stats.stored.max(tt.len() as u64);
                break 'search Outcome::Solved(path);
            }
            if let Some(reason) = checker.check(stats.expanded, memory(&tt, &stack, &costs, &buf)) {
                stats.stored = stats.stored.max(tt.len() as u64);
                break 'search Outcome::Unknown(reason);
            }
            successors(space, &succ.state, &mut buf);
            stats.expanded += 1;
            stats.generated += buf.len() as u64;
            stack.push(&mut buf);
            costs.push(g);
        }
        stats.stored = stats.stored.max(tt.len() as u64);
        if next_threshold == u64::MAX {
            break Outcome::Unsolvable;
        }
        threshold = next_threshold;
    };
    checker.observe_memory(memory(&tt, &stack, &costs, &buf));
    checker.finish(outcome, stats)
}
