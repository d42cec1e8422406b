//! Beam search: breadth-first by layers, keeping only the best states of each layer by the
//! guide. Finds long winning lines in spaces too large for best-first search, at the price
//! of completeness.

use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::num::NonZeroU64;

use crate::limits::Checker;
use crate::table::{growth_bytes, line_back, VisitedSet, NO_PARENT};
use crate::{successors, Limits, Outcome, Report, Space, Stats, StopReason, Successor};

/// Beam search from `start`: each layer's successors not seen before (over the whole
/// search) are ranked by [`Space::guide`] and the `width` best form the next layer. The goal
/// test is made on generation. The line found is valid, not necessarily short.
///
/// Sound: when a layer had to leave states out, an empty beam proves nothing and gives
/// [`Outcome::Unknown`] with [`StopReason::Pruned`]; only a search that never left a state
/// out (a breadth-first search of the whole space) gives [`Outcome::Unsolvable`].
///
/// The states seen are remembered by their exact keys while no layer has left a state out
/// (the search may still prove a loss); from the first layer that does, by a 64-bit
/// fingerprint of each key, a tenth or less of a large key's room: two states whose keys
/// share a fingerprint are then taken for one, which can only make the search miss a
/// line, never report a wrong one (a win is the line of moves found, and no loss is
/// claimed any more). Only the states kept in a layer record how they were reached. The
/// same states are searched in the same order as with exact keys throughout, but for such
/// a merge.
pub fn beam<S: Space>(
    space: &S,
    start: S::State,
    width: usize,
    limits: &Limits,
) -> Report<S::Move> {
    let width = width.max(1);
    let mut checker = Checker::new(limits);
    let mut stats = Stats::default();
    if space.is_goal(&start) {
        return checker.finish(Outcome::Solved(Vec::new()), stats);
    }
    let mut seen = Seen::Exact(VisitedSet::new());
    seen.insert(space.key(&start));
    // How each kept state was reached: its parent's place here, the move (none for the
    // start) and its cost.
    let mut links: Vec<Link<S::Move>> = vec![Link {
        parent: NO_PARENT,
        mv: None,
        cost: 0,
    }];
    let mut layer: Vec<(u32, S::State)> = vec![(0, start)];
    // Each new successor of the layer: guide, the order it was first seen in (ties go to
    // the earlier), its parent's link, the move, its cost and the state.
    let mut next: Vec<Candidate<S::Move, S::State>> = Vec::new();
    // The successors of the state being expanded, their keys, which of them are new (in
    // their order) and the guides of those.
    let mut succ: Vec<Successor<S::Move, S::State>> = Vec::new();
    let mut keys: Vec<S::Key> = Vec::new();
    let mut prints: Vec<NonZeroU64> = Vec::new();
    let mut guides: Vec<u32> = Vec::new();
    // The candidates ranked when a layer leaves some out: guide, order, place in `next`.
    let mut rank: Vec<(u32, u64, u32)> = Vec::new();
    let mut pruned = false;
    let mut order = 0u64;
    let candidate = size_of::<Candidate<S::Move, S::State>>() as u64;
    let kept = size_of::<(u32, S::State)>() as u64;
    let outcome = 'search: loop {
        if layer.is_empty() {
            break if pruned {
                Outcome::Unknown(StopReason::Pruned)
            } else {
                Outcome::Unsolvable
            };
        }
        for (idx, state) in layer.drain(..) {
            // The links and the candidates double when full, the old beside the new for a
            // while: a growth about to come counts (as the set's does).
            let link = size_of::<Link<S::Move>>() as u64;
            let vec = |len: usize, cap: usize, each: u64| {
                each * cap as u64 + growth_bytes(len, cap, |c| each * c as u64)
            };
            let memory = seen.memory_bytes()
                + vec(links.len(), links.capacity(), link)
                + kept * width as u64
                + vec(next.len(), next.capacity(), candidate)
                + vec(
                    rank.len(),
                    rank.capacity(),
                    size_of::<(u32, u64, u32)>() as u64,
                );
            if let Some(reason) = checker.check(stats.expanded, memory) {
                break 'search Outcome::Unknown(reason);
            }
            successors(space, &state, &mut succ);
            stats.expanded += 1;
            stats.generated += succ.len() as u64;
            // Every successor's key from its parent's (as the depth-first search keys
            // them), their slots fetched together, then each looked up in its turn: the
            // same successors are new, in the same order, as one at a time.
            keys.clear();
            space.successor_keys(&state, &space.key(&state), &succ, &mut keys);
            seen.prefetch(&keys, &mut prints);
            let mut fresh = 0;
            for i in 0..succ.len() {
                if !seen.insert_at(&keys, &prints, i) {
                    continue;
                }
                order += 1;
                if space.is_goal(&succ[i].state) {
                    let (mut path, cost) = line(&links, idx);
                    path.push(succ[i].mv);
                    stats.solution_cost = cost + u64::from(succ[i].cost);
                    break 'search Outcome::Solved(path);
                }
                succ.swap(fresh, i);
                fresh += 1;
            }
            succ.truncate(fresh);
            // Only the new successors are guided.
            guides.clear();
            space.guide_successors(&state, &succ, &mut guides);
            let first = order - fresh as u64;
            for ((s, &h), n) in succ.drain(..).zip(&guides).zip(1..) {
                next.push(Candidate {
                    guide: h,
                    order: first + n,
                    parent: idx,
                    mv: s.mv,
                    cost: s.cost,
                    state: s.state,
                });
            }
        }
        let keep = |links: &mut Vec<Link<S::Move>>, layer: &mut Vec<(u32, S::State)>, c| {
            let Candidate {
                parent,
                mv,
                cost,
                state,
                ..
            } = c;
            let at = u32::try_from(links.len()).expect("fewer than 2^32 states kept");
            links.push(Link {
                parent,
                mv: Some(mv),
                cost,
            });
            layer.push((at, state));
        };
        if next.len() > width {
            if !pruned {
                pruned = true;
                seen.keep_fingerprints();
            }
            // The best by (guide, order), which is unique, chosen and sorted as small
            // entries rather than moving whole states about. Sorted, since the selection
            // leaves them in an order that depends on its implementation; the next layer
            // is expanded in this order: the same results across builds.
            rank.clear();
            rank.extend(next.iter().zip(0u32..).map(|(c, i)| (c.guide, c.order, i)));
            rank.select_nth_unstable(width);
            rank.truncate(width);
            rank.sort_unstable();
            for &(_, _, i) in &rank {
                keep(&mut links, &mut layer, next[i as usize].clone());
            }
            next.clear();
        } else {
            for c in next.drain(..) {
                keep(&mut links, &mut layer, c);
            }
        }
    };
    stats.stored = seen.len() as u64;
    checker.observe_memory(seen.memory_bytes());
    checker.finish(outcome, stats)
}

