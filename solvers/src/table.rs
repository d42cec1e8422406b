//! Transposition tables keyed by exact keys, and the open list of the best-first searches.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, VecDeque};
use std::hash::Hash;
use std::mem::size_of;

use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// Bytes of bookkeeping per bucket of a hash table (one control byte) on top of the slot.
const HASH_OVERHEAD: u64 = 1;

/// Estimated bytes of a hash table of `capacity` usable slots of `slot` bytes each.
///
/// The standard table keeps at most 7/8 of its buckets full, hence the factor 8/7.
fn hash_bytes(capacity: usize, slot: usize) -> u64 {
    let buckets = (capacity as u64).saturating_mul(8) / 7;
    buckets.saturating_mul(slot as u64 + HASH_OVERHEAD)
}

/// Free slots below which a table counts the allocation its next growth makes. A search
/// checks its memory once per expansion, and one expansion adds far fewer entries than
/// this; so a table that grows between two checks was already counted as growing.
const GROWTH_MARGIN: usize = 4096;

/// The bytes a table or vector holding `len` of `capacity` entries is about to allocate:
/// when it is nearly full, its next allocation (twice the size), which lives beside the
/// old one while the entries move. Counting it keeps a memory limit a limit: without it a
/// table just under the budget would double past it.
pub(crate) fn growth_bytes(len: usize, capacity: usize, bytes: impl Fn(usize) -> u64) -> u64 {
    if capacity > 0 && capacity.saturating_sub(len) <= GROWTH_MARGIN {
        bytes(capacity.max(GROWTH_MARGIN).saturating_mul(2))
    } else {
        0
    }
}

/// A set of exact keys: the states already seen (or expanded) by a search.
///
/// An open-addressing table with linear probing whose slots hold the keys themselves
/// (`Option<K>`, the tag beside the key): a lookup reads one slot, and its neighbours in the
/// same cache line, where a table with separate control bytes (the standard one) reads two
/// places. In a depth-first search most lookups find a key already there (a transposition),
/// and each lookup misses the cache, so this halves the misses. Keys are never removed; the
/// table doubles when three quarters of its slots are full.
///
/// Its memory estimate counts only the table itself: heap data owned by the keys is not
/// seen, so keys should be plain values (integers, arrays).
#[derive(Clone, Debug)]
pub struct VisitedSet<K> {
    slots: Vec<Option<K>>,
    len: usize,
    /// `64 - log2(slots.len())`: a hash's top bits pick the first slot.
    shift: u32,
}

impl<K: Eq + Hash> Default for VisitedSet<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// The smallest table: 2^4 slots.
const MIN_SLOTS_LOG: u32 = 4;

impl<K: Eq + Hash> VisitedSet<K> {
    /// An empty set (it allocates on the first insertion).
    pub fn new() -> Self {
        VisitedSet {
            slots: Vec::new(),
            len: 0,
            shift: 64,
        }
    }

    /// An empty set with room for `capacity` keys before it grows.
    pub fn with_capacity(capacity: usize) -> Self {
        let mut set = Self::new();
        if capacity > 0 {
            set.allocate(Self::slots_log_for(capacity));
        }
        set
    }

    /// log2 of the slots that hold `keys` keys at most three quarters full.
    fn slots_log_for(keys: usize) -> u32 {
        let slots = keys.saturating_mul(4).div_ceil(3).max(1 << MIN_SLOTS_LOG);
        slots.next_power_of_two().trailing_zeros()
    }

    /// Replaces the slots by `2^log` empty ones (the keys must be put back by the caller).
    fn allocate(&mut self, log: u32) -> Vec<Option<K>> {
        let mut slots = Vec::new();
        slots.resize_with(1 << log, || None);
        self.shift = 64 - log;
        std::mem::replace(&mut self.slots, slots)
    }

