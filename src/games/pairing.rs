//! The games whose cards leave the table in pairs whose ranks make a total or match (Cover:
//! whose suits match), or alone (a King where the total is 13): AisleRiot's Thirteen, Treize,
//! Fourteen, Gay Gordons, Isabel, Helsinki, Jamestown, Block Ten and Cover. One engine,
//! [`Pairing`]; each game is a file holding its [`Rules`] (a constant) and its deals, and one
//! line in the registry.
//!
//! A card may be removed when it is *available*: in a pyramid, when the two cards of the row
//! below that overlap it are gone; in piles, when it is a pile's top card; in spots, always;
//! and, in the games with a waste, the waste's cards the game's [`Waste`] rule names. Nothing
//! is ever built. The layout only empties, and the stock turns one card at a time onto the
//! waste, with no redeal; but in Helsinki, Jamestown, Block Ten and Cover the stock deals
//! itself into the spots emptied.
//!
//! # The packed state
//! A state is the dealt cards (a card byte per *place*: the layout's places, then the stock's
//! cards in turning order, those already on the waste first), a bit per place whose card is
//! gone (removed, or for a layout place, never dealt there), and how many stock cards have
//! been turned. The waste is the turned cards not removed, in the order they were turned.
//! Within a search every state descends from one start, so the gone places and the turned
//! count fix the position exactly: the key is those two in one `u64` ([`Pairing`]'s
//! `Space::key`), with nothing left out, and the engine makes no other reduction.
//!
//! Where emptied spots are refilled from the stock (Helsinki, Jamestown, Block Ten, Cover:
//! [`Layout::Slots`])
//! the stock's cards are *dealt* into the spots rather than turned, and the state keeps which
//! cards are in play (the spots' first cards and the stock cards dealt since, not gone), not
//! which spot holds which: no rule reads a spot (any two cards in play pair, and every emptied
//! spot is filled at once in turn), so positions that differ only by where the same cards lie
//! have the same futures, move for move. That is the one reduction of the engine, argued in
//! ARCHITECTURE.md ("Reductions").

use super::{check_partition, expect_faces, expect_piles, BoardError, Game, GameId, GameInfo};
use super::{shuffled_stock, OwnGame};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The label of the stock.
pub const STOCK: &str = "stock";
/// The label of the waste (in Treize, the waste but its oldest card, see [`Waste::BothEnds`]).
pub const WASTE: &str = "waste";
/// Treize's single spot holding the waste's oldest card (AisleRiot's slot beside the waste).
pub const FIRST: &str = "first";
/// The label of the pile where removed cards lie (every card of the deck is on the board).
pub const REMOVED: &str = "removed";
/// The most places a game may have (a bit each in the key).
pub const MAX_PLACES: usize = 52;

/// The labels of the layout's places (pyramid: one a place, row by row from the apex) or
/// piles: "1", "2", ...
pub const LABELS: [&str; 28] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28",
];

/// How the layout is dealt.
#[derive(Clone, Copy, Debug)]
pub enum Layout {
    /// A pyramid of this many rows, one card in the first, one more in each next row; every
    /// card but the last row's is overlapped by the two cards below it. Each place is a pile
    /// of its own on the board, numbered row by row from the apex.
    Pyramid {
        /// The number of rows (at most 7).
        rows: u8,
    },
    /// Piles of these heights, dealt round by round from the first pile; a pile's top card
    /// is available.
    Piles(&'static [u8]),
    /// This many spots of one card each (Helsinki, Jamestown, Block Ten, Cover), all
    /// available; the rest of the deck is the stock, and every spot emptied is filled at once
    /// from it, in the order the cards were removed (a pair's first card's spot first). No rule reads which spot holds
    /// which card, so the engine keeps only which cards are in play (see [`Pairing`]).
    Slots(u8),
}

/// Which cards of the waste are available.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waste {
    /// The game has no stock and no waste.
    None,
    /// Thirteen: the top card; it also pairs with the card under it.
    Stack,
    /// Treize: the oldest card still on the waste (AisleRiot keeps it on a spot of its own,
    /// [`FIRST`], and moves the next oldest there when it goes) and the top card; the top
    /// card also pairs with the card under it.
    BothEnds,
}

/// Which two cards are removed together (ranks: Ace 1, Jack 11, Queen 12, King 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// Two cards whose ranks make this total.
    Total(u8),
    /// Gay Gordons: two cards making 11, two Jacks, or a Queen and a King.
    ElevenOrCourts,
    /// Two cards of one rank (Isabel).
    SameRank,
    /// Two cards of one suit (Cover).
    SameSuit,
    /// Block Ten: two cards making 10, or two Jacks, two Queens or two Kings.
    TenOrCourts,
}

