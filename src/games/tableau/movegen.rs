//! Move generation: every legal move of a position ([`Tableau::each_move`]), playing a move
//! ([`Tableau::apply`]), and the [`Space`] the searches walk.

use super::key::Key;
use super::moves::{Move, Place};
use super::order;
#[cfg(doc)]
use super::rules::Rules;
use super::rules::{Direction, EmptyFill, GroupMoves, Takes, MAX_PILES, UNLIMITED};
use super::state::{colour_class, nth_rank, State, DOWN, EMPTY};
use super::Tableau;
use crate::cards::{Card, Rank, Suit};
use solvers::{Guided, Space, Successor};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// How many cards may move as one group onto `to` (which may be empty).
    fn max_group(&self, s: &State<N>, to_empty: bool) -> usize {
        if self.rules.tableau.moves != GroupMoves::FreecellSequences && !self.supermoves {
            return self.group_limit(0, 0, to_empty);
        }
        let free = s.cells[..self.cells()]
            .iter()
            .filter(|&&c| c == EMPTY)
            .count();
        let empty = (0..self.rules.piles()).filter(|&p| s.len[p] == 0).count();
        self.group_limit(free, empty, to_empty)
    }

    /// [`Tableau::max_group`] in a position with `free` empty cells and `empty` empty piles
    /// (the destination among them when `to_empty`).
    pub(super) fn group_limit(&self, free: usize, empty: usize, to_empty: bool) -> usize {
        match self.rules.tableau.moves {
            GroupMoves::Single if !self.supermoves => 1,
            GroupMoves::AnySequence
            | GroupMoves::SuitSequences
            | GroupMoves::FaceUpGroups
            | GroupMoves::SingleOrAllFaceUp
            | GroupMoves::WholePile => N,
            GroupMoves::FreecellSequences | GroupMoves::Single => {
                let free = if self.rules.cells.accept { free } else { 0 };
                // Empty piles help only when any card may rest there on the way.
                let empty =
                    if self.rules.tableau.empty == EmptyFill::Any && !self.feat.empty_from_waste {
                        empty.saturating_sub(usize::from(to_empty))
                    } else {
                        0
                    };
                (free + 1) << empty.min(10)
            }
        }
    }

    /// Whether `card` may lie on `base` in the tableau ([`Rules::builds_on`], from a table).
    #[inline]
    fn builds_on(&self, card: Card, base: Card) -> bool {
        self.feat.fits[card.index()] >> base.index() & 1 != 0
    }

    /// The cards a group of `k` cards whose bottom card is `card` may go onto, as a bit set
    /// of identities: as a single card builds, and in its own suit only for two or more
    /// cards when `groups_onto_suit` says so.
    #[inline]
    pub(super) fn group_bases(&self, k: usize, card: Card) -> u64 {
        let table = if k > 1 {
            &self.feat.group_fits
        } else {
            &self.feat.fits
        };
        table[card.index()]
    }

    /// Whether a group of `k` cards whose bottom card is `card` may go onto `base`
    /// ([`Tableau::group_bases`]).
    #[inline]
    fn group_builds_on(&self, k: usize, card: Card, base: Card) -> bool {
        self.group_bases(k, card) >> base.index() & 1 != 0
    }

    /// Whether `upper` continues the movable group down from `lower` (both face-up bytes).
    #[inline]
    pub(super) fn continues_group(&self, upper: u8, lower: u8) -> bool {
        self.feat.continues[usize::from(upper & !DOWN)] >> (lower & !DOWN) & 1 != 0
    }

    /// How many cards at the top of `pile` may move as a group (before the limit of
    /// [`Tableau::max_group`]): the built sequence of face-up cards (in one suit when only
    /// suit runs move), or every face-up card when any face-up group moves. Where runs end
    /// at the base rank (Agnes), a card on a card of rank `s.base` starts the run; no run
    /// holds a card that plays only home (Diamond Mine's diamonds).
    pub(super) fn run_len(&self, s: &State<N>, pile: &[u8]) -> usize {
        self.run_len_on(s.base, pile)
    }

    /// [`Tableau::run_len`] of `pile` in a position whose chosen or dealt base is `base` (0:
    /// none), the only part of the position it reads beside the pile.
    pub(super) fn run_len_on(&self, base: u8, pile: &[u8]) -> usize {
        if pile.is_empty() {
            return 0;
        }
        // A card that plays only home moves in no group (alone, it goes nowhere but home).
        if self.feat.home_only >> (pile[pile.len() - 1] & !DOWN) & 1 != 0 {
            return 1;
        }
        let base = if self.feat.base_ends_runs { base } else { 0 };
        let mut k = 1;
        while k < pile.len() {
            let (upper, lower) = (pile[pile.len() - k], pile[pile.len() - k - 1]);
            let ends = lower & DOWN != 0
                || !(self.feat.face_up_groups || self.continues_group(upper, lower))
                || self.feat.home_only >> lower & 1 != 0
                || (base != 0 && Card::from_index(lower).rank_unchecked().value() == base);
            if ends {
                break;
            }
            k += 1;
        }
        k
    }

    /// Whether the top `k` cards of `pile`, within its movable run of `run` cards, may move
    /// together onto another pile: any number but where only one card or every face-up card
    /// moves, or only whole piles.
    #[inline]
    fn group_size_allowed(&self, pile: &[u8], run: usize, k: usize) -> bool {
        if self.feat.whole_pile {
            return k == run && run == pile.len();
        }
        !self.feat.all_face_up
            || k == 1
            || (k == run && (run == pile.len() || pile[pile.len() - run - 1] & DOWN != 0))
    }

    /// Whether the top 13 cards of `pile` are a complete run: King to Ace of one suit, face
    /// up (a run is built down, so the Ace lies on top).
    pub(super) fn complete_run_on_top(pile: &[u8]) -> bool {
        let n = pile.len();
        n >= 13
            && pile[n - 13..].iter().enumerate().all(|(i, &b)| {
                b & DOWN == 0 && b % 13 == 12 - i as u8 && b / 13 == pile[n - 1] / 13
            })
    }

    /// The cards that may go to a foundation in `s`, as a bit set of identities: the same
    /// answer as [`Tableau::goes_home`] for every card, worked out once per position from
    /// the foundations' heights (at most two cards a suit, or every card while a chosen
    /// base waits). `None` where foundations are kept by colour (Zebra), asked card by card.
    pub(super) fn home_mask(&self, s: &State<N>) -> Option<u64> {
        if self.feat.takes != Takes::Cards {
            return Some(0);
        }
        if self.feat.colour_home {
            return None;
        }
        let mut mask = 0u64;
        if self.feat.chosen_base && s.base == 0 {
            mask = (1 << 52) - 1;
        } else {
            for (suit, (&h, &low)) in s.home.iter().zip(&s.second).enumerate() {
                let at = 13 * suit as u32;
                if self.feat.chosen_base {
                    mask |= 1 << (at + u32::from(nth_rank(s.base, h)) - 1);
                    continue;
                }
                // The next rank of the higher foundation, and of the lower one with two.
                let high = h - low;
                if high < 13 {
                    mask |= 1 << (at + u32::from(high));
                }
                if self.feat.second && low < 13 {
                    mask |= 1 << (at + u32::from(low));
                }
            }
        }
        if self.feat.home_only != 0 {
            mask &= self.feat.home_only;
        }
        debug_assert!(
            (0..52u8).all(|i| {
                let c = Card::from_index(i);
                (mask >> i & 1 != 0) == self.goes_home(s, c)
            }),
            "the mask of cards going home is goes_home's answer"
        );
        Some(mask)
    }

    /// Whether `c` goes home in `s`, given `s`'s [`Tableau::home_mask`].
    #[inline]
    pub(super) fn goes_home_by(&self, mask: Option<u64>, s: &State<N>, c: Card) -> bool {
        match mask {
            Some(m) => m >> c.index() & 1 != 0,
            None => self.goes_home(s, c),
        }
    }

    pub(super) fn goes_home(&self, s: &State<N>, c: Card) -> bool {
        // Where one suit has the only foundation, only its cards go home.
        let only = self.feat.home_only;
        if self.feat.takes != Takes::Cards || (only != 0 && only >> c.index() & 1 == 0) {
            return false;
        }
        if self.feat.colour_home {
            let r = c.rank_unchecked().value();
            return s.colour_heights(colour_class(c)).contains(&(r - 1));
        }
        let h = s.home[c.suit_unchecked().index()];
        if self.feat.chosen_base {
            return s.base == 0 || nth_rank(s.base, h) == c.rank_unchecked().value();
        }
        let r = c.rank_unchecked().value();
        // With two foundations a suit, onto either: the lower one is `second`.
        h - s.second[c.suit_unchecked().index()] + 1 == r
            || (self.feat.second && s.second[c.suit_unchecked().index()] + 1 == r)
    }

    /// The reserve's free cards, each with its [`Place::Reserve`] index: the top card of the
    /// cover's pile while it holds one (it lies across every stack), else the top card of
    /// each stack.
    pub(super) fn free_reserve(&self, s: &State<N>) -> smallvec::SmallVec<[(u8, Card); 9]> {
        let mut out = smallvec::SmallVec::new();
        let first = self.rules.piles();
        let stacks = usize::from(self.feat.reserve);
        if self.feat.cover && s.len[first + stacks] > 0 {
            let top = *s.pile(first + stacks).last().expect("holds a card");
            out.push((stacks as u8, Card::from_index(top)));
            return out;
        }
        for i in 0..stacks {
            if let Some(&top) = s.pile(first + i).last() {
                // Eagle Wing: the stack's top card plays only as its last card.
                if self.feat.reserve_last_card && s.len[first + i] > 1 {
                    continue;
                }
                out.push((i as u8, Card::from_index(top)));
            }
        }
        out
    }

    /// How many more cards pile `p` may take (`usize::MAX` without a limit): none on a card
    /// of the base rank where that takes nothing (Lady Jane).
    fn room(&self, s: &State<N>, p: usize) -> usize {
        if self.feat.base_takes_nothing
            && s.pile(p)
                .last()
                .is_some_and(|&top| Card::from_index(top).rank_unchecked().value() == s.base)
        {
            return 0;
        }
        match self.feat.max_cards {
            0 => usize::MAX,
            m => usize::from(m).saturating_sub(usize::from(s.len[p])),
        }
    }

    /// The pile tops, reserve cards and cell cards that may go to their foundation now.
    pub(super) fn home_candidates(&self, s: &State<N>) -> smallvec::SmallVec<[(Place, Card); 8]> {
        self.home_candidates_by(s, self.home_mask(s))
    }

    /// [`Tableau::home_candidates`] given `s`'s [`Tableau::home_mask`].
    fn home_candidates_by(
        &self,
        s: &State<N>,
        mask: Option<u64>,
    ) -> smallvec::SmallVec<[(Place, Card); 8]> {
        let mut out = smallvec::SmallVec::new();
        if mask == Some(0) {
            return out;
        }
        let goes = |c: Card| self.goes_home_by(mask, s, c);
        let mut end = 0;
        for p in 0..self.rules.piles() {
            end += s.len[p] as usize;
            if s.len[p] > 0 {
                let c = Card::from_index(s.cards[end - 1]);
                if goes(c) {
                    out.push((Place::Pile(p as u8), c));
                }
            }
        }
        if self.feat.reserve != 0 {
            for (i, c) in self.free_reserve(s) {
                if goes(c) {
                    out.push((Place::Reserve(i), c));
                }
            }
        }
        for i in 0..self.cells() {
            if s.cells[i] != EMPTY {
                let c = Card::from_index(s.cells[i]);
                if goes(c) {
                    out.push((Place::Cell(i as u8), c));
                }
            }
        }
        if s.waste > 0 {
            let c = Card::from_index(s.talon()[s.waste_len() - 1]);
            if goes(c) {
                out.push((Place::Waste, c));
            }
        }
        out
    }

    pub(super) fn apply(&self, s: &State<N>, mv: &Move) -> State<N> {
        let mut n = self.apply_alone(s, mv);
        // Zebra: the waste's top card (else the stock's) fills an emptied pile at once.
        if self.feat.talon_fills {
            if let Place::Pile(p) = mv.from {
                let p = usize::from(p);
                if n.len[p] == 0 && n.stock > 0 {
                    let card = n.take_from_talon(n.waste_len().saturating_sub(1));
                    n.push(p, &[card & !DOWN]);
                }
            }
        }
        // A reserve that fills emptied piles does it as part of the move that empties one.
        if self.feat.reserve_fills {
            if let Place::Pile(p) = mv.from {
                let (p, reserve) = (usize::from(p), self.rules.piles());
                if n.len[p] == 0 && n.len[reserve] > 0 {
                    let top = *n.pile(reserve).last().expect("holds a card");
                    n.remove_top(reserve, 1);
                    n.push(p, &[top]);
                }
            }
        }
        n
    }

    /// `mv` applied to `s`, without what follows it.
    fn apply_alone(&self, s: &State<N>, mv: &Move) -> State<N> {
        let mut n = *s;
        let k = mv.count as usize;
        // Groups move only between piles; every other move carries one card, or a complete
        // run going home, whose cards leave play.
        let card = match (mv.from, mv.to) {
            (Place::Pile(a), Place::Pile(b)) => {
                n.move_between(a as usize, b as usize, k);
                return n;
            }
            (Place::Stock, Place::Piles) => {
                let stacks = usize::from(self.feat.reserve_deal);
                if stacks == 0 {
                    n.deal(self.feat.deal_to as usize);
                } else if usize::from(n.stock) >= stacks {
                    // Onto the reserve's stacks, which follow the tableau piles.
                    n.deal_onto(self.rules.piles(), stacks);
                } else {
                    n.deal_into_cells();
                }
                return n;
            }
            (Place::Stock, Place::Waste) => {
                n.waste += mv.count;
                return n;
            }
            (Place::Waste, Place::Stock) => {
                n.waste = 0;
                if self.feat.waste_redeals != UNLIMITED {
                    n.redeals += 1;
                }
                return n;
            }
            (Place::Waste, _) => {
                let top = n.waste_len() - 1;
                n.take_from_talon(top)
            }
            (Place::Talon(code), _) => self.play_from_talon(&mut n, code),
            (Place::Stock, _) => {
                n.len = n.redealt(self.feat.redeal, self.rules.piles());
                if self.feat.redeals != UNLIMITED {
                    n.redeals += 1;
                }
                return n;
            }
            (Place::Pile(_), Place::Home) if self.feat.run_sets && k > 1 => {
                // A run card from under `k - 1` cards: its two single moves.
                let [shelve, home] = self.home_from_under_steps(s, mv);
                return self.apply_alone(&self.apply_alone(s, &shelve), &home);
            }
            (Place::Pile(p), _) => {
                let top = *n.pile(p as usize).last().expect("a move takes a card");
                n.remove_top(p as usize, k);
                top
            }
            (Place::Cell(c), _) => std::mem::replace(&mut n.cells[c as usize], EMPTY),
            (Place::Reserve(i), _) => {
                let p = self.rules.piles() + usize::from(i);
                let top = *n.pile(p).last().expect("a move takes a card");
                n.remove_top(p, 1);
                top
            }
            (Place::Home, _) => {
                let suit = mv.card.suit_unchecked().index();
                if self.feat.second {
                    // Off whichever foundation has it on top; the lower one stays `second`.
                    let (mut high, mut low) = (n.home[suit] - n.second[suit], n.second[suit]);
                    if high == mv.card.rank_unchecked().value() {
                        high -= 1;
                    } else {
                        low -= 1;
                    }
                    n.second[suit] = high.min(low);
                }
                n.home[suit] -= 1;
                mv.card.byte()
            }
            (Place::Piles, _) => unreachable!("no move starts from every pile"),
        };
        match mv.to {
            Place::Pile(p) => n.push(p as usize, &[card]),
            Place::Cell(c) => n.cells[c as usize] = card,
            Place::Home => {
                // One card, or a complete run of 13.
                let suit = mv.card.suit_unchecked().index();
                if self.feat.colour_home {
                    // Onto a foundation of its class one rank below it (any: the heights
                    // are kept sorted).
                    let class = colour_class(mv.card);
                    let mut h = n.colour_heights(class);
                    let r = mv.card.rank_unchecked().value();
                    let i = h
                        .iter()
                        .position(|&x| x + 1 == r)
                        .expect("a foundation takes the card");
                    h[i] += 1;
                    n.set_colour_heights(class, h);
                }
                // With two foundations a suit: onto the lower one only when it does not
                // follow on the higher one.
                if self.feat.second
                    && n.home[suit] - n.second[suit] + 1 != mv.card.rank_unchecked().value()
                {
                    n.second[suit] += 1;
                }
                n.home[suit] += k as u8;
                if self.feat.chosen_base && n.base == 0 {
                    n.base = mv.card.rank_unchecked().value();
                }
            }
            Place::Stock | Place::Piles | Place::Waste | Place::Talon(_) | Place::Reserve(_) => {
                unreachable!(
                    "only the stock moves deal, turn or redeal; nothing goes onto the reserve"
                )
            }
        }
        n
    }

    /// With runs keyed as sets, where the `k - 1` cards above the `k`-th card of pile `p`'s
    /// run may go so that the card goes home: the first other pile whose top card the
    /// lowest of them builds on. Proved to exist whenever a position of the same key has
    /// the card on top (ARCHITECTURE.md, "Runs keyed as sets").
    pub(super) fn run_set_shelf(&self, s: &State<N>, p: usize, k: usize) -> Option<usize> {
        let pile = s.pile(p);
        let lowest = Card::from_index(pile[pile.len() + 1 - k]);
        (0..self.rules.piles()).find(|&q| {
            q != p
                && s.pile(q)
                    .last()
                    .is_some_and(|&top| self.builds_on(lowest, Card::from_index(top)))
        })
    }

    /// A run card home from under others (`mv`, from pile `p` with `count` k > 1: the card
    /// and the `k - 1` above it) as the player's two moves: those cards onto their shelf
    /// (`Tableau::run_set_shelf`), then the card home.
    pub(super) fn home_from_under_steps(&self, s: &State<N>, mv: &Move) -> [Move; 2] {
        let Place::Pile(p) = mv.from else {
            unreachable!("only a pile's run card goes home from under others")
        };
        let k = usize::from(mv.count);
        let q = self
            .run_set_shelf(s, usize::from(p), k)
            .expect("the cards above have a shelf");
        let pile = s.pile(usize::from(p));
        [
            Move {
                from: mv.from,
                to: Place::Pile(q as u8),
                count: mv.count - 1,
                card: Card::from_index(pile[pile.len() + 1 - k]),
            },
            Move::single(mv.from, Place::Home, mv.card),
        ]
    }

    /// The redeal from `s`, if the rules allow one now and it changes the layout.
    pub(super) fn redeal_move(&self, s: &State<N>) -> Option<Move> {
        let f = &self.feat;
        if f.redeal == 0 || (f.redeals != UNLIMITED && s.redeals >= f.redeals) {
            return None;
        }
        let len = s.redealt(f.redeal, self.rules.piles());
        let total = s.total();
        // The redeal lays out at most `redeal` cards a pile: `pack` refuses a tableau holding
        // more, and no move adds cards to the tableau.
        debug_assert!(total <= usize::from(f.redeal) * self.rules.piles());
        (len != s.len && total > 0).then(|| Move::redeal(total as u8, Card::from_index(s.cards[0])))
    }

    /// Whether a pile is empty, the tableau holds as many cards as piles or more, and some
    /// pile's movable run holds a card that may fill an empty pile above the pile's bottom
    /// card (`DealToPiles::fill_first`: the stock waits then).
    fn empty_pile_fillable(&self, s: &State<N>) -> bool {
        let piles = self.rules.piles();
        let total: usize = s.len[..piles].iter().map(|&l| usize::from(l)).sum();
        if !s.len[..piles].contains(&0) || total < piles {
            return false;
        }
        (0..piles).any(|p| {
            let pile = s.pile(p);
            let run = self.run_len(s, pile);
            (1..=run.min(pile.len().saturating_sub(1))).any(|k| {
                self.rules
                    .fills_empty(Card::from_index(pile[pile.len() - k]), s.base)
            })
        })
    }

    /// The deal from the stock onto the piles, if the stock holds cards and the rules allow
    /// it now.
    pub(super) fn deal_move(&self, s: &State<N>) -> Option<Move> {
        let f = &self.feat;
        // Onto the piles, or onto every reserve stack (the last cards, fewer, into the cells).
        let per = f.deal_to.max(f.reserve_deal);
        if per == 0 || s.stock == 0 {
            return None;
        }
        if f.no_empty && s.len[..self.rules.piles()].contains(&0) {
            return None;
        }
        if f.fill_first && self.empty_pile_fillable(s) {
            return None;
        }
        // The stock's bytes are kept face up (its cards are hidden by their place).
        let top = *s.stock().last().expect("stock holds cards");
        Some(Move::deal(s.stock.min(per), Card::from_index(top)))
    }

    /// Every legal move of `s`, in the order [`Space::expand`] lists them.
    pub(super) fn each_move<F: FnMut(Move)>(&self, s: &State<N>, mut emit: F) {
        // Glenwood: until a free reserve card goes home, fixing the base, only reserve cards
        // move (home, or onto the piles as they otherwise may).
        if self.feat.base_from_reserve && s.base == 0 {
            self.each_move_of_the_rules(s, |mv| {
                if matches!(mv.from, Place::Reserve(_)) {
                    emit(mv);
                }
            });
        } else {
            self.each_move_of_the_rules(s, emit);
        }
    }

    /// [`Tableau::each_move`] but for the rule that keeps every card but the reserve's
    /// still before the base is chosen from it.
    fn each_move_of_the_rules<F: FnMut(Move)>(&self, s: &State<N>, mut emit: F) {
        // A position that can no longer be won needs no moves (`dead_end`).
        if self.dead_end(s) {
            return;
        }
        let np = self.rules.piles();
        let nc = self.cells();
        // Where each pile starts, and its top card: worked out once per state.
        let mut starts = [0usize; MAX_PILES + 1];
        let mut tops = [None; MAX_PILES];
        let mut runs = [0usize; MAX_PILES];
        // How many more cards each pile may take (`Tableau::room`).
        let mut rooms = [usize::MAX; MAX_PILES];
        for p in 0..np {
            starts[p + 1] = starts[p] + s.len[p] as usize;
            if s.len[p] > 0 {
                tops[p] = Some(Card::from_index(s.cards[starts[p + 1] - 1]));
                runs[p] = self.run_len(s, &s.cards[starts[p]..starts[p + 1]]);
            }
            rooms[p] = self.room(s, p);
        }
        // To the foundations.
        let home_mask = self.home_mask(s);
        for (from, c) in self.home_candidates_by(s, home_mask) {
            emit(Move {
                from,
                to: Place::Home,
                count: 1,
                card: c,
            });
        }
        // With runs keyed as sets, a run card going home from under the cards above it, which
        // first move onto another card they build on (`Tableau::run_set_shelf`): a position
        // of the same key may have it on top (ARCHITECTURE.md, "Runs keyed as sets").
        if self.feat.run_sets && home_mask != Some(0) {
            for p in 0..np {
                let pile = &s.cards[starts[p]..starts[p + 1]];
                for k in 2..=runs[p] {
                    let x = Card::from_index(pile[pile.len() - k]);
                    if self.goes_home_by(home_mask, s, x) && self.run_set_shelf(s, p, k).is_some() {
                        emit(Move {
                            from: Place::Pile(p as u8),
                            to: Place::Home,
                            count: k as u8,
                            card: x,
                        });
                    }
                }
            }
        }
        if self.feat.takes == Takes::Runs && s.home_count() / 13 < u32::from(self.run_cap) {
            for p in 0..np {
                let pile = s.pile(p);
                if Self::complete_run_on_top(pile) {
                    let king = Card::from_index(pile[pile.len() - 13]);
                    emit(Move {
                        from: Place::Pile(p as u8),
                        to: Place::Home,
                        count: 13,
                        card: king,
                    });
                }
            }
        }
        // Cards may come back from the foundations onto a card they build on or an empty
        // pile (never into a cell: no game of the sources allows it).
        let first_empty_pile = (0..np).find(|&p| s.len[p] == 0);
        // Empty piles are interchangeable (only the first is tried) unless the piles' order
        // counts.
        let ordered = self.piles_ordered(s);
        let empty_target = |to: usize| ordered || Some(to) == first_empty_pile;
        // One card (from a cell, the talon or the reserve, or back from a foundation) onto
        // every pile that takes it; into an empty pile only when `to_empty`.
        let single_to_piles = |emit: &mut F, from: Place, c: Card, to_empty: bool| {
            for (to, &top) in tops.iter().enumerate().take(np) {
                let ok = match top {
                    Some(top) => self.builds_on(c, top) && rooms[to] > 0,
                    None => to_empty && empty_target(to) && self.rules.fills_empty(c, s.base),
                };
                if ok {
                    let to = Place::Pile(to as u8);
                    emit(Move {
                        from,
                        to,
                        count: 1,
                        card: c,
                    });
                }
            }
        };
        // Where only the waste fills empty piles, nothing else goes into one.
        let others_fill = !self.feat.empty_from_waste;
        if self.feat.returns {
            // A foundation's top card, but its first one where that stays.
            let least = if self.feat.base_stays { 2 } else { 1 };
            for (suit, &h) in s.home.iter().enumerate() {
                // With two foundations a suit (two decks, from the Ace: a rank is a
                // height), the higher one's top card and the lower one's when it differs.
                let (high, low) = (h - s.second[suit], s.second[suit]);
                if high >= least {
                    let rank = if self.feat.chosen_base {
                        nth_rank(s.base, h - 1)
                    } else {
                        high
                    };
                    let c = Card::new(Suit::ALL[suit], Rank::from_value(rank));
                    // Not a card the autoplay would send straight back
                    // (`Tableau::comes_straight_back`).
                    if !self.comes_straight_back(&s.home, c) {
                        single_to_piles(&mut emit, Place::Home, c, others_fill);
                    }
                }
                if low >= least && low != high {
                    let c = Card::new(Suit::ALL[suit], Rank::from_value(low));
                    single_to_piles(&mut emit, Place::Home, c, others_fill);
                }
            }
        }
        if self.feat.redeal != 0 {
            if let Some(mv) = self.redeal_move(s) {
                emit(mv);
            }
        }
        if self.deals_stock() {
            if let Some(mv) = self.deal_move(s) {
                emit(mv);
            }
        }
        // From the reserve (its moves home are listed above): onto a card, and into an
        // empty pile only where the rules let a reserve card fill one.
        if self.feat.reserve != 0 {
            for (i, c) in self.free_reserve(s) {
                let to_empty = self.feat.reserve_to_empty && others_fill;
                single_to_piles(&mut emit, Place::Reserve(i), c, to_empty);
            }
        }
        // From the talon: every card turns can bring to the top of the waste, in one move
        // (`talon.rs`); the waste's top card is a plain move from the waste, and its move
        // home is listed above.
        if self.feat.draw != 0 && self.feat.talon_fills {
            // Zebra: which card fills an emptied pile depends on where the waste ends, so
            // turns are not free to put off and the stock is played turn by turn (no move
            // from deep in the talon): the waste's top card, a turn, the waste turned back.
            if s.waste > 0 {
                let c = Card::from_index(s.talon()[s.waste_len() - 1]);
                single_to_piles(&mut emit, Place::Waste, c, true);
            }
            if let Some(mv) = self.turn_move(s) {
                emit(mv);
            }
            if let Some(mv) = self.turn_back_move(s) {
                emit(mv);
            }
        } else if self.feat.draw != 0 {
            let talon = s.talon();
            // Glenwood: the waste's card fills an empty pile only once the reserve is empty.
            let first = self.rules.piles();
            let waste_to_empty = !self.feat.waste_fills_last
                || (first..first + usize::from(self.feat.reserve)).all(|p| s.len[p] == 0);
            // Most talon cards fit on no pile: the top cards that take a card, as a bit set
            // like `Features::fits`, rule them out with one test each (unless an empty pile
            // could take them, when every card is tried).
            let onto_empty =
                waste_to_empty && (0..np).any(|to| tops[to].is_none() && empty_target(to));
            let taking = (0..np)
                .filter(|&to| rooms[to] > 0)
                .filter_map(|to| tops[to])
                .fold(0u64, |m, top| m | 1 << top.index());
            self.reachable_in_talon(s, |i, code| {
                let c = Card::from_index(talon[i]);
                let from = if code == 0 {
                    Place::Waste
                } else {
                    Place::Talon(code)
                };
                if code != 0 && self.goes_home_by(home_mask, s, c) {
                    emit(Move::single(from, Place::Home, c));
                }
                if onto_empty || self.feat.fits[c.index()] & taking != 0 {
                    single_to_piles(&mut emit, from, c, waste_to_empty);
                }
            });
        }
        // Between piles. Group limits are worked out once per state.
        let limit_onto_card = self.max_group(s, false);
        let limit_onto_empty = self.max_group(s, true);
        // Ranks rise one by one down a built group, so only the group whose lowest card is
        // one below the destination's top can fit (not so for any face-up group).
        let plain_down = self.rules.tableau.direction == Direction::Down
            && !self.rules.tableau.wrap
            && !self.feat.face_up_groups;
        for from in 0..np {
            let pile = &s.cards[starts[from]..starts[from + 1]];
            let run = runs[from];
            if run == 0 {
                continue;
            }
            let card_at = |k: usize| Card::from_index(pile[pile.len() - k]);
            let top_rank = card_at(1).rank_unchecked().value() as usize;
            let push = |emit: &mut F, to: usize, k: usize, c: Card| {
                emit(Move {
                    from: Place::Pile(from as u8),
                    to: Place::Pile(to as u8),
                    count: k as u8,
                    card: c,
                });
            };
            for (to, &dest_top) in tops.iter().enumerate().take(np) {
                if to == from {
                    continue;
                }
                match dest_top {
                    Some(base) => {
                        let limit = run.min(limit_onto_card).min(rooms[to]);
                        if plain_down {
                            let k = (base.rank_unchecked().value() as usize).wrapping_sub(top_rank);
                            // With runs keyed as sets, part of a run onto another card
                            // leaves the key as it is: nothing to search.
                            if (1..=limit).contains(&k)
                                && !(self.feat.run_sets && k < run)
                                && self.group_size_allowed(pile, run, k)
                                && self.group_builds_on(k, card_at(k), base)
                            {
                                push(&mut emit, to, k, card_at(k));
                            }
                        } else {
                            debug_assert!(!self.feat.run_sets, "runs as sets build plainly down");
                            for k in 1..=limit {
                                if self.group_size_allowed(pile, run, k)
                                    && self.group_builds_on(k, card_at(k), base)
                                {
                                    push(&mut emit, to, k, card_at(k));
                                }
                            }
                        }
                    }
                    None => {
                        // Moving a whole pile into an empty one changes nothing, unless
                        // the piles' order counts.
                        if !empty_target(to) || !others_fill {
                            continue;
                        }
                        let most = pile.len() - usize::from(!ordered);
                        let most = most.min(rooms[to]);
                        for k in 1..=run.min(limit_onto_empty).min(most) {
                            if self.group_size_allowed(pile, run, k)
                                && self.rules.fills_empty(card_at(k), s.base)
                            {
                                push(&mut emit, to, k, card_at(k));
                            }
                        }
                    }
                }
            }
        }
        // From the cells to the piles.
        for i in 0..nc {
            if s.cells[i] == EMPTY {
                continue;
            }
            single_to_piles(
                &mut emit,
                Place::Cell(i as u8),
                Card::from_index(s.cells[i]),
                others_fill,
            );
        }
        // From the piles to the first empty cell (cells are interchangeable).
        if self.rules.cells.accept {
            if let Some(cell) = (0..nc).find(|&i| s.cells[i] == EMPTY) {
                for (p, &top) in tops.iter().enumerate().take(np) {
                    if let Some(c) = top {
                        emit(Move {
                            from: Place::Pile(p as u8),
                            to: Place::Cell(cell as u8),
                            count: 1,
                            card: c,
                        });
                    }
                }
            }
        }
    }

    pub(super) fn succ(&self, s: &State<N>, mv: Move) -> Successor<Move, State<N>> {
        Successor {
            mv,
            state: self.apply(s, &mv),
            cost: 1,
        }
    }

    /// Whether every card lies in a complete run alone on its pile (or home), nothing in
    /// the stock or the cells.
    fn all_in_runs(&self, s: &State<N>) -> bool {
        s.stock == 0
            && s.cells[..self.cells()].iter().all(|&c| c == EMPTY)
            && (0..self.rules.piles()).all(|p| {
                let pile = s.pile(p);
                pile.is_empty() || (pile.len() == 13 && Self::complete_run_on_top(pile))
            })
    }
}

