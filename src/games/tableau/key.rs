//! The exact key ([`Key`]): the tableau piles sorted where no rule tells them apart, the
//! reserve's piles after them in their order, the cells sorted, the foundations left out
//! (they follow from the cards in play: with two foundations a suit too, since the cards of
//! a suit out of play are those up to the higher one once and those up to the lower one
//! twice), the talon as it lies where the stock turns onto a waste, then the waste's count,
//! the stock's count, the chosen base and the redeals used. Where runs are keyed as sets
//! (`Features::run_sets`) the key is a compact one of [`COMPACT_KEY`] bytes instead
//! (`Tableau::run_set_key`).

use super::rules::{MAX_CELLS, MAX_PILES, UNLIMITED};
use super::state::{same_bytes, State, DOWN, EMPTY};
use super::{Move, Tableau};
use solvers::Successor;

/// The exact key for `N` cards is `K` = `N` + 28 bytes: tableau piles sorted (each ended by
/// 0xFF), then the reserve's piles in order (each ended by 0xFF), then the cells sorted,
/// then in games with a waste the talon (ended by 0xFF), then at `K - 4` the cards of the
/// waste, at `K - 3` the cards left in the stock (the talon with a waste), at `K - 2` the
/// chosen base and at `K - 1` the redeals used. `N` cards and the ends of the piles
/// (tableau and reserve), the cells and the talon's end (`Rules::check` keeps these within
/// 24) take at most `N + 24` bytes, so the last four never overlap them. Without a waste
/// the stock's cards follow from their number: within one search the stock only shrinks
/// from its top. Where runs are keyed as sets the key is the compact one instead
/// (`Tableau::run_set_key`, [`COMPACT_KEY`] bytes, the rest zero).
#[derive(Clone, Copy, Debug, PartialOrd, Ord)]
pub struct Key<const K: usize>(pub [u8; K]);

impl<const K: usize> PartialEq for Key<K> {
    /// Word by word, inline: a table lookup compares keys on every probe, where the
    /// library's byte comparison would be a call per probe.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        same_bytes(&self.0, &other.0)
    }
}

impl<const K: usize> Eq for Key<K> {}

impl<const K: usize> std::hash::Hash for Key<K> {
    /// As the bytes hash (the tables' order stays what it was).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const K: usize> std::ops::Deref for Key<K> {
    type Target = [u8; K];
    fn deref(&self) -> &[u8; K] {
        &self.0
    }
}

impl<const K: usize> std::ops::DerefMut for Key<K> {
    fn deref_mut(&mut self) -> &mut [u8; K] {
        &mut self.0
    }
}

/// The bytes of the compact key where runs are keyed as sets (`Tableau::run_set_key`): a
/// set of 52 first cards, 10 piles' counts of 6 bits, two more sets of 52, 6 and 8 bits fit
/// in 256.
pub const COMPACT_KEY: usize = 32;

/// The bytes of the linked key (`Tableau::linked_key`): 52 cards of 6 bits (39 bytes),
/// the face-down cards as a set of 52 bits (7 bytes), the stock's count and the chosen
/// base.
pub const LINKED_KEY: usize = 48;

/// In the linked key, what lies on a card: no card (it is a pile's top).
const LINK_TOP: u8 = 52;
/// In the linked key: the card is in a cell (King Albert's reserve too).
const LINK_CELL: u8 = 53;
/// In the linked key: the card is home (or not in the deck).
const LINK_HOME: u8 = 54;

/// Chunks of a pile copied at a time by `Tableau::exact_key`.
const CHUNK: usize = 16;