/// When a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every card removed.
    AllGone,
    /// The stock dealt out and only cards of this rank left, which never go (Block Ten's
    /// Tens).
    OnlyRankLeft(u8),
    /// The stock dealt out (Cover), whatever is left in play.
    StockOut,
}

/// One game of the family.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
    /// The layout.
    pub layout: Layout,
    /// Whether a layout card lies face down while any card overlaps it (Thirteen, Isabel);
    /// otherwise every layout card is face up.
    pub hidden_until_free: bool,
    /// Which two cards are removed together.
    pub pairs: Pairs,
    /// A rank removed alone, if any (the King where the total is 13).
    pub alone: Option<u8>,
    /// The waste (and whether the game has a stock: the cards the layout does not take).
    pub waste: Waste,
    /// When the game is won.
    pub goal: Goal,
    /// Deal `n` of our numbering.
    pub deal: fn(u64) -> Table,
}

impl Rules {
    /// The number of layout places.
    pub const fn places(&self) -> usize {
        match self.layout {
            Layout::Pyramid { rows } => rows as usize * (rows as usize + 1) / 2,
            Layout::Slots(n) => n as usize,
            Layout::Piles(h) => {
                let mut n = 0;
                let mut i = 0;
                while i < h.len() {
                    n += h[i] as usize;
                    i += 1;
                }
                n
            }
        }
    }

    /// The number of layout piles on the board (a pyramid's: one a place).
    pub const fn piles(&self) -> usize {
        match self.layout {
            Layout::Pyramid { .. } | Layout::Slots(_) => self.places(),
            Layout::Piles(h) => h.len(),
        }
    }

    /// The cards dealt to the stock.
    pub const fn stock(&self) -> usize {
        match (self.waste, self.layout) {
            (Waste::None, Layout::Pyramid { .. } | Layout::Piles(_)) => 0,
            _ => 52 - self.places(),
        }
    }

    /// Whether emptied spots are filled from the stock ([`Layout::Slots`]).
    pub const fn refills(&self) -> bool {
        matches!(self.layout, Layout::Slots(_))
    }

    /// Whether two cards of ranks `a` and `b` (1 to 13) are removed together.
    pub fn pairs(&self, a: u8, b: u8) -> bool {
        match self.pairs {
            Pairs::SameSuit => unreachable!("suits are read by Rules::cards_pair"),
            Pairs::TenOrCourts => a + b == 10 || (a > 10 && a == b),
            Pairs::Total(t) => a + b == t,
            Pairs::ElevenOrCourts => {
                a + b == 11 || (a == 11 && b == 11) || (a > 11 && b > 11 && a != b)
            }
            Pairs::SameRank => a == b,
        }
    }

    /// Whether the cards with bytes `a` and `b` (suit · 13 + rank − 1) are removed together.
    pub fn cards_pair(&self, a: u8, b: u8) -> bool {
        match self.pairs {
            Pairs::SameSuit => a / 13 == b / 13,
            _ => self.pairs(a % 13 + 1, b % 13 + 1),
        }
    }

    /// The labels of the board's piles: stock, Treize's first spot and waste, removed, then
    /// the layout's.
    pub fn labels(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        match self.waste {
            Waste::None if self.refills() => v.push(STOCK),
            Waste::None => {}
            Waste::Stack => v.extend([STOCK, WASTE]),
            Waste::BothEnds => v.extend([STOCK, FIRST, WASTE]),
        }
        v.push(REMOVED);
        v.extend(&LABELS[..self.piles()]);
        v
    }
}

/// A move. Every card it names is face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Two available cards whose ranks make the total, removed together.
    Pair {
        /// One card.
        first: Card,
        /// The other.
        second: Card,
    },
    /// An available card of the rank removed alone.
    Single {
        /// The card.
        card: Card,
    },
    /// The stock's next card turned onto the waste (it names no card: it is face down).
    Turn,
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The layout's cards by place, then the stock's in turning order.
    cards: [u8; 52],
    /// Bit `i`: place `i`'s card is gone.
    gone: u64,
    /// The stock cards of this position (the turned ones included).
    stock: u8,
    /// How many of them have been turned.
    turned: u8,
}

