//! A fast path for Klondike's rules ([`Lean`], [`LeanState`]): the same game, moves,
//! successors and keys as the engine's, over a state that keeps each pile in a slot of its
//! own, its movable run's length beside it, and the talon apart.
//!
//! The engine's packed [`State`] holds the piles one after another, so every pile access
//! sums the heights before it and every move shifts the cards past the piles it touches.
//! Here a pile is an array of its own: its top is one read, a move copies the moved cards
//! only, and the run lengths the move generator, the keys and the guide all ask for are
//! kept up to date by the moves that change them. [`Lean`] lists the same moves in the same
//! order as [`Tableau::each_move`], makes the same successors and the same keys
//! ([`Tableau::keys_of_successors`]), so a search over it expands the same states in the
//! same order: the unit tests walk random lines comparing both move by move, and compare
//! whole searches.
//!
//! It serves the rules [`Tableau::leans`] accepts: one deck on seven piles built down in
//! alternate colours, any face-up run moving, Kings alone into empty piles, a stock turned
//! onto a waste with no limit on redeals, foundations from the Ace by suit that cards may
//! come back from, runs keyed as sets (Klondike drawing one or three cards a turn).

use super::dead_end::LAYOUT;
use super::key::Key;
use super::moves::{Move, Place};
use super::rules::{EmptyFill, MAX_CELLS, MAX_PILES, UNLIMITED};
use super::state::{State, DOWN, EMPTY};
use super::talon::{each_reachable, index_of_code};
use super::Tableau;
use crate::cards::{Card, Rank, Suit};
use solvers::{Space, Successor};

/// Piles of the game the fast path serves.
pub const PILES: usize = 7;
/// Room for a pile: its face-down cards and a run of thirteen above them, checked when a
/// position is taken in ([`Lean::lean_state`]).
const HEIGHT: usize = 20;
/// Room for the talon.
const TALON: usize = 24;
/// The compact key's length (`COMPACT_KEY`).
const KEY: usize = super::key::COMPACT_KEY;

/// A position of the fast path: each pile in its own slot (bottom first, the engine's card
/// bytes, face-down ones with the face-down bit), each pile's movable run length, the talon in the
/// order its cards are turned (as [`State::talon`]), the waste's count and the
/// foundations' heights. Two positions are equal exactly when the engine's states they
/// stand for are: bytes past a pile's or the talon's end are kept zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LeanState {
    piles: [[u8; HEIGHT]; PILES],
    len: [u8; PILES],
    /// The movable run of each pile (`Tableau::run_len`): 0 when the pile is empty.
    run: [u8; PILES],
    talon: [u8; TALON],
    /// Cards in the talon.
    stock: u8,
    /// Cards of the talon in the waste.
    waste: u8,
    home: [u8; 4],
    /// The piles' bottom cards, as a set (the key's first cards).
    firsts: u64,
    /// Each pile's run cards above its run's lowest card, as a set.
    run_cards: u64,
    /// The talon's cards, as a set.
    talon_set: u64,
}

/// The set of `cards` (bytes, face-down bit ignored).
fn set_of(cards: &[u8]) -> u64 {
    cards.iter().fold(0u64, |m, &c| m | 1 << (c & !DOWN))
}

impl LeanState {
    /// The cards of pile `p`, bottom first.
    #[inline]
    fn pile(&self, p: usize) -> &[u8] {
        &self.piles[p][..usize::from(self.len[p])]
    }

    /// The top card of pile `p`, if any.
    #[inline]
    fn top(&self, p: usize) -> Option<Card> {
        let l = usize::from(self.len[p]);
        (l > 0).then(|| Card::from_index(self.piles[p][l - 1]))
    }

    /// The talon, in the order its cards are turned.
    #[inline]
    fn talon(&self) -> &[u8] {
        &self.talon[..usize::from(self.stock)]
    }

    /// Cards on the foundations.
    pub fn home_count(&self) -> u32 {
        self.home.iter().map(|&h| u32::from(h)).sum()
    }
}

/// The fast path of a game [`Tableau::leans`] accepts: its engine, for the tables and the
/// verdicts the moves ask for.
#[derive(Clone)]
pub struct Lean {
    g: Tableau<52, KEY>,
}