impl<const N: usize, const K: usize> Space for Tableau<N, K> {
    type State = State<N>;
    type Key = Key<K>;
    type Move = Move;

    fn is_goal(&self, s: &State<N>) -> bool {
        // Under a run cap the runs already home count too (`with_run_cap`).
        if s.home_count() / 13 > u32::from(self.run_cap) {
            return false;
        }
        if self.feat.won_in_runs {
            self.all_in_runs(s)
        } else {
            s.home_count() == u32::from(self.feat.cards)
        }
    }

    fn key(&self, s: &State<N>) -> Key<K> {
        self.exact_key(s)
    }

    fn expand(&self, s: &State<N>, out: &mut Vec<Successor<Move, State<N>>>) {
        self.each_move(s, |mv| out.push(self.succ(s, mv)));
    }

    fn guided_expand(&self, s: &State<N>, out: &mut Vec<Guided<Move, State<N>>>) {
        order::guided_expand(self, s, out);
    }

    fn guide_successors(
        &self,
        s: &State<N>,
        succ: &[Successor<Move, State<N>>],
        out: &mut Vec<u32>,
    ) {
        order::guide_successors(self, s, succ, out);
    }

    fn successor_keys(
        &self,
        s: &State<N>,
        key: &Key<K>,
        succ: &[Successor<Move, State<N>>],
        out: &mut Vec<Key<K>>,
    ) {
        self.keys_of_successors(s, key, succ, out);
    }