/// Room for the cards of three decks (156) or a key of them (184) and a chunk past either.
const KEY_ROOM: usize = 256;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The exact key of `s` ([`Key`]; `Space::key`).
    pub(super) fn exact_key(&self, s: &State<N>) -> Key<K> {
        if self.feat.run_sets {
            return self.run_set_key(s);
        }
        if self.feat.linked {
            return self.linked_key(s);
        }
        let n = self.rules.piles();
        let reserve = self.reserve_piles();
        let mut starts = [0usize; MAX_PILES + 1];
        for p in 0..n + reserve {
            starts[p + 1] = starts[p] + s.len[p] as usize;
        }
        let pile = |p: usize| &s.cards[starts[p]..starts[p + 1]];
        // The cards with room after them, so that piles are read and written in whole
        // chunks of [`CHUNK`] bytes (a fixed-size copy is a move or two, a slice's length
        // a call of `memcpy`); what a chunk writes past a pile's end is written over next.
        let mut src = [0u8; KEY_ROOM];
        src[..N].copy_from_slice(&s.cards);
        // Pile indices in the order they go into the key. A redeal gathers the piles in
        // order, and a stock deal that skips some piles cares which pile is which, so then
        // their order is part of the position. Otherwise piles are sorted: with one deck
        // every card is distinct, so by their bottom card alone (an empty pile first), the
        // same order as comparing them whole, much cheaper; with repeated cards whole.
        // Each as (bottom card + 1, or 0 when empty) << 8 | pile index: sorting these plain
        // numbers is cheaper than sorting by a key function.
        let mut order: [u16; MAX_PILES] = std::array::from_fn(|p| p as u16);
        if !self.piles_ordered(s) {
            if self.feat.repeats {
                // Sorted by their first six bytes (a short pile padded with zeros, the
                // least byte, so never after a pile it begins), then piles sharing those
                // bytes by their whole contents: the order of whole piles, cheaper.
                let mut packed = [0u64; MAX_PILES];
                for (p, x) in packed[..n].iter_mut().enumerate() {
                    // The pile's first six bytes read at once, those past its end zeroed.
                    let at = starts[p];
                    let eight: [u8; 8] = src[at..at + 8].try_into().expect("eight bytes");
                    let keep = 8 * (6 - s.len[p].min(6) as u32);
                    let prefix = (u64::from_be_bytes(eight) >> 16) >> keep << keep;
                    *x = prefix << 16 | p as u64;
                }
                packed[..n].sort_unstable();
                let mut i = 0;
                while i < n {
                    let mut j = i + 1;
                    while j < n && packed[j] >> 16 == packed[i] >> 16 {
                        j += 1;
                    }
                    if j - i > 1 {
                        packed[i..j].sort_unstable_by(|&a, &b| {
                            pile((a & 0xFF) as usize).cmp(pile((b & 0xFF) as usize))
                        });
                    }
                    i = j;
                }
                for (o, &x) in order[..n].iter_mut().zip(&packed[..n]) {
                    *o = (x & 0xFF) as u16;
                }
            } else {
                for (p, o) in order[..n].iter_mut().enumerate() {
                    *o |= pile(p).first().map_or(0u16, |&b| u16::from(b) + 1) << 8;
                }
                order[..n].sort_unstable();
            }
        }
        let mut k = [0u8; KEY_ROOM];
        let mut i = 0;
        let put = |k: &mut [u8; KEY_ROOM], i: &mut usize, at: usize, len: usize| {
            let mut done = 0;
            while done < len {
                k[*i + done..*i + done + CHUNK].copy_from_slice(&src[at + done..at + done + CHUNK]);
                done += CHUNK;
            }
            *i += len;
            k[*i] = EMPTY;
            *i += 1;
        };
        for &p in &order[..n] {
            let p = usize::from(p & 0xFF);
            put(&mut k, &mut i, starts[p], s.len[p] as usize);
        }
        // The reserve's piles after the tableau's, in their order and never sorted with
        // them: they take no card, and a cover blocks only the stacks.
        for (&at, &len) in starts[n..n + reserve].iter().zip(&s.len[n..n + reserve]) {
            put(&mut k, &mut i, at, usize::from(len));
        }
        let mut cells = s.cells;
        let nc = self.cells();
        cells[..nc].sort_unstable();
        k[i..i + MAX_CELLS].copy_from_slice(&cells);
        i += nc;
        if self.feat.draw != 0 {
            // The talon as it lies (the order cards are turned) and where the waste ends:
            // cards leave it from the middle, so its cards do not follow from their number.
            put(&mut k, &mut i, s.total(), usize::from(s.stock));
        }
        // Past the last byte written, zeros (a chunk wrote on).
        k[i..].fill(0);
        let mut k = Key::<K>(k[..K].try_into().expect("the key's bytes"));
        if self.feat.draw != 0 {
            k[K - 4] = self.keyed_waste(s);
        }
        k[K - 3] = s.stock;
        k[K - 2] = s.base;
        k[K - 1] = s.redeals;
        k
    }

    /// The linked key of `s`, in [`LINKED_KEY`] bytes (the rest zero), for the presets of
    /// [`keys_linked`](super::keys_linked) (one deck, no stock, no reserve): for each card
    /// by identity, the card lying on it, or that none does ([`LINK_TOP`]), or that it is
    /// in a cell ([`LINK_CELL`]) or home ([`LINK_HOME`]), 6 bits each; then the face-down
    /// cards as a set, the stock's count and the chosen base. Exact, and the piles and
    /// cells come out unordered with no sort: each pile is the chain from a card on no card
    /// (its bottom: a pile card no card's link names) up to its top, the empty piles are the
    /// rest, the cells hold the cards so marked, and the foundations the others. So two
    /// positions share it exactly when they differ only in the order of their piles and of
    /// their cells, as the sorted key (`exact_key`'s) has it, in 48 bytes rather than 80.
    fn linked_key(&self, s: &State<N>) -> Key<K> {
        debug_assert!(!self.piles_ordered(s) && s.redeals == 0 && s.waste == 0);
        let mut k = Key([0u8; K]);
        k[..39].copy_from_slice(&ALL_HOME);
        let mut down = 0u64;
        let mut at = 0;
        for &len in &s.len[..self.rules.piles()] {
            let pile = &s.cards[at..at + usize::from(len)];
            at += usize::from(len);
            let Some(&top) = pile.last() else { continue };
            link(&mut k, top & !DOWN, LINK_TOP);
            for w in pile.windows(2) {
                link(&mut k, w[0] & !DOWN, w[1] & !DOWN);
            }
            for &b in pile {
                down |= u64::from(b >> 7) << (b & !DOWN);
            }
        }
        for &c in &s.cells[..self.cells()] {
            if c != EMPTY {
                link(&mut k, c & !DOWN, LINK_CELL);
            }
        }
        k[39..46].copy_from_slice(&down.to_le_bytes()[..7]);
        k[46] = s.stock;
        k[47] = s.base;
        k
    }

    /// The linked key of `c`, a successor of `s`, from `s`'s (`parent`): only the cards
    /// whose link may have changed are written again. Those are the cards of the piles the
    /// move changed from the first card that changed (as they lie now), and the card under
    /// it (the card a move lands on), the cells' cards when the cells changed, and the
    /// cards that were in those places and are in none of them now: home.
    fn linked_key_after(&self, s: &State<N>, parent: &Key<K>, c: &State<N>) -> Key<K> {
        let mut k = *parent;
        let mut down = [0u8; 8];
        down[..7].copy_from_slice(&k[39..46]);
        let down = u64::from_le_bytes(down);
        // The cards that were in the changed places, and those that are in them now (and
        // of those, the face-down ones).
        let (mut was, mut now, mut now_down) = (0u64, 0u64, 0u64);
        let (mut from, mut to) = (0, 0);
        for p in 0..self.rules.piles() {
            let (a, b) = (usize::from(s.len[p]), usize::from(c.len[p]));
            let before = &s.cards[from..from + a];
            let pile = &c.cards[to..to + b];
            from += a;
            to += b;
            if a == b && before == pile {
                continue;
            }
            // Below the first card that changed every card and its link are as they were.
            let same = before.iter().zip(pile).take_while(|(x, y)| x == y).count();
            for &x in &before[same..] {
                was |= 1 << (x & !DOWN);
            }
            let mut under = same.checked_sub(1).map(|i| pile[i] & !DOWN);
            for &b in &pile[same..] {
                let x = b & !DOWN;
                if let Some(u) = under {
                    link(&mut k, u, x);
                }
                under = Some(x);
                now |= 1 << x;
                now_down |= u64::from(b >> 7) << x;
            }
            if let Some(u) = under {
                link(&mut k, u, LINK_TOP);
            }
        }
        // The face-down cards: as they were but in the changed piles, as they are there.
        let down = down & !was | now_down;
        let nc = self.cells();
        if c.cells[..nc] != s.cells[..nc] {
            for &x in &s.cells[..nc] {
                if x != EMPTY {
                    was |= 1 << (x & !DOWN);
                }
            }
            for &x in &c.cells[..nc] {
                if x != EMPTY {
                    now |= 1 << (x & !DOWN);
                    link(&mut k, x & !DOWN, LINK_CELL);
                }
            }
        }
        let mut home = was & !now;
        while home != 0 {
            link(&mut k, home.trailing_zeros() as u8, LINK_HOME);
            home &= home - 1;
        }
        k[39..46].copy_from_slice(&down.to_le_bytes()[..7]);
        k[46] = c.stock;
        k[47] = c.base;
        k
    }

    /// The key of `s` where runs are keyed as sets, in [`COMPACT_KEY`] bytes (the rest
    /// zero), exact among the positions of one search, which all come from its start by
    /// moves: each pile's cards up to its run's lowest card as that pile's first card and
    /// their number (the first cards as a set, then the numbers in the order of the first
    /// cards: the piles sorted by their first cards, the empty ones the rest), then the run cards
    /// above the lowest ones and the talon's cards, each as a set of 52 bits, then where the
    /// waste ends (as `keyed_waste` keys it) and the redeals used. Within one search a
    /// pile's cards up to its lowest run card are the first cards of the pile that began with
    /// the same card at the start (cards leave them only from the top, and a pile emptied
    /// and filled again holds one such card, its lowest), and the talon's cards lie in the
    /// order they had at the start (cards only leave it): so the numbers and sets give back
    /// the cards in their places. ARCHITECTURE.md ("Runs keyed as sets").
    fn run_set_key(&self, s: &State<N>) -> Key<K> {
        let terms = RunSetTerms::of(self, s);
        self.pack_run_set_key(s, &terms)
    }

    /// A pile's part of the key where runs are keyed as sets: its first card and how many
    /// cards it holds up to its run's lowest card (`(card, count)`; `(EMPTY, 0)` when
    /// empty), and its run cards above the lowest one as a set.
    fn run_set_pile(&self, s: &State<N>, pile: &[u8]) -> ((u8, u8), u64) {
        if pile.is_empty() {
            return ((EMPTY, 0), 0);
        }
        let fixed = pile.len() + 1 - self.run_len(s, pile);
        debug_assert!(fixed < 64, "a count in 6 bits");
        let run = pile[fixed..].iter().fold(0u64, |m, &c| m | 1 << c);
        ((pile[0] & !DOWN, fixed as u8), run)
    }

    /// The compact key of `s` from its terms: the piles' first cards as a set, then the
    /// counts of the piles in the order of their first cards (6 bits each: the piles
    /// sorted, with no sort; the empty piles are the rest), then the run cards, the talon's
    /// cards, where the waste ends and the redeals used.
    fn pack_run_set_key(&self, s: &State<N>, terms: &RunSetTerms) -> Key<K> {
        let n = self.rules.piles();
        let mut firsts = 0u64;
        let mut count = [0u8; 52];
        let mut run_cards = 0u64;
        for (&(card, fixed), &run) in terms.piles[..n].iter().zip(&terms.run[..n]) {
            if card != EMPTY {
                firsts |= 1 << card;
                count[usize::from(card)] = fixed;
            }
            run_cards |= run;
        }
        self.pack_run_set_parts(
            s,
            &RunSetParts {
                firsts,
                count,
                run_cards,
                talon: terms.talon,
            },
        )
    }

    /// The compact key of `s` from its parts (`RunSetParts`): see `pack_run_set_key`.
    fn pack_run_set_parts(&self, s: &State<N>, parts: &RunSetParts) -> Key<K> {
        // 52 bits of first cards and up to 10 counts of 6 bits: 112 bits in two words.
        let mut counts = 0u64;
        let mut at = 0;
        let mut rest = parts.firsts;
        while rest != 0 {
            counts |= u64::from(parts.count[rest.trailing_zeros() as usize]) << at;
            at += 6;
            rest &= rest - 1;
        }
        let low = u128::from(parts.firsts) | u128::from(counts) << 52;
        let high = u128::from(parts.run_cards)
            | u128::from(parts.talon) << 52
            | u128::from(self.keyed_waste(s)) << 104
            | u128::from(s.redeals) << 110;
        debug_assert!(52 + 6 * self.rules.piles() <= 128);
        let mut k = Key([0u8; K]);
        k[..16].copy_from_slice(&low.to_le_bytes());
        k[16..32].copy_from_slice(&high.to_le_bytes());
        k
    }

    /// The keys of `succ`, successors of `s`, in order (`Space::successor_keys`). Where runs
    /// are keyed as sets, a successor takes its key's terms from `s` for each pile it left
    /// as it was, and for the talon when it holds as many cards (within a search cards only
    /// leave the talon, so the same cards), and works out only the rest: most moves change
    /// one or two piles of seven. Where keys are linked, a successor's key is `key` (`s`'s)
    /// with the links that may have changed written again (`linked_key_after`). The same
    /// keys as `exact_key` (checked in debug builds).
    pub(super) fn keys_of_successors(
        &self,
        s: &State<N>,
        key: &Key<K>,
        succ: &[Successor<Move, State<N>>],
        out: &mut Vec<Key<K>>,
    ) {
        if self.feat.linked {
            debug_assert_eq!(*key, self.linked_key(s), "the parent's key");
            out.extend(succ.iter().map(|x| {
                let key = self.linked_key_after(s, key, &x.state);
                debug_assert_eq!(
                    key,
                    self.exact_key(&x.state),
                    "a successor's key worked out again"
                );
                key
            }));
            return;
        }
        if !self.feat.run_sets {
            out.extend(succ.iter().map(|x| self.exact_key(&x.state)));
            return;
        }
        debug_assert_eq!(*key, self.run_set_key(s), "the parent's key");
        // The parent's parts read back from its key: no pile of it is looked at again but
        // those a successor changed.
        let parent = RunSetParts::of_key(key);
        let n = self.rules.piles();
        let mut starts = [0usize; MAX_PILES + 1];
        for p in 0..n {
            starts[p + 1] = starts[p] + usize::from(s.len[p]);
        }
        out.extend(succ.iter().map(|x| {
            let c = &x.state;
            let mut parts = parent;
            let mut changed: [(usize, &[u8]); MAX_PILES] = [(0, &[]); MAX_PILES];
            let mut m = 0;
            c.each_pile_changed(s, n, |p, pile| {
                changed[m] = (p, pile);
                m += 1;
            });
            // Every changed pile's old terms taken out before any new ones go in: a card
            // may leave one pile's terms for another's (a King that starts an empty pile).
            for &(p, _) in &changed[..m] {
                let old = &s.cards[starts[p]..starts[p + 1]];
                if let Some(&bottom) = old.first() {
                    let first = bottom & !DOWN;
                    let fixed = usize::from(parts.count[usize::from(first)]);
                    parts.firsts &= !(1 << first);
                    parts.run_cards &= !old[fixed..].iter().fold(0u64, |m, &c| m | 1 << c);
                }
            }
            // A pile's terms read only its cards (runs keyed as sets have no base rule).
            for &(_, pile) in &changed[..m] {
                let ((card, fixed), run) = self.run_set_pile(c, pile);
                if card != EMPTY {
                    parts.firsts |= 1 << card;
                    parts.count[usize::from(card)] = fixed;
                }
                parts.run_cards |= run;
            }
            if c.stock != s.stock {
                parts.talon = RunSetTerms::talon(c);
            }
            let key = self.pack_run_set_parts(c, &parts);
            debug_assert_eq!(key, self.exact_key(c), "a successor's key worked out again");
            key
        }));
    }

    /// Where the waste ends, as the key holds it. With unlimited redeals the positions
    /// that differ only in where the waste ends, among the ends a pass from the talon's
    /// start stops at (a whole number of turns, or the stock turned to its end), reach one
    /// another by turns and a redeal alone (from such an end: turn to the stock's end, turn
    /// the waste back, turn up to the other), and turns and an unlimited redeal change
    /// nothing else; so they win or lose together and share one key (that of the talon's
    /// start). With one card a turn that is every end. Other ends reach the start but not
    /// back, so they keep their own key.
    fn keyed_waste(&self, s: &State<N>) -> u8 {
        let d = self.feat.draw;
        if self.feat.waste_redeals == UNLIMITED && (s.waste.is_multiple_of(d) || s.waste == s.stock)
        {
            0
        } else {
            s.waste
        }
    }

    /// Whether the piles' order is part of the position: with a redeal (it gathers them in
    /// order), and while any card waits in the stock: a deal puts the stock's next card on
    /// the first pile, the one after on the second and so on, so two layouts that differ
    /// only in which pile is which get different cards from the deals still to come (a deal
    /// onto every pile is no exception: each pile still gets its own card). Once the stock
    /// is empty nothing still to come tells the piles apart. A stock dealt onto the reserve
    /// (Lady Jane) gives no tableau pile a card, so it leaves the piles interchangeable (the
    /// reserve's stacks, which it does tell apart, keep their order in the key).
    pub(super) fn piles_ordered(&self, s: &State<N>) -> bool {
        let f = &self.feat;
        if self.loose_piles {
            // Wins only (see `for_wins_only`): a deal onto every pile counted as symmetric.
            return f.redeal != 0
                || (f.deal_to != 0
                    && s.stock > 0
                    && (f.deal_to as usize != self.rules.piles()
                        || !s.stock.is_multiple_of(f.deal_to)));
        }
        // A talon turned onto a waste gives its cards to no pile in particular.
        f.redeal != 0 || (f.deal_to != 0 && s.stock > 0)
    }
}

