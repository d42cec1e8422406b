//! Compound moves for the FreeCell family: a focused first search whose steps each reach a
//! card and do something with it.
//!
//! A [`Compound`] move parks the cards lying above a card (top first, in free cells, then
//! in empty piles) and then sends that card home, or moves the group it heads onto a card
//! of another pile or into an empty pile (only a whole run when it lies on a card it builds
//! on); a card in a cell goes home, onto a pile or into an empty pile. After each compound
//! move the safe moves home ([`Space::forced`]) are played at once. A plain move of a top
//! card into a cell, with no purpose of its own, is not a compound move. So [`Compound`]
//! leaves moves out and a search over it proves nothing when it ends without a win: `study`
//! runs it first and reads only its wins. Its steps are fewer and each one goes somewhere:
//! a depth-first search over them reaches a win in far fewer states than over single moves
//! on most FreeCell deals (fc-solve's default move types work the same way). The scans
//! order successors by the guide's terms weighed for them ([`COMPOUND_GUIDE_WEIGHTS`]),
//! every scan after the first with a jitter of its own ([`JITTER`]).
//!
//! A line found is written out as the engine's own moves ([`Tableau::expand_line`]), each
//! legal where it is played (checked by the tests below), and replayed by the verifier like
//! any other.

use super::{next_home, Move, Place, State, Tableau, Takes, DOWN, EMPTY, MAX_PILES, RANK_OF};
use crate::cards::Card;
use solvers::{MoveSpace, ScoredMove, Space};

