//! The explicit stack of the depth-first searches ([`crate::dfs`], [`crate::idastar`],
//! [`crate::scan`]): each level holds the successors (or moves) of one state of the current
//! path, all levels one after the other in a single arena, so a level costs no allocation.

use std::mem::size_of;

/// A level: its items are `arena[lo..hi]`, the next one to try is `arena[next]`, so the one
/// being explored below it is `arena[next - 1]`.
#[derive(Clone, Copy)]
struct Frame {
    lo: usize,
    hi: usize,
    next: usize,
}

/// What [`Stack::step`] found at the top of the stack.
pub(crate) enum Step {
    /// The item to try next, by its index (see [`Stack::item`]); the search goes below it
    /// by [`Stack::push`]ing its successors.
    Try(usize),
    /// The top level had been tried in full and is gone.
    Popped,
    /// No level is left.
    Empty,
}

/// The explicit stack: levels of items, each tried in order.
pub(crate) struct Stack<T> {
    arena: Vec<T>,
    frames: Vec<Frame>,
}

impl<T> Stack<T> {
    /// An empty stack with room for `levels` levels of `items` items in all.
    pub(crate) fn with_capacity(levels: usize, items: usize) -> Self {
        Stack {
            arena: Vec::with_capacity(items),
            frames: Vec::with_capacity(levels),
        }
    }

    /// Removes every level, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.arena.clear();
        self.frames.clear();
    }

    /// Opens a level holding the items of `items`, which is left empty.
    #[inline]
    pub(crate) fn push(&mut self, items: &mut Vec<T>) {
        let lo = self.arena.len();
        self.arena.append(items);
        self.frames.push(Frame {
            lo,
            hi: self.arena.len(),
            next: lo,
        });
    }

    /// Takes the next item of the top level, or removes that level when it has none left.
    #[inline]
    pub(crate) fn step(&mut self) -> Step {
        let Some(top) = self.frames.last_mut() else {
            return Step::Empty;
        };
        if top.next == top.hi {
            self.arena.truncate(top.lo);
            self.frames.pop();
            return Step::Popped;
        }
        top.next += 1;
        Step::Try(top.next - 1)
    }

    /// The item at `index` (from [`Step::Try`]).
    #[inline]
    pub(crate) fn item(&self, index: usize) -> &T {
        &self.arena[index]
    }

    /// The item being tried at each level, bottom first: the line down to the top level's.
    pub(crate) fn line(&self) -> impl Iterator<Item = &T> {
        self.frames.iter().map(|f| &self.arena[f.next - 1])
    }

    /// The same levels, each item mapped by `f`, each level at the same item.
    pub(crate) fn map<U>(&self, f: impl FnMut(&T) -> U) -> Stack<U> {
        Stack {
            arena: self.arena.iter().map(f).collect(),
            frames: self.frames.clone(),
        }
    }

    /// The item being tried at each level below the top one, bottom first (the line down
    /// to the state whose successors the top level holds).
    pub(crate) fn line_below_top(&self) -> impl Iterator<Item = &T> {
        let below = self.frames.len().saturating_sub(1);
        self.frames[..below].iter().map(|f| &self.arena[f.next - 1])
    }

    /// The bytes the stack holds (its reserved room included), with its next allocations
    /// when it is about to grow.
    pub(crate) fn memory_bytes(&self) -> u64 {
        let item = |c: usize| (c * size_of::<T>()) as u64;
        let frame = |c: usize| (c * size_of::<Frame>()) as u64;
        let (acap, fcap) = (self.arena.capacity(), self.frames.capacity());
        item(acap)
            + frame(fcap)
            + crate::table::growth_bytes(self.arena.len(), acap, item)
            + crate::table::growth_bytes(self.frames.len(), fcap, frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_tried_in_order_and_popped_when_done() {
        let mut stack: Stack<u32> = Stack::with_capacity(4, 8);
        stack.push(&mut vec![10, 11]);
        let Step::Try(i) = stack.step() else {
            panic!("an item")
        };
        assert_eq!(*stack.item(i), 10);
        let mut below = vec![20];
        stack.push(&mut below);
        assert!(below.is_empty());
        let Step::Try(j) = stack.step() else {
            panic!("an item")
        };
        assert_eq!(*stack.item(j), 20);
        assert_eq!(stack.line().copied().collect::<Vec<_>>(), [10, 20]);
        assert!(matches!(stack.step(), Step::Popped));
        let Step::Try(k) = stack.step() else {
            panic!("an item")
        };
        assert_eq!(*stack.item(k), 11);
        assert!(matches!(stack.step(), Step::Popped));
        assert!(matches!(stack.step(), Step::Empty));
        assert!(stack.memory_bytes() >= 8 * 4);
    }
}