/// What a compact key where runs are keyed as sets holds (`Tableau::run_set_key`), but
/// where the waste ends and the redeals: the piles' first cards, each one's count, the run
/// cards and the talon's, each as a set. A successor's parts are its parent's with the
/// changed piles' terms taken out and put in again.
#[derive(Clone, Copy)]
struct RunSetParts {
    firsts: u64,
    /// By first card: its pile's cards up to its run's lowest card.
    count: [u8; 52],
    run_cards: u64,
    talon: u64,
}

impl RunSetParts {
    /// The parts of a key `Tableau::pack_run_set_parts` made.
    fn of_key<const K: usize>(key: &Key<K>) -> Self {
        const CARDS: u64 = (1 << 52) - 1;
        let low = u128::from_le_bytes(key[..16].try_into().expect("16 bytes"));
        let high = u128::from_le_bytes(key[16..32].try_into().expect("16 bytes"));
        let firsts = low as u64 & CARDS;
        let mut counts = (low >> 52) as u64;
        let mut count = [0u8; 52];
        let mut rest = firsts;
        while rest != 0 {
            count[rest.trailing_zeros() as usize] = (counts & 63) as u8;
            counts >>= 6;
            rest &= rest - 1;
        }
        RunSetParts {
            firsts,
            count,
            run_cards: high as u64 & CARDS,
            talon: (high >> 52) as u64 & CARDS,
        }
    }
}