impl Tableau<52, KEY> {
    /// Whether the fast path ([`Lean`]) plays these rules: one deck on seven piles, runs
    /// keyed as sets (one deck, any face-up run moving, built down plainly), a stock turned
    /// onto a waste with no limit on redeals and no pile filled from it, returns from
    /// foundations by suit from the Ace that take single cards, Kings alone into empty
    /// piles, no cells nor reserve nor other stock, and no rule of a base rank, a limit on
    /// pile heights or a variant of the searches (`for_wins_only`, `with_supermoves`, a run
    /// cap).
    pub fn leans(&self) -> bool {
        let f = &self.feat;
        let r = self.rules;
        self.rules.piles() == PILES
            && f.run_sets
            && f.draw != 0
            && f.waste_redeals == UNLIMITED
            && !f.talon_fills
            && f.returns
            && !f.base_stays
            && !f.chosen_base
            && !f.second
            && !f.colour_home
            && f.takes == super::rules::Takes::Cards
            && !f.won_in_runs
            && f.home_only == 0
            && f.redeal == 0
            && f.deal_to == 0
            && f.reserve == 0
            && f.reserve_deal == 0
            && !f.no_empty
            && !f.fill_first
            && !f.face_up_groups
            && !f.all_face_up
            && !f.whole_pile
            && !f.base_from_reserve
            && !f.waste_fills_last
            && !f.base_ends_runs
            && !f.base_takes_nothing
            && !f.empty_from_waste
            && !f.reserve_fills
            && f.max_cards == 0
            && f.cards == 52
            && self.cells() == 0
            && r.tableau.empty == EmptyFill::Kings
            && !self.loose_piles
            && !self.supermoves
            && self.run_cap == u8::MAX
    }

    /// The fast path of this game, if it has one ([`Tableau::leans`]).
    pub fn lean(&self) -> Option<Lean> {
        self.leans().then_some(Lean { g: *self })
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The depth-first search from `s` in the generator's order over the fast path, where
    /// these rules have one ([`Tableau::leans`]) and `s` fits it ([`Lean::lean_state`]).
    pub(super) fn lean_depth_first(
        &self,
        s: &State<N>,
    ) -> Option<Box<dyn solvers::SlicedSearch<Move> + 'static>> {
        let g = (self as &dyn std::any::Any).downcast_ref::<Tableau<52, KEY>>()?;
        let s = (s as &dyn std::any::Any).downcast_ref::<State<52>>()?;
        let lean = g.lean()?;
        let start = lean.lean_state(s)?;
        Some(Box::new(solvers::DepthFirst::owning(lean, start, false)))
    }
}

impl Lean {
    /// `s` as the fast path holds it; None when it does not fit its slots (a pile whose
    /// cards below its run and a run of thirteen would pass its 20 bytes, a talon
    /// past 24 cards), or when it uses what the rules the fast path serves leave out.
    pub fn lean_state(&self, s: &State<52>) -> Option<LeanState> {
        if usize::from(s.stock) > TALON
            || s.cells.iter().any(|&c| c != EMPTY)
            || s.second != [0; 4]
            || s.base != 0
            || s.redeals != 0
            || s.len[PILES..].iter().any(|&l| l != 0)
        {
            return None;
        }
        let mut t = LeanState {
            piles: [[0; HEIGHT]; PILES],
            len: [0; PILES],
            run: [0; PILES],
            talon: [0; TALON],
            stock: s.stock,
            waste: s.waste,
            home: s.home,
            firsts: 0,
            run_cards: 0,
            talon_set: set_of(s.talon()),
        };
        for p in 0..PILES {
            let pile = s.pile(p);
            let run = self.g.run_len(s, pile);
            if pile.len() - run + 13 > HEIGHT {
                return None;
            }
            t.piles[p][..pile.len()].copy_from_slice(pile);
            t.len[p] = pile.len() as u8;
            t.run[p] = run as u8;
            if let Some(&bottom) = pile.first() {
                t.firsts |= 1 << (bottom & !DOWN);
                t.run_cards |= set_of(&pile[pile.len() + 1 - run..]);
            }
        }
        t.talon[..s.talon().len()].copy_from_slice(s.talon());
        Some(t)
    }