/// How a kept state was reached ([`beam`]).
struct Link<M> {
    parent: u32,
    mv: Option<M>,
    cost: u32,
}

/// A new successor of a layer ([`beam`]).
#[derive(Clone)]
struct Candidate<M, T> {
    guide: u32,
    order: u64,
    parent: u32,
    mv: M,
    cost: u32,
    state: T,
}

/// The moves from the start to the kept state at `idx` of `links`, and their cost.
fn line<M: Copy>(links: &[Link<M>], idx: u32) -> (Vec<M>, u64) {
    line_back(idx, |i| {
        let link = &links[i as usize];
        (link.parent, link.mv, link.cost)
    })
}

/// The states a beam has seen: exact keys, or their fingerprints once a layer has left
/// states out.
enum Seen<K> {
    Exact(VisitedSet<K>),
    // Non-zero, so that a slot takes 8 bytes.
    Prints(VisitedSet<NonZeroU64>),
}

impl<K: Eq + Hash> Seen<K> {
    /// Inserts `key`; whether it was new (by fingerprint, once they are kept).
    fn insert(&mut self, key: K) -> bool {
        match self {
            Seen::Exact(set) => set.insert(key),
            Seen::Prints(set) => set.insert(fingerprint(&key)),
        }
    }

    /// Fetches the slots of `keys` into the cache together (their misses overlap); once
    /// fingerprints are kept, works them out into `prints` first.
    fn prefetch(&self, keys: &[K], prints: &mut Vec<NonZeroU64>) {
        match self {
            Seen::Exact(set) => keys.iter().for_each(|k| set.prefetch(k)),
            Seen::Prints(set) => {
                prints.clear();
                prints.extend(keys.iter().map(fingerprint));
                prints.iter().for_each(|p| set.prefetch(p));
            }
        }
    }

    /// Inserts the `i`-th of `keys` (its fingerprint from `prints` once they are kept, as
    /// [`Seen::prefetch`] made them); whether it was new.
    fn insert_at(&mut self, keys: &[K], prints: &[NonZeroU64], i: usize) -> bool
    where
        K: Clone,
    {
        match self {
            Seen::Exact(set) => set.insert(keys[i].clone()),
            Seen::Prints(set) => set.insert(prints[i]),
        }
    }

    /// From exact keys to their fingerprints (from then on no loss can be claimed).
    fn keep_fingerprints(&mut self) {
        if let Seen::Exact(set) = self {
            let keys = std::mem::take(set);
            let mut prints = VisitedSet::with_capacity(keys.len());
            for key in keys.into_keys() {
                prints.insert(fingerprint(&key));
            }
            *self = Seen::Prints(prints);
        }
    }

    fn len(&self) -> usize {
        match self {
            Seen::Exact(set) => set.len(),
            Seen::Prints(set) => set.len(),
        }
    }

    fn memory_bytes(&self) -> u64 {
        match self {
            Seen::Exact(set) => set.memory_bytes(),
            Seen::Prints(set) => set.memory_bytes(),
        }
    }
}

/// A key's 64-bit fingerprint: its hash, mixed (splitmix64's finaliser) so that the
/// table's own hash of it spreads well; zero taken for one (one more merge, as rare).
fn fingerprint<K: Hash>(key: &K) -> NonZeroU64 {
    let mut h = rustc_hash::FxHasher::default();
    key.hash(&mut h);
    let mut z = h.finish();
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    NonZeroU64::new(z ^ (z >> 31)).unwrap_or(NonZeroU64::MIN)
}
