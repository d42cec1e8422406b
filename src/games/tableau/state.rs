//! The packed [`State`] and its primitive operations: pile by pile access, taking cards
//! off, moving groups between piles, dealing from the stock, the heights a redeal leaves.

use super::rules::{MAX_CELLS, MAX_PILES};
#[cfg(doc)]
use crate::cards::Card;

/// An empty cell (and the end of each pile in a key).
pub(super) const EMPTY: u8 = 0xFF;
/// The face-down bit of a card byte (as in [`Card`]).
pub(super) const DOWN: u8 = 0x80;

/// Where the foundations build in alternate colours (Zebra), the foundations that take `c`
/// by the colour of their Aces (0: black, 1: red): a black Ace's foundation takes black
/// cards at odd ranks and red ones at even ranks.
pub(super) fn colour_class(c: crate::cards::Card) -> usize {
    let red = c.suit_unchecked().color() == crate::cards::Color::Red;
    usize::from(red != c.rank_unchecked().value().is_multiple_of(2))
}

/// The packed state for games of up to `N` cards (52, 104 or 156: one, two or three decks).
/// The tableau piles lie bottom first in `cards`, one after another, and the stock follows
/// them (its top card last). Bytes past the stock are always zero, so two states are equal
/// exactly when they are the same position (piles and cells in place).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State<const N: usize> {
    pub(super) cards: [u8; N],
    pub(super) len: [u8; MAX_PILES],
    /// Cards in the stock (after the piles in `cards`); in games with a waste, cards in the
    /// talon: the waste and the stock (see `talon.rs`).
    pub(super) stock: u8,
    /// Cards of the talon in the waste (games with a waste; 0 otherwise).
    pub(super) waste: u8,
    pub(super) cells: [u8; MAX_CELLS],
    /// Cards of each suit on the foundations (for several decks, of all its foundations).
    pub(super) home: [u8; 4],
    /// With two foundations a suit built card by card (two decks), the height of the lower
    /// one (the other holds `home - second`); 0 otherwise. Each card goes onto the higher
    /// foundation when it follows there, so the lower one never passes the higher one.
    /// Where the foundations build in alternate colours (Zebra), the heights of the eight
    /// foundations instead ([`State::colour_heights`]).
    pub(super) second: [u8; 4],
    /// The foundations' base rank when the player chooses it (0: not chosen yet).
    pub(super) base: u8,
    /// Redeals used, when they are limited (0 otherwise).
    pub(super) redeals: u8,
}

/// Whether two byte strings of one length are equal: eight bytes at a time, inline (the
/// library's comparison is a call per use, and the tables and the keys of successors
/// compare short strings all the time). Shared by [`Key`](super::Key)'s equality and
/// [`State::each_pile_changed`].
#[inline]
pub(super) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    debug_assert_eq!(a.len(), b.len());
    let mut diff = 0u64;
    let (wa, wb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ta, tb) = (wa.remainder(), wb.remainder());
    for (x, y) in wa.zip(wb) {
        let x = u64::from_ne_bytes(x.try_into().expect("eight bytes"));
        let y = u64::from_ne_bytes(y.try_into().expect("eight bytes"));
        diff |= x ^ y;
    }
    for (x, y) in ta.iter().zip(tb) {
        diff |= u64::from(x ^ y);
    }
    diff == 0
}

impl<const N: usize> State<N> {
    pub(super) fn start(&self, p: usize) -> usize {
        self.len[..p].iter().map(|&l| l as usize).sum()
    }
    /// The cards of pile `p`, bottom first.
    pub fn pile(&self, p: usize) -> &[u8] {
        let s = self.start(p);
        &self.cards[s..s + self.len[p] as usize]
    }
    /// Calls `f` with the index and cards of each of the first `piles` piles of `self` that
    /// differ from that pile in `before`: what a successor changed, for the terms worked out
    /// from its parent's (the guide's, the compact key's).
    #[inline]
    pub(super) fn each_pile_changed<'a>(
        &'a self,
        before: &State<N>,
        piles: usize,
        mut f: impl FnMut(usize, &'a [u8]),
    ) {
        let (mut from, mut to) = (0, 0);
        for p in 0..piles {
            let (a, b) = (usize::from(before.len[p]), usize::from(self.len[p]));
            let pile = &self.cards[to..to + b];
            if a != b || !same_bytes(&before.cards[from..from + a], pile) {
                f(p, pile);
            }
            from += a;
            to += b;
        }
    }
    /// Cards in the tableau piles.
    pub(super) fn total(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }
    /// Cards in the piles and the stock.
    pub(super) fn used(&self) -> usize {
        self.total() + self.stock as usize
    }
    /// The stock's cards, bottom first (the next card dealt is the last).
    pub fn stock(&self) -> &[u8] {
        let t = self.total();
        &self.cards[t..t + self.stock as usize]
    }
    /// Cards on the foundations.
    pub fn home_count(&self) -> u32 {
        self.home.iter().map(|&h| u32::from(h)).sum()
    }
    /// Foundations built in alternate colours (Zebra): the heights of the four foundations
    /// whose Aces are black (`class` 0) or red (1), ascending. Each is kept in a nibble of
    /// `second` (black Aces' low, red Aces' high): a foundation's Ace fixes the colour of
    /// every rank on it, and which suit each card home has does not matter to any move, so
    /// these heights are the foundations' whole state.
    pub(super) fn colour_heights(&self, class: usize) -> [u8; 4] {
        std::array::from_fn(|i| (self.second[i] >> (4 * class)) & 0xF)
    }