    /// The engine's state `t` stands for.
    pub fn state(&self, t: &LeanState) -> State<52> {
        let mut s = State {
            cards: [0; 52],
            len: [0; MAX_PILES],
            stock: t.stock,
            waste: t.waste,
            cells: [EMPTY; MAX_CELLS],
            home: t.home,
            second: [0; 4],
            base: 0,
            redeals: 0,
        };
        let mut at = 0;
        for p in 0..PILES {
            let pile = t.pile(p);
            s.cards[at..at + pile.len()].copy_from_slice(pile);
            s.len[p] = t.len[p];
            at += pile.len();
        }
        s.cards[at..at + t.talon().len()].copy_from_slice(t.talon());
        s
    }

    /// Whether `c` may go to its foundation in `t`.
    #[inline]
    fn goes_home(t: &LeanState, c: Card) -> bool {
        t.home[c.suit_unchecked().index()] == c.rank_unchecked().value() - 1
    }

    /// Whether `card` may lie on `base` in the tableau.
    #[inline]
    fn builds_on(&self, card: Card, base: Card) -> bool {
        self.g.feat.fits[card.index()] >> base.index() & 1 != 0
    }

    /// The movable run of `pile` (`Tableau::run_len`: no base rank in these rules).
    fn run_of(&self, pile: &[u8]) -> u8 {
        self.g.run_len_on(0, pile) as u8
    }

    /// Whether `t` is known lost without a search (`Tableau::dead_end`).
    fn dead_end(&self, t: &LeanState) -> bool {
        let f = &self.g.feat;
        if !f.dead_ends {
            return false;
        }
        if !f.dead_end_memo {
            return self.g.never_home(&self.state(t));
        }
        // The kept verdicts' layout, written from the piles (the foundations are left out:
        // cards come back from them).
        let mut layout = [0u8; LAYOUT];
        layout[..PILES].copy_from_slice(&t.len);
        let mut at = MAX_PILES;
        for p in 0..PILES {
            let pile = t.pile(p);
            layout[at..at + pile.len()].copy_from_slice(pile);
            at += pile.len();
        }
        self.g
            .kept_verdict(&layout, || self.g.never_home(&self.state(t)))
    }

    /// The first empty pile of `t`, if any.
    #[inline]
    fn first_empty(t: &LeanState) -> Option<usize> {
        t.len.iter().position(|&l| l == 0)
    }