    /// Every successor is the move applied to the position (`Tableau::succ`).
    fn successor_of(&self, s: &State<N>, mv: &Move) -> Option<State<N>> {
        Some(self.apply(s, mv))
    }

    /// Safe moves to the foundations (`Tableau::forced_home`: why they keep every win).
    fn forced(&self, s: &State<N>) -> Option<Successor<Move, State<N>>> {
        self.forced_home(s)
    }

    /// A lower bound on the moves left (`Tableau::lower_bound`).
    fn heuristic(&self, s: &State<N>) -> u32 {
        self.lower_bound(s)
    }

    /// The guide of `s` (`Tableau::guide_of`: its terms and weights).
    fn guide(&self, s: &State<N>) -> u32 {
        self.guide_of(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::testing::{
        self, backbone_uncovered, board, card, diamond_mine_board, game, gypsy, gypsy_hearts,
        lady_jane_small, moves, pile_moves, reserve_to_empty, streets, two_decks, with_rules,
        BACKBONE_COVERED, HOME_DH, STREETS_TWO_RUNS,
    };
    use crate::games::tableau::verbose;
    use crate::games::Game;
    use crate::piles::Table;

    #[test]
    fn athena_moves_a_face_up_card_that_lay_under_a_face_down_one_with_the_card_turned() {
        // Athena deals rows 0 and 2 face down: once 8C (row 2) is turned, 9H (row 1, dealt
        // face up) and 8C form a run that moves onto TS; 2S (row 0) stays face down.
        let g = game("athena");
        let mut text = String::from("1 (spread): #2S 9H 8C\n2 (spread): TS\n");
        for p in 3..=7 {
            text += &format!("{p} (spread):\n");
        }
        text += "clubs (stacked): AC 2C 3C 4C 5C 6C 7C\n\
                 diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
                 hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H\nspades (stacked): AS\n\
                 stock (stacked): #9C #TC #JC #QC #KC #TH #JH #QH #KH #3S #4S #5S #6S #7S #8S \
                 #9S #JS #QS #KS\nwaste (stacked):\n";
        let s = board(&g, &text);
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        let run = out
            .iter()
            .find(|m| m.mv.from == Place::Pile(0) && m.mv.to == Place::Pile(1))
            .expect("9H 8C onto TS");
        assert_eq!((run.mv.count, run.mv.card), (2, card("9H")));
        // The face-down 2S comes up on top: turned.
        assert_eq!(run.state.pile(0), [card("2S").byte()]);
    }

    #[test]
    fn easthavens_stock_waits_while_a_king_above_another_card_could_fill_an_empty_pile() {
        // Pile 1 empty, KH QS on a face-down 3C in pile 2: the stock waits. With the King at
        // its pile's bottom, or fewer than seven cards on the tableau, it deals.
        let g = game("easthaven");
        let layout = |second: &str, third: &str| {
            let mut text = format!("1 (spread):\n2 (spread): {second}\n3 (spread): {third}\n");
            for p in 4..=7 {
                text += &format!("{p} (spread): {}\n", ["7D", "7H", "8C", "8S"][p - 4]);
            }
            text + "clubs (stacked): AC 2C\ndiamonds (stacked): AD 2D 3D 4D 5D 6D\n\
                    hearts (stacked): AH 2H 3H 4H 5H 6H\nspades (stacked): AS 2S 3S 4S 5S 6S 7S\n"
        };
        let stock = |rest: &str| {
            format!(
                "stock (stacked): {rest}#4C #5C #6C #7C #9C #TC #JC #QC #KC #8D #9D #TD #JD #QD \
                 #KD #8H #9H #TH #JH #QH #9S #TS #JS #KS\n"
            )
        };
        let deals = |text: &str| g.deal_move(&board(&g, text)).is_some();
        assert!(!deals(&(layout("#3C KH QS", "") + &stock(""))));
        assert!(deals(&(layout("KH QS", "3C") + &stock(""))));
        // Six cards on the tableau (3C in the stock): it deals though a King could move.
        let few = layout("KH QS", "").replace("8S\n", "\n");
        assert!(deals(&(few + &stock("#3C #8S "))));
    }

    /// The rules with a card of the base rank taking cards like any other.
    fn builds_on_base(r: &mut crate::games::tableau::Rules) {
        r.tableau.on_base_rank = crate::games::tableau::rules::OnBaseRank::Builds;
    }

    #[test]
    fn agnes_runs_end_at_a_card_of_the_base_rank() {
        // Base Five: 4S lies on 5S, which lies on 6S. 4S alone moves (onto 5C, itself of the
        // base rank: building on it is allowed), but neither 5S 4S onto 6C nor the three onto
        // 7C. 4C onto 5C too; the black cards not named lie on piles 6 and 7.
        let g = game("agnes");
        let text = "1 (spread): 6S 5S 4S\n2 (spread): 7C\n3 (spread): 5C\n4 (spread): 6C\n\
             5 (spread): 4C\n6 (spread): 8C 9C TC JC QC KC 7S 8S 9S TS JS QS KS\n\
             7 (spread): AC 2C 3C AS 2S 3S\nclubs (stacked):\n\
             diamonds (stacked): 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3D 4D\n\
             hearts (stacked): 5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H 4H\n\
             spades (stacked):\nstock (stacked):\n";
        let agnes = pile_moves(&g, text);
        for m in [(1, 3, 1), (5, 3, 1)] {
            assert!(agnes.contains(&m), "{m:?} missing: {agnes:?}");
        }
        assert!(!agnes.iter().any(|&(a, _, k)| a == 1 && k > 1), "{agnes:?}");
        // Where runs pass the base rank, 5S 4S moves onto 6C and all three onto 7C.
        let plain = pile_moves(&with_rules(&g, builds_on_base), text);
        for m in [(1, 4, 2), (1, 2, 3)] {
            assert!(plain.contains(&m), "{m:?} missing: {plain:?}");
        }
    }

    #[test]
    fn diamond_mines_diamonds_play_only_home_and_take_nothing() {
        let g = game("diamond-mine");
        let text = diamond_mine_board("3D", "2D");
        let m = pile_moves(&g, &text);
        // 2H onto 3H, 3H alone into an empty pile, AH onto 2H.
        for want in [(5, 7, 1), (7, 9, 1), (6, 5, 1)] {
            assert!(m.contains(&want), "{want:?} missing: {m:?}");
        }
        // Nothing onto 3D or 4D, no diamond onto a pile, 4D never with 3H.
        assert!(
            !m.iter()
                .any(|&(a, b, k)| b == 4 || a == 4 || a == 8 || (a == 7 && k > 1)),
            "{m:?}"
        );
        // Only the next diamond goes home.
        let mut home = Vec::new();
        g.expand(&board(&g, &text), &mut home);
        let home: Vec<_> = home
            .iter()
            .filter(|x| x.mv.to == Place::Home)
            .map(|x| x.mv.card)
            .collect();
        assert_eq!(home, vec![card("2D")]);
    }

    #[test]
    fn glenwood_moves_reserve_cards_until_the_base_then_whole_piles_and_the_waste_last() {
        let g = game("glenwood");
        // Deal 1: reserve tops 3H, 4S, KD, 7H; piles 8S, TH, 3S, 4H. Before the base only
        // reserve cards move: each home (choosing the base) and 7H onto 8S; no turn.
        let start = g.pack(&g.deal(1)).expect("deal");
        let first: Vec<String> = moves(&g, &start).into_iter().map(|m| m.0).collect();
        assert_eq!(first, ["R1h", "R2h", "R3h", "R4h", "R41"]);
        // Base Ace. 8H may not leave 9S for 9C: only whole piles move between piles. The
        // empty pile 4 takes the reserve's KC, and the waste's JD only without it.
        let layout = |reserve: &str, stock: &str| {
            format!(
                "1 (spread): 9S 8H\n2 (spread): 9C\n3 (spread): TH\n4 (spread):\n\
                 reserve1 (spread): {reserve}\nreserve2 (spread):\nreserve3 (spread):\n\
                 reserve4 (spread):\nclubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C\n\
                 diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D\n\
                 hearts (stacked): AH 2H 3H 4H 5H 6H 7H\n\
                 spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S\n\
                 stock (stacked): #TC #JC #QC #9H #JH #QH #KH #TS #JS #QS #KS #TD #QD #KD{stock}\n\
                 waste (stacked): JD\n"
            )
        };
        let with_reserve = layout("KC", "");
        let m = pile_moves(&g, &with_reserve);
        assert!(m.contains(&(1, 3, 2)) && m.contains(&(2, 3, 1)), "{m:?}");
        assert!(!m.contains(&(1, 2, 1)), "{m:?}");
        let into_empty = |text: &str| -> Vec<Place> {
            let mut out = Vec::new();
            g.expand(&board(&g, text), &mut out);
            out.iter()
                .filter(|x| x.mv.to == Place::Pile(3))
                .map(|x| x.mv.from)
                .collect()
        };
        assert_eq!(into_empty(&with_reserve), [Place::Reserve(0)]);
        let without = into_empty(&layout("", " #KC"));
        assert!(without.contains(&Place::Waste), "{without:?}");
    }

    #[test]
    fn zebras_foundations_take_the_other_colour_and_emptied_piles_fill_from_the_talon() {
        let g = two_decks("zebra");
        // Deal 1: 2C alone on pile 3, the eight Aces home, the waste empty.
        let s = g.pack(&g.deal(1)).expect("deal");
        assert!(g.goes_home(&s, card("2C")) && g.goes_home(&s, card("2D")));
        assert!(!g.goes_home(&s, card("3C")) && !g.goes_home(&s, card("3D")));
        // 2C goes onto a red Ace's foundation, which then takes a red Three, not a black one;
        // pile 3 takes the stock's top card at once.
        let home = Move::single(Place::Pile(2), Place::Home, card("2C"));
        let stock_top = s.talon()[0];
        let after = g.apply(&s, &home);
        assert_eq!(after.pile(2), [stock_top]);
        assert_eq!(after.stock, s.stock - 1);
        assert!(g.goes_home(&after, card("3H")) && !g.goes_home(&after, card("3S")));
        assert_eq!(after.colour_heights(1), [1, 1, 1, 2]);
        // With two cards turned, the waste's top card (the second) fills the pile instead.
        let once = g.apply(&s, &g.turn_move(&s).expect("a turn"));
        let twice = g.apply(&once, &g.turn_move(&once).expect("a turn"));
        let filled = g.apply(&twice, &home);
        assert_eq!(filled.pile(2), [s.talon()[1]]);
        assert_eq!((filled.waste, filled.stock), (1, s.stock - 1));
        // The stock is played turn by turn: no card from deep in the talon.
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        assert!(out.iter().all(|x| !matches!(x.mv.from, Place::Talon(_))));
        assert!(out.iter().any(|x| x.mv.from == Place::Stock));
    }

    #[test]
    fn lady_jane_builds_nothing_on_the_base_rank_and_fills_empty_piles_below_it() {
        // Base Five: 4H may not go onto 5S, but into the empty pile 4 (the rank below the
        // base); KS may not. The spades not named lie under 4H and KS.
        let g = lady_jane_small();
        let text = "1 (spread): 5S\n2 (spread): QS KS\n\
             3 (spread): 6S 7S 8S 9S TS JS AS 2S 3S 4S 4H\n4 (spread):\n\
             a (stacked):\nb (stacked):\nreserve1 (spread):\nreserve2 (spread):\n\
             reserve3 (spread):\nclubs (stacked): 5C 6C 7C 8C 9C TC JC QC KC AC 2C 3C 4C\n\
             diamonds (stacked): 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3D 4D\n\
             hearts (stacked): 5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H\nspades (stacked):\n\
             stock (stacked):\n";
        let jane = pile_moves(&g, text);
        assert!(jane.contains(&(3, 4, 1)), "{jane:?}");
        assert!(
            !jane.contains(&(3, 1, 1)) && !jane.contains(&(2, 4, 1)),
            "{jane:?}"
        );
        // Where the base rank takes cards, 4H goes onto 5S.
        let plain = pile_moves(&with_rules(&g, builds_on_base), text);
        assert!(plain.contains(&(3, 1, 1)), "{plain:?}");
    }

    #[test]
    fn lady_janes_stock_deals_onto_the_reserve_then_its_last_two_into_the_cells() {
        let g = lady_jane_small();
        let mut s = g.pack(&g.deal(1)).expect("deal");
        let reserve_total = |s: &State<52>| (4..7).map(|p| s.len[p] as usize).sum::<usize>();
        assert_eq!(s.stock, 38);
        while s.stock > 0 {
            let mv = g.deal_move(&s).expect("a deal");
            let before = (s.stock, reserve_total(&s));
            s = g.succ(&s, mv).state;
            if before.0 >= 3 {
                assert_eq!(mv.count, 3);
                assert_eq!(reserve_total(&s), before.1 + 3);
            } else {
                // The last two: one into each cell, the reserve untouched.
                assert_eq!(mv.count, 2);
                assert_eq!(reserve_total(&s), before.1);
                assert!(s.cells[..2].iter().all(|&c| c != EMPTY));
            }
        }
        assert!(g.deal_move(&s).is_none());
        // A stock that does not hold whole deals and the last two is refused.
        let mut t = g.deal(1);
        let stock = t.find("stock").expect("stock");
        let p1 = t.find("1").expect("pile");
        t.move_top_to_top(stock, p1).expect("card");
        t.flip_top(p1).expect("card");
        assert!(g.pack(&t).is_err());
    }

    #[test]
    fn agnes_keeps_its_base_on_the_board_when_the_base_card_comes_back() {
        // 5H, the base, back on 6H: no foundation holds a card, the board's line gives the
        // rank, and 5H goes home again from pile 1.
        let g = game("agnes");
        let mut text = String::from("1 (spread): 6H 5H\n");
        for p in 2..=7 {
            text += &format!("{p} (spread):\n");
        }
        let others: Vec<String> = Suit::ALL
            .iter()
            .flat_map(|&suit| Rank::ALL.iter().map(move |&r| Card::new(suit, r)))
            .filter(|c| *c != card("6H") && *c != card("5H"))
            .map(|c| format!("#{c}"))
            .collect();
        text += &format!(
            "clubs (stacked):\ndiamonds (stacked):\nhearts (stacked):\nspades (stacked):\n\
             stock (stacked): {}\n",
            others.join(" ")
        );
        let t = Table::parse(&text).expect("board");
        assert!(g.pack(&t).is_err(), "no base given");
        let s = board(&g, &(text.clone() + "base = 5\n"));
        assert!(moves(&g, &s).iter().any(|(n, _)| n == "1h"));
        assert!(g
            .pack(&Table::parse(&(text + "base = 14\n")).expect("board"))
            .is_err());
    }

    #[test]
    fn westhaven_moves_one_card_or_every_face_up_card_of_a_pile() {
        // Pile 1: 9S 8H 7C face up on a face-down 4C. 7C alone onto 8D, all three onto
        // TH, one or all three into an empty pile; never 8H 7C onto 9C.
        let g = game("westhaven");
        let mut text = String::from(
            "1 (spread): #4C 9S 8H 7C\n2 (spread): TH\n3 (spread): 9C\n4 (spread): 8D\n",
        );
        for p in 5..=10 {
            text += &format!("{p} (spread):\n");
        }
        text += "clubs (stacked): AC 2C 3C\ndiamonds (stacked): AD 2D 3D 4D 5D 6D 7D\n\
                 hearts (stacked): AH 2H 3H 4H 5H 6H 7H\n\
                 spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S\n\
                 stock (stacked): #5C #6C #8C #TC #JC #QC #KC #9D #TD #JD #QD #KD #9H #JH #QH \
                 #KH #TS #JS #QS #KS\nwaste (stacked):\n";
        let s = board(&g, &text);
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        let mut from_first: Vec<(Place, u8)> = out
            .iter()
            .filter(|m| m.mv.from == Place::Pile(0))
            .map(|m| (m.mv.to, m.mv.count))
            .collect();
        from_first.sort_by_key(|&(to, k)| (format!("{to:?}"), k));
        assert_eq!(
            from_first,
            [
                (Place::Pile(1), 3),
                (Place::Pile(3), 1),
                (Place::Pile(4), 1),
                (Place::Pile(4), 3)
            ]
        );
    }

    /// Every position along random lines of `g` from its deals 1 to 12 (the same lines each
    /// run), to `visit`.
    fn along_random_lines<const N: usize, const K: usize>(
        g: &Tableau<N, K>,
        visit: impl FnMut(&State<N>),
    ) {
        testing::along_random_lines(g, 12, 150, 0x2545_f491_4f6c_dd1d, visit);
    }

    /// The cards `home_mask` lets home are those `goes_home` does, card by card, along random
    /// lines of games with one and two foundations a suit, a chosen or dealt base, one suit
    /// home only, and runs going home whole (no card alone); Zebra's foundations by colour
    /// are asked card by card (`None`).
    #[test]
    fn the_mask_of_cards_going_home_is_goes_homes_answer() {
        fn agree<const N: usize, const K: usize>(g: &Tableau<N, K>, id: &str) -> usize {
            let mut home = 0;
            along_random_lines(g, |s| {
                let mask = g.home_mask(s);
                for i in 0..52u8 {
                    let c = Card::from_index(i);
                    if let Some(m) = mask {
                        assert_eq!(m >> i & 1 != 0, g.goes_home(s, c), "{id}: {}", c);
                    }
                    let by = g.goes_home_by(mask, s, c);
                    assert_eq!(by, g.goes_home(s, c), "{id}: {}", c);
                    home += usize::from(by);
                }
            });
            home
        }
        for id in ["klondike", "canfield", "agnes", "diamond-mine", "freecell"] {
            assert!(
                agree(&game(id), id) > 0,
                "{id}: some card goes home on the way"
            );
        }
        for id in ["forty-thieves", "gypsy", "zebra"] {
            assert!(agree(&two_decks(id), id) > 0, "{id}");
        }
        // Runs go home whole in Spider: no card alone.
        assert_eq!(agree(&two_decks("spider-4suits"), "spider-4suits"), 0);
        let zebra = two_decks("zebra");
        let s = zebra.pack(&zebra.deal(1)).expect("a deal packs");
        assert_eq!(
            zebra.home_mask(&s),
            None,
            "Zebra's foundations asked card by card"
        );
    }

    /// The depth-first search may keep its path as moves: every successor `expand` and
    /// `forced` give is the state `successor_of` makes from the move, along random lines
    /// of games with a waste, a reserve that fills piles, a talon that fills them, cells,
    /// runs keyed as sets and two decks.
    #[test]
    fn every_successor_is_made_again_from_its_move() {
        fn agree<const N: usize, const K: usize>(g: &Tableau<N, K>, id: &str) -> usize {
            let mut checked = 0;
            along_random_lines(g, |s| {
                let mut out = Vec::new();
                g.expand(s, &mut out);
                out.extend(g.forced(s));
                for succ in &out {
                    let again = g.successor_of(s, &succ.mv).expect("made from the move");
                    assert!(again == succ.state, "{id}: {}", g.notation(&succ.mv));
                    checked += 1;
                }
            });
            checked
        }
        for id in [
            "klondike",
            "klondike-draw1",
            "canfield",
            "freecell",
            "agnes",
            "glenwood",
            "lady-jane",
        ] {
            assert!(agree(&game(id), id) > 100, "{id}");
        }
        for id in [
            "forty-thieves",
            "little-forty",
            "zebra",
            "spider-4suits",
            "gypsy",
        ] {
            assert!(agree(&two_decks(id), id) > 100, "{id}");
        }
    }

    #[test]
    fn with_two_foundations_a_suit_either_top_card_comes_back() {
        // Hearts home to the 5 and to the 3: 5H and 3H may come back, onto an empty pile.
        let g = gypsy();
        let kings_down = "KH QH JH TH 9H 8H 7H 6H";
        let s = board(
            &g,
            &gypsy_hearts(5, 3, &[kings_down, "KH QH JH TH 9H 8H 7H 6H 5H 4H"]),
        );
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        let hearts = |m: &&Successor<Move, State<104>>| {
            m.mv.from == Place::Home && m.mv.card.suit_unchecked() == Suit::Hearts
        };
        let back: Vec<_> = out.iter().filter(hearts).collect();
        let mut cards: Vec<Card> = back.iter().map(|m| m.mv.card).collect();
        cards.dedup();
        assert_eq!(cards, [card("5H"), card("3H")]);
        // Each leaves the other foundation as it was: 3H leaves 5 and 2, 5H leaves 4 and 3.
        let h = Suit::Hearts.index();
        for m in back {
            let heights = (m.state.home[h], m.state.second[h]);
            let want = if m.mv.card == card("3H") {
                (7, 2)
            } else {
                (7, 3)
            };
            assert_eq!(heights, want, "{}", g.notation(&m.mv));
        }
        // Equal foundations give one move, not two: the same card either way (and one empty
        // pile stands for all).
        let even = board(
            &g,
            &gypsy_hearts(4, 4, &[kings_down, "KH QH JH TH 9H 8H 7H 6H 5H 5H"]),
        );
        let mut out = Vec::new();
        g.expand(&even, &mut out);
        let back: Vec<_> = out.iter().filter(hearts).collect();
        assert!(
            back.iter().all(|m| m.mv.card == card("4H")),
            "only 4H comes back"
        );
        assert_eq!(back.len(), 1, "4H onto an empty pile, once");
    }

    #[test]
    fn a_foundation_top_comes_back_onto_a_card_or_an_empty_pile_never_a_cell() {
        // Streets and Alleys, clubs home to the 5, spades to the 4, diamonds and hearts to
        // their Aces: neither 5C nor 4S would be safe home once back (a red 3 or 4 is still
        // in play), so both come back (`Tableau::comes_straight_back`); the Aces would be.
        let g = game("streets-and-alleys");
        let s = board(
            &g,
            "1 (spread): KC QC JC TC 9C 8C 7C 6C\n2 (spread): KS QS JS TS 9S 8S 7S 6S 5S\n\
             3 (spread): KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D\n\
             4 (spread): KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H\n\
             5 (spread): \n6 (spread): \n7 (spread): \n8 (spread): \n\
             clubs (stacked): AC 2C 3C 4C 5C\ndiamonds (stacked): AD\nhearts (stacked): AH\n\
             spades (stacked): AS 2S 3S 4S\n",
        );
        let names: Vec<String> = moves(&g, &s).into_iter().map(|m| m.0).collect();
        // 5C onto 6C, 4S onto 5S, and both into the first empty pile.
        for want in ["hC1", "hC5", "hS2", "hS5"] {
            assert!(
                names.contains(&want.to_string()),
                "{want} missing: {names:?}"
            );
        }
        assert!(!names.iter().any(|n| n.starts_with('h') && n.len() > 3));
        assert!(!names
            .iter()
            .any(|n| n.starts_with("hD") || n.starts_with("hH")));
        // Out and back onto the same card: the same position, the same key.
        let out = moves(&g, &s)
            .into_iter()
            .find(|m| m.0 == "hS2")
            .expect("4S comes back")
            .1;
        assert_eq!(out.home[3], 3);
        let back = moves(&g, &out)
            .into_iter()
            .find(|m| m.0 == "2h")
            .expect("4S goes home again")
            .1;
        assert_eq!(back, s);
        assert_eq!(g.key(&back), g.key(&s));
    }

    /// A foundation's top card that would be safe home once back stays home
    /// (`Tableau::comes_straight_back`): with the diamonds and hearts home, 5C and 4S; the
    /// Kings of diamonds and hearts, on which the clubs' Queen could still be built, come back
    /// into the first empty pile.
    #[test]
    fn a_foundation_top_the_autoplay_would_send_straight_back_stays() {
        let (g, s) = streets(STREETS_TWO_RUNS);
        let mut back: Vec<String> = moves(&g, &s)
            .into_iter()
            .map(|m| m.0)
            .filter(|n| n.starts_with('h'))
            .collect();
        back.sort();
        assert_eq!(back, ["hD3", "hH3"]);
    }

    /// Backbone's cover: while a card lies across the reserve, it is the reserve's only free
    /// card; once it is gone each stack's top card is free (and only the top card).
    #[test]
    fn a_card_across_the_reserve_blocks_every_stack_until_it_is_gone() {
        let g = two_decks("backbone");
        let s = board(&g, BACKBONE_COVERED);
        assert_eq!(g.free_reserve(&s).to_vec(), vec![(2, card("JS"))]);
        let all = moves(&g, &s);
        let names: Vec<&str> = all.iter().map(|m| m.0.as_str()).collect();
        // JS goes home; QS (under it) may not, nor onto KS.
        assert_eq!(names, ["Rch"]);
        let after = &all[0].1;
        assert_eq!(*after, board(&g, &backbone_uncovered()));
        assert_eq!(
            g.free_reserve(after).to_vec(),
            vec![(0, card("QS")), (1, card("KH"))]
        );
        let mut names: Vec<String> = moves(&g, after).into_iter().map(|m| m.0).collect();
        names.sort();
        // QS home or onto KS; QH lies under QS; KH neither goes home nor builds.
        assert_eq!(names, ["R11", "R1h"]);
    }

    /// Backbone: a reserve card never fills an empty pile (a tableau or waste card may);
    /// with `to_empty` it does, into the first empty pile (the piles are interchangeable).
    #[test]
    fn a_reserve_card_fills_an_empty_pile_only_where_the_rules_say() {
        let text = backbone_uncovered();
        let g = two_decks("backbone");
        let s = board(&g, &text);
        assert!(!moves(&g, &s).iter().any(|m| m.0 == "R12" || m.0 == "R22"));
        let open = reserve_to_empty("backbone");
        let s = board(&open, &text);
        let mut names: Vec<String> = moves(&open, &s).into_iter().map(|m| m.0).collect();
        names.sort();
        assert_eq!(names, ["R11", "R12", "R1h", "R22"]);
        // Nothing moves onto the reserve; its cards leave it one at a time.
        let (_, after) = moves(&open, &s)
            .into_iter()
            .find(|m| m.0 == "R22")
            .expect("KH into pile 2");
        assert_eq!(after.pile(1), &[card("KH").byte()]);
        assert_eq!(after.pile(9), &[] as &[u8]);
    }

    #[test]
    fn aisleriots_beleaguered_castle_keeps_its_aces_home() {
        let g = game("beleaguered-castle");
        let mut text =
            String::from("1 (spread): KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KS\n2 (spread): 2C\n");
        for p in 3..=8 {
            text += &format!("{p} (spread): \n");
        }
        text += "clubs (stacked): AC\n";
        text += HOME_DH;
        text += "spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS\n";
        let s = board(&g, &text);
        let names: Vec<String> = moves(&g, &s).into_iter().map(|m| m.0).collect();
        assert!(names.contains(&"hS1".to_string()) && names.contains(&"hS3".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("hC")), "{names:?}");
    }

    #[test]
    fn a_run_cap_lets_runs_home_only_while_fewer_are_there() {
        // Three complete runs in play and the clubs run home: with a cap of one run home
        // none may follow (a search for a win with fewer helper piles, Mogelpat), with two
        // each of the three may.
        let g = game("simple-simon");
        let run = |s: &str| {
            Rank::ALL
                .iter()
                .rev()
                .map(|r| format!("{}{s}", r.letter()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!(
            "1 (spread): {}\n2 (spread): {}\n3 (spread): {}\n",
            run("D"),
            run("H"),
            run("S")
        );
        for p in 4..=10 {
            text += &format!("{p} (spread): \n");
        }
        text += &format!(
            "clubs (stacked): {}\ndiamonds (stacked): \nhearts (stacked): \nspades (stacked): \n",
            run("C")
        );
        let s = board(&g, &text);
        let homes = |cap: u8| {
            let capped = g.with_run_cap(cap);
            moves(&capped, &s)
                .iter()
                .filter(|(_, after)| after.home_count() > s.home_count())
                .count()
        };
        assert_eq!(homes(1), 0);
        assert_eq!(homes(2), 3);
        assert_eq!(homes(u8::MAX), 3);
    }

    #[test]
    fn the_first_card_home_fixes_the_base_of_all_four() {
        let g = game("chessboard");
        let s = g.pack(&g.deal(1)).expect("deal");
        assert_eq!(s.chosen_base(), None);
        let homes: Vec<(String, State<52>)> = moves(&g, &s)
            .into_iter()
            .filter(|m| m.0.ends_with('h'))
            .collect();
        // Every top card may start the foundations.
        assert_eq!(homes.len(), 10);
        for (_, after) in &homes {
            let base = after.chosen_base().expect("chosen");
            let mut next = Vec::new();
            g.expand(after, &mut next);
            for m in next.iter().filter(|m| m.mv.to == Place::Home) {
                let suit = m.mv.card.suit_unchecked().index();
                if after.home[suit] == 0 {
                    assert_eq!(m.mv.card.rank_unchecked().value(), base, "a new foundation");
                }
            }
        }
        // Two different first cards: different keys even when the cards in play agree
        // otherwise (they do not here, but the base byte differs too).
        assert_ne!(homes[0].1.base, homes[1].1.base);
    }

    #[test]
    fn the_redeal_gathers_the_piles_in_order_and_deals_them_in_fours() {
        let g = game("cruel");
        let mut text = String::from(
            "1 (spread): 4S 5C 5S 6C 6S\n2 (spread): 7C 7S 8C\n3 (spread): 8S 9C 9S TC TS\n\
             4 (spread): JC JS QC\n5 (spread): QS KC KS\n",
        );
        for p in 6..=12 {
            text += &format!("{p} (spread): \n");
        }
        text += "clubs (stacked): AC 2C 3C 4C\n";
        text += HOME_DH;
        text += "spades (stacked): AS 2S 3S\n";
        let s = board(&g, &text);
        let all = moves(&g, &s);
        assert_eq!(all.len(), 1, "only the redeal");
        let (name, after) = &all[0];
        assert_eq!(name, "r");
        assert_eq!(&after.len[..6], &[4, 4, 4, 4, 3, 0]);
        assert_eq!(
            after.pile(1),
            &["6S", "7C", "7S", "8C"].map(|c| card(c).byte())
        );
        // Redealt already: no second redeal (it would change nothing).
        assert!(moves(&g, after).is_empty());
        // The piles' order counts: the redeal gathers them in order.
        let mut swapped = s;
        swapped.len.swap(0, 1);
        assert_ne!(g.key(&swapped), g.key(&s));
        assert_eq!(
            verbose(&Move::redeal(19, card("4S"))),
            "Redeal the 19 cards of the stacks"
        );
    }

    /// Canfield: a pile's last card going home (or onto another pile) brings the reserve's
    /// top card onto the emptied pile in the same move, turning the card under it face up;
    /// a foundation based on a dealt Five gives back its top card, never its Five.
    #[test]
    fn canfield_fills_an_emptied_pile_from_the_reserve_and_returns_from_a_dealt_base() {
        let g = game("canfield");
        let s = board(
            &g,
            "1 (spread): 6C\n2 (spread): 7S\n3 (spread): 8S\n4 (spread): KS\n\
             reserve1 (spread): #QH #7D 2S\n\
             clubs (stacked): 5C\ndiamonds (stacked): 5D 6D\nhearts (stacked):\n\
             spades (stacked):\nstock (stacked): #AC #2C #3C #4C #7C #8C #9C #TC #JC #QC #KC \
             #8D #9D #TD #JD #QD #KD #AD #2D #3D #4D #AH #2H #3H #4H #5H #6H #7H #8H #9H #TH \
             #JH #KH #AS #3S #4S #5S #6S #9S #TS #JS #QS\nwaste (stacked):\n",
        );
        let all = moves(&g, &s);
        let (_, after) = all
            .iter()
            .find(|(m, _)| m.starts_with("1h"))
            .expect("6C goes home onto 5C");
        // 2S (the reserve's top) now fills pile 1, 7D is face up on the reserve.
        assert_eq!(after.pile(0), &[card("2S").byte()]);
        assert_eq!(
            after.pile(4),
            &[card("QH").byte() | DOWN, card("7D").byte()]
        );
        // 6D comes back onto 7S; 5C and 5D, the bases, never come back.
        let back: Vec<&State<52>> = all
            .iter()
            .filter(|(m, _)| m.starts_with('h'))
            .map(|(_, s)| s)
            .collect();
        assert_eq!(back.len(), 1, "{all:?}");
        assert_eq!(back[0].pile(1), &[card("7S").byte(), card("6D").byte()]);
        // The reserve's new top card, 7D, goes onto 8S.
        let next: Vec<String> = moves(&g, after).into_iter().map(|m| m.0).collect();
        assert!(next.contains(&"R13".to_string()), "{next:?}");
    }

    /// Eagle Wing: the reserve's top card plays only as its last card (the referee refuses
    /// it too), and a pile holding three cards takes no more.
    #[test]
    fn eagle_wings_reserve_plays_its_last_card_only_and_piles_hold_three() {
        use crate::piles::Table;
        use crate::verify::Referee;
        let g = game("eagle-wing");
        let text = |reserve: &str, stock: &str| {
            format!(
                "1 (spread): 9S 8S 7S\n2 (spread): QD\n3 (spread): JH\n4 (spread): 4C\n\
                 5 (spread): 3D\n6 (spread): 6S\n7 (spread): KC\n8 (spread): 2H\n\
                 reserve1 (spread): {reserve}\n\
                 clubs (stacked): 5C 6C 7C 8C 9C TC JC QC\n\
                 diamonds (stacked): 5D 6D 7D 8D 9D TD JD\n\
                 hearts (stacked): 5H 6H 7H 8H 9H TH\nspades (stacked):\n\
                 stock (stacked): #AC #2C #3C #KD #AD #2D #4D #QH #KH #AH #3H #4H #AS #3S \
                 #4S #TS #JS #QS #KS{stock}\nwaste (stacked):\n"
            )
        };
        let (two, one) = (text("#2S 5S", ""), text("5S", " #2S"));
        let from_reserve = Move::single(Place::Reserve(0), Place::Home, card("5S"));
        let names = |t: &str| -> Vec<String> {
            moves(&g, &board(&g, t)).into_iter().map(|m| m.0).collect()
        };
        let all = names(&two);
        assert!(all.iter().all(|m| !m.starts_with('R')), "{all:?}");
        let mut t = Table::parse(&two).expect("board");
        assert!(g.referee_apply(&mut t, &from_reserve).is_err());
        let all = names(&one);
        assert!(all.contains(&"R1h".to_string()), "{all:?}");
        let mut t = Table::parse(&one).expect("board");
        g.referee_apply(&mut t, &from_reserve)
            .expect("its last card plays");
        // 6S builds on 7S, but pile 1 holds three cards: refused by both.
        assert!(!all.contains(&"61".to_string()), "{all:?}");
        let onto_full = Move::single(Place::Pile(5), Place::Pile(0), card("6S"));
        let mut t = Table::parse(&one).expect("board");
        assert!(g.referee_apply(&mut t, &onto_full).is_err());
    }
}