    /// The first slot of `key`: the top bits of its hash spread by a multiplication
    /// (Fibonacci hashing), so that the hasher's low-quality low bits do not cluster keys.
    #[inline]
    fn home(&self, key: &K) -> usize {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        (h.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Usable slots: three quarters of them.
    fn capacity(&self) -> usize {
        self.slots.len() / 4 * 3
    }

    /// Inserts `key`; returns `true` if it was not there yet.
    #[inline]
    pub fn insert(&mut self, key: K) -> bool {
        if self.len >= self.capacity() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            match &self.slots[i] {
                None => {
                    self.slots[i] = Some(key);
                    self.len += 1;
                    return true;
                }
                Some(k) if *k == key => return false,
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// Doubles the slots (or makes the first ones) and puts every key back.
    #[cold]
    fn grow(&mut self) {
        let log = if self.slots.is_empty() {
            MIN_SLOTS_LOG
        } else {
            64 - self.shift + 1
        };
        let old = self.allocate(log);
        let mask = self.slots.len() - 1;
        for key in old.into_iter().flatten() {
            let mut i = self.home(&key);
            while self.slots[i].is_some() {
                i = (i + 1) & mask;
            }
            self.slots[i] = Some(key);
        }
    }

    /// Asks the processor to fetch `key`'s first slot into the cache: a later `insert` or
    /// `contains` of it then need not wait for memory. Looking up several keys, prefetch
    /// them all first, and their fetches overlap.
    #[inline]
    pub fn prefetch(&self, key: &K) {
        if self.slots.is_empty() {
            return;
        }
        let slot = &self.slots[self.home(key)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache; the address is a live slot.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(slot).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// Whether `key` is in the set.
    #[inline]
    pub fn contains(&self, key: &K) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                None => return false,
                Some(k) if k == key => return true,
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every key, in no particular order, the set consumed.
    pub fn into_keys(self) -> impl Iterator<Item = K> {
        self.slots.into_iter().flatten()
    }

    /// Removes every key, keeping the allocation.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.len = 0;
    }

    /// Estimated bytes used, from the table's slots, with the next table's when it is
    /// about to grow (see `growth_bytes`).
    pub fn memory_bytes(&self) -> u64 {
        let slot = size_of::<Option<K>>() as u64;
        // `capacity` usable slots are 4/3 as many slots.
        let bytes = |c: usize| {
            (c as u64)
                .div_ceil(3)
                .saturating_mul(4)
                .saturating_mul(slot)
        };
        bytes(self.capacity()) + growth_bytes(self.len, self.capacity(), bytes)
    }
}

/// The index of the entry without parent (the start) in a [`ParentTable`].
pub const NO_PARENT: u32 = u32::MAX;

/// The moves from the start to entry `idx` of an arena of entries linked to their parents
/// (`link` gives an entry's parent, [`NO_PARENT`] for the start, its move and the move's
/// cost), and their total cost.
pub(crate) fn line_back<M: Copy>(
    idx: u32,
    link: impl Fn(u32) -> (u32, Option<M>, u32),
) -> (Vec<M>, u64) {
    let mut moves = Vec::new();
    let mut cost = 0u64;
    let mut i = idx;
    while i != NO_PARENT {
        let (parent, mv, c) = link(i);
        if let Some(mv) = mv {
            moves.push(mv);
        }
        cost += u64::from(c);
        i = parent;
    }
    moves.reverse();
    (moves, cost)
}

/// One state recorded in a [`ParentTable`]: how the search reached it most cheaply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParentEntry<M> {
    /// Index of the parent entry, or [`NO_PARENT`] for the start.
    pub parent: u32,
    /// Cost of the move from the parent (0 for the start).
    pub cost: u32,
    /// Cost of the best known path from the start.
    pub g: u64,
    /// The move from the parent (`None` for the start).
    pub mv: Option<M>,
}

/// What [`ParentTable::insert_or_improve`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insertion {
    /// The key was new; it got this index.
    New(u32),
    /// The key was known with a larger `g`, now lowered; its index.
    Improved(u32),
    /// The key was known with a `g` no larger; nothing changed.
    Kept(u32),
}

/// Exact key -> (parent index, move, g), stored in an indexed arena so that paths can be
/// rebuilt from any entry back to the start.
#[derive(Clone, Debug)]
pub struct ParentTable<K, M> {
    index: FxHashMap<K, u32>,
    entries: Vec<ParentEntry<M>>,
}

impl<K: Eq + Hash, M: Copy> Default for ParentTable<K, M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Eq + Hash, M: Copy> ParentTable<K, M> {
    /// An empty table.
    pub fn new() -> Self {
        ParentTable {
            index: FxHashMap::default(),
            entries: Vec::new(),
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every entry, keeping the allocations.
    pub fn clear(&mut self) {
        self.index.clear();
        self.entries.clear();
    }

    /// The index of `key`, if present.
    #[inline]
    pub fn get(&self, key: &K) -> Option<u32> {
        self.index.get(key).copied()
    }

    /// The entry at `idx` (panics if out of range).
    #[inline]
    pub fn entry(&self, idx: u32) -> &ParentEntry<M> {
        &self.entries[idx as usize]
    }

    fn push(&mut self, e: ParentEntry<M>) -> u32 {
        let idx = u32::try_from(self.entries.len())
            .ok()
            .filter(|&i| i != NO_PARENT)
            .expect("ParentTable holds at most u32::MAX - 1 entries");
        self.entries.push(e);
        idx
    }

    /// Records the start state (no parent, `g = 0`) if new; returns its index either way.
    pub fn insert_root(&mut self, key: K) -> u32 {
        match self.insert_or_improve(key, NO_PARENT, None, 0, 0) {
            Insertion::New(i) | Insertion::Improved(i) | Insertion::Kept(i) => i,
        }
    }

    /// Records `key` reached from entry `parent` by `mv` of `cost`, at path cost `g`, only
    /// if the key is new. Returns the new index, or `None` if the key was known.
    #[inline]
    pub fn insert_new(&mut self, key: K, parent: u32, mv: M, cost: u32, g: u64) -> Option<u32> {
        let next = self.entries.len();
        match self.index.entry(key) {
            Entry::Occupied(_) => None,
            Entry::Vacant(v) => {
                let idx = u32::try_from(next).ok().filter(|&i| i != NO_PARENT);
                let idx = idx.expect("ParentTable holds at most u32::MAX - 1 entries");
                v.insert(idx);
                self.entries.push(ParentEntry {
                    parent,
                    cost,
                    g,
                    mv: Some(mv),
                });
                Some(idx)
            }
        }
    }

    /// Records `key` reached from `parent` by `mv` of `cost` at path cost `g`: inserts it
    /// if new, re-parents it if `g` is smaller than its recorded `g`, else leaves it.
    #[inline]
    pub fn insert_or_improve(
        &mut self,
        key: K,
        parent: u32,
        mv: Option<M>,
        cost: u32,
        g: u64,
    ) -> Insertion {
        let entry = ParentEntry {
            parent,
            cost,
            g,
            mv,
        };
        match self.index.get(&key) {
            Some(&idx) => {
                let e = &mut self.entries[idx as usize];
                if g < e.g {
                    *e = entry;
                    Insertion::Improved(idx)
                } else {
                    Insertion::Kept(idx)
                }
            }
            None => {
                let idx = self.push(entry);
                self.index.insert(key, idx);
                Insertion::New(idx)
            }
        }
    }

    /// The moves from the start to entry `idx`, and their total cost.
    pub fn path(&self, idx: u32) -> (Vec<M>, u64) {
        line_back(idx, |i| {
            let e = &self.entries[i as usize];
            (e.parent, e.mv, e.cost)
        })
    }

    /// Estimated bytes used: the hash index plus the arena, from their capacities, with
    /// their next allocations when they are about to grow (see `growth_bytes`).
    pub fn memory_bytes(&self) -> u64 {
        let slot = size_of::<(K, u32)>();
        let entry = size_of::<ParentEntry<M>>() as u64;
        let (icap, ecap) = (self.index.capacity(), self.entries.capacity());
        let vec = |c: usize| (c as u64).saturating_mul(entry);
        hash_bytes(icap, slot)
            .saturating_add(growth_bytes(self.index.len(), icap, |c| {
                hash_bytes(c, slot)
            }))
            .saturating_add(vec(ecap))
            .saturating_add(growth_bytes(self.entries.len(), ecap, vec))
    }
}

/// A node taken from an open list.
#[derive(Debug)]
pub(crate) struct OpenNode<T> {
    pub(crate) g: u64,
    pub(crate) idx: u32,
    pub(crate) state: T,
}

/// A waiting state's place: its slot in the slab and its parent-table index.
#[derive(Clone, Copy, Debug)]
struct Ticket {
    slot: u32,
    idx: u32,
}

/// The open list of the best-first searches: lower `prio` first, then larger `g`, then
/// earlier insertion. The states wait in buckets, one first-in first-out queue per
/// (`prio`, `g`), the buckets in a sorted map: the searches' priorities take few distinct
/// values, so a push or a pop costs a lookup among those few buckets and an end of a queue,
/// where a binary heap of millions of entries missed the cache on each level of a pop. The
/// state itself waits in a slab, so the queues move 8-byte items however large states are.
pub(crate) struct OpenList<T> {
    buckets: BTreeMap<(u64, Reverse<u64>), VecDeque<Ticket>>,
    /// Emptied queues, kept for reuse with their allocations.
    spare: Vec<VecDeque<Ticket>>,
    /// The tickets the queues (and spare queues) have room for.
    room: usize,
    len: usize,
    slab: Vec<Option<T>>,
    free: Vec<u32>,
}

impl<T> OpenList<T> {
    pub(crate) fn new() -> Self {
        OpenList {
            buckets: BTreeMap::new(),
            spare: Vec::new(),
            room: 0,
            len: 0,
            slab: Vec::new(),
            free: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, prio: u64, g: u64, idx: u32, state: T) {
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slab[slot as usize] = Some(state);
                slot
            }
            None => {
                self.slab.push(Some(state));
                u32::try_from(self.slab.len() - 1).expect("open list holds at most 2^32 states")
            }
        };
        let spare = &mut self.spare;
        let queue = self
            .buckets
            .entry((prio, Reverse(g)))
            .or_insert_with(|| spare.pop().unwrap_or_default());
        let before = queue.capacity();
        queue.push_back(Ticket { slot, idx });
        self.room += queue.capacity() - before;
        self.len += 1;
    }

    /// Whether no state waits.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<OpenNode<T>> {
        let mut first = self.buckets.first_entry()?;
        let g = first.key().1 .0;
        let t = first
            .get_mut()
            .pop_front()
            .expect("no bucket is left empty");
        if first.get().is_empty() {
            self.spare.push(first.remove());
        }
        self.len -= 1;
        let state = self.slab[t.slot as usize]
            .take()
            .expect("every ticket has its state");
        self.free.push(t.slot);
        Some(OpenNode {
            g,
            idx: t.idx,
            state,
        })
    }

    /// Estimated bytes used: the queues' room, the buckets, and the slab with its next
    /// allocation when it is about to grow (see [`growth_bytes`]; a queue grows by
    /// doubling too, but each is a small part of the whole).
    pub(crate) fn memory_bytes(&self) -> u64 {
        let slot = |c: usize| c as u64 * size_of::<Option<T>>() as u64;
        let scap = self.slab.capacity();
        let bucket = size_of::<((u64, Reverse<u64>), VecDeque<Ticket>)>() as u64 * 2;
        (self.room as u64 * size_of::<Ticket>() as u64)
            .saturating_add((self.buckets.len() + self.spare.len()) as u64 * bucket)
            .saturating_add(slot(scap))
            .saturating_add(growth_bytes(self.slab.len(), scap, slot))
            .saturating_add(self.free.capacity() as u64 * 4)
    }
}

/// The memory estimate of a search with a parent table, an open list and a successor
/// buffer (A* and best-first), in bytes.
pub(crate) fn open_search_memory<K, M, S, B>(
    table: &ParentTable<K, M>,
    open: &OpenList<S>,
    buf: &Vec<B>,
) -> u64
where
    K: Eq + Hash,
    M: Copy,
{
    table.memory_bytes() + open.memory_bytes() + (buf.capacity() * std::mem::size_of::<B>()) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visited_set_basics() {
        let mut v = VisitedSet::new();
        assert!(v.is_empty());
        assert_eq!(v.memory_bytes(), 0);
        assert!(v.insert(3u64));
        assert!(!v.insert(3u64));
        assert!(v.contains(&3));
        assert!(!v.contains(&4));
        assert_eq!(v.len(), 1);
        assert!(v.memory_bytes() >= 8);
        v.clear();
        assert!(v.is_empty());
    }

    #[test]
    fn a_nearly_full_table_counts_its_next_allocation() {
        let mut v = VisitedSet::with_capacity(100_000);
        let (cap, slots) = (v.capacity(), v.slots.len());
        assert!(cap >= 100_000);
        let alone = (slots * size_of::<Option<u64>>()) as u64;
        assert_eq!(v.memory_bytes(), alone);
        for k in 0..(cap - GROWTH_MARGIN) as u64 {
            v.insert(k);
        }
        assert_eq!(v.slots.len(), slots, "not grown yet");
        // About to grow: the old table and the new one, twice its size, at once.
        assert_eq!(v.memory_bytes(), 3 * alone);
    }

    #[test]
    fn the_visited_set_agrees_with_the_standard_set_through_its_growths() {
        // Keys as the engines make them (32-byte arrays), many sharing most bytes, inserted
        // twice over in another order: every answer as the standard set's.
        let key = |i: u64| {
            let mut k = [0u8; 32];
            k[..8].copy_from_slice(&(i % 1000).to_le_bytes());
            k[24..].copy_from_slice(&(i / 1000).to_le_bytes());
            k
        };
        let mut v = VisitedSet::new();
        let mut std_set = std::collections::HashSet::new();
        let mut grown = 0;
        let mut slots = v.slots.len();
        for round in 0..2u64 {
            for i in 0..50_000u64 {
                let k = key(if round == 0 { i } else { (i * 7919) % 60_000 });
                assert_eq!(v.insert(k), std_set.insert(k));
                assert_eq!(v.len(), std_set.len());
                if v.slots.len() != slots {
                    grown += 1;
                    slots = v.slots.len();
                }
            }
        }
        assert!(grown > 5, "the table grew {grown} times");
        for i in 0..70_000u64 {
            assert_eq!(v.contains(&key(i)), std_set.contains(&key(i)), "key {i}");
        }
        v.clear();
        assert!(v.is_empty() && !v.contains(&key(1)) && v.insert(key(1)));
    }

    #[test]
    fn parent_table_paths_and_improvement() {
        let mut t: ParentTable<u32, char> = ParentTable::new();
        let r = t.insert_root(0);
        assert_eq!(r, 0);
        assert_eq!(t.insert_root(0), 0);
        let a = t.insert_new(1, r, 'a', 5, 5).unwrap();
        assert_eq!(t.insert_new(1, r, 'x', 1, 1), None);
        let b = t.insert_new(2, a, 'b', 2, 7).unwrap();
        assert_eq!(t.path(b), (vec!['a', 'b'], 7));
        assert_eq!(t.path(r), (vec![], 0));
        // A cheaper way to 1: re-parented, and 2's path follows.
        let c = t.insert_new(3, r, 'c', 1, 1).unwrap();
        assert_eq!(
            t.insert_or_improve(1, c, Some('d'), 1, 2),
            Insertion::Improved(a)
        );
        assert_eq!(
            t.insert_or_improve(1, r, Some('e'), 9, 9),
            Insertion::Kept(a)
        );
        assert_eq!(t.entry(a).g, 2);
        assert_eq!(t.path(b), (vec!['c', 'd', 'b'], 4));
        assert_eq!(t.get(&2), Some(b));
        assert_eq!(t.get(&9), None);
        assert_eq!(t.len(), 4);
        assert!(t.memory_bytes() > 0);
        t.clear();
        assert!(t.is_empty());
    }

    #[test]
    fn open_list_order() {
        let mut o = OpenList::new();
        o.push(5, 0, 0, 'a');
        o.push(3, 1, 1, 'b');
        o.push(3, 2, 2, 'c');
        o.push(3, 2, 3, 'd');
        o.push(4, 9, 4, 'e');
        let order: Vec<char> = std::iter::from_fn(|| o.pop().map(|n| n.state)).collect();
        assert_eq!(order, vec!['c', 'd', 'b', 'e', 'a']);
    }
}