    /// Every legal move of `t`, in the order of the engine's `Tableau::each_move`.
    pub fn each_move(&self, t: &LeanState, mut emit: impl FnMut(Move)) {
        if self.dead_end(t) {
            return;
        }
        let tops: [Option<Card>; PILES] = std::array::from_fn(|p| t.top(p));
        // To the foundations: the piles' tops, then the waste's.
        for (p, top) in tops.iter().enumerate() {
            if let Some(c) = *top {
                if Self::goes_home(t, c) {
                    emit(Move::single(Place::Pile(p as u8), Place::Home, c));
                }
            }
        }
        if t.waste > 0 {
            let c = Card::from_index(t.talon[usize::from(t.waste) - 1]);
            if Self::goes_home(t, c) {
                emit(Move::single(Place::Waste, Place::Home, c));
            }
        }
        // A run card home from under the cards above it, which first go onto a card the
        // lowest of them builds on (`Tableau::run_set_shelf`).
        for p in 0..PILES {
            let pile = t.pile(p);
            for k in 2..=usize::from(t.run[p]) {
                let x = Card::from_index(pile[pile.len() - k]);
                if Self::goes_home(t, x) && self.shelf(t, &tops, p, k).is_some() {
                    emit(Move {
                        from: Place::Pile(p as u8),
                        to: Place::Home,
                        count: k as u8,
                        card: x,
                    });
                }
            }
        }
        let first_empty = Self::first_empty(t);
        // One card onto every pile that takes it; into the first empty pile if a King.
        let single_to_piles = |emit: &mut dyn FnMut(Move), from: Place, c: Card| {
            for (to, top) in tops.iter().enumerate() {
                let ok = match *top {
                    Some(top) => self.builds_on(c, top),
                    None => Some(to) == first_empty && c.rank_unchecked() == Rank::King,
                };
                if ok {
                    emit(Move::single(from, Place::Pile(to as u8), c));
                }
            }
        };
        // Back from the foundations.
        for (suit, &h) in t.home.iter().enumerate() {
            if h >= 1 {
                let c = Card::new(Suit::ALL[suit], Rank::from_value(h));
                if !self.g.comes_straight_back(&t.home, c) {
                    single_to_piles(&mut emit, Place::Home, c);
                }
            }
        }
        // From the talon: every card turns can bring to the top of the waste.
        let taking = tops
            .iter()
            .flatten()
            .fold(0u64, |m, top| m | 1 << top.index());
        let onto_empty = first_empty.is_some();
        let talon = t.talon();
        self.reachable(t, |i, code| {
            let c = Card::from_index(talon[i]);
            let from = if code == 0 {
                Place::Waste
            } else {
                Place::Talon(code)
            };
            if code != 0 && Self::goes_home(t, c) {
                emit(Move::single(from, Place::Home, c));
            }
            if onto_empty || self.g.feat.fits[c.index()] & taking != 0 {
                single_to_piles(&mut emit, from, c);
            }
        });
        // Between piles: a whole run onto a card one rank above its lowest card, a run
        // headed by a King (not a whole pile) into the first empty pile.
        for from in 0..PILES {
            let run = usize::from(t.run[from]);
            if run == 0 {
                continue;
            }
            let pile = t.pile(from);
            let lowest = Card::from_index(pile[pile.len() - run]);
            let top_rank = Card::from_index(pile[pile.len() - 1])
                .rank_unchecked()
                .value();
            for (to, top) in tops.iter().enumerate() {
                if to == from {
                    continue;
                }
                match *top {
                    Some(base) => {
                        let k = usize::from(base.rank_unchecked().value().wrapping_sub(top_rank));
                        if k == run && self.g.group_bases(k, lowest) >> base.index() & 1 != 0 {
                            emit(Move {
                                from: Place::Pile(from as u8),
                                to: Place::Pile(to as u8),
                                count: k as u8,
                                card: lowest,
                            });
                        }
                    }
                    None => {
                        if Some(to) != first_empty {
                            continue;
                        }
                        let most = (pile.len() - 1).min(run);
                        for k in 1..=most {
                            let c = Card::from_index(pile[pile.len() - k]);
                            if c.rank_unchecked() == Rank::King {
                                emit(Move {
                                    from: Place::Pile(from as u8),
                                    to: Place::Pile(to as u8),
                                    count: k as u8,
                                    card: c,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    /// Where the `k - 1` cards above the `k`-th card of pile `p`'s run may go so that the
    /// card goes home: the first other pile whose top the lowest of them builds on
    /// (`Tableau::run_set_shelf`).
    fn shelf(
        &self,
        t: &LeanState,
        tops: &[Option<Card>; PILES],
        p: usize,
        k: usize,
    ) -> Option<usize> {
        let pile = t.pile(p);
        let lowest = Card::from_index(pile[pile.len() + 1 - k]);
        (0..PILES).find(|&q| q != p && tops[q].is_some_and(|top| self.builds_on(lowest, top)))
    }

    /// `Tableau::reachable_in_talon` over `t`'s talon (no limit on redeals).
    fn reachable(&self, t: &LeanState, f: impl FnMut(usize, u8)) {
        let d = usize::from(self.g.feat.draw);
        each_reachable(usize::from(t.stock), usize::from(t.waste), d, true, f);
    }

    /// The place in the talon of the card `code` reaches in `t` (`Tableau::talon_index`).
    fn talon_index(&self, t: &LeanState, code: u8) -> usize {
        let d = usize::from(self.g.feat.draw);
        index_of_code(usize::from(t.stock), usize::from(t.waste), d, code)
    }

    /// Takes the card at `i` of the talon out of play (`State::take_from_talon`).
    fn take_from_talon(t: &mut LeanState, i: usize) -> u8 {
        let n = usize::from(t.stock);
        let card = t.talon[i];
        t.talon.copy_within(i + 1..n, i);
        t.talon[n - 1] = 0;
        t.stock -= 1;
        t.waste = i as u8;
        t.talon_set &= !(1 << (card & !DOWN));
        card
    }

    /// Puts `card` (face up) on pile `p`, its run growing by one.
    #[inline]
    fn push(t: &mut LeanState, p: usize, card: u8) {
        let l = usize::from(t.len[p]);
        if l == 0 {
            t.firsts |= 1 << card;
        } else {
            t.run_cards |= 1 << card;
        }
        t.piles[p][l] = card;
        t.len[p] += 1;
        t.run[p] += 1;
    }

    /// Takes the top `k` cards off pile `p`, turning the card uncovered.
    #[inline]
    fn take(&self, t: &mut LeanState, p: usize, k: usize) {
        let l = usize::from(t.len[p]);
        // Clearing the lowest run card too, which is not in the set, changes nothing.
        t.run_cards &= !set_of(&t.piles[p][l - k..l]);
        let bottom = t.piles[p][0] & !DOWN;
        t.piles[p][l - k..l].fill(0);
        t.len[p] -= k as u8;
        let run = usize::from(t.run[p]);
        if k < run {
            t.run[p] -= k as u8;
        } else if l == k {
            t.run[p] = 0;
            t.firsts &= !(1 << bottom);
        } else {
            // The card below the run: turned if face down (a run of one), else it starts a
            // run of its own, which `run_of` measures.
            t.piles[p][l - k - 1] &= !DOWN;
            let run = self.run_of(t.pile(p));
            t.run[p] = run;
            let now = l - k;
            t.run_cards |= set_of(&t.piles[p][now + 1 - usize::from(run)..now]);
        }
    }

    /// `mv` applied to `t` (`Tableau::apply`).
    pub fn apply(&self, t: &LeanState, mv: &Move) -> LeanState {
        let mut n = *t;
        self.play(&mut n, mv);
        n
    }

    /// Plays `mv` on `n` in place (the successors are made where they are kept, with no
    /// copy between).
    fn play(&self, n: &mut LeanState, mv: &Move) {
        let k = usize::from(mv.count);
        match (mv.from, mv.to) {
            (Place::Pile(a), Place::Pile(b)) => {
                let (a, b) = (usize::from(a), usize::from(b));
                let l = usize::from(n.len[a]);
                let lb = usize::from(n.len[b]);
                let moved: [u8; 13] =
                    std::array::from_fn(|i| if i < k { n.piles[a][l - k + i] } else { 0 });
                self.take(n, a, k);
                n.piles[b][lb..lb + k].copy_from_slice(&moved[..k]);
                n.len[b] += k as u8;
                n.run[b] += k as u8;
                if lb == 0 {
                    n.firsts |= 1 << moved[0];
                    n.run_cards |= set_of(&moved[1..k]);
                } else {
                    n.run_cards |= set_of(&moved[..k]);
                }
            }
            (Place::Pile(p), Place::Home) if k > 1 => {
                // A run card from under `k - 1` cards: onto their shelf, then home.
                let tops: [Option<Card>; PILES] = std::array::from_fn(|q| n.top(q));
                let q = self
                    .shelf(n, &tops, usize::from(p), k)
                    .expect("the cards above have a shelf");
                let pile = n.pile(usize::from(p));
                let shelve = Move {
                    from: mv.from,
                    to: Place::Pile(q as u8),
                    count: mv.count - 1,
                    card: Card::from_index(pile[pile.len() + 1 - k]),
                };
                let home = Move::single(mv.from, Place::Home, mv.card);
                self.play(n, &shelve);
                self.play(n, &home);
            }
            (Place::Pile(p), Place::Home) => {
                self.take(n, usize::from(p), 1);
                n.home[mv.card.suit_unchecked().index()] += 1;
            }
            (Place::Home, Place::Pile(p)) => {
                n.home[mv.card.suit_unchecked().index()] -= 1;
                Self::push(n, usize::from(p), mv.card.byte());
            }
            (Place::Waste, to) | (Place::Talon(_), to) => {
                let i = match mv.from {
                    Place::Waste => usize::from(n.waste) - 1,
                    Place::Talon(code) => self.talon_index(n, code),
                    _ => unreachable!(),
                };
                let card = Self::take_from_talon(n, i);
                match to {
                    Place::Pile(p) => Self::push(n, usize::from(p), card),
                    Place::Home => n.home[Card::from_index(card).suit_unchecked().index()] += 1,
                    _ => unreachable!("a talon card goes onto a pile or home"),
                }
            }
            _ => unreachable!("no other move in the rules the fast path serves"),
        }
    }

    /// The forced move of `t`, if any (`Tableau::forced_home`).
    pub fn forced(&self, t: &LeanState) -> Option<Move> {
        let draw = self.g.feat.draw;
        let safe = |c: Card| self.g.safe_home(&t.home, c);
        for p in 0..PILES {
            if let Some(c) = t.top(p) {
                if Self::goes_home(t, c) && safe(c) {
                    return Some(Move::single(Place::Pile(p as u8), Place::Home, c));
                }
            }
        }
        // The waste's top card: with one card a turn (a redeal is always left).
        if t.waste > 0 && draw <= 1 {
            let c = Card::from_index(t.talon[usize::from(t.waste) - 1]);
            if Self::goes_home(t, c) && safe(c) {
                return Some(Move::single(Place::Waste, Place::Home, c));
            }
        }
        if draw != 1 {
            return None;
        }
        let talon = t.talon();
        let mut found = None;
        self.reachable(t, |i, code| {
            let c = Card::from_index(talon[i]);
            if found.is_none() && code != 0 && Self::goes_home(t, c) && safe(c) {
                found = Some(Move::single(Place::Talon(code), Place::Home, c));
            }
        });
        found
    }

    /// The compact key of `t` (`Tableau::run_set_key`): the piles' first cards as a set and
    /// each one's count of cards up to its run's lowest card (in the order of the first
    /// cards), the run cards above the lowest ones and the talon's cards as sets, where the
    /// waste ends and the redeals used (none: they are unlimited).
    pub fn key(&self, t: &LeanState) -> Key<KEY> {
        // Each pile's count by its first card, then the counts in the first cards' order.
        let mut by_first = [0u8; 64];
        for p in 0..PILES {
            let l = t.len[p];
            if l > 0 {
                by_first[usize::from(t.piles[p][0] & !DOWN)] = l + 1 - t.run[p];
            }
        }
        let (mut counts, mut at, mut rest) = (0u64, 0, t.firsts);
        while rest != 0 {
            counts |= u64::from(by_first[rest.trailing_zeros() as usize]) << at;
            at += 6;
            rest &= rest - 1;
        }
        let (firsts, run_cards, talon) = (t.firsts, t.run_cards, t.talon_set);
        let d = self.g.feat.draw;
        let waste = if t.waste.is_multiple_of(d) || t.waste == t.stock {
            0
        } else {
            t.waste
        };
        let low = u128::from(firsts) | u128::from(counts) << 52;
        let high = u128::from(run_cards) | u128::from(talon) << 52 | u128::from(waste) << 104;
        let mut k = Key([0u8; KEY]);
        k[..16].copy_from_slice(&low.to_le_bytes());
        k[16..32].copy_from_slice(&high.to_le_bytes());
        k
    }
}

impl Space for Lean {
    type State = LeanState;
    type Key = Key<KEY>;
    type Move = Move;

    fn is_goal(&self, t: &LeanState) -> bool {
        t.home_count() == 52
    }

    fn key(&self, t: &LeanState) -> Key<KEY> {
        Lean::key(self, t)
    }

    fn expand(&self, t: &LeanState, out: &mut Vec<Successor<Move, LeanState>>) {
        self.each_move(t, |mv| {
            out.push(Successor {
                mv,
                state: *t,
                cost: 1,
            });
            let last = out.last_mut().expect("just pushed");
            self.play(&mut last.state, &mv);
        });
    }

    fn forced(&self, t: &LeanState) -> Option<Successor<Move, LeanState>> {
        self.forced(t).map(|mv| Successor {
            mv,
            state: self.apply(t, &mv),
            cost: 1,
        })
    }

    fn successor_of(&self, t: &LeanState, mv: &Move) -> Option<LeanState> {
        Some(self.apply(t, mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    fn compact(id: &str) -> Tableau<52, KEY> {
        match id.parse::<GameId>().expect("preset") {
            GameId::Tableau(i) => Tableau::<52, KEY>::preset(i),
            g => panic!("{id} is {g:?}"),
        }
    }

    /// Along random lines of Klondike (three cards a turn and one), every position the
    /// engine reaches is one the fast path takes in, and there both list the same moves in
    /// the same order, make the same successors, give the same key and the same forced
    /// move. Returns how many moves were compared.
    fn agree(id: &str, deals: u64, moves: usize) -> usize {
        let g = compact(id);
        let lean = g.lean().expect("Klondike takes the fast path");
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut compared = 0;
        for deal in 1..=deals {
            let mut s = g.pack(&g.deal(deal)).expect("a deal packs");
            for _ in 0..moves {
                let t = lean.lean_state(&s).expect("fits the fast path");
                assert!(
                    lean.state(&t) == s,
                    "{id} deal {deal}: the state comes back"
                );
                assert!(
                    Lean::key(&lean, &t) == g.exact_key(&s),
                    "{id} deal {deal}: key"
                );
                let mut ours = Vec::new();
                g.each_move(&s, |mv| ours.push(mv));
                let mut fast = Vec::new();
                lean.each_move(&t, |mv| fast.push(mv));
                assert_eq!(ours, fast, "{id} deal {deal}: the moves");
                for mv in &ours {
                    let a = g.apply(&s, mv);
                    let b = lean.apply(&t, mv);
                    assert!(lean.state(&b) == a, "{id} deal {deal}: after {mv:?}");
                    assert!(
                        lean.lean_state(&a) == Some(b),
                        "{id} deal {deal}: runs after {mv:?}"
                    );
                    compared += 1;
                }
                let forced = g.forced_home(&s).map(|x| x.mv);
                assert_eq!(forced, lean.forced(&t), "{id} deal {deal}: forced move");
                if let Some(mv) = forced {
                    s = g.apply(&s, &mv);
                    continue;
                }
                if ours.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                s = g.apply(&s, &ours[(seed >> 33) as usize % ours.len()]);
            }
        }
        compared
    }

    #[test]
    fn the_fast_path_plays_klondike_as_the_engine_does() {
        let (three, one) = (agree("klondike", 80, 200), agree("klondike-draw1", 40, 200));
        assert!(three > 10_000 && one > 10_000, "{three} {one}");
    }

    /// A depth-first search over the fast path expands the same states as one over the
    /// engine, and ends the same way: on deals won, lost and cut short by the node limit.
    #[test]
    fn a_search_over_the_fast_path_is_the_engines() {
        for id in ["klondike", "klondike-draw1"] {
            let g = compact(id);
            let lean = g.lean().expect("Klondike takes the fast path");
            for deal in [15, 33, 273, 765] {
                let s = g.pack(&g.deal(deal)).expect("a deal packs");
                let t = lean.lean_state(&s).expect("fits");
                let limits = solvers::Limits::none().with_nodes(30_000);
                let a = solvers::dfs(&g, s, &limits);
                let b = solvers::dfs(&lean, t, &limits);
                assert_eq!(a.stats.expanded, b.stats.expanded, "{id} deal {deal}");
                assert_eq!(a.stats.generated, b.stats.generated, "{id} deal {deal}");
                assert_eq!(a.outcome, b.outcome, "{id} deal {deal}");
            }
        }
    }

    #[test]
    fn only_the_rules_it_is_written_for_take_the_fast_path() {
        assert!(compact("klondike").leans());
        assert!(compact("klondike-draw1").leans());
        // Redeals limited: not served.
        assert!(!compact("klondike-draw1-3passes").leans());
        assert!(!compact("klondike-draw3-3passes").leans());
        assert!(!compact("klondike").for_wins_only().leans());
    }
}
