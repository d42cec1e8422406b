//! A position's compound moves worked out as changes to it: the parent's sums ([`Parent`],
//! [`Prefix`]), the position after a move as changes to the parent's ([`After`]), the safe
//! moves home played on those changes, and the fingerprint and guide read from them.

use super::fingerprint::pile_hash;
use super::fingerprint::{cells_share, mix, PILE_SEED};
use super::ordering::COMPOUND_GUIDE_WEIGHTS;
use super::play::fresh_in;
use crate::cards::Card;
use crate::games::tableau::guide::{next_home, weigh_guide, RANK_OF};
use crate::games::tableau::rules::MAX_PILES;
use crate::games::tableau::state::{DOWN, EMPTY};
use crate::games::tableau::{Move, Place, State, Tableau};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Sums up `pos`, fresh from [`Parent::new`]: what the compound moves of its position
    /// are worked out from, once per position. (Filled in place: the caller's `Parent`,
    /// over a kilobyte, is then never copied.)
    pub(super) fn sum_up(&self, pos: &mut Parent<'_, N>) {
        let s = pos.s;
        for p in 0..self.rules.piles() {
            let (lo, hi) = (pos.starts[p], pos.starts[p] + usize::from(s.len[p]));
            pos.starts[p + 1] = hi;
            let mut x = Prefix::EMPTY;
            for (i, (&b, at)) in s.cards[lo..hi].iter().zip(&mut pos.at[lo..hi]).enumerate() {
                x = x.then(b);
                *at = x;
                pos.spot[usize::from(b & !DOWN)] = Spot {
                    pile: p as u8,
                    height: i as u8,
                };
            }
            pos.ooo += u32::from(x.ooo);
            if hi > lo {
                pos.shares[p] = mix(x.hash);
                pos.key = pos.key.wrapping_add(pos.shares[p]);
                pos.tops |= 1 << (s.cards[hi - 1] & !DOWN);
            } else {
                pos.empty += 1;
                pos.empties |= 1 << p;
            }
        }
        for &c in &s.cells[..self.cells()] {
            if c == EMPTY {
                pos.free += 1;
            } else {
                pos.cells |= 1 << (c & !DOWN);
            }
        }
        if !self.rules.cells.accept {
            pos.free = 0;
        }
        pos.cells_share = cells_share(pos.cells);
        pos.key = pos.key.wrapping_add(pos.cells_share);
    }

    /// The position after the compound move `(parks, last)` of `pos` as changes to `pos`,
    /// the safe moves home played; None when the move turns a card over (the scans then
    /// play it out).
    pub(super) fn after<'p>(
        &self,
        pos: &'p Parent<'_, N>,
        parks: usize,
        last: &Move,
    ) -> Option<After<'p, N>> {
        let s = pos.s;
        let count = usize::from(last.count);
        let mut a = After {
            len: s.len,
            home: s.home,
            cells: pos.cells,
            changed: 0,
            dest: None,
            group: &[],
            source: None,
            single: [EMPTY; MAX_PILES],
        };
        let mut fresh = 0;
        match last.from {
            Place::Cell(i) => {
                a.group = &s.cells[usize::from(i)..=usize::from(i)];
                a.cells &= !(1 << (a.group[0] & !DOWN));
            }
            Place::Pile(p) => {
                let p = usize::from(p);
                let pile = &s.cards[pos.starts[p]..pos.starts[p + 1]];
                let bottom = pile.len() - parks - count;
                if bottom > 0 && pile[bottom - 1] & DOWN != 0 {
                    return None;
                }
                // Parked top first: into the free cells, then into the first empty piles.
                let mut empties = pos.empties;
                for (j, &b) in pile[bottom + count..].iter().rev().enumerate() {
                    if j < pos.free {
                        a.cells |= 1 << (b & !DOWN);
                    } else {
                        let k = empties.trailing_zeros() as usize;
                        empties &= empties - 1;
                        a.len[k] = 1;
                        a.single[k] = b;
                        a.changed |= 1 << k;
                    }
                }
                a.len[p] = bottom as u8;
                a.changed |= 1 << p;
                a.source = Some((p, bottom));
                a.group = &pile[bottom..bottom + count];
                fresh = fresh_in(pile, parks, count);
            }
            _ => return None,
        }
        match last.to {
            Place::Pile(q) => {
                let q = usize::from(q);
                a.dest = Some((q, usize::from(s.len[q])));
                a.len[q] += last.count;
                a.changed |= 1 << q;
            }
            Place::Home => {
                a.home[last.card.suit_unchecked().index()] += 1;
                fresh = u64::MAX;
            }
            _ => return None,
        }
        // The position had no safe move home left: only a card laid bare, or any card once
        // one went home, may make one.
        if fresh & pos.next != 0 && !self.settle_after(pos, &mut a) {
            return None;
        }
        Some(a)
    }

    /// Plays the safe moves home in `a`, a position after a compound move of `pos`
    /// (`Tableau::settle` on the changes); false when one lays bare a face-down card,
    /// which the engine turns over (then `a` is left half settled).
    fn settle_after(&self, pos: &Parent<'_, N>, a: &mut After<'_, N>) -> bool {
        loop {
            let mut sent = false;
            for suit in 0..4 {
                let Some(c) = next_of(&a.home, suit) else {
                    continue;
                };
                let spot = a.spot(pos, c);
                let exposed = match spot {
                    Where::Cell => true,
                    Where::Pile(p, h) => h + 1 == usize::from(a.len[p]),
                    Where::Gone => false,
                };
                if !exposed || !self.safe_home(&a.home, Card::from_index(c)) {
                    continue;
                }
                if let Where::Pile(p, _) = spot {
                    a.len[p] -= 1;
                    a.changed |= 1 << p;
                    if a.top_is_face_down(pos, p) {
                        return false;
                    }
                } else {
                    a.cells &= !(1 << c);
                }
                a.home[suit] += 1;
                sent = true;
            }
            if !sent {
                return true;
            }
        }
    }

    /// The fingerprint ([`Tableau::scan_key`]) and the compound scans' guide of `a`, a
    /// position after a compound move of `pos`: the piles it leaves alone keep their shares
    /// of both, and a pile it changes holds a bottom part of its old cards (`Parent::at`),
    /// maybe with the moved group on top, or a card parked alone.
    pub(super) fn scores(&self, pos: &Parent<'_, N>, a: &After<'_, N>) -> (u64, u32) {
        let mut key = if a.cells == pos.cells {
            pos.key
        } else {
            pos.key
                .wrapping_sub(pos.cells_share)
                .wrapping_add(cells_share(a.cells))
        };
        let mut ooo = pos.ooo;
        let mut empty = pos.empty as u32;
        let mut changed = a.changed;
        while changed != 0 {
            let p = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let was = usize::from(pos.s.len[p]);
            if was == 0 {
                empty -= 1;
            } else {
                key = key.wrapping_sub(pos.shares[p]);
                ooo -= u32::from(pos.prefix(p, was).ooo);
            }
            let len = usize::from(a.len[p]);
            if len == 0 {
                empty += 1;
                continue;
            }
            let sums = match a.dest {
                Some((q, base)) if q == p && len > base => a.group[..len - base]
                    .iter()
                    .fold(pos.prefix(q, base), |x, &b| x.then(b)),
                _ if a.single[p] != EMPTY => Prefix::EMPTY.then(a.single[p]),
                _ => pos.prefix(p, len),
            };
            key = key.wrapping_add(mix(sums.hash));
            ooo += u32::from(sums.ooo);
        }
        // The cards above each next card home.
        let mut depth = 0;
        for suit in 0..4 {
            if let Some(c) = next_of(&a.home, suit) {
                if let Where::Pile(p, h) = a.spot(pos, c) {
                    depth += (usize::from(a.len[p]) - 1 - h) as u32;
                }
            }
        }
        let home: u32 = a.home.iter().map(|&h| u32::from(h)).sum();
        let guide = weigh_guide(
            COMPOUND_GUIDE_WEIGHTS,
            u32::from(self.feat.cards) - home,
            ooo,
            a.cells.count_ones(),
            depth,
            empty,
        );
        (key, guide)
    }
}

