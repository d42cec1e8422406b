//! Game-agnostic search with exact transposition tables.
//!
//! A search problem is anything that implements [`Space`]: it expands a state into
//! successors, tests for the goal and gives an *exact* key for the transposition table.
//! The searches are free functions named after their algorithm ([`dfs`], [`astar`],
//! [`idastar`], [`best_first`]); each takes the space, a start state and [`Limits`], and
//! returns a [`Report`]: an [`Outcome`] plus [`Stats`].
//!
//! [`scan`] is the exception: a depth-first search over a [`MoveSpace`], whose moves carry
//! a 64-bit fingerprint of the state they lead to, so that states are made only when the
//! scan enters them. It looks for a win quickly and never claims more: when it runs out of
//! moves it reports [`Outcome::Unknown`] ([`StopReason::Pruned`]).
//!
//! Soundness contract: [`Outcome::Unsolvable`] is only returned after an exhaustive search
//! in which states were merged by their exact key, so it is a proof relative to the space's
//! moves and its [`Space::forced`] dominance. Any limit gives [`Outcome::Unknown`].

#![warn(missing_docs)]

mod astar;
mod beam;
mod best_first;
mod dfs;
mod idastar;
mod limits;
mod scan;
mod shortcut;
mod stack;
mod table;

pub use astar::astar;
pub use beam::beam;
pub use best_first::{best_first, BestFirst, BestFirstMode};
pub use dfs::{dfs, guided_dfs, DepthFirst, SlicedSearch};
pub use idastar::idastar;
pub use limits::{Limits, StopReason};
pub use scan::{scan, MoveSpace, ScoredMove};
pub use shortcut::shortcut;
pub use table::{Insertion, ParentEntry, ParentTable, VisitedSet, NO_PARENT};

use std::hash::Hash;
use std::time::Duration;

/// One successor of a state: the move that leads to it, the new state and the move's cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor<M, S> {
    /// The move played.
    pub mv: M,
    /// The state after the move.
    pub state: S,
    /// The cost of the move (at least 1 for the optimality claims of A* and IDA*).
    pub cost: u32,
}

/// A search space: what a search needs to know of a game, and nothing about cards.
pub trait Space {
    /// A state of the search. Small and cheap to clone (ideally `Copy`).
    type State: Clone;
    /// An exact key: two states with equal keys must have exactly the same futures.
    type Key: Eq + Hash + Clone;
    /// A move, small and `Copy`.
    type Move: Copy + std::fmt::Debug;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// The exact transposition key of `state` (canonical form where order does not matter).
    fn key(&self, state: &Self::State) -> Self::Key;
    /// Appends every successor of `state` to `out` (which the caller has cleared).
    fn expand(&self, state: &Self::State, out: &mut Vec<Successor<Self::Move, Self::State>>);
    /// A lower bound on the remaining cost (admissible, for A* and IDA* optimality).
    /// Default 0.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }
    /// An estimate of the remaining effort that need not be admissible, used only to order
    /// best-first searches (greedy and weighted). Default: [`Space::heuristic`].
    fn guide(&self, state: &Self::State) -> u32 {
        self.heuristic(state)
    }
    /// A move that provably keeps every win (a dominance): when it returns `Some`, the
    /// searches take this move as the only successor. Default: none.
    fn forced(&self, _state: &Self::State) -> Option<Successor<Self::Move, Self::State>> {
        None
    }
    /// Appends every successor of `state`, as [`Space::expand`] lists them, each with its
    /// [`Space::guide`] value (for the best-first searches). The default calls both; a game
    /// overrides it when it can work a successor's guide out from the move more cheaply than
    /// from the whole state.
    fn guided_expand(&self, state: &Self::State, out: &mut Vec<Guided<Self::Move, Self::State>>) {
        let mut succ = Vec::new();
        self.expand(state, &mut succ);
        out.extend(succ.into_iter().map(|s| {
            let guide = self.guide(&s.state);
            (s, guide)
        }));
    }
    /// Appends to `out` the [`Space::guide`] value of each of `succ`, successors of `state`
    /// (some or all of those [`Space::expand`] or [`Space::forced`] give), in their order.
    /// The depth-first search calls it once it has left out the successors already seen,
    /// so that it guides only those it will try. The default calls [`Space::guide`] on each;
    /// a game overrides it, as [`Space::guided_expand`], when it can do better from the
    /// moves.
    fn guide_successors(
        &self,
        _state: &Self::State,
        succ: &[Successor<Self::Move, Self::State>],
        out: &mut Vec<u32>,
    ) {
        out.extend(succ.iter().map(|s| self.guide(&s.state)));
    }
    /// The state `mv` leads to from `state`, for every move [`Space::expand`] or
    /// [`Space::forced`] gives there (the same state as their successor), where the game
    /// can make it from the move alone; `None` where it cannot (the default), for every
    /// move alike. The depth-first search then keeps each level of its path as one state
    /// and the moves still to try, rather than every successor whole with its key: a tenth
    /// of the memory or less where lines run deep.
    fn successor_of(&self, _state: &Self::State, _mv: &Self::Move) -> Option<Self::State> {
        None
    }
    /// Appends to `out` the [`Space::key`] of each of `succ`, successors of `state` (those
    /// [`Space::expand`] or [`Space::forced`] give), in their order; `key` is `state`'s own
    /// [`Space::key`]. The depth-first search keys every successor it makes this way; the
    /// default calls [`Space::key`] on each, and a game overrides it when it can work a
    /// successor's key out from its parent's (or its parent's key) more cheaply (the keys
    /// must be the same).
    fn successor_keys(
        &self,
        _state: &Self::State,
        _key: &Self::Key,
        succ: &[Successor<Self::Move, Self::State>],
        out: &mut Vec<Self::Key>,
    ) {
        out.extend(succ.iter().map(|s| self.key(&s.state)));
    }
}

