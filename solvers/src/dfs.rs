//! Depth-first search with an explicit stack and an exact transposition table.

use std::mem::size_of;

use crate::limits::Checker;
use crate::stack::{Stack, Step};
use crate::table::VisitedSet;
use crate::{
    guided_successors, successors, Guided, Limits, Outcome, Report, Space, Stats, Successor,
};

/// Depth-first search from `start`.
///
/// Iterative (an explicit stack, so depth is only bounded by memory), successors tried in
/// the order [`successors`] gives them (so [`Space::forced`] is honoured), and a state is
/// never expanded twice: its exact key enters a [`VisitedSet`] when it is first selected.
/// The path returned is the first one found, not a cheapest one. Exhausting the space
/// without reaching a goal gives [`Outcome::Unsolvable`].
pub fn dfs<S: Space>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    depth_first(space, start, limits, false)
}

/// Depth-first search that tries the successors of each state best first by
/// [`Space::guide`] (ties in generation order): a hill-climb that backtracks. Like [`dfs`]
/// it never expands a state twice and is exhaustive, so it proves unsolvability too; each
/// state's key is only computed when the search selects it.
pub fn guided_dfs<S: Space>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    depth_first(space, start, limits, true)
}

fn depth_first<S: Space>(
    space: &S,
    start: S::State,
    limits: &Limits,
    guided: bool,
) -> Report<S::Move> {
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }

    let mut visited: VisitedSet<S::Key> = VisitedSet::new();
    // Every successor list of the current path.
    let mut stack: Stack<Successor<S::Move, S::State>> = Stack::with_capacity(0, 0);
    let mut buf: Vec<Successor<S::Move, S::State>> = Vec::new();

    let memory = |visited: &VisitedSet<S::Key>,
                  stack: &Stack<Successor<S::Move, S::State>>,
                  buf: &Vec<Successor<S::Move, S::State>>| {
        visited.memory_bytes()
            + stack.memory_bytes()
            + (buf.capacity() * size_of::<Successor<S::Move, S::State>>()) as u64
    };

    visited.insert(space.key(&start));
    if let Some(reason) = checker.check(0, memory(&visited, &stack, &buf)) {
        stats.stored = visited.len() as u64;
        return checker.finish(Outcome::Unknown(reason), stats);
    }
    let mut scored: Vec<Guided<S::Move, S::State>> = Vec::new();
    fill(space, &start, guided, &mut buf, &mut scored);
    stats.expanded = 1;
    stats.generated = buf.len() as u64;
    stack.push(&mut buf);

    let outcome = loop {
        let idx = match stack.step() {
            Step::Try(idx) => idx,
            Step::Popped => continue,
            Step::Empty => break Outcome::Unsolvable,
        };
        let state = &stack.item(idx).state;
        if !visited.insert(space.key(state)) {
            continue;
        }
        if space.is_goal(state) {
            stats.solution_cost = stack.line().map(|s| u64::from(s.cost)).sum();
            break Outcome::Solved(stack.line().map(|s| s.mv).collect());
        }
        if let Some(reason) = checker.check(stats.expanded, memory(&visited, &stack, &buf)) {
            break Outcome::Unknown(reason);
        }
        fill(space, state, guided, &mut buf, &mut scored);
        stats.expanded += 1;
        stats.generated += buf.len() as u64;
        stack.push(&mut buf);
    };
    stats.stored = visited.len() as u64;
    checker.observe_memory(memory(&visited, &stack, &buf));
    checker.finish(outcome, stats)
}

/// The successors of `state` into `out` (cleared first), best first by their guide value
/// (stably) when `guided`; `scratch` is a buffer for the guided ones.
fn fill<S: Space>(
    space: &S,
    state: &S::State,
    guided: bool,
    out: &mut Vec<Successor<S::Move, S::State>>,
    scratch: &mut Vec<Guided<S::Move, S::State>>,
) {
    if !guided {
        successors(space, state, out);
        return;
    }
    guided_successors(space, state, scratch);
    scratch.sort_by_key(|(_, h)| *h);
    out.clear();
    out.extend(scratch.drain(..).map(|(s, _)| s));
}
