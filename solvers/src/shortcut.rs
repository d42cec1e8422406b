//! Shortening a winning line: from each state on it, one move straight to the furthest later
//! state of the line that one move reaches.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{Space, Successor};

/// `line`, a winning line from `start`, with its detours cut out: walking the line, each
/// state's successors (its forced move and every move [`Space::expand`] lists) are looked
/// up among the states further along the line, and the walk jumps to the furthest one
/// reached (or to any goal). States are compared whole (`Eq`), not by key: a key may merge
/// states whose moves differ (piles in another order), and the rest of the line is made of
/// moves of the exact states it passes. The result is a line of the same space, never
/// longer, ending at a goal. Depth-first searches find lines that wander (thousands of
/// moves where a few hundred do); this gives them back short, for a cost of at most two
/// expansions per move of the line. None when a move of `line` is not among its state's
/// successors (a line of another space): then there is nothing to shorten it with.
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
    S::State: Eq + Hash,
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
    // The line's states, the start first.
    let mut states = Vec::with_capacity(line.len() + 1);
    states.push(start.clone());
    for &mv in line {
        successors(states.last().expect("the start"), &mut buf);
        let next = buf.drain(..).find(|s| s.mv == mv)?;
        states.push(next.state);
    }
    // The last place of each state on the line (a line may pass a state twice).
    let mut place: FxHashMap<&S::State, usize> = FxHashMap::default();
    for (i, s) in states.iter().enumerate() {
        place.insert(s, i);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        successors(&states[i], &mut buf);
        let (mut to, mut mv) = (i + 1, line[i]);
        for s in &buf {
            if space.is_goal(&s.state) {
                to = line.len();
                mv = s.mv;
                break;
            }
            if let Some(&j) = place.get(&s.state) {
                if j > to {
                    to = j;
                    mv = s.mv;
                }
            }
        }
        out.push(mv);
        i = to;
    }
    Some(out)
}