/// The terms of a compact key where runs are keyed as sets (`Tableau::run_set_key`), kept
/// per pile.
#[derive(Clone, Copy)]
struct RunSetTerms {
    /// Per pile: its first card and its cards up to its run's lowest card
    /// (`Tableau::run_set_pile`).
    piles: [(u8, u8); MAX_PILES],
    /// Per pile: its run cards above the lowest one, as a set.
    run: [u64; MAX_PILES],
    /// The talon's cards as a set.
    talon: u64,
}

impl RunSetTerms {
    fn of<const N: usize, const K: usize>(g: &Tableau<N, K>, s: &State<N>) -> Self {
        let mut terms = RunSetTerms {
            piles: [(EMPTY, 0); MAX_PILES],
            run: [0; MAX_PILES],
            talon: Self::talon(s),
        };
        let mut start = 0;
        for p in 0..g.rules.piles() {
            let len = usize::from(s.len[p]);
            (terms.piles[p], terms.run[p]) = g.run_set_pile(s, &s.cards[start..start + len]);
            start += len;
        }
        terms
    }

    fn talon<const N: usize>(s: &State<N>) -> u64 {
        s.talon().iter().fold(0u64, |m, &c| m | 1 << (c & !DOWN))
    }
}

/// The links of a linked key with every card home: 52 times `LINK_HOME` in 6 bits.
const ALL_HOME: [u8; 39] = {
    let mut k = [0u8; 39];
    let mut bit = 0;
    while bit < 6 * 52 {
        let v = (LINK_HOME as u16) << (bit % 8);
        k[bit / 8] |= v as u8;
        if bit / 8 + 1 < 39 {
            k[bit / 8 + 1] |= (v >> 8) as u8;
        }
        bit += 6;
    }
    k
};

