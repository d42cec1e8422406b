//! Depth-first search with an explicit stack and an exact transposition table.

use std::mem::size_of;

use crate::limits::Checker;
use crate::stack::{Stack, Step};
use crate::table::VisitedSet;
use crate::{successors, Limits, Outcome, Report, Space, Stats, Successor};

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
    space: Held<'a, S>,
    guided: bool,
    start: Option<S::State>,
    visited: VisitedSet<S::Key>,
    /// The current path: its levels of successors still to try.
    path: Path<S>,
    /// Buffers of `fill`, kept to spare an allocation per expansion.
    buffers: Buffers<S>,
    /// The start, where the space makes successors from their moves
    /// ([`Space::successor_of`]): the bottom of the path if it is kept as moves.
    root: Option<S::State>,
    /// The bytes past which a path of whole successors is kept as moves ([`MOVES_PAST`]).
    moves_past: u64,
    /// The item entered (its key in `visited`) but not yet expanded when a limit stopped
    /// the last slice.
    pending: Option<usize>,
    /// The verdict, once reached (a later slice returns it again).
    decided: Option<Outcome<S::Move>>,
}

/// The space a search walks: the caller's, or one the search owns (a space made for it,
/// such as a game's fast path for some rules).
enum Held<'a, S> {
    Borrowed(&'a S),
    Owned(S),
}

impl<S> std::ops::Deref for Held<'_, S> {
    type Target = S;
    fn deref(&self) -> &S {
        match self {
            Held::Borrowed(s) => s,
            Held::Owned(s) => s,
        }
    }
}

/// A search that runs in slices, each until a verdict or a limit, going on from where the
/// last one stopped ([`DepthFirst`] over any space, seen through its moves alone): so a
/// caller can hold the depth-first search of a space a game chose for it.
pub trait SlicedSearch<M> {
    /// The next slice (see [`DepthFirst::run`]).
    fn run(&mut self, limits: &Limits) -> Report<M>;
    /// The memory the search holds now (see [`DepthFirst::memory_bytes`]).
    fn memory_bytes(&self) -> u64;
}

impl<S: Space> SlicedSearch<S::Move> for DepthFirst<'_, S> {
    fn run(&mut self, limits: &Limits) -> Report<S::Move> {
        DepthFirst::run(self, limits)
    }
    fn memory_bytes(&self) -> u64 {
        DepthFirst::memory_bytes(self)
    }
}

impl<'a, S: Space> DepthFirst<'a, S> {
    /// A search from `start`, not yet begun.
    pub fn new(space: &'a S, start: S::State, guided: bool) -> Self {
        Self::over(Held::Borrowed(space), start, guided)
    }

    /// A search from `start` over a space it owns, not yet begun.
    pub fn owning(space: S, start: S::State, guided: bool) -> Self {
        Self::over(Held::Owned(space), start, guided)
    }

    fn over(space: Held<'a, S>, start: S::State, guided: bool) -> Self {
        DepthFirst {
            space,
            guided,
            start: Some(start),
            visited: VisitedSet::new(),
            path: Path::NotBegun,
            root: None,
            moves_past: MOVES_PAST,
            buffers: Buffers {
                succ: Vec::new(),
                keys: Vec::new(),
                guides: Vec::new(),
                order: Vec::new(),
                slots: Vec::new(),
                items: Vec::new(),
            },
            pending: None,
            decided: None,
        }
    }

    /// The same search keeping its path as moves once it holds more than `bytes` (for the
    /// tests: 0 from the first level on).
    #[cfg(test)]
    pub(crate) fn with_moves_past(mut self, bytes: u64) -> Self {
        self.moves_past = bytes;
        self
    }

    /// Whether the path is kept as moves now (for the tests).
    #[cfg(test)]
    pub(crate) fn path_is_moves(&self) -> bool {
        matches!(self.path, Path::Moves { .. })
    }

