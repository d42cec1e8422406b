//! The compound scans' 64-bit fingerprint of a position ([`Tableau::scan_key`]): its piles
//! as a multiset and its cells as a set, added up pile by pile.

use crate::games::tableau::state::{DOWN, EMPTY};
use crate::games::tableau::{State, Tableau};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The compound scans' fingerprint of `s`: a 64-bit hash of its piles as a multiset
    /// (each pile hashed in order, the piles' hashes mixed and added) and of its cells as a
    /// set. With one deck the cards at home follow from the others. The scans only read
    /// wins, so two positions sharing a fingerprint (about one chance in 2^64 for each
    /// pair) could at worst hide a win from a scan, never make a verdict; the complete
    /// searches keep exact keys. Added up pile by pile, so that a compound move's
    /// fingerprint follows from the piles it changes (`Tableau::scores`).
    pub fn scan_key(&self, s: &State<N>) -> u64 {
        let mut key = 0u64;
        let mut at = 0;
        for p in 0..self.rules.piles() {
            let len = usize::from(s.len[p]);
            if len > 0 {
                key = key.wrapping_add(mix(pile_hash(PILE_SEED, &s.cards[at..at + len])));
            }
            at += len;
        }
        let mut cells = 0u64;
        for &c in &s.cells[..self.cells()] {
            if c != EMPTY {
                cells |= 1 << (c & !DOWN);
            }
        }
        key.wrapping_add(cells_share(cells))
    }
}

/// The starting value of a pile's hash (that of an empty pile).
pub(super) const PILE_SEED: u64 = 0x243f_6a88_85a3_08d3;

/// The hash `h` of some cards continued over `cards` (FNV-1a's step, one byte at a time),
/// so that a pile's hash with a group on top follows from the pile's.
pub(super) fn pile_hash(h: u64, cards: &[u8]) -> u64 {
    cards.iter().fold(h, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The cells' share of a fingerprint, from the set of their cards.
pub(super) fn cells_share(cells: u64) -> u64 {
    mix(cells ^ 0x5bd1_e995_0000_0000)
}

/// SplitMix64's finalizer: every bit of the result depends on every bit of `z`.
pub(super) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use crate::games::tableau::testing::game;
    use crate::games::Game;
    use solvers::Space;

    /// Over the positions of random walks in FreeCell, two positions share a fingerprint
    /// exactly when they share the exact key (piles in any order, cells as a set).
    #[test]
    fn fingerprints_tell_positions_apart_as_exact_keys_do() {
        let g = game("freecell");
        let mut rng = crate::deals::Rng::new(7);
        let mut by_key = std::collections::HashMap::new();
        let mut by_fingerprint = std::collections::HashMap::new();
        for deal in 1..=100 {
            let mut s = g.pack(&g.deal(deal)).expect("deal");
            for _ in 0..100 {
                let (key, fingerprint) = (g.key(&s), g.scan_key(&s));
                assert_eq!(*by_key.entry(key).or_insert(fingerprint), fingerprint);
                assert_eq!(*by_fingerprint.entry(fingerprint).or_insert(key), key);
                let mut succ = Vec::new();
                g.expand(&s, &mut succ);
                if succ.is_empty() {
                    break;
                }
                s = succ[rng.below(succ.len() as u64) as usize].state;
            }
        }
        assert!(by_key.len() > 1000, "only {} positions", by_key.len());
        // The same position with its piles in another order.
        let s = g.pack(&g.deal(3)).expect("deal");
        let mut swapped = s;
        let (a, b) = (s.pile(0).to_vec(), s.pile(1).to_vec());
        swapped.cards[..b.len()].copy_from_slice(&b);
        swapped.cards[b.len()..b.len() + a.len()].copy_from_slice(&a);
        swapped.len.swap(0, 1);
        assert_ne!(swapped, s);
        assert_eq!(g.scan_key(&swapped), g.scan_key(&s));
    }
}
