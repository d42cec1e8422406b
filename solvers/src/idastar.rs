//! Iterative-deepening A* with an explicit stack and a per-iteration transposition table.

use std::collections::hash_map::Entry;
use std::mem::size_of;

use rustc_hash::FxHashMap;

use crate::limits::Checker;
use crate::{successors, Limits, Outcome, Report, Space, Stats, Successor};

/// A level of the explicit stack: the successors of a state at path cost `g` are
/// `arena[lo..hi]`, the next one to try is `arena[next]`, so the one being explored below
/// is `arena[next - 1]`.
struct Frame {
    lo: usize,
    hi: usize,
    next: usize,
    g: u64,
}

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
    let mut arena: Vec<Successor<S::Move, S::State>> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut buf: Vec<Successor<S::Move, S::State>> = Vec::new();

    let memory = |tt: &FxHashMap<S::Key, u64>,
                  arena: &Vec<Successor<S::Move, S::State>>,
                  frames: &Vec<Frame>,
                  buf: &Vec<Successor<S::Move, S::State>>| {
        let buckets = (tt.capacity() as u64) * 8 / 7;
        buckets * (size_of::<(S::Key, u64)>() as u64 + 1)
            + ((arena.capacity() + buf.capacity()) * size_of::<Successor<S::Move, S::State>>()
                + frames.capacity() * size_of::<Frame>()) as u64
    };

    let start_key = space.key(&start);
    let mut threshold = u64::from(space.heuristic(&start));

    let outcome = 'search: loop {
        tt.clear();
        arena.clear();
        frames.clear();
        tt.insert(start_key.clone(), 0);
        if let Some(reason) = checker.check(stats.expanded, memory(&tt, &arena, &frames, &buf)) {
            break Outcome::Unknown(reason);
        }
        successors(space, &start, &mut arena);
        stats.expanded += 1;
        stats.generated += arena.len() as u64;
        frames.push(Frame {
            lo: 0,
            hi: arena.len(),
            next: 0,
            g: 0,
        });
        let mut next_threshold = u64::MAX;

        while let Some(top) = frames.last_mut() {
            if top.next == top.hi {
                arena.truncate(top.lo);
                frames.pop();
                continue;
            }
            let idx = top.next;
            top.next += 1;
            let succ = &arena[idx];
            let g = top.g + u64::from(succ.cost);
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
                let path = frames.iter().map(|f| arena[f.next - 1].mv).collect();
                stats.solution_cost = g;
                stats.stored = stats.stored.max(tt.len() as u64);
                break 'search Outcome::Solved(path);
            }
            if let Some(reason) = checker.check(stats.expanded, memory(&tt, &arena, &frames, &buf))
            {
                stats.stored = stats.stored.max(tt.len() as u64);
                break 'search Outcome::Unknown(reason);
            }
            successors(space, &arena[idx].state, &mut buf);
            stats.expanded += 1;
            stats.generated += buf.len() as u64;
            let lo = arena.len();
            arena.append(&mut buf);
            frames.push(Frame {
                lo,
                hi: arena.len(),
                next: lo,
                g,
            });
        }
        stats.stored = stats.stored.max(tt.len() as u64);
        if next_threshold == u64::MAX {
            break Outcome::Unsolvable;
        }
        threshold = next_threshold;
    };
    checker.observe_memory(memory(&tt, &arena, &frames, &buf));
    checker.finish(outcome, stats)
}