    /// Sets [`State::colour_heights`] of `class` to `heights`, sorted.
    pub(super) fn set_colour_heights(&mut self, class: usize, mut heights: [u8; 4]) {
        heights.sort_unstable();
        for (b, h) in self.second.iter_mut().zip(heights) {
            *b = (*b & !(0xF << (4 * class))) | (h << (4 * class));
        }
    }

    /// The foundations' base rank when the player chooses it (None: not chosen yet, or the
    /// rules fix it).
    pub fn chosen_base(&self) -> Option<u8> {
        (self.base != 0).then_some(self.base)
    }
    /// Redeals used (counted only when the rules limit them).
    pub fn redeals_used(&self) -> u8 {
        self.redeals
    }
    /// The pile heights the redeal leaves: `per` cards on each pile from the first, the
    /// remainder on the next, the rest empty. The cards stay where they are: the state holds
    /// the piles in order, each bottom first, which is the order the redeal gathers them in.
    pub(super) fn redealt(&self, per: u8, piles: usize) -> [u8; MAX_PILES] {
        let mut left = self.total();
        let mut len = [0u8; MAX_PILES];
        for l in len.iter_mut().take(piles) {
            let k = left.min(per as usize);
            *l = k as u8;
            left -= k;
        }
        len
    }
    /// Takes the top `k` cards of pile `p` out of play and turns the card uncovered face up.
    pub(super) fn remove_top(&mut self, p: usize, k: usize) {
        let start = self.start(p);
        let end = start + self.len[p] as usize;
        let used = self.used();
        self.cards.copy_within(end..used, end - k);
        // Clear the freed tail, so that equal positions are equal states (derived Eq, Hash).
        self.cards[used - k..used].fill(0);
        self.len[p] -= k as u8;
        self.turn_top(p);
    }
    /// Turns the top card of pile `p` face up (the engine turns each card it uncovers).
    fn turn_top(&mut self, p: usize) {
        if self.len[p] > 0 {
            let top = self.start(p) + self.len[p] as usize - 1;
            self.cards[top] &= !DOWN;
        }
    }
    /// Moves the top `k` cards of pile `from` onto pile `to`, keeping their order: one
    /// rotation of the cards from the moved group to the destination's top (or back), so
    /// nothing past the two piles moves and no buffer is needed.
    pub(super) fn move_between(&mut self, from: usize, to: usize, k: usize) {
        let end = |s: &Self, p: usize| s.start(p) + s.len[p] as usize;
        let (end_from, end_to) = (end(self, from), end(self, to));
        if from < to {
            self.cards[end_from - k..end_to].rotate_left(k);
        } else {
            self.cards[end_to..end_from].rotate_right(k);
        }
        self.len[from] -= k as u8;
        self.len[to] += k as u8;
        self.turn_top(from);
    }
    pub(super) fn push(&mut self, p: usize, cards: &[u8]) {
        let end = self.start(p) + self.len[p] as usize;
        let used = self.used();
        let k = cards.len();
        self.cards.copy_within(end..used, end + k);
        self.cards[end..end + k].copy_from_slice(cards);
        self.len[p] += k as u8;
    }
    /// Deals the stock's top card face up onto each of the first `piles` piles in turn
    /// (fewer if the stock runs out).
    pub(super) fn deal(&mut self, piles: usize) {
        self.deal_onto(0, piles);
    }

    /// The stock's top card face up onto pile `first`, the next onto the pile after it, and
    /// so on for `piles` piles or as long as the stock lasts.
    pub(super) fn deal_onto(&mut self, first: usize, piles: usize) {
        let k = piles.min(self.stock as usize);
        let used = self.used();
        let mut dealt = [0u8; MAX_PILES];
        for (i, d) in dealt.iter_mut().enumerate().take(k) {
            *d = self.cards[used - 1 - i] & !DOWN;
        }
        self.cards[used - k..used].fill(0);
        self.stock -= k as u8;
        // From the last pile dealt to, so that the piles before it stay where they are.
        for p in (0..k).rev() {
            self.push(first + p, &dealt[p..p + 1]);
        }
    }

    /// The stock's cards, its top card first, one into each cell from the first (Lady
    /// Jane's last cards; the cells are empty).
    pub(super) fn deal_into_cells(&mut self) {
        let used = self.used();
        let k = self.stock as usize;
        for i in 0..k {
            self.cells[i] = self.cards[used - 1 - i] & !DOWN;
        }
        self.cards[used - k..used].fill(0);
        self.stock = 0;
    }
}

/// The rank that follows `h` cards on a foundation based on `base`, wrapping K to A.
pub(super) fn nth_rank(base: u8, h: u8) -> u8 {
    (base - 1 + h) % 13 + 1
}