/// A compound move: `parks` cards parked from the top of the pile `last` takes its card
/// from (`Tableau::park_place`, which makes the parking places follow from the position),
/// then `last`, then the safe moves home that follow (not stored either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compound {
    parks: u8,
    last: Move,
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether [`Compound`] moves are written for these rules: one deck, single cards go
    /// home, and the game has no stock, redeal, returns or chosen base, and only built
    /// groups move (the FreeCell family).
    pub fn plays_compound(&self) -> bool {
        let f = &self.feat;
        f.takes == Takes::Cards
            && !f.returns
            && f.redeal == 0
            && !f.chosen_base
            && f.deal_to == 0
            && !f.face_up_groups
            && !f.repeats
    }

    /// Plays the safe moves home from `s` (appending them to `line` when given): the
    /// moves [`Space::forced`] gives, one after another, looked for only among the next
    /// cards of the foundations that lie on top of a pile or in a cell.
    fn autoplay(&self, s: &mut State<N>, mut line: Option<&mut Vec<Move>>) {
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

    /// The guide of the compound scans: [`Tableau::guide`]'s terms with
    /// [`COMPOUND_GUIDE_WEIGHTS`] (worked out for the whole position, which the scans
    /// avoid: the tests check their shortcuts against it).
    fn compound_guide(&self, s: &State<N>) -> u32 {
        let (out_of_order, depth) = self.guide_sums(s, next_home(s));
        self.guide_weighted(s, out_of_order, depth, COMPOUND_GUIDE_WEIGHTS)
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
            .filter(|_| self.rules.fills_empty(card))
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

    /// Sums up `pos`, fresh from [`Parent::new`]: what the compound moves of its position
    /// are worked out from, once per position. (Filled in place: the caller's `Parent`,
    /// over a kilobyte, is then never copied.)
    fn sum_up(&self, pos: &mut Parent<'_, N>) {
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
                .all(|&b| self.rules.fills_empty(Card::from_index(b))))
        .then_some(into_piles)
    }

    /// Every compound move of the position `pos`, passed to `visit` as `(parks, last)`.
    fn each_compound(&self, pos: &Parent<'_, N>, visit: &mut impl FnMut(usize, Move)) {
        let s = pos.s;
        let np = self.rules.piles();
        let room = pos.free + pos.empty;
        // A card from a cell: home, onto a pile, into an empty pile.
        for i in 0..self.cells() {
            if s.cells[i] == EMPTY {
                continue;
            }
            let c = Card::from_index(s.cells[i]);
            let from = Place::Cell(i as u8);
            if self.goes_home(s, c) {
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
                    && self.goes_home(s, c)
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
                // cells would not. On FreeCell deals 1 to 8000 this took a quarter of the
                // states off and lines from 116.7 moves to 108.6.
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
        if pos.empties != 0 && self.rules.fills_empty(c) {
            each(pos.empties.trailing_zeros() as usize);
        }
    }

    /// The position after the compound move `(parks, last)` from `s`, the safe moves home
    /// played.
    fn play_parts(&self, s: &State<N>, parks: usize, last: &Move) -> State<N> {
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

    /// The position after the compound move `c` from `s`, the safe moves home played.
    pub fn play_compound(&self, s: &State<N>, c: &Compound) -> State<N> {
        self.play_parts(s, usize::from(c.parks), &c.last)
    }

    /// The position after the compound move `(parks, last)` of `pos` as changes to `pos`,
    /// the safe moves home played; None when the move turns a card over (the scans then
    /// play it out).
    fn after<'p>(&self, pos: &'p Parent<'_, N>, parks: usize, last: &Move) -> Option<After<'p, N>> {
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
    fn scores(&self, pos: &Parent<'_, N>, a: &After<'_, N>) -> (u64, u32) {
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
        let guide = super::weigh_guide(
            COMPOUND_GUIDE_WEIGHTS,
            u32::from(self.feat.cards) - home,
            ooo,
            a.cells.count_ones(),
            depth,
            empty,
        );
        (key, guide)
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

    /// Plays the engine's moves of the compound move `c` from `s`, without the safe moves
    /// home that follow it, appending them to `out`; the position they reach.
    fn play_steps(&self, s: &State<N>, c: &Compound, out: &mut Vec<Move>) -> State<N> {
        let parked = match c.last.from {
            Place::Pile(p) => self
                .park(s, p as usize, c.parks as usize, Some(&mut *out))
                .expect("a compound move parks where it found room"),
            _ => *s,
        };
        out.push(c.last);
        self.apply(&parked, &c.last)
    }

    /// The engine's moves of a compound move played from `s`, without the safe moves home
    /// that follow it.
    pub fn compound_steps(&self, s: &State<N>, c: &Compound) -> Vec<Move> {
        let mut out = Vec::new();
        self.play_steps(s, c, &mut out);
        out
    }

    /// Appends to `out` the engine's moves of a line of compound moves from `s` (which must
    /// have no safe move home left), with the safe moves home after each.
    pub fn expand_line(&self, s: &State<N>, line: &[Compound], out: &mut Vec<Move>) {
        let mut s = *s;
        for c in line {
            s = self.play_steps(&s, c, out);
            self.autoplay(&mut s, Some(&mut *out));
        }
    }

    /// A depth-first scan over compound moves from `s` ([`solvers::scan`]): scan 0 tries
    /// each state's moves best first by the compound guide, scan `n` > 0 by the guide plus a
    /// pseudo-random number drawn from `n` and the position ([`JITTER`]), so each scan
    /// takes its own way through near ties. Its win comes as the engine's moves; its other
    /// verdicts are unknown (`Pruned` when it ran out of moves). None when the rules have
    /// no compound moves.
    pub fn compound_dive(
        &self,
        s: &State<N>,
        scan: u64,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        if !self.plays_compound() {
            return None;
        }
        let mut start = *s;
        let mut prefix = Vec::new();
        self.autoplay(&mut start, Some(&mut prefix));
        let r = solvers::scan(&CompoundSpace::new(self, scan), start, limits);
        let mut stats = r.stats;
        let outcome = match r.outcome {
            solvers::Outcome::Solved(line) => {
                // A step is its move, the cards it parks and the safe moves home after it:
                // room for a few each saves growing the line move by move.
                prefix.reserve(4 * line.len());
                self.expand_line(&start, &line, &mut prefix);
                stats.solution_len = prefix.len() as u64;
                stats.solution_cost = prefix.len() as u64;
                solvers::Outcome::Solved(prefix)
            }
            solvers::Outcome::Unsolvable => solvers::Outcome::Unsolvable,
            solvers::Outcome::Unknown(why) => solvers::Outcome::Unknown(why),
        };
        Some(solvers::Report { outcome, stats })
    }
}

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

/// What the compound moves of a position are worked out from (`Tableau::sum_up`).
struct Parent<'a, const N: usize> {
    s: &'a State<N>,
    /// Where each pile starts in `s.cards` (and where the last ends).
    starts: [usize; MAX_PILES + 1],
    /// The next card of each foundation, as a set.
    next: u64,
    /// At each card's place in `s.cards`, its pile's sums from the bottom up to that card.
    at: [Prefix; N],
    /// Where each card of the piles lies, by identity.
    spot: [Spot; 64],
    /// Each pile's share of the fingerprint (0 when empty).
    shares: [u64; MAX_PILES],
    /// The cards above a lower card, over all piles (the guide's term).
    ooo: u32,
    /// The fingerprint, the cells' set and their share of it.
    key: u64,
    cells: u64,
    cells_share: u64,
    /// Free cells that take a card; empty piles, their number and their set.
    free: usize,
    empty: usize,
    empties: u32,
    /// The pile tops as a set of card identities.
    tops: u64,
}

impl<'a, const N: usize> Parent<'a, N> {
    /// The position `s` with nothing summed up yet (`Tableau::sum_up`).
    #[inline(always)]
    fn new(s: &'a State<N>) -> Self {
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
struct Spot {
    pile: u8,
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
struct After<'p, const N: usize> {
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

/// The index of the set bit of `set` that has `n` set bits below it, if any.
fn nth_bit(mut set: u32, n: usize) -> Option<usize> {
    for _ in 0..n {
        set &= set.wrapping_sub(1);
    }
    (set != 0).then(|| set.trailing_zeros() as usize)
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
fn fresh_in(pile: &[u8], parks: usize, count: usize) -> u64 {
    let bottom = pile.len() - parks - count;
    let mut fresh = bottom.checked_sub(1).map_or(0, |i| 1 << (pile[i] & !DOWN));
    if parks > 0 {
        for &b in &pile[pile.len() - parks - 1..] {
            fresh |= 1 << (b & !DOWN);
        }
    }
    fresh
}

/// The starting value of a pile's hash (that of an empty pile).
const PILE_SEED: u64 = 0x243f_6a88_85a3_08d3;

/// The hash `h` of some cards continued over `cards` (FNV-1a's step, one byte at a time),
/// so that a pile's hash with a group on top follows from the pile's.
fn pile_hash(h: u64, cards: &[u8]) -> u64 {
    cards.iter().fold(h, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The cells' share of a fingerprint, from the set of their cards.
fn cells_share(cells: u64) -> u64 {
    mix(cells ^ 0x5bd1_e995_0000_0000)
}

/// SplitMix64's finalizer: every bit of the result depends on every bit of `z`.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The weights of the compound scans' guide: [`Tableau::guide`]'s terms (cards not home,
/// cards above a lower card, occupied cells, depth of the next cards home, empty piles
/// subtracted) weighed for depth-first scans over compound moves, where a cell or an empty
/// pile is worth more than in a search over single moves: each lets a compound move park
/// one more card. Chosen on FreeCell deals 1 to 8000 (1.32 M states, against 1.78 M with
/// the single moves' weights 1, 4, 1, 1, 6) and checked on deals 8001 to 16000 (1.44 M
/// against 1.81 M).
pub const COMPOUND_GUIDE_WEIGHTS: [u32; 5] = [1, 4, 5, 1, 10];

/// How far a scan other than the first may reorder successors: it adds to four times the
/// guide a number below this, so successors whose guides differ by up to 50 can swap.
/// Chosen on FreeCell deals 1 to 8000 with scans of 400 states: 120, 300 and 400 did worse.
pub const JITTER: u32 = 200;

/// A scan's order value of a move whose position has the fingerprint `key` and the guide
/// `guide`: the guide in scan 0, four times the guide plus a pseudo-random number below
/// [`JITTER`] drawn from the scan's `salt` and `key` in the others (the same on every
/// platform, and for positions that differ only in the order of their piles).
fn scan_order(salt: Option<u64>, key: u64, guide: u32) -> u32 {
    match salt {
        None => guide,
        Some(salt) => 4 * guide + (mix(key ^ salt) >> 32) as u32 % JITTER,
    }
}

/// The game over compound moves, each scan ordering moves its own way (for scans, which
/// read only wins: see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct CompoundSpace<'a, const N: usize, const K: usize> {
    /// The game.
    pub game: &'a Tableau<N, K>,
    /// The jitter's salt, drawn from the scan number (none for scan 0).
    salt: Option<u64>,
}

impl<'a, const N: usize, const K: usize> CompoundSpace<'a, N, K> {
    /// The space of scan number `scan` (see [`Tableau::compound_dive`]).
    pub fn new(game: &'a Tableau<N, K>, scan: u64) -> Self {
        CompoundSpace {
            game,
            salt: (scan > 0).then(|| mix(scan)),
        }
    }
}

impl<const N: usize, const K: usize> MoveSpace for CompoundSpace<'_, N, K> {
    type State = State<N>;
    type Move = Compound;

    fn is_goal(&self, s: &State<N>) -> bool {
        self.game.is_goal(s)
    }
    fn fingerprint(&self, s: &State<N>) -> u64 {
        self.game.scan_key(s)
    }
    fn moves(&self, s: &State<N>, out: &mut Vec<ScoredMove<Compound>>) {
        self.game
            .scored_compound_moves(s, |mv, fingerprint, guide| {
                out.push(ScoredMove {
                    mv,
                    fingerprint,
                    order: scan_order(self.salt, fingerprint, guide),
                })
            });
    }
    fn play(&self, s: &State<N>, mv: &Compound) -> State<N> {
        self.game.play_compound(s, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    /// Along random walks over compound moves from deals of every preset that has them,
    /// each step of each compound move is among the engine's legal moves where it is
    /// played, the position reached after them and the engine's forced moves home is the
    /// one the compound move plays to, and the fingerprint and guide listed with the move
    /// are those of that position.
    #[test]
    fn compound_moves_are_lines_of_legal_moves() {
        let mut rng = crate::deals::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for rules in super::super::presets() {
            let Ok(GameId::Tableau(i)) = rules.id.parse::<GameId>() else {
                continue;
            };
            if super::super::capacity(rules) != 52 {
                continue;
            }
            let g = Tableau::<52, 80>::preset(i);
            if g.plays_compound() {
                checked += walk(&g, &mut rng);
            }
        }
        assert!(checked > 1000, "only {checked} compound moves checked");
    }

    /// The same walks in a FreeCell whose piles are dealt with cards face down (no preset
    /// of the family has any): the moves that turn a card over are listed with the
    /// fingerprint and guide of the position played out.
    #[test]
    fn compound_moves_that_turn_a_card_over_are_scored_as_played() {
        let rules = crate::games::tableau::rules::Rules::from_toml(
            "id = \"freecell-face-down\"\nname = \"FreeCell, face down\"\nsummary = \"test\"\n\
             source = \"test\"\n[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\n\
             face_down = [3, 3, 3, 3, 2, 2, 2, 2]\nbuild = \"alternate-color\"\n\
             moves = \"freecell-sequences\"\nempty = \"any\"\n[cells]\ncount = 4\n",
        )
        .expect("rules");
        let rules: &'static crate::games::tableau::rules::Rules = Box::leak(Box::new(rules));
        let g = Tableau::<52, 80>::of_rules(rules, 0);
        assert!(g.plays_compound());
        let mut rng = crate::deals::Rng::new(11);
        let checked = walk(&g, &mut rng);
        assert!(checked > 300, "only {checked} compound moves checked");
    }

    /// Walks 80 compound moves from each of deals 1 to 8 of `g` (see
    /// `compound_moves_are_lines_of_legal_moves`); the number of moves checked.
    fn walk(g: &Tableau<52, 80>, rng: &mut crate::deals::Rng) -> usize {
        let id = &g.rules.id;
        let mut checked = 0;
        for deal in 1..=8 {
            let mut s = g.pack(&g.deal(deal)).expect("deal");
            g.autoplay(&mut s, None);
            for _ in 0..80 {
                let mut moves = Vec::new();
                g.scored_compound_moves(&s, |c, key, guide| moves.push((c, key, guide)));
                let mut after = Vec::new();
                for &(c, key, guide) in &moves {
                    let played = g.play_compound(&s, &c);
                    assert_eq!(key, g.scan_key(&played), "{id}: {c:?} from {s:?}");
                    assert_eq!(guide, g.compound_guide(&played), "{id}: {c:?}");
                    let mut t = s;
                    for mv in &g.compound_steps(&s, &c) {
                        let mut legal = Vec::new();
                        g.each_move(&t, |m| legal.push(m));
                        assert!(
                            legal.contains(mv),
                            "{id}: {mv:?} not legal in {t:?} (compound {c:?} from {s:?})"
                        );
                        t = g.apply(&t, mv);
                    }
                    // The safe moves home, as the engine's dominance gives them.
                    while let Some(f) = g.forced(&t) {
                        t = f.state;
                    }
                    assert_eq!(t, played, "{id}");
                    after.push(played);
                    checked += 1;
                }
                if after.is_empty() {
                    break;
                }
                s = after[rng.below(after.len() as u64) as usize];
            }
        }
        checked
    }

    /// Over the positions of random walks in FreeCell, two positions share a fingerprint
    /// exactly when they share the exact key (piles in any order, cells as a set).
    #[test]
    fn fingerprints_tell_positions_apart_as_exact_keys_do() {
        let g = freecell();
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

    fn freecell() -> Tableau<52, 80> {
        Tableau::<52, 80>::preset(match "freecell".parse::<GameId>().expect("freecell") {
            GameId::Tableau(i) => i,
            _ => unreachable!(),
        })
    }
}