impl State {
    /// The cards still in the stock.
    pub fn stock_left(&self) -> usize {
        usize::from(self.stock - self.turned)
    }
}

/// The engine of the family, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct Pairing {
    /// The game's rules.
    pub rules: &'static Rules,
    /// Per layout place, the places that must be gone for its card to be available.
    covers: [u64; 52],
}

/// The engine on `rules`, with each place's overlapping places worked out.
pub const fn engine(rules: &'static Rules) -> Pairing {
    let mut covers = [0u64; 52];
    match rules.layout {
        Layout::Pyramid { rows } => {
            let rows = rows as usize;
            let mut r = 0;
            while r + 1 < rows {
                let (start, below) = (r * (r + 1) / 2, (r + 1) * (r + 2) / 2);
                let mut c = 0;
                while c <= r {
                    covers[start + c] = 3u64 << (below + c);
                    c += 1;
                }
                r += 1;
            }
        }
        Layout::Slots(_) => {}
        Layout::Piles(h) => {
            let mut start = 0;
            let mut p = 0;
            while p < h.len() {
                let mut j = 0;
                while j + 1 < h[p] as usize {
                    covers[start + j] = 1u64 << (start + j + 1);
                    j += 1;
                }
                start += h[p] as usize;
                p += 1;
            }
        }
    }
    Pairing { rules, covers }
}

/// A game of the family in the registry of own-rules games: its catalogue entry, the full
/// deck, and the engine on its rules.
pub const fn descriptor(info: GameInfo, rules: &'static Rules) -> OwnGame<Pairing> {
    OwnGame {
        info,
        deck: DeckSpec::FULL,
        game: engine(rules),
    }
}

fn rank(byte: u8) -> u8 {
    byte % 13 + 1
}

impl Pairing {
    fn places(&self) -> usize {
        self.rules.places()
    }

    /// The layout places of pile `p` (a pyramid's place `p`), bottom first.
    fn pile_places(&self, p: usize) -> std::ops::Range<usize> {
        match self.rules.layout {
            Layout::Pyramid { .. } | Layout::Slots(_) => p..p + 1,
            Layout::Piles(h) => {
                let start: usize = h[..p].iter().map(|&d| d as usize).sum();
                start..start + h[p] as usize
            }
        }
    }

    /// Whether layout place `i` holds an available card.
    fn free(&self, s: &State, i: usize) -> bool {
        s.gone & (1 << i) == 0 && self.covers[i] & !s.gone == 0
    }

