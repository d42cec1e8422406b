//! Listing a position's compound moves, each with the fingerprint and guide of the position
//! it leads to, worked out from the parent's sums ([`after`](super::after)) without making
//! that position.

use super::after::Parent;
use super::Compound;
use crate::cards::Card;
use crate::games::tableau::state::{DOWN, EMPTY};
use crate::games::tableau::{Move, Place, State, Tableau};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Every compound move of the position `pos`, passed to `visit` as `(parks, last)`.
    fn each_compound(&self, pos: &Parent<'_, N>, visit: &mut impl FnMut(usize, Move)) {
        let s = pos.s;
        let np = self.rules.piles();
        let room = pos.free + pos.empty;
        let home_mask = self.home_mask(s);
        // A card from a cell: home, onto a pile, into an empty pile.
        for i in 0..self.cells() {
            if s.cells[i] == EMPTY {
                continue;
            }
            let c = Card::from_index(s.cells[i]);
            let from = Place::Cell(i as u8);
            if self.goes_home_by(home_mask, s, c) {
                visit(0, Move::single(from, Place::Home, c));
            }
            self.lands(pos, c, 1, |q| {
                visit(0, Move::single(from, Place::Pile(q as u8), c));
            });
        }
        // A card of a pile, after parking the cards above it or above the group it heads.
        for p in 0..np {
            let pile = &s.cards[pos.starts[p]..pos.starts[p + 1]];
            let len = pile.len();
            let from = Place::Pile(p as u8);
            // The top of the built group that starts at each position: scanned down from
            // the top, a position continues the group of the one above it.
            let mut group_top = len;
            // Whether the card above continues the group of the card at `i`.
            let mut continued = false;
            for i in (0..len).rev() {
                if pile[i] & DOWN != 0 {
                    break;
                }
                if !continued {
                    group_top = i;
                }
                // Whether the card at `i` lies on a card it builds on: the same test as
                // `continued` one place down, so each pair is tested once.
                let on_base =
                    i > 0 && pile[i - 1] & DOWN == 0 && self.continues_group(pile[i], pile[i - 1]);
                continued = on_base;
                // Cards above the group: never fewer further down.
                let above = len - 1 - group_top;
                if above > room {
                    break;
                }
                let c = Card::from_index(pile[i]);
                // Home, every card above it parked.
                let above_c = len - 1 - i;
                if above_c <= room
                    && self.goes_home_by(home_mask, s, c)
                    && self.parks_into_piles(pos, pile, above_c).is_some()
                {
                    visit(above_c, Move::single(from, Place::Home, c));
                }
                let Some(taken) = self.parks_into_piles(pos, pile, above) else {
                    continue;
                };
                let k = group_top + 1 - i;
                // A group lying on a card it builds on (`on_base`) goes into an empty pile
                // only whole (from the bottom of its run): splitting a run there only parks
                // cards, and moving the run off its base into an empty pile gains nothing the
                // cells would not; leaving those moves out shortens both searches and lines.
                // What parking leaves for moving the group.
                let (free, empty) = (pos.free.saturating_sub(above), pos.empty - taken);
                self.lands(pos, c, k, |q| {
                    // A whole pile into an empty one changes nothing.
                    let to_empty = s.len[q] == 0;
                    if q == p || (to_empty && (i == 0 || on_base)) {
                        return;
                    }
                    // Into an empty pile: the first one parking leaves, as the engine lists
                    // such moves.
                    let q = if to_empty {
                        match nth_bit(pos.empties, taken) {
                            Some(x) => x,
                            None => return,
                        }
                    } else {
                        q
                    };
                    if k > 1 && k > self.group_limit(free, empty, to_empty) {
                        return;
                    }
                    visit(
                        above,
                        Move {
                            from,
                            to: Place::Pile(q as u8),
                            count: k as u8,
                            card: c,
                        },
                    );
                });
            }
        }
    }

    /// The piles the card `c`, at the bottom of a group of `k`, may land on in `pos`, passed
    /// to `each`: those whose top it builds on (of its suit for a group, where the rules
    /// say so), then the first empty pile when the rules let it fill one.
    fn lands(&self, pos: &Parent<'_, N>, c: Card, k: usize, mut each: impl FnMut(usize)) {
        let mut bases = self.group_bases(k, c) & pos.tops;
        while bases != 0 {
            each(usize::from(pos.spot[bases.trailing_zeros() as usize].pile));
            bases &= bases - 1;
        }
        // No base rank here: compound moves are not written for a dealt or chosen base.
        if pos.empties != 0 && self.rules.fills_empty(c, 0) {
            each(pos.empties.trailing_zeros() as usize);
        }
    }

    /// How many of the top `k` cards of `pile` (of `pos`) parking puts into empty piles
    /// (`Tableau::park_place`: the free cells take the first, top first, then the first
    /// empty piles the others, each only if it may start a pile); None when they do not
    /// all find room.
    fn parks_into_piles(&self, pos: &Parent<'_, N>, pile: &[u8], k: usize) -> Option<usize> {
        let into_piles = k.saturating_sub(pos.free);
        if into_piles == 0 {
            return Some(0);
        }
        (into_piles <= pos.empty
            && pile[pile.len() - k..pile.len() - pos.free]
                .iter()
                .all(|&b| self.rules.fills_empty(Card::from_index(b), 0)))
        .then_some(into_piles)
    }

    /// Every compound move of `s` with the fingerprint ([`Tableau::scan_key`]) and the
    /// guide of the position it leads to, passed to `emit`, worked out without making that
    /// position (`Tableau::after`) unless the move turns a card over.
    pub fn scored_compound_moves(&self, s: &State<N>, mut emit: impl FnMut(Compound, u64, u32)) {
        let mut pos = Parent::new(s);
        self.sum_up(&mut pos);
        self.each_compound(&pos, &mut |parks, last| {
            let (key, guide) = match self.after(&pos, parks, &last) {
                Some(a) => self.scores(&pos, &a),
                None => {
                    let t = self.play_parts(s, parks, &last);
                    (self.scan_key(&t), self.compound_guide(&t))
                }
            };
            emit(
                Compound {
                    parks: parks as u8,
                    last,
                },
                key,
                guide,
            );
        });
    }
}

/// The index of the set bit of `set` that has `n` set bits below it, if any.
fn nth_bit(mut set: u32, n: usize) -> Option<usize> {
    for _ in 0..n {
        set &= set.wrapping_sub(1);
    }
    (set != 0).then(|| set.trailing_zeros() as usize)
}