/// What the compound moves of a position are worked out from (`Tableau::sum_up`).
pub(super) struct Parent<'a, const N: usize> {
    pub(super) s: &'a State<N>,
    /// Where each pile starts in `s.cards` (and where the last ends).
    pub(super) starts: [usize; MAX_PILES + 1],
    /// The next card of each foundation, as a set.
    next: u64,
    /// At each card's place in `s.cards`, its pile's sums from the bottom up to that card.
    at: [Prefix; N],
    /// Where each card of the piles lies, by identity.
    pub(super) spot: [Spot; 64],
    /// Each pile's share of the fingerprint (0 when empty).
    shares: [u64; MAX_PILES],
    /// The cards above a lower card, over all piles (the guide's term).
    ooo: u32,
    /// The fingerprint, the cells' set and their share of it.
    key: u64,
    cells: u64,
    cells_share: u64,
    /// Free cells that take a card; empty piles, their number and their set.
    pub(super) free: usize,
    pub(super) empty: usize,
    pub(super) empties: u32,
    /// The pile tops as a set of card identities.
    pub(super) tops: u64,
}

impl<'a, const N: usize> Parent<'a, N> {
    /// The position `s` with nothing summed up yet (`Tableau::sum_up`).
    #[inline(always)]
    pub(super) fn new(s: &'a State<N>) -> Self {
        Parent {
            s,
            starts: [0; MAX_PILES + 1],
            next: next_home(s),
            at: [Prefix::EMPTY; N],
            spot: [Spot::NONE; 64],
            shares: [0; MAX_PILES],
            ooo: 0,
            key: 0,
            cells: 0,
            cells_share: 0,
            free: 0,
            empty: 0,
            empties: 0,
            tops: 0,
        }
    }