    /// The waste's places, oldest first.
    fn waste(&self, s: &State) -> impl DoubleEndedIterator<Item = usize> + '_ {
        let base = self.places();
        let gone = s.gone;
        (base..base + s.turned as usize).filter(move |&i| gone & (1 << i) == 0)
    }

    /// The places whose cards are available, layout first.
    fn available(&self, s: &State, out: &mut Vec<usize>) {
        out.clear();
        out.extend((0..self.places()).filter(|&i| self.free(s, i)));
        if self.rules.refills() {
            // The stock cards dealt into the spots.
            out.extend(self.waste(s));
            return;
        }
        let mut w = self.waste(s);
        match self.rules.waste {
            Waste::None => {}
            Waste::Stack => out.extend(w.next_back()),
            Waste::BothEnds => {
                let first = w.next();
                out.extend(first);
                out.extend(w.next_back());
            }
        }
    }

    /// The cards left (layout, waste and stock).
    pub fn cards_left(&self, s: &State) -> u32 {
        let all = (1u64 << (self.places() + s.stock as usize)) - 1;
        (!s.gone & all).count_ones()
    }

    /// What a player sees of `s` and what lies hidden, the same however it was packed: each
    /// layout pile's cards (bottom first), the waste's (oldest first) and the stock's (the
    /// next one turned first). Where spots are refilled, which spot holds which card is not
    /// kept: the one "pile" is the cards in play, in deck order.
    pub fn position(&self, s: &State) -> (Vec<Vec<Card>>, Vec<Card>, Vec<Card>) {
        let card = |i: usize| Card::from_index(s.cards[i]);
        let base = self.places();
        let stock = (base + s.turned as usize..base + s.stock as usize)
            .map(card)
            .collect();
        if self.rules.refills() {
            let mut avail = Vec::new();
            self.available(s, &mut avail);
            let mut cards: Vec<Card> = avail.into_iter().map(card).collect();
            cards.sort_by_key(|c| c.index());
            return (vec![cards], vec![], stock);
        }
        let piles = (0..self.rules.piles())
            .map(|p| {
                self.pile_places(p)
                    .filter(|&i| s.gone & (1 << i) == 0)
                    .map(card)
                    .collect()
            })
            .collect();
        (piles, self.waste(s).map(card).collect(), stock)
    }

    /// Every legal move of `s` with its successor.
    pub fn expand_all(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let mut avail = Vec::with_capacity(32);
        self.available(s, &mut avail);
        let refills = self.rules.refills();
        let remove = |places: &[usize]| {
            let mut n = *s;
            for &i in places {
                n.gone |= 1 << i;
            }
            if refills {
                // The emptied spots take the stock's next cards.
                n.turned += (places.len() as u8).min(n.stock - n.turned);
            }
            n
        };
        let card = |i: usize| Card::from_index(s.cards[i]);
        for (k, &a) in avail.iter().enumerate() {
            let ra = rank(s.cards[a]);
            if self.rules.alone == Some(ra) {
                out.push(Successor {
                    mv: Move::Single { card: card(a) },
                    state: remove(&[a]),
                    cost: 1,
                });
            }
            for &b in &avail[k + 1..] {
                if self.rules.cards_pair(s.cards[a], s.cards[b]) {
                    out.push(Successor {
                        mv: Move::Pair {
                            first: card(a),
                            second: card(b),
                        },
                        state: remove(&[a, b]),
                        cost: 1,
                    });
                }
            }
        }
        // The waste's top card with the one under it (unless that one is available anyway:
        // Treize's oldest card).
        if self.rules.waste != Waste::None {
            let mut w = self.waste(s);
            let oldest = w.next();
            let (top, second) = (w.next_back(), w.next_back());
            let under = second.or(if self.rules.waste == Waste::Stack {
                oldest
            } else {
                None
            });
            if let (Some(t), Some(u)) = (top, under) {
                if self.rules.cards_pair(s.cards[t], s.cards[u]) {
                    out.push(Successor {
                        mv: Move::Pair {
                            first: card(u),
                            second: card(t),
                        },
                        state: remove(&[t, u]),
                        cost: 1,
                    });
                }
            }
        }
        if s.turned < s.stock && !refills {
            let mut n = *s;
            n.turned += 1;
            out.push(Successor {
                mv: Move::Turn,
                state: n,
                cost: 1,
            });
        }
    }
}

impl Space for Pairing {
    type State = State;
    type Key = u64;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        match self.rules.goal {
            Goal::AllGone => self.cards_left(s) == 0,
            Goal::StockOut => s.turned == s.stock,
            Goal::OnlyRankLeft(r) => {
                let all = (1u64 << (self.places() + s.stock as usize)) - 1;
                let left = !s.gone & all;
                s.turned == s.stock
                    && (0..64)
                        .filter(|i| left >> i & 1 == 1)
                        .all(|i| rank(s.cards[i]) == r)
            }
        }
    }

    fn key(&self, s: &State) -> u64 {
        // The gone places in bits 0..52, the turned count above.
        s.gone | u64::from(s.turned) << 52
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        self.expand_all(s, out);
    }

    fn heuristic(&self, s: &State) -> u32 {
        match self.rules.goal {
            // A move removes at most two cards.
            Goal::AllGone => self.cards_left(s).div_ceil(2),
            // The stock must be dealt out, at most two cards a move.
            Goal::OnlyRankLeft(_) | Goal::StockOut => u32::from(s.stock - s.turned).div_ceil(2),
        }
    }
}

/// Deals the shuffled deck's cards from the top of `stock` onto the layout of `rules` (a
/// pyramid place by place from the apex; piles round by round from the first), face up but
/// where the rules hide an overlapped card; the rest stays in the stock, face down. Then the
/// waste piles and the removed cards' pile, empty.
pub fn lay_out(rules: &'static Rules, mut t: Table, stock: usize) -> Table {
    let g = engine(rules);
    let piles: Vec<usize> = LABELS[..rules.piles()]
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).expect("fresh"))
        .collect();
    let rounds = match rules.layout {
        Layout::Pyramid { .. } | Layout::Slots(_) => 1,
        Layout::Piles(h) => h.iter().copied().max().unwrap_or(0) as usize,
    };
    for round in 0..rounds {
        for (p, &pile) in piles.iter().enumerate() {
            let places = g.pile_places(p);
            if round < places.len() {
                t.move_top_to_top(stock, pile).expect("enough cards");
                let covered = g.covers[places.start + round] != 0;
                if !(rules.hidden_until_free && covered) {
                    t.flip_top(pile).expect("one card");
                }
            }
        }
    }
    finish_table(rules, t, stock)
}

