//! Scans: depth-first searches over moves that make a state only when they visit it, and
//! merge states by a 64-bit fingerprint. Incomplete by design: they look for a win fast and
//! prove nothing when they find none.

use std::fmt::Debug;
use std::mem::size_of;

use crate::limits::Checker;
use crate::stack::{Stack, Step};
use crate::table::VisitedSet;
use crate::{Limits, Outcome, Report, Stats, StopReason};

/// A move listed by [`MoveSpace::moves`]: the move, a fingerprint of the state it leads to,
/// and its place in the order of the scan (lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove<M> {
    /// The move.
    pub mv: M,
    /// [`MoveSpace::fingerprint`] of the state the move leads to.
    pub fingerprint: u64,
    /// The scan tries a state's moves by this value, lowest first (ties in listed order).
    pub order: u32,
}

/// A search space for [`scan`]: each move comes with what the scan needs to order it and to
/// skip it, worked out without making the state it leads to, which the scan makes
/// ([`MoveSpace::play`]) only when it goes there. In a scan that wins within a few hundred
/// states most moves are never played, so this saves the work of making their states.
pub trait MoveSpace {
    /// A state, made only for the states the scan visits.
    type State: Clone;
    /// A move, small and `Copy`.
    type Move: Copy + Debug;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// A 64-bit hash of `state` (the same for positions with the same future, such as
    /// piles in another order). Two positions with one fingerprint are taken for one: a
    /// scan may then miss a win, which is why its failures prove nothing.
    fn fingerprint(&self, state: &Self::State) -> u64;
    /// Appends every move of `state` (which the caller has cleared).
    fn moves(&self, state: &Self::State, out: &mut Vec<ScoredMove<Self::Move>>);
    /// The state after `mv`, one of the moves of `state`.
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Self::State;
}

/// The states a scan makes room for at its start (fewer under a smaller node limit).
const SCAN_ROOM: usize = 512;

/// A depth-first scan from `start`: each state's moves are tried by their order value
/// (ties in the order listed), a state is entered once per fingerprint, and only the states
/// entered are made. It returns the first win found, or [`Outcome::Unknown`]: with
/// [`StopReason::Pruned`] when it has tried every move (fingerprints may have merged
/// positions, and the space may leave moves out, so that is no proof), or with the limit
/// that stopped it.
pub fn scan<S: MoveSpace>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }
    // Scans are short and many: room for a few thousand states at once saves growing the
    // tables step by step (a node limit below that bounds them).
    let room = limits
        .max_nodes
        .map_or(SCAN_ROOM, |m| m.min(SCAN_ROOM as u64) as usize);
    let mut visited: VisitedSet<u64> = VisitedSet::with_capacity(2 * room);
    // The moves of each state of the current path, and those states.
    let mut stack: Stack<ScoredMove<S::Move>> = Stack::with_capacity(room, 4 * room);
    let mut path: Vec<S::State> = Vec::with_capacity(room);
    let mut buf: Vec<ScoredMove<S::Move>> = Vec::with_capacity(64);
    let memory = |visited: &VisitedSet<u64>,
                  stack: &Stack<ScoredMove<S::Move>>,
                  path: &Vec<S::State>,
                  buf: &Vec<ScoredMove<S::Move>>| {
        visited.memory_bytes()
            + stack.memory_bytes()
            + (buf.capacity() * size_of::<ScoredMove<S::Move>>()
                + path.capacity() * size_of::<S::State>()) as u64
    };

    visited.insert(space.fingerprint(&start));
    if let Some(reason) = checker.check(0, memory(&visited, &stack, &path, &buf)) {
        stats.stored = visited.len() as u64;
        return checker.finish(Outcome::Unknown(reason), stats);
    }
    ordered_moves(space, &start, &mut buf);
    stats.expanded = 1;
    stats.generated = buf.len() as u64;
    stack.push(&mut buf);
    path.push(start);

    let outcome = loop {
        let idx = match stack.step() {
            Step::Try(idx) => idx,
            Step::Popped => {
                path.pop();
                continue;
            }
            Step::Empty => break Outcome::Unknown(StopReason::Pruned),
        };
        let scored = stack.item(idx);
        if !visited.insert(scored.fingerprint) {
            continue;
        }
        let state = space.play(path.last().expect("a state per level"), &scored.mv);
        if space.is_goal(&state) {
            break Outcome::Solved(stack.line().map(|m| m.mv).collect());
        }
        if let Some(reason) = checker.check(stats.expanded, memory(&visited, &stack, &path, &buf)) {
            break Outcome::Unknown(reason);
        }
        ordered_moves(space, &state, &mut buf);
        stats.expanded += 1;
        stats.generated += buf.len() as u64;
        stack.push(&mut buf);
        path.push(state);
    };
    if let Outcome::Solved(line) = &outcome {
        stats.solution_cost = line.len() as u64;
    }
    stats.stored = visited.len() as u64;
    checker.observe_memory(memory(&visited, &stack, &path, &buf));
    checker.finish(outcome, stats)
}

