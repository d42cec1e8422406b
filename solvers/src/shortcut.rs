//! Shortening a winning line: from each state on it, one move straight to the furthest later
//! state of the line that one move reaches.

use rustc_hash::FxHashMap;

use crate::{Space, Successor};

/// `line`, a winning line from `start`, with its detours cut out. The line's states are
/// worked out (each move found among its state's successors: its forced move and every move
/// [`Space::expand`] lists), then a new line is walked from `start`: from the state it has
/// reached, whose key is that of some state of the line, it takes the successor whose key is
/// that of the furthest state further along (or any goal). Keys, not whole states: the key
/// is exact, so states with one key have the same futures and, a key being canonical up to
/// the game's symmetries (cells or piles in another order), successors with the same keys;
/// the walk never replays a move of `line` on a state it was not made for, it picks its
/// own move among the successors of the state it holds, so every move it writes is a move of
/// that state. The result is never longer than `line` and ends at a goal. Depth-first
/// searches find lines that wander (thousands of moves where a few hundred do); this gives
/// them back short, for a cost of about two expansions per move of the line. None when a
/// move of `line` is not among its state's successors (a line of another space), or when
/// the walk finds no successor with the next key (a key that merges states whose successors
/// differ): then `line` is left as it is.
///
/// ```
/// use solvers::{shortcut, Space, Successor};
/// // Walk from 0 to 6 by +1, +2 or -1.
/// struct Walk;
/// impl Space for Walk {
///     type State = i32;
///     type Key = i32;
///     type Move = i32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 6 }
///     fn key(&self, s: &i32) -> i32 { *s }
///     fn expand(&self, s: &i32, out: &mut Vec<Successor<i32, i32>>) {
///         for step in [1, 2, -1] {
///             out.push(Successor { mv: step, state: s + step, cost: 1 });
///         }
///     }
/// }
/// // A wandering line: 1, 2, 1, 0, 1, 2, 3, 4, 5, 6.
/// let line = [1, 1, -1, -1, 1, 1, 1, 1, 1, 1];
/// assert_eq!(shortcut(&Walk, &0, &line), Some(vec![2, 2, 2]));
/// ```
pub fn shortcut<S: Space>(space: &S, start: &S::State, line: &[S::Move]) -> Option<Vec<S::Move>>
where
    S::Move: PartialEq,
{
    let mut buf: Vec<Successor<S::Move, S::State>> = Vec::new();
    let successors = |state: &S::State, out: &mut Vec<Successor<S::Move, S::State>>| {
        out.clear();
        if let Some(forced) = space.forced(state) {
            out.push(forced);
        }
        space.expand(state, out);
    };
    // The last place on the line of each state's key (the start's is 0).
    let mut place: FxHashMap<S::Key, usize> = FxHashMap::default();
    place.insert(space.key(start), 0);
    let mut state = start.clone();
    for (i, &mv) in line.iter().enumerate() {
        successors(&state, &mut buf);
        state = buf.drain(..).find(|s| s.mv == mv)?.state;
        place.insert(space.key(&state), i + 1);
    }
    let mut out = Vec::new();
    let (mut at, mut i) = (start.clone(), 0);
    while i < line.len() {
        successors(&at, &mut buf);
        let mut best: Option<(usize, usize)> = None;
        for (n, s) in buf.iter().enumerate() {
            if space.is_goal(&s.state) {
                best = Some((line.len(), n));
                break;
            }
            if let Some(&j) = place.get(&space.key(&s.state)) {
                if j > i && best.is_none_or(|(b, _)| j > b) {
                    best = Some((j, n));
                }
            }
        }
        let (j, n) = best?;
        let next = buf.swap_remove(n);
        out.push(next.mv);
        at = next.state;
        i = j;
    }
    space.is_goal(&at).then_some(out)
}