/// Adds the waste piles and the removed cards' pile to a dealt layout; a game without a stock
/// loses the (empty) stock pile.
pub fn finish_table(rules: &Rules, mut t: Table, stock: usize) -> Table {
    match rules.waste {
        Waste::None if rules.refills() => {}
        Waste::None => t.remove_empty(stock).expect("dealt out"),
        Waste::Stack => {
            t.create_empty(WASTE, Mode::Stacked).expect("fresh");
        }
        Waste::BothEnds => {
            t.create_empty(FIRST, Mode::Stacked).expect("fresh");
            t.create_empty(WASTE, Mode::Stacked).expect("fresh");
        }
    }
    t.create_empty(REMOVED, Mode::Stacked).expect("fresh");
    t
}

/// Deal `n` of our numbering: the shuffled deck laid out by [`lay_out`].
pub fn our_deal(rules: &'static Rules, n: u64) -> Table {
    let (t, stock) = shuffled_stock(DeckSpec::FULL, n);
    lay_out(rules, t, stock)
}

impl Game for Pairing {
    fn id(&self) -> GameId {
        self.rules.id
    }

    fn deal(&self, n: u64) -> Table {
        (self.rules.deal)(n)
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let r = self.rules;
        let labels = r.labels();
        let ids = expect_piles(t, &labels)?;
        check_partition(t, DeckSpec::FULL)?;
        let id = |l: &str| ids[labels.iter().position(|x| *x == l).expect("a label")];
        let impossible = |why: String| BoardError::Impossible(why);
        let mut s = State {
            cards: [0; 52],
            gone: 0,
            stock: 0,
            turned: 0,
        };
        for (p, label) in LABELS[..r.piles()].iter().enumerate() {
            let places = self.pile_places(p);
            let cards = &t.piles[id(label)].cards;
            if cards.len() > places.len() {
                return Err(impossible(format!(
                    "pile '{label}' holds {} cards; the deal puts {} there and none comes back",
                    cards.len(),
                    places.len()
                )));
            }
            for (k, i) in places.enumerate() {
                match cards.get(k) {
                    Some(c) => s.cards[i] = c.face_up().byte(),
                    None => s.gone |= 1 << i,
                }
            }
        }
        // Which layout cards lie face down: those overlapped, where the rules hide them.
        for (p, label) in LABELS[..r.piles()].iter().enumerate() {
            let pile = &t.piles[id(label)];
            for (k, (i, c)) in self.pile_places(p).zip(&pile.cards).enumerate() {
                let down = r.hidden_until_free && !self.free(&s, i);
                if c.is_face_down() != down {
                    return Err(impossible(format!(
                        "card {} (pile '{label}', card {}) should lie face {}",
                        c.face_up(),
                        k + 1,
                        if down { "down" } else { "up" }
                    )));
                }
            }
        }
        expect_faces(t, id(REMOVED), false)?;
        if r.refills() {
            let stock = id(STOCK);
            expect_faces(t, stock, true)?;
            let stock: Vec<Card> = t.piles[stock].cards.iter().rev().copied().collect();
            if stock.len() > r.stock() {
                return Err(impossible(format!(
                    "the stock holds {} cards; the deal leaves {}",
                    stock.len(),
                    r.stock()
                )));
            }
            if !stock.is_empty() {
                if let Some(l) = LABELS[..r.piles()]
                    .iter()
                    .find(|l| t.piles[id(l)].cards.is_empty())
                {
                    return Err(impossible(format!(
                        "pile '{l}' is empty while the stock is not: an emptied spot is filled at once"
                    )));
                }
            }
            let base = self.places();
            for (k, c) in stock.iter().enumerate() {
                s.cards[base + k] = c.face_up().byte();
            }
            s.stock = stock.len() as u8;
        }
        if r.waste != Waste::None {
            let base = self.places();
            let mut waste: Vec<Card> = Vec::new();
            if r.waste == Waste::BothEnds {
                let first = id(FIRST);
                expect_faces(t, first, false)?;
                let cards = &t.piles[first].cards;
                if cards.len() > 1 {
                    return Err(impossible(format!(
                        "pile '{FIRST}' holds {} cards: it holds one at most",
                        cards.len()
                    )));
                }
                if cards.is_empty() && !t.piles[id(WASTE)].cards.is_empty() {
                    return Err(impossible(format!(
                        "pile '{FIRST}' is empty while the waste is not: the waste's oldest card moves there"
                    )));
                }
                waste.extend(cards);
            }
            expect_faces(t, id(WASTE), false)?;
            waste.extend(&t.piles[id(WASTE)].cards);
            let stock = id(STOCK);
            expect_faces(t, stock, true)?;
            let stock: Vec<Card> = t.piles[stock].cards.iter().rev().copied().collect();
            if waste.len() + stock.len() > r.stock() {
                return Err(impossible(format!(
                    "the waste and the stock hold {} cards; the deal leaves {} to the stock",
                    waste.len() + stock.len(),
                    r.stock()
                )));
            }
            for (k, c) in waste.iter().chain(&stock).enumerate() {
                s.cards[base + k] = c.face_up().byte();
            }
            s.turned = waste.len() as u8;
            s.stock = (waste.len() + stock.len()) as u8;
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Pair { first, second } => format!("{first}+{second}"),
            Move::Single { card } => card.to_string(),
            Move::Turn => "turn".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAMILY: [&Rules; 9] = [
        &super::super::thirteen::RULES,
        &super::super::treize::RULES,
        &super::super::fourteen::RULES,
        &super::super::gay_gordons::RULES,
        &super::super::isabel::RULES,
        &super::super::helsinki::RULES,
        &super::super::jamestown::RULES,
        &super::super::block_ten::RULES,
        &super::super::cover::RULES,
    ];

    #[test]
    fn every_game_fits_the_key() {
        for r in FAMILY {
            assert!(r.places() + r.stock() <= MAX_PLACES, "{:?}", r.id);
            assert!(r.piles() <= LABELS.len(), "{:?}", r.id);
            assert_eq!(r.places() + r.stock(), 52, "{:?}", r.id);
        }
    }

    #[test]
    fn a_pyramid_card_is_overlapped_by_the_two_below_it() {
        let g = engine(&super::super::treize::RULES);
        assert_eq!(g.covers[0], 0b110);
        assert_eq!(g.covers[2], 0b11 << 4);
        assert_eq!(g.covers[20], 3 << 26);
        assert_eq!(g.covers[21], 0);
        let g = engine(&super::super::fourteen::RULES);
        assert_eq!(g.covers[0], 0b10);
        assert_eq!(g.covers[4], 0, "the first pile's top card");
        assert_eq!(g.covers[20], 1 << 21);
    }

    #[test]
    fn pairs_follow_each_games_totals() {
        let t = &super::super::thirteen::RULES;
        assert!(t.pairs(1, 12) && t.pairs(6, 7) && !t.pairs(13, 13) && !t.pairs(11, 11));
        let f = &super::super::fourteen::RULES;
        assert!(f.pairs(1, 13) && f.pairs(7, 7) && !f.pairs(6, 7));
        let g = &super::super::gay_gordons::RULES;
        assert!(g.pairs(1, 10) && g.pairs(11, 11) && g.pairs(12, 13) && g.pairs(13, 12));
        assert!(!g.pairs(12, 12) && !g.pairs(13, 13) && !g.pairs(11, 12));
        let i = &super::super::isabel::RULES;
        assert!(i.pairs(5, 5) && i.pairs(13, 13) && !i.pairs(6, 7));
    }

    /// Within a search, states with one key are one position (in Helsinki and Jamestown, the
    /// same cards in play, wherever they lie): checked on every state reached
    /// (up to 20,000) from three deals of each game.
    #[test]
    fn states_of_one_search_with_equal_keys_are_equal() {
        for r in FAMILY {
            let g = engine(r);
            let mut states = 0;
            for n in [3, 4, 5] {
                let start = g.pack(&g.deal(n)).unwrap();
                let mut seen = std::collections::HashMap::new();
                let mut frontier = vec![start];
                while let Some(s) = frontier.pop() {
                    if seen.len() > 20_000 {
                        break;
                    }
                    let mut out = Vec::new();
                    g.expand(&s, &mut out);
                    for x in out {
                        match seen.entry(g.key(&x.state)) {
                            std::collections::hash_map::Entry::Occupied(e) => {
                                assert_eq!(g.position(e.get()), g.position(&x.state));
                            }
                            std::collections::hash_map::Entry::Vacant(e) => {
                                e.insert(x.state);
                                frontier.push(x.state);
                            }
                        }
                    }
                }
                states += seen.len();
            }
            assert!(states > 30, "{:?}: {states} states", r.id);
        }
    }
}
