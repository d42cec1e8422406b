//! How the compound scans order a position's moves: the guide's terms weighed for scans
//! over compound moves ([`COMPOUND_GUIDE_WEIGHTS`]), and in every scan but the first a
//! jitter of its own ([`JITTER`]).

use super::fingerprint::mix;
use crate::games::tableau::guide::next_home;
use crate::games::tableau::{State, Tableau};
#[cfg(doc)]
use solvers::Space;

/// The weights of the compound scans' guide: [`Tableau::guide`]'s terms (cards not home,
/// cards above a lower card, occupied cells, depth of the next cards home, empty piles
/// subtracted) weighed for depth-first scans over compound moves, where a cell or an empty
/// pile is worth more than in a search over single moves: each lets a compound move park
/// one more card. Chosen for the fewest states on FreeCell deals, and checked on others.
pub const COMPOUND_GUIDE_WEIGHTS: [u32; 5] = [1, 4, 5, 1, 10];

/// How far a scan other than the first may reorder successors: it adds to four times the
/// guide a number below this, so successors whose guides differ by up to 50 can swap.
/// Chosen on FreeCell deals, against smaller and larger jitters.
pub const JITTER: u32 = 200;

/// A scan's order value of a move whose position has the fingerprint `key` and the guide
/// `guide`: the guide in scan 0, four times the guide plus a pseudo-random number below
/// [`JITTER`] drawn from the scan's `salt` and `key` in the others (the same on every
/// platform, and for positions that differ only in the order of their piles).
pub(super) fn scan_order(salt: Option<u64>, key: u64, guide: u32) -> u32 {
    match salt {
        None => guide,
        Some(salt) => 4 * guide + (mix(key ^ salt) >> 32) as u32 % JITTER,
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The guide of the compound scans: [`Tableau::guide`]'s terms with
    /// [`COMPOUND_GUIDE_WEIGHTS`] (worked out for the whole position, which the scans
    /// avoid: the tests check their shortcuts against it).
    pub(in crate::games::tableau) fn compound_guide(&self, s: &State<N>) -> u32 {
        let (out_of_order, depth) = self.guide_sums(s, next_home(s));
        self.guide_weighted(s, out_of_order, depth, COMPOUND_GUIDE_WEIGHTS)
    }
}