    /// The memory its table, path and buffers hold now (estimated as the limits read it).
    pub fn memory_bytes(&self) -> u64 {
        self.visited.memory_bytes() + self.path.memory_bytes() + self.buffers.memory_bytes()
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
        let space = &*self.space;
        if let Some(start) = self.start.take() {
            if space.is_goal(&start) {
                self.decided = Some(Outcome::Solved(Vec::new()));
                return checker.finish(Outcome::Solved(Vec::new()), stats);
            }
            let key = space.key(&start);
            self.visited.insert(key.clone());
            if let Some(reason) = checker.check(0, self.memory_bytes()) {
                self.start = Some(start);
                self.visited = VisitedSet::new();
                return checker.finish(Outcome::Unknown(reason), stats);
            }
            stats.generated = self
                .buffers
                .fill(space, &start, &key, self.guided, &self.visited);
            stats.expanded = 1;
            // The start is kept where the space makes successors from their moves: the
            // bottom of the path if it is kept as moves once deep.
            let rebuilds = self
                .buffers
                .items
                .first()
                .is_some_and(|(succ, _)| space.successor_of(&start, &succ.mv).is_some());
            self.root = rebuilds.then_some(start);
            self.path = Path::Whole(Stack::with_capacity(0, 0));
            self.path.push(&mut self.buffers.items);
        }

        let outcome = loop {
            let (idx, key) = match self.pending.take() {
                Some(idx) => (idx, space.key(self.path.tried(idx))),
                None => {
                    let idx = match self.path.step() {
                        Step::Try(idx) => idx,
                        Step::Popped => continue,
                        Step::Empty => break Outcome::Unsolvable,
                    };
                    let key = self.path.enter(space, idx);
                    if !self.visited.insert(key.clone()) {
                        continue;
                    }
                    if space.is_goal(self.path.tried(idx)) {
                        let (line, cost) = self.path.line();
                        stats.solution_cost = cost;
                        break Outcome::Solved(line);
                    }
                    if let Some(reason) = checker.check(stats.expanded, self.memory_bytes()) {
                        self.pending = Some(idx);
                        break Outcome::Unknown(reason);
                    }
                    (idx, key)
                }
            };
            let state = self.path.tried(idx);
            stats.generated += self
                .buffers
                .fill(space, state, &key, self.guided, &self.visited);
            stats.expanded += 1;
            self.path.push(&mut self.buffers.items);
            // Looked at now and then: the path grows by a level per expansion at most.
            let look = stats.expanded % 64 == 0 || self.moves_past == 0;
            if let (true, Path::Whole(stack), Some(root)) = (look, &self.path, &self.root) {
                if stack.memory_bytes() > self.moves_past {
                    self.path = Path::as_moves(stack, root);
                }
            }
        };
        stats.stored = self.visited.len() as u64;
        checker.observe_memory(self.memory_bytes());
        if !matches!(outcome, Outcome::Unknown(_)) {
            self.decided = Some(outcome.clone());
        }
        checker.finish(outcome, stats)
    }
}

/// How many bytes a path of whole successors may hold before it is kept as moves instead
/// ([`Path::Moves`], where the space makes successors from their moves): below it the
/// whole successors spare a key and a move played again per state tried, above it the
/// moves spare memory.
const MOVES_PAST: u64 = 64 << 20;

/// The path of a [`DepthFirst`]: per level, the successors of one state still to try.
enum Path<S: Space> {
    /// Not begun.
    NotBegun,
    /// Each successor whole with its key (worked out once, when it was made).
    Whole(Stack<Keyed<S>>),
    /// Each level's state once and its successors as moves with their costs, each made
    /// again by [`Space::successor_of`] and keyed again when tried: where successors are
    /// large and lines deep (Little Forty's two decks: about 300 bytes a successor, some
    /// twenty a level, lines of thousands of moves), the path takes a tenth of the memory
    /// or less, for one key more per state tried.
    Moves {
        stack: Stack<(S::Move, u32)>,
        /// The state whose successors each level of `stack` holds, bottom first.
        states: Vec<S::State>,
        /// The state of the item being tried at the top level, made when it was entered.
        tried: Option<S::State>,
        /// The moves of the level being pushed (kept to spare an allocation).
        scratch: Vec<(S::Move, u32)>,
    },
}

impl<S: Space> Path<S> {
    /// The path `stack` (just pushed: its top level not begun) kept as moves from `root`,
    /// the start: each level's state is the item tried at the level above.
    fn as_moves(stack: &Stack<Keyed<S>>, root: &S::State) -> Path<S> {
        let mut states = vec![root.clone()];
        states.extend(stack.line_below_top().map(|(succ, _)| succ.state.clone()));
        Path::Moves {
            stack: stack.map(|(succ, _)| (succ.mv, succ.cost)),
            states,
            tried: None,
            scratch: Vec::new(),
        }
    }

    /// Opens a level below the item being tried (the first level: below the start) with
    /// the successors `items`, which is left empty.
    fn push(&mut self, items: &mut Vec<Keyed<S>>) {
        match self {
            Path::NotBegun => unreachable!("the path begins before its first level"),
            Path::Whole(stack) => stack.push(items),
            Path::Moves {
                stack,
                states,
                tried,
                scratch,
            } => {
                // The start's level has its state already.
                if let Some(state) = tried.take() {
                    states.push(state);
                }
                scratch.extend(items.drain(..).map(|(s, _)| (s.mv, s.cost)));
                stack.push(scratch);
            }
        }
    }

    /// The next item of the top level ([`Stack::step`]), its level dropped when done.
    fn step(&mut self) -> Step {
        match self {
            Path::NotBegun => Step::Empty,
            Path::Whole(stack) => stack.step(),
            Path::Moves { stack, states, .. } => {
                let step = stack.step();
                if matches!(step, Step::Popped) {
                    states.pop();
                }
                step
            }
        }
    }