/// The moves of `state` into `out` (cleared first), by their order value (stably).
fn ordered_moves<S: MoveSpace>(space: &S, state: &S::State, out: &mut Vec<ScoredMove<S::Move>>) {
    out.clear();
    space.moves(state, out);
    out.sort_by_key(|m| m.order);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting up from 0 by +1 or +2 to a target; moves ordered by distance left, and
    /// states fingerprinted by their value (exactly, here).
    struct Count {
        target: u32,
        /// The +2 move is left out when false.
        twos: bool,
        /// Whether reaching the target wins.
        wins: bool,
    }

    impl MoveSpace for Count {
        type State = u32;
        type Move = u32;
        fn is_goal(&self, s: &u32) -> bool {
            self.wins && *s == self.target
        }
        fn fingerprint(&self, s: &u32) -> u64 {
            u64::from(*s)
        }
        fn moves(&self, s: &u32, out: &mut Vec<ScoredMove<u32>>) {
            for step in [1, 2] {
                let t = s + step;
                if t <= self.target && (step == 1 || self.twos) {
                    out.push(ScoredMove {
                        mv: step,
                        fingerprint: u64::from(t),
                        order: self.target - t,
                    });
                }
            }
        }
        fn play(&self, s: &u32, mv: &u32) -> u32 {
            s + mv
        }
    }

    fn count(target: u32, twos: bool, wins: bool) -> Count {
        Count { target, twos, wins }
    }

    #[test]
    fn a_scan_follows_the_order_to_a_win() {
        let r = scan(&count(7, true, true), 0, &Limits::none());
        // Best first: +2 three times, then +1.
        assert_eq!(r.outcome, Outcome::Solved(vec![2, 2, 2, 1]));
        assert_eq!(r.stats.expanded, 4);
        assert_eq!(r.stats.solution_len, 4);
    }

    #[test]
    fn a_scan_without_a_win_is_no_proof() {
        let r = scan(&count(5, false, false), 0, &Limits::none());
        assert_eq!(r.outcome, Outcome::Unknown(StopReason::Pruned));
        assert_eq!(r.stats.expanded, 6);
    }

    #[test]
    fn a_scan_enters_a_fingerprint_once() {
        // Thirteen paths of +1 and +2 lead from 0 to 5, but each of the six values is
        // entered once.
        let r = scan(&count(5, true, false), 0, &Limits::none());
        assert_eq!(r.outcome, Outcome::Unknown(StopReason::Pruned));
        assert_eq!(r.stats.expanded, 6);
        assert_eq!(r.stats.stored, 6);
    }

    #[test]
    fn a_scan_stops_at_its_node_limit() {
        let r = scan(&count(100, false, true), 0, &Limits::none().with_nodes(10));
        assert_eq!(r.outcome, Outcome::Unknown(StopReason::Nodes));
        assert_eq!(r.stats.expanded, 10);
    }
}