    /// The sums of the bottom `len` cards of pile `p`.
    fn prefix(&self, p: usize, len: usize) -> Prefix {
        if len == 0 {
            Prefix::EMPTY
        } else {
            self.at[self.starts[p] + len - 1]
        }
    }
}

/// A card's place in a pile: the pile and the cards under it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Spot {
    pub(super) pile: u8,
    height: u8,
}

impl Spot {
    /// Not in a pile.
    const NONE: Spot = Spot {
        pile: u8::MAX,
        height: 0,
    };
}

/// A position after a compound move, as changes to its parent's (`Tableau::after`).
pub(super) struct After<'p, const N: usize> {
    /// Pile heights, foundations and the cells' cards as a set.
    len: [u8; MAX_PILES],
    home: [u8; 4],
    cells: u64,
    /// The piles whose cards changed, as a set.
    changed: u32,
    /// The pile the moved group went onto, and the height of its cards under it.
    dest: Option<(usize, usize)>,
    /// The cards moved (one from a cell, or a group of a pile), bottom first.
    group: &'p [u8],
    /// The pile the cards came off, and the height of the lowest one moved or parked.
    source: Option<(usize, usize)>,
    /// The card parked alone into each empty pile (`EMPTY` for the other piles).
    single: [u8; MAX_PILES],
}

/// Where a card lies in an [`After`].
#[derive(Clone, Copy, Debug)]
enum Where {
    Cell,
    /// In a pile, with this many cards under it.
    Pile(usize, usize),
    /// Home, or moved home by the compound move.
    Gone,
}

impl<const N: usize> After<'_, N> {
    /// Whether the top card of pile `p` is one of the parent's face-down cards.
    fn top_is_face_down(&self, pos: &Parent<'_, N>, p: usize) -> bool {
        let len = usize::from(self.len[p]);
        let on_group = matches!(self.dest, Some((q, base)) if q == p && len > base);
        len > 0
            && !on_group
            && self.single[p] == EMPTY
            && pos.s.cards[pos.starts[p] + len - 1] & DOWN != 0
    }

    /// Where the card with the identity `c`, not home in `pos`, lies now.
    fn spot(&self, pos: &Parent<'_, N>, c: u8) -> Where {
        if self.cells >> c & 1 != 0 {
            return Where::Cell;
        }
        let at = pos.spot[usize::from(c)];
        if at.pile == Spot::NONE.pile {
            // It was in a cell: it went onto a pile, or home.
            return match self.dest {
                Some((q, base)) if self.source.is_none() && self.group[0] & !DOWN == c => {
                    Where::Pile(q, base)
                }
                _ => Where::Gone,
            };
        }
        let (p, h) = (usize::from(at.pile), usize::from(at.height));
        match self.source {
            Some((from, bottom)) if from == p && h >= bottom => {
                let j = h - bottom;
                if j < self.group.len() {
                    self.dest
                        .map_or(Where::Gone, |(q, base)| Where::Pile(q, base + j))
                } else {
                    // Parked, and not in a cell: alone in a pile.
                    (0..MAX_PILES)
                        .find(|&k| self.single[k] & !DOWN == c)
                        .map_or(Where::Gone, |k| Where::Pile(k, 0))
                }
            }
            _ => Where::Pile(p, h),
        }
    }
}

/// The sums of the cards of a pile from its bottom up to some card: the pile's hash so far
/// (`pile_hash`), the cards lying above a lower card (the guide's term), and the lowest
/// rank.
#[derive(Clone, Copy, Debug)]
struct Prefix {
    hash: u64,
    ooo: u8,
    lowest: u8,
}

impl Prefix {
    /// The sums of no card.
    const EMPTY: Prefix = Prefix {
        hash: PILE_SEED,
        ooo: 0,
        lowest: 14,
    };

    /// The sums with the card `b` on top.
    fn then(self, b: u8) -> Prefix {
        let r = RANK_OF[usize::from(b & !DOWN)];
        Prefix {
            hash: pile_hash(self.hash, &[b]),
            ooo: self.ooo + u8::from(r > self.lowest),
            lowest: self.lowest.min(r),
        }
    }
}

/// The identity of the next card of foundation `suit` holding `home[suit]` cards (None
/// when it is full).
fn next_of(home: &[u8; 4], suit: usize) -> Option<u8> {
    (home[suit] < 13).then(|| suit as u8 * 13 + home[suit])
}
