//! Compound moves played out on the [`State`]: the cards parked, the move, and the safe
//! moves home after it, with or without writing the engine's moves down.

use super::Compound;
use crate::cards::Card;
use crate::games::tableau::guide::next_home;
use crate::games::tableau::state::{DOWN, EMPTY};
use crate::games::tableau::{Move, Place, State, Tableau};
#[cfg(doc)]
use solvers::Space;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Plays the safe moves home from `s` (appending them to `line` when given): the
    /// moves [`Space::forced`] gives, one after another, looked for only among the next
    /// cards of the foundations that lie on top of a pile or in a cell.
    pub(super) fn autoplay(&self, s: &mut State<N>, mut line: Option<&mut Vec<Move>>) {
        while let Some((from, card)) = self.safe_home_on_top(s) {
            let mv = Move {
                from,
                to: Place::Home,
                count: 1,
                card,
            };
            *s = self.apply(s, &mv);
            if let Some(line) = line.as_deref_mut() {
                line.push(mv);
            }
        }
    }

    /// [`Tableau::autoplay`] without writing the moves down, sending each card home in
    /// place. The safe moves home never block one another (each only adds to the
    /// foundations and takes a card off the top), so the position they end in does not
    /// depend on their order.
    fn settle(&self, s: &mut State<N>) {
        let np = self.rules.piles();
        'next: loop {
            let next = next_home(s);
            let mut end = 0;
            for p in 0..np {
                let len = s.len[p] as usize;
                end += len;
                if len > 0 {
                    let b = s.cards[end - 1] & !DOWN;
                    let c = Card::from_index(b);
                    if next >> b & 1 != 0 && self.safe_home(&s.home, c) {
                        s.remove_top(p, 1);
                        s.home[c.suit_unchecked().index()] += 1;
                        continue 'next;
                    }
                }
            }
            for i in 0..self.cells() {
                let b = s.cells[i];
                if b != EMPTY && next >> b & 1 != 0 {
                    let c = Card::from_index(b);
                    if self.safe_home(&s.home, c) {
                        s.cells[i] = EMPTY;
                        s.home[c.suit_unchecked().index()] += 1;
                        continue 'next;
                    }
                }
            }
            return;
        }
    }

    /// The first pile top, else cell card, that goes home safely (the order of
    /// [`Tableau::home_candidates`], so the same move as [`Space::forced`]).
    fn safe_home_on_top(&self, s: &State<N>) -> Option<(Place, Card)> {
        let next = next_home(s);
        let mut end = 0;
        for p in 0..self.rules.piles() {
            end += s.len[p] as usize;
            if s.len[p] > 0 && next >> (s.cards[end - 1] & !DOWN) & 1 != 0 {
                let c = Card::from_index(s.cards[end - 1] & !DOWN);
                if self.safe_home(&s.home, c) {
                    return Some((Place::Pile(p as u8), c));
                }
            }
        }
        (0..self.cells()).find_map(|i| {
            let b = s.cells[i];
            (b != EMPTY && next >> b & 1 != 0 && self.safe_home(&s.home, Card::from_index(b)))
                .then(|| (Place::Cell(i as u8), Card::from_index(b)))
        })
    }

    /// Where the top card of pile `p` can be parked in `s`: the first empty cell, else the
    /// first empty pile, if it takes the card. A group going into an empty pile goes to
    /// the first one left after parking, so parking never needs to leave one alone.
    fn park_place(&self, s: &State<N>, p: usize) -> Option<Place> {
        if self.rules.cells.accept {
            if let Some(c) = (0..self.cells()).find(|&i| s.cells[i] == EMPTY) {
                return Some(Place::Cell(c as u8));
            }
        }
        let card = Card::from_index(*s.pile(p).last()?);
        (0..self.rules.piles())
            .find(|&q| q != p && s.len[q] == 0)
            .filter(|_| self.rules.fills_empty(card, 0))
            .map(|q| Place::Pile(q as u8))
    }

    /// Parks the top `k` cards of pile `p` one by one (`Tableau::park_place`), appending
    /// the moves to `line` when given; None when there is no room.
    fn park(
        &self,
        s: &State<N>,
        p: usize,
        k: usize,
        mut line: Option<&mut Vec<Move>>,
    ) -> Option<State<N>> {
        let mut t = *s;
        if k == 0 {
            return Some(t);
        }
        // When the free cells take them all, in one go: the top card into the first free
        // cell, and so on, as one by one.
        let nc = self.cells();
        if line.is_none()
            && self.rules.cells.accept
            && t.cells[..nc].iter().filter(|&&c| c == EMPTY).count() >= k
        {
            let pile = s.pile(p);
            let mut tops = pile[pile.len() - k..].iter().rev();
            for cell in t.cells[..nc].iter_mut().filter(|c| **c == EMPTY) {
                match tops.next() {
                    Some(&b) => *cell = b,
                    None => break,
                }
            }
            t.remove_top(p, k);
            return Some(t);
        }
        for _ in 0..k {
            let to = self.park_place(&t, p)?;
            let card = Card::from_index(*t.pile(p).last().expect("a card to park"));
            let mv = Move {
                from: Place::Pile(p as u8),
                to,
                count: 1,
                card,
            };
            t = self.apply(&t, &mv);
            if let Some(line) = line.as_deref_mut() {
                line.push(mv);
            }
        }
        Some(t)
    }

    /// The position after the compound move `(parks, last)` from `s`, the safe moves home
    /// played.
    pub(super) fn play_parts(&self, s: &State<N>, parks: usize, last: &Move) -> State<N> {
        let mut t = match last.from {
            Place::Pile(p) if parks > 0 => {
                let t = self
                    .park(s, p as usize, parks, None)
                    .expect("a compound move parks where it found room");
                self.apply(&t, last)
            }
            _ => self.apply(s, last),
        };
        if fresh_cards(s, parks, last) & next_home(s) != 0 {
            self.settle(&mut t);
        }
        t
    }

    /// Plays the engine's moves of the compound move `c` from `s`, without the safe moves
    /// home that follow it, appending them to `out`; the position they reach.
    pub(super) fn play_steps(&self, s: &State<N>, c: &Compound, out: &mut Vec<Move>) -> State<N> {
        let parked = match c.last.from {
            Place::Pile(p) => self
                .park(s, p as usize, c.parks as usize, Some(&mut *out))
                .expect("a compound move parks where it found room"),
            _ => *s,
        };
        out.push(c.last);
        self.apply(&parked, &c.last)
    }
}

/// The cards the compound move `(parks, last)` lays bare in `s`: parked, uncovered, or
/// heading a group that lay under parked cards. `s` has no safe move home left, and unless
/// a card goes home no card that was on top or in a cell there becomes safe: so the safe
/// moves home after the move are among these (every card when one goes home).
fn fresh_cards<const N: usize>(s: &State<N>, parks: usize, last: &Move) -> u64 {
    match (last.from, last.to) {
        (_, Place::Home) => u64::MAX,
        (Place::Pile(p), _) => fresh_in(s.pile(usize::from(p)), parks, usize::from(last.count)),
        _ => 0,
    }
}

/// [`fresh_cards`] of a move of `count` cards from `pile` after `parks` cards parked, not
/// home.
pub(super) fn fresh_in(pile: &[u8], parks: usize, count: usize) -> u64 {
    let bottom = pile.len() - parks - count;
    let mut fresh = bottom.checked_sub(1).map_or(0, |i| 1 << (pile[i] & !DOWN));
    if parks > 0 {
        for &b in &pile[pile.len() - parks - 1..] {
            fresh |= 1 << (b & !DOWN);
        }
    }
    fresh
}