/// Writes `v` as the link of `card` (6 bits at bit `6 * card`) in a linked key.
#[inline]
fn link<const K: usize>(k: &mut Key<K>, card: u8, v: u8) {
    let bit = 6 * usize::from(card);
    let (byte, shift) = (bit / 8, bit % 8);
    let w = u16::from_le_bytes([k[byte], k[byte + 1]]);
    let w = w & !(0x3F << shift) | u16::from(v) << shift;
    k[byte..byte + 2].copy_from_slice(&w.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::games::tableau::state::nth_rank;
    use crate::games::tableau::testing::{backbone_uncovered, board, game, moves, two_decks};
    use crate::games::tableau::{Rules, StockRules, TwoDecks};
    use crate::games::Game;
    use crate::games::GameId;
    use solvers::Space;

    /// Keys compare word by word: a difference in any byte, the bytes past the last whole
    /// word too, makes two keys differ, and equal bytes make them equal.
    fn word_equality_sees_every_byte<const K: usize>() {
        let a = Key::<K>(std::array::from_fn(|i| i as u8));
        assert_eq!(a, Key(a.0));
        for i in 0..K {
            let mut b = a;
            b[i] ^= 0x80;
            assert_ne!(a, b, "byte {i} of {K}");
            assert_ne!(b, a, "byte {i} of {K}");
        }
    }

    #[test]
    fn keys_differ_in_any_byte() {
        word_equality_sees_every_byte::<48>();
        word_equality_sees_every_byte::<52>();
        word_equality_sees_every_byte::<5>();
        word_equality_sees_every_byte::<132>();
    }

    /// The key of a two-deck position: its piles sorted whole, as the key must be.
    fn whole_sorted(g: &TwoDecks, s: &State<104>) -> Vec<u8> {
        let mut piles: Vec<&[u8]> = (0..g.rules.piles()).map(|p| s.pile(p)).collect();
        piles.sort_unstable();
        piles
            .iter()
            .flat_map(|p| p.iter().copied().chain([EMPTY]))
            .collect()
    }

    /// `s` with piles `piles` (the rest of its cards left as they are, so not a real
    /// position: the key only reads the piles).
    fn with_piles(s: &State<104>, piles: &[&[u8]]) -> State<104> {
        let mut r = *s;
        let mut at = 0;
        for (p, pile) in piles.iter().enumerate() {
            r.cards[at..at + pile.len()].copy_from_slice(pile);
            r.len[p] = pile.len() as u8;
            at += pile.len();
        }
        r
    }

    /// One step of a random walk from `s` (whose key is `k`): the keys of its successors
    /// worked out together (`keys_of_successors`, as the depth-first search does) must be
    /// those `whole` works out for each alone. Returns a successor drawn at random, or none
    /// where there is no move.
    fn step_keying_successors<const K: usize>(
        g: &Tableau<52, K>,
        s: &State<52>,
        k: &Key<K>,
        whole: impl Fn(&State<52>) -> Key<K>,
        rng: &mut crate::deals::Rng,
        what: &str,
    ) -> Option<State<52>> {
        let mut succ = Vec::new();
        g.expand(s, &mut succ);
        if succ.is_empty() {
            return None;
        }
        let mut keys = Vec::new();
        g.keys_of_successors(s, k, &succ, &mut keys);
        let alone: Vec<_> = succ.iter().map(|x| whole(&x.state)).collect();
        assert_eq!(keys, alone, "{what}: successors' keys");
        Some(succ[rng.below(succ.len() as u64) as usize].state)
    }

    /// The compact key (runs keyed as sets), along random walks of each preset that has it
    /// (an engine with keys of [`COMPACT_KEY`] bytes, as `with_game!` picks for them): two
    /// positions of one walk get one key only when their piles up to the lowest run cards,
    /// run cards as a set, talon, waste's end and redeals are the same. (The converse, and
    /// the classes against the referee's layouts, are the differential test's.) The keys
    /// of each position's successors worked out from its terms are the same.
    #[test]
    fn the_compact_key_parts_positions_by_their_class() {
        let mut rng = crate::deals::Rng::new(0x2545_f491);
        for id in [
            "klondike",
            "klondike-draw1",
            "gold-mine",
            "saratoga",
            "aunt-mary",
        ] {
            let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
                panic!("{id}");
            };
            let g = Tableau::<52, COMPACT_KEY>::preset(i);
            let mut by_key: std::collections::HashMap<Key<COMPACT_KEY>, Vec<u8>> =
                std::collections::HashMap::new();
            let mut merged = 0;
            for deal in 1..=20 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                by_key.clear();
                for _ in 0..300 {
                    let k = g.key(&s);
                    // The class, written from the state: each pile up to its run's lowest
                    // card (sorted), the run cards above as a sorted list, the talon, where
                    // the waste ends as keyed, the redeals.
                    let mut piles = Vec::new();
                    let mut runs = Vec::new();
                    for p in 0..g.rules.piles() {
                        let pile = s.pile(p);
                        let cut = pile.len() + 1 - g.run_len(&s, pile).max(1);
                        piles.push(pile[..cut.min(pile.len())].to_vec());
                        runs.extend_from_slice(&pile[cut.min(pile.len())..]);
                    }
                    piles.sort();
                    runs.sort_unstable();
                    let mut class: Vec<u8> = piles
                        .into_iter()
                        .flat_map(|p| p.into_iter().chain([EMPTY]))
                        .collect();
                    class.extend(runs);
                    class.push(EMPTY);
                    class.extend_from_slice(s.talon());
                    class.extend([g.keyed_waste(&s), s.redeals]);
                    if let Some(old) = by_key.insert(k, class.clone()) {
                        assert_eq!(old, class, "{id} deal {deal}: one key, two classes");
                        merged += 1;
                    }
                    // The successors' keys worked out from this state's terms are theirs.
                    let what = format!("{id} deal {deal}");
                    let whole = |x: &State<52>| g.run_set_key(x);
                    let Some(next) = step_keying_successors(&g, &s, &k, whole, &mut rng, &what)
                    else {
                        break;
                    };
                    s = next;
                }
            }
            // Walks come back to keys they saw, so the check above ran.
            assert!(merged > 0, "{id}");
        }
    }

    /// The linked key parts positions as sorting the piles and the cells does, along
    /// random walks of presets that have it (an engine with keys of [`LINKED_KEY`] bytes,
    /// as `with_game!` picks for them; Yukon and Chessboard too: face-down cards, a chosen
    /// base): one key, one class (the piles sorted, the cells sorted, the stock's count,
    /// the base), and one class, one key. The keys of each position's successors worked
    /// out from its key are those worked out whole.
    #[test]
    fn the_linked_key_parts_positions_as_sorted_piles_and_cells_do() {
        use crate::games::tableau::keys_linked;
        let mut rng = crate::deals::Rng::new(0x5eed_1157);
        let mut merged_in_all = 0;
        fn piles_in_reverse(s: &State<52>, n: usize) -> Vec<Vec<u8>> {
            (0..n).rev().map(|p| s.pile(p).to_vec()).collect()
        }
        for id in [
            "freecell",
            "eight-off",
            "streets-and-alleys-classic",
            "beleaguered-castle-classic",
            "king-albert-classic",
            "bakers-dozen",
            "fortress",
            "yukon",
            "chessboard",
        ] {
            let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
                panic!("{id}");
            };
            let g = Tableau::<52, LINKED_KEY>::preset(i);
            assert!(keys_linked(g.rules), "{id}");
            let mut by_key = std::collections::HashMap::new();
            let mut by_class = std::collections::HashMap::new();
            let mut merged = 0;
            for deal in 1..=3 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                for _ in 0..300 {
                    let k = g.key(&s);
                    let mut piles: Vec<&[u8]> = (0..g.rules.piles()).map(|p| s.pile(p)).collect();
                    piles.sort_unstable();
                    let mut class: Vec<u8> = piles
                        .iter()
                        .flat_map(|p| p.iter().copied().chain([EMPTY]))
                        .collect();
                    let mut cells = s.cells[..g.cells()].to_vec();
                    cells.sort_unstable();
                    class.extend(cells);
                    class.extend([s.stock, s.base]);
                    if let Some(old) = by_key.insert(k, class.clone()) {
                        assert_eq!(old, class, "{id} deal {deal}: one key, two classes");
                        merged += 1;
                    }
                    if let Some(old) = by_class.insert(class, k) {
                        assert_eq!(old, k, "{id} deal {deal}: one class, two keys");
                    }
                    // The piles and the cells in reverse order: the same class, the same key.
                    let mut turned = s;
                    let mut at = 0;
                    for (p, pile) in piles_in_reverse(&s, g.rules.piles()).iter().enumerate() {
                        turned.cards[at..at + pile.len()].copy_from_slice(pile);
                        turned.len[p] = pile.len() as u8;
                        at += pile.len();
                    }
                    turned.cells[..g.cells()].reverse();
                    assert_eq!(g.key(&turned), k, "{id} deal {deal}: piles turned round");
                    let what = format!("{id} deal {deal}");
                    let whole = |x: &State<52>| g.linked_key(x);
                    let Some(next) = step_keying_successors(&g, &s, &k, whole, &mut rng, &what)
                    else {
                        break;
                    };
                    s = next;
                }
            }
            merged_in_all += merged;
        }
        // Walks come back to keys they saw (King Albert's seldom), so the check above ran.
        assert!(merged_in_all > 0);
        // Where the piles' order, a stock or a reserve counts, or runs are keyed as sets,
        // the key is another.
        for id in ["klondike", "spider-1suit", "canfield", "scorpion", "cruel"] {
            let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
                panic!("{id}");
            };
            assert!(!keys_linked(crate::games::tableau::preset(i)), "{id}");
        }
    }

    /// With repeated cards the key sorts piles by their first bytes, then whole: the same
    /// order as sorting the piles whole, whatever the piles' order (random walks of Spider
    /// with one and two suits, and piles that begin alike for more than those bytes).
    #[test]
    fn keys_with_repeated_cards_sort_piles_as_whole_piles() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for id in ["spider-1suit", "spider-2suits"] {
            let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
                panic!("{id}");
            };
            let g = TwoDecks::preset(i);
            for deal in 1..=3 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                for _ in 0..300 {
                    if !g.piles_ordered(&s) {
                        let whole = whole_sorted(&g, &s);
                        assert_eq!(&g.key(&s)[..whole.len()], &whole[..], "{id} {deal}");
                        let n = g.rules.piles();
                        let reversed: Vec<&[u8]> = (0..n).rev().map(|p| s.pile(p)).collect();
                        assert_eq!(g.key(&with_piles(&s, &reversed)), g.key(&s));
                    }
                    let mut succ = Vec::new();
                    g.expand(&s, &mut succ);
                    if succ.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    s = succ[(rng % succ.len() as u64) as usize].state;
                }
            }
            // Piles alike in their first seven cards, or one the beginning of another.
            let s = g.pack(&g.deal(1)).expect("deal");
            let long: &[&[u8]] = &[
                &[12, 11, 10, 9, 8, 7, 6, 5],
                &[12, 11, 10, 9, 8, 7, 6, 4],
                &[12, 11, 10, 9, 8, 7, 6],
                &[12, 11, 10],
                &[],
                &[12, 11, 10, 9, 8, 7, 6, 5, 3],
                &[0x80 | 12, 11],
                &[25, 24],
                &[12, 11, 10, 9, 8, 7, 6, 5, 2],
                &[12, 11, 10, 9, 8, 7],
            ];
            let mut r = with_piles(&s, long);
            // While cards wait in the stock the piles keep their order in the key: each
            // gets its own card from the deals to come.
            let reversed: Vec<&[u8]> = long.iter().rev().copied().collect();
            assert_ne!(g.key(&with_piles(&s, &reversed)), g.key(&r), "{id}");
            r.stock = 0;
            let whole = whole_sorted(&g, &r);
            assert_eq!(&g.key(&r)[..whole.len()], &whole[..], "{id}");
        }
    }

    /// The reserve's piles keep their order in the key, after the tableau's, which are
    /// sorted: stacks swapped are another position, tableau piles swapped the same one.
    #[test]
    fn reserve_piles_keep_their_order_in_the_key() {
        let g = two_decks("backbone");
        let text = backbone_uncovered();
        let s = board(&g, &text);
        let stacks = "reserve1 (spread): QH QS\nreserve2 (spread): KH";
        let swapped = text.replace(stacks, "reserve1 (spread): KH\nreserve2 (spread): QH QS");
        assert_ne!(g.key(&board(&g, &swapped)), g.key(&s));
        let moved = text
            .replace("1 (spread): KS", "1 (spread): ")
            .replace("3 (spread): ", "3 (spread): KS");
        assert_eq!(g.key(&board(&g, &moved)), g.key(&s));
        // A stack emptied into the cover's place: another position too.
        let across = text
            .replace(stacks, "reserve1 (spread): QH QS\nreserve2 (spread): ")
            .replace("cover (spread): ", "cover (spread): KH");
        assert_ne!(g.key(&board(&g, &across)), g.key(&s));
    }

    fn chessboard_with_clubs_home(from: &str) -> State<52> {
        let g = game("chessboard");
        let start = Rank::ALL
            .iter()
            .position(|r| r.letter().to_string() == from)
            .expect("rank") as u8;
        let clubs: Vec<String> = (0..13)
            .map(|i| format!("{}C", Rank::from_value(nth_rank(start + 1, i)).letter()))
            .collect();
        let mut text = String::from("1 (spread): ");
        for s in ["D", "H", "S"] {
            for r in Rank::ALL {
                text += &format!("{}{s} ", r.letter());
            }
        }
        text += "\n";
        for p in 2..=10 {
            text += &format!("{p} (spread): \n");
        }
        text += &format!(
            "clubs (stacked): {}\ndiamonds (stacked): \nhearts (stacked): \nspades (stacked): \n",
            clubs.join(" ")
        );
        board(&g, &text)
    }

    #[test]
    fn the_chosen_base_is_part_of_the_state_and_the_key() {
        let g = game("chessboard");
        // The same cards in play, all clubs home from the 5 or from the 7: other positions.
        let five = chessboard_with_clubs_home("5");
        let seven = chessboard_with_clubs_home("7");
        assert_eq!(
            (five.chosen_base(), seven.chosen_base()),
            (Some(5), Some(7))
        );
        assert_ne!(g.key(&five), g.key(&seven));
        // Only a 5 (resp. a 7) may start another foundation: the top card is KS.
        assert!(!moves(&g, &five).iter().any(|m| m.0.ends_with('h')));
        // Chessboard's key is the linked one: the base is its last byte.
        assert_eq!(g.key(&five)[LINKED_KEY - 1], 5);
    }

    #[test]
    fn limited_redeals_are_counted_in_the_state_and_the_key() {
        let mut rules = game("cruel").rules.clone();
        rules.id = "cruel-once".into();
        rules.stock = StockRules::Redeal {
            per_pile: 4,
            redeals: 1,
        };
        let rules: &'static Rules = Box::leak(Box::new(rules));
        let g: Tableau = Tableau::of_rules(rules, 0);
        let s = g.pack(&g.deal(2)).expect("deal");
        // Move a card (if one moves), then redeal: the redeal is there once only.
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        let moved = out
            .iter()
            .find(|m| !m.mv.is_redeal())
            .expect("a move")
            .state;
        let mut again = Vec::new();
        g.expand(&moved, &mut again);
        let redealt = again
            .iter()
            .find(|m| m.mv.is_redeal())
            .expect("redeal")
            .state;
        assert_eq!(redealt.redeals_used(), 1);
        assert_eq!(g.key(&redealt)[80 - 1], 1);
        let mut next = Vec::new();
        g.expand(&redealt, &mut next);
        for m in &next {
            let mut after = Vec::new();
            g.expand(&m.state, &mut after);
            assert!(!after.iter().any(|a| a.mv.is_redeal()), "a second redeal");
        }
        // The same layout with no redeal used: another key.
        let mut unused = redealt;
        unused.redeals = 0;
        assert_ne!(g.key(&unused), g.key(&redealt));
    }
}