/// `inner` with another heuristic: `score` is both its [`Space::heuristic`] and its
/// [`Space::guide`]; moves, keys, goals and forced moves stay `inner`'s. This is how a
/// benchmark compares heuristics on one game, and how a user plugs in their own without
/// touching the game. A* and IDA* claim optimal costs only when `score` is admissible.
///
/// ```
/// use solvers::{astar, Limits, Outcome, Scored, Space, Successor};
/// // Walk from 0 to 10 by +1 or +3.
/// struct Line;
/// impl Space for Line {
///     type State = u32;
///     type Key = u32;
///     type Move = u32;
///     fn is_goal(&self, s: &u32) -> bool { *s == 10 }
///     fn key(&self, s: &u32) -> u32 { *s }
///     fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, u32>>) {
///         for step in [1, 3] {
///             if s + step <= 10 {
///                 out.push(Successor { mv: step, state: s + step, cost: 1 });
///             }
///         }
///     }
/// }
/// // An admissible heuristic of our own: at least (10 - s) / 3 moves remain.
/// let mine = Scored { inner: &Line, score: |s: &u32| (10 - s).div_ceil(3) };
/// let report = astar(&mine, 0, &Limits::none());
/// assert!(matches!(report.outcome, Outcome::Solved(ref line) if line.len() == 4));
/// ```
pub struct Scored<'a, S, F> {
    /// The space searched.
    pub inner: &'a S,
    /// The heuristic and guide used instead of `inner`'s.
    pub score: F,
}

impl<S: Space, F: Fn(&S::State) -> u32> Space for Scored<'_, S, F> {
    type State = S::State;
    type Key = S::Key;
    type Move = S::Move;
    fn is_goal(&self, state: &S::State) -> bool {
        self.inner.is_goal(state)
    }
    fn key(&self, state: &S::State) -> S::Key {
        self.inner.key(state)
    }
    fn expand(&self, state: &S::State, out: &mut Vec<Successor<S::Move, S::State>>) {
        self.inner.expand(state, out)
    }
    fn heuristic(&self, state: &S::State) -> u32 {
        (self.score)(state)
    }
    fn guide(&self, state: &S::State) -> u32 {
        (self.score)(state)
    }
    fn forced(&self, state: &S::State) -> Option<Successor<S::Move, S::State>> {
        self.inner.forced(state)
    }
    fn successor_keys(
        &self,
        state: &S::State,
        key: &S::Key,
        succ: &[Successor<S::Move, S::State>],
        out: &mut Vec<S::Key>,
    ) {
        self.inner.successor_keys(state, key, succ, out)
    }
    fn successor_of(&self, state: &S::State, mv: &S::Move) -> Option<S::State> {
        self.inner.successor_of(state, mv)
    }
}

/// A successor and its [`Space::guide`] value (see [`Space::guided_expand`]).
pub type Guided<M, S> = (Successor<M, S>, u32);

/// The verdict of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<M> {
    /// A path from the start to a goal.
    Solved(Vec<M>),
    /// The search was exhaustive and found no goal: a proof of unsolvability.
    Unsolvable,
    /// A limit stopped the search before it could decide.
    Unknown(StopReason),
}

impl<M> Outcome<M> {
    /// A short word for the verdict: `solved`, `unsolvable` or `unknown`.
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Unknown(_) => "unknown",
        }
    }
}

/// What a search measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successor states generated.
    pub generated: u64,
    /// States stored in the transposition table at the end (or at most, for IDA*).
    pub stored: u64,
    /// Peak of the estimated memory used by tables and open lists, in bytes.
    pub peak_memory: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Total cost of the solution found (0 if none).
    pub solution_cost: u64,
    /// Number of moves of the solution found (0 if none).
    pub solution_len: u64,
}

/// The result of a search: verdict and statistics.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// The verdict.
    pub outcome: Outcome<M>,
    /// The statistics.
    pub stats: Stats,
}

/// The successors of `state` with their guide values, honouring [`Space::forced`].
pub fn guided_successors<S: Space>(
    space: &S,
    state: &S::State,
    out: &mut Vec<Guided<S::Move, S::State>>,
) {
    out.clear();
    if let Some(forced) = space.forced(state) {
        let guide = space.guide(&forced.state);
        out.push((forced, guide));
    } else {
        space.guided_expand(state, out);
    }
}

/// The successors of `state`, honouring [`Space::forced`]: a forced move is the only one.
pub fn successors<S: Space>(
    space: &S,
    state: &S::State,
    out: &mut Vec<Successor<S::Move, S::State>>,
) {
    out.clear();
    if let Some(forced) = space.forced(state) {
        out.push(forced);
    } else {
        space.expand(state, out);
    }
}

#[cfg(test)]
pub(crate) mod puzzles;
