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
    DepthFirst::new(space, start, false).run(limits)
}

/// Depth-first search that tries the successors of each state best first by
/// [`Space::guide`] (ties in generation order): a hill-climb that backtracks. Like [`dfs`]
/// it never expands a state twice and is exhaustive, so it proves unsolvability too.
pub fn guided_dfs<S: Space>(space: &S, start: S::State, limits: &Limits) -> Report<S::Move> {
    DepthFirst::new(space, start, true).run(limits)
}

/// A depth-first search ([`dfs`], or [`guided_dfs`] when `guided`) that can stop at a
/// limit and go on later from where it stopped, its transposition table and path kept: a
/// schedule that gives it several slices of its budget (between other searches) wastes
/// nothing on starting over. Run to the end in one slice or in many, it expands the same
/// states in the same order and reaches the same verdict.
///
/// ```
/// use solvers::{DepthFirst, Limits, Outcome, Space, Successor};
/// // Walk from 0 to 1000 by +7 or -3, never below 0 or above 1000.
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
/// }
/// let mut search = DepthFirst::new(&Walk, 0, false);
/// let mut slices = 0;
/// let outcome = loop {
///     slices += 1;
///     match search.run(&Limits::none().with_nodes(50)).outcome {
///         Outcome::Unknown(_) => continue,
///         decided => break decided,
///     }
/// };
/// // The same line as one depth-first search without limits.
/// assert_eq!(outcome, solvers::dfs(&Walk, 0, &Limits::none()).outcome);
/// assert!(slices > 1);
/// ```
pub struct DepthFirst<'a, S: Space> {
    space: &'a S,
    guided: bool,
    start: Option<S::State>,
    visited: VisitedSet<S::Key>,
    // Every successor list of the current path.
    stack: Stack<Successor<S::Move, S::State>>,
    buf: Vec<Successor<S::Move, S::State>>,
    scored: Vec<Guided<S::Move, S::State>>,
    /// The keys of the successors being filled (`fill`).
    keys: Vec<S::Key>,
    /// The item entered (its key in `visited`) but not yet expanded when a limit stopped
    /// the last slice.
    pending: Option<usize>,
    /// The verdict, once reached (a later slice returns it again).
    decided: Option<Outcome<S::Move>>,
}

impl<'a, S: Space> DepthFirst<'a, S> {
    /// A search from `start`, not yet begun.
    pub fn new(space: &'a S, start: S::State, guided: bool) -> Self {
        DepthFirst {
            space,
            guided,
            start: Some(start),
            visited: VisitedSet::new(),
            stack: Stack::with_capacity(0, 0),
            buf: Vec::new(),
            scored: Vec::new(),
            keys: Vec::new(),
            pending: None,
            decided: None,
        }
    }

    /// The memory its table, path and buffers hold now (estimated as the limits read it).
    pub fn memory_bytes(&self) -> u64 {
        self.visited.memory_bytes()
            + self.stack.memory_bytes()
            + (self.buf.capacity() * size_of::<Successor<S::Move, S::State>>()) as u64
    }

    /// Runs until a verdict or until `limits` stop it (its node limit counts this slice's
    /// expansions). The report's statistics are this slice's, but `stored`, the states in
    /// the table so far.
    pub fn run(&mut self, limits: &Limits) -> Report<S::Move> {
        let mut checker = Checker::new(limits);
        let mut stats = Stats::default();
        if let Some(outcome) = &self.decided {
            stats.stored = self.visited.len() as u64;
            return checker.finish(outcome.clone(), stats);
        }
        let space = self.space;
        if let Some(start) = self.start.take() {
            if space.is_goal(&start) {
                self.decided = Some(Outcome::Solved(Vec::new()));
                return checker.finish(Outcome::Solved(Vec::new()), stats);
            }
            self.visited.insert(space.key(&start));
            if let Some(reason) = checker.check(0, self.memory_bytes()) {
                self.start = Some(start);
                self.visited = VisitedSet::new();
                return checker.finish(Outcome::Unknown(reason), stats);
            }
            stats.generated = fill(
                space,
                &start,
                self.guided,
                &self.visited,
                &mut self.buf,
                &mut self.scored,
                &mut self.keys,
            );
            stats.expanded = 1;
            self.stack.push(&mut self.buf);
        }

        let outcome = loop {
            let idx = match self.pending.take() {
                Some(idx) => idx,
                None => {
                    let idx = match self.stack.step() {
                        Step::Try(idx) => idx,
                        Step::Popped => continue,
                        Step::Empty => break Outcome::Unsolvable,
                    };
                    let state = &self.stack.item(idx).state;
                    if !self.visited.insert(space.key(state)) {
                        continue;
                    }
                    if space.is_goal(state) {
                        stats.solution_cost = self.stack.line().map(|s| u64::from(s.cost)).sum();
                        break Outcome::Solved(self.stack.line().map(|s| s.mv).collect());
                    }
                    if let Some(reason) = checker.check(stats.expanded, self.memory_bytes()) {
                        self.pending = Some(idx);
                        break Outcome::Unknown(reason);
                    }
                    idx
                }
            };
            let state = &self.stack.item(idx).state;
            stats.generated += fill(
                space,
                state,
                self.guided,
                &self.visited,
                &mut self.buf,
                &mut self.scored,
                &mut self.keys,
            );
            stats.expanded += 1;
            self.stack.push(&mut self.buf);
        };
        stats.stored = self.visited.len() as u64;
        checker.observe_memory(self.memory_bytes());
        if !matches!(outcome, Outcome::Unknown(_)) {
            self.decided = Some(outcome.clone());
        }
        checker.finish(outcome, stats)
    }
}

/// The successors of `state` into `buf` (cleared first), best first by their guide value
/// (stably) when `guided` (`scored` a buffer for them), leaving out those whose key is in
/// `visited` already: the search would skip them when it came to them (the table only
/// grows), so the search is the same, but their keys (into `keys`) are looked up here
/// together, their slots fetched from memory at once rather than one miss at a time, and
/// they take no room on the stack. Returns how many successors there were, the left-out
/// ones counted.
fn fill<S: Space>(
    space: &S,
    state: &S::State,
    guided: bool,
    visited: &VisitedSet<S::Key>,
    buf: &mut Vec<Successor<S::Move, S::State>>,
    scored: &mut Vec<Guided<S::Move, S::State>>,
    keys: &mut Vec<S::Key>,
) -> u64 {
    keys.clear();
    if guided {
        guided_successors(space, state, scored);
        keys.extend(scored.iter().map(|(s, _)| space.key(&s.state)));
    } else {
        successors(space, state, buf);
        keys.extend(buf.iter().map(|s| space.key(&s.state)));
    }
    keys.iter().for_each(|k| visited.prefetch(k));
    let mut seen = keys.iter().map(|k| visited.contains(k));
    let mut new = || !seen.next().expect("a key for each successor");
    if guided {
        scored.retain(|_| new());
        scored.sort_by_key(|(_, h)| *h);
        buf.clear();
        buf.extend(scored.drain(..).map(|(s, _)| s));
    } else {
        buf.retain(|_| new());
    }
    keys.len() as u64
}
