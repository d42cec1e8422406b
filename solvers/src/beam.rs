//! Beam search: breadth-first by layers, keeping only the best states of each layer by the
//! guide. Finds long winning lines in spaces too large for best-first search, at the price
//! of completeness.

use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::num::NonZeroU64;

use crate::limits::Checker;
use crate::table::{growth_bytes, line_back, VisitedSet, NO_PARENT};
use crate::{guided_successors, Guided, Limits, Outcome, Report, Space, Stats, StopReason};

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
    let mut buf: Vec<Guided<S::Move, S::State>> = Vec::new();
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
                + vec(next.len(), next.capacity(), candidate);
            if let Some(reason) = checker.check(stats.expanded, memory) {
                break 'search Outcome::Unknown(reason);
            }
            guided_successors(space, &state, &mut buf);
            stats.expanded += 1;
            stats.generated += buf.len() as u64;
            for (s, h) in buf.drain(..) {
                if !seen.insert(space.key(&s.state)) {
                    continue;
                }
                order += 1;
                if space.is_goal(&s.state) {
                    let (mut path, cost) = line(&links, idx);
                    path.push(s.mv);
                    stats.solution_cost = cost + u64::from(s.cost);
                    break 'search Outcome::Solved(path);
                }
                next.push(Candidate {
                    guide: h,
                    order,
                    parent: idx,
                    mv: s.mv,
                    cost: s.cost,
                    state: s.state,
                });
            }
        }
        if next.len() > width {
            if !pruned {
                pruned = true;
                seen.keep_fingerprints();
            }
            next.select_nth_unstable_by_key(width, |c| (c.guide, c.order));
            next.truncate(width);
            // The selection leaves the kept states in an order that depends on the sort's
            // implementation (and with it on the state's size); the next layer is expanded
            // in this order, so fix it by the unique (guide, order): the same results
            // across builds.
            next.sort_unstable_by_key(|c| (c.guide, c.order));
        }
        for c in next.drain(..) {
            let at = u32::try_from(links.len()).expect("fewer than 2^32 states kept");
            links.push(Link {
                parent: c.parent,
                mv: Some(c.mv),
                cost: c.cost,
            });
            layer.push((at, c.state));
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