    /// Enters the top level's item `idx`: its key (its state made, where levels hold moves).
    fn enter(&mut self, space: &S, idx: usize) -> S::Key {
        match self {
            Path::NotBegun => unreachable!("no item before the first level"),
            Path::Whole(stack) => stack.item(idx).1.clone(),
            Path::Moves {
                stack,
                states,
                tried,
                ..
            } => {
                let parent = states.last().expect("a level has its state");
                let state = space
                    .successor_of(parent, &stack.item(idx).0)
                    .expect("the space makes every successor from its move");
                let key = space.key(&state);
                *tried = Some(state);
                key
            }
        }
    }

    /// The state of the item `idx` entered last.
    fn tried(&self, idx: usize) -> &S::State {
        match self {
            Path::NotBegun => unreachable!("no item before the first level"),
            Path::Whole(stack) => &stack.item(idx).0.state,
            Path::Moves { tried, .. } => tried.as_ref().expect("the item was entered"),
        }
    }

    /// The moves of the line down to the item being tried at the top level, and their
    /// summed cost.
    fn line(&self) -> (Vec<S::Move>, u64) {
        match self {
            Path::NotBegun => (Vec::new(), 0),
            Path::Whole(stack) => (
                stack.line().map(|(s, _)| s.mv).collect(),
                stack.line().map(|(s, _)| u64::from(s.cost)).sum(),
            ),
            Path::Moves { stack, .. } => (
                stack.line().map(|&(mv, _)| mv).collect(),
                stack.line().map(|&(_, cost)| u64::from(cost)).sum(),
            ),
        }
    }

    /// The bytes the path holds.
    fn memory_bytes(&self) -> u64 {
        match self {
            Path::NotBegun => 0,
            Path::Whole(stack) => stack.memory_bytes(),
            Path::Moves { stack, states, .. } => {
                stack.memory_bytes() + (states.capacity() * size_of::<S::State>()) as u64
            }
        }
    }
}

/// A successor and its key.
type Keyed<S> = (
    Successor<<S as Space>::Move, <S as Space>::State>,
    <S as Space>::Key,
);

/// The buffers `fill` works in.
struct Buffers<S: Space> {
    succ: Vec<Successor<S::Move, S::State>>,
    keys: Vec<S::Key>,
    guides: Vec<u32>,
    /// (guide, index) of each successor kept, to sort them.
    order: Vec<(u32, u32)>,
    /// The kept successors, each taken from here in the order `order` gives.
    slots: Vec<Option<Keyed<S>>>,
    /// What `fill` leaves for the stack.
    items: Vec<Keyed<S>>,
}

impl<S: Space> Buffers<S> {
    /// The successors of `state` (whose key is `key`) not yet seen, each with its key, into
    /// `items`: best first by their guide values (stably) when `guided`, else in the order
    /// they were made.
    ///
    /// Those whose key is in `visited` already are left out: the search would skip them
    /// when it came to them (the table only grows), so it is the same search, but their
    /// keys are looked up here together, their slots fetched from memory at once rather
    /// than one miss at a time, they take no room on the stack, and only those kept are
    /// guided. Returns how many successors there were, the left-out ones counted.
    fn fill(
        &mut self,
        space: &S,
        state: &S::State,
        key: &S::Key,
        guided: bool,
        visited: &VisitedSet<S::Key>,
    ) -> u64 {
        let Buffers {
            succ,
            keys,
            guides,
            order,
            slots,
            items,
        } = self;
        successors(space, state, succ);
        let generated = succ.len() as u64;
        keys.clear();
        space.successor_keys(state, key, succ, keys);
        keys.iter().for_each(|k| visited.prefetch(k));
        // Keep the unseen ones, in their order.
        let mut kept = 0;
        for i in 0..succ.len() {
            if !visited.contains(&keys[i]) {
                succ.swap(kept, i);
                keys.swap(kept, i);
                kept += 1;
            }
        }
        succ.truncate(kept);
        keys.truncate(kept);
        items.clear();
        if guided && kept > 1 {
            guides.clear();
            space.guide_successors(state, succ, guides);
            order.clear();
            order.extend(guides.iter().zip(0u32..).map(|(&g, i)| (g, i)));
            // Index second: ties keep the order the successors were made in.
            order.sort_unstable();
            slots.clear();
            slots.extend(succ.drain(..).zip(keys.drain(..)).map(Some));
            items.extend(
                order
                    .iter()
                    .map(|&(_, i)| slots[i as usize].take().expect("each successor taken once")),
            );
        } else {
            items.extend(succ.drain(..).zip(keys.drain(..)));
        }
        generated
    }

    /// The bytes the buffers hold.
    fn memory_bytes(&self) -> u64 {
        (self.succ.capacity() * size_of::<Successor<S::Move, S::State>>()
            + self.keys.capacity() * size_of::<S::Key>()
            + self.items.capacity() * size_of::<Keyed<S>>()
            + self.slots.capacity() * size_of::<Option<Keyed<S>>>()) as u64
    }
}
