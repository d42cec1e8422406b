//! The games whose cards leave a layout one at a time onto a single pile, each card one rank
//! above or below that pile's top card: Golf (AisleRiot's), Black Hole and All in a Row
//! (PySolFC's), and AisleRiot's Triple Peaks, Elevator, Escalator and Thieves. One engine,
//! [`OntoWaste`]; each game is a file holding its [`Rules`] (a constant) and its deals, and
//! one line in the registry.
//!
//! # The layout: piles or a cover graph
//! A layout card is free when nothing lies on it. In Golf, Black Hole and All in a Row the
//! layout is piles (columns): a pile's cards lie on those under them, so its top card is the
//! free one. In Triple Peaks and the pyramids of Elevator and Escalator a card may lie across
//! two others: there the layout is a cover graph, each place a pile of one card, and
//! [`Rules::covers`] lists, for each place, the places lying on it (columns are the special
//! case where place `i` is covered by place `i + 1` of its pile, which is how piles are kept:
//! no list). Cards dealt under others may lie face down until they are uncovered
//! ([`Rules::face_down`]); a face-down card is turned the moment its last cover leaves, so
//! whether a card is face down follows from which places are empty and needs no bit of the
//! state.
//!
//! The single pile is the *waste* here whatever a game calls it (AisleRiot's Golf: the waste;
//! PySol: the foundation; Black Hole: the hole). Only its top card matters to play, so a
//! board in black-hole-solver's text format, which names only that card, is a position too
//! ([`OntoWaste::read_board`]).
//!
//! # The packed state
//! The cards never move within the layout: they only leave it. So a state is the dealt
//! layout (a card byte per place, pile `p`'s row `r` at `p·depth + r`, then the stock in
//! turning order), a bit per layout place that is empty, how many stock cards have been
//! turned, and the waste's top card. Within a search every state descends from one start, so
//! the empty places, the turned count and the waste's top card fix the position exactly. The
//! transposition key is those three in one `u64` ([`OntoWaste`]'s `Space::key`), the top card
//! by its rank alone: no rule of these games reads a suit, so two positions that differ only
//! in the suit of the waste's top card have the same futures, move for move.
//!
//! # Jokers
//! A game may deal a deck with jokers ([`Rules::deck`]; Thieves' two). A joker is wild: it
//! goes onto any waste card and any layout card goes onto it (before any other rule, Golf's
//! King included, though no game of the family has both). Both jokers are alike to play, so
//! the key keeps a joker on the waste as a fourteenth rank.

use super::{
    check_partition, expect_faces, expect_piles, BoardError, Game, GameId, GameInfo, OwnGame,
};
use crate::cards::{parse_card, Card, DeckSpec, Rank, Suit};
use crate::deals::microsoft::DealNumberError;
use crate::piles::{Mode, PileId, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};
use std::cmp::Reverse;

/// The label of the stock pile, in every game of the family that has one.
pub const STOCK: &str = "stock";
/// The most layout places a game may have (the key keeps a bit for each).
pub const MAX_PLACES: usize = 52;
/// The most stock cards a game may have (the key counts turns in five bits).
pub const MAX_STOCK: usize = 31;
/// The most cards the layout and the stock may hold together (a deck with two jokers).
pub const MAX_DEALT: usize = 54;
/// The rank [`Rules::fits`] and the key give a joker.
pub const JOKER_RANK: u8 = 14;
/// No card on the waste.
const NONE: u8 = 63;

/// The labels of the layout piles (or places of a cover graph): "1", "2", ...
pub const PILE_LABELS: [&str; 28] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28",
];

/// One game of the family: its layout, its stock and when a card may go onto the waste.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
    /// The number of layout piles (at most 28), or of places in a cover graph.
    pub piles: u8,
    /// The cards dealt to each layout pile (1 in a cover graph).
    pub depth: u8,
    /// The cover graph, or nothing for piles: `covers[p]` lists the places lying on place
    /// `p` (from 0; each a pile of one card), whose card is free once they are all empty.
    pub covers: &'static [&'static [u8]],
    /// Whether the cards dealt under others lie face down until their last cover leaves
    /// (then they are turned at once); otherwise every layout card is face up.
    pub face_down: bool,
    /// The cards left in the stock after the deal (0: the game has no stock). The stock turns
    /// one card at a time onto the waste; there is no redeal.
    pub stock: u8,
    /// Whether Ace and King are neighbours (a King goes onto an Ace and the other way).
    pub wrap: bool,
    /// Whether nothing from the layout goes onto a King (Golf; the stock still turns onto it).
    pub king_stops: bool,
    /// Whether an empty waste takes any layout card (All in a Row). Otherwise only the stock
    /// fills an empty waste (Golf as AisleRiot deals it).
    pub empty_takes_any: bool,
    /// The waste's label on the board.
    pub waste: &'static str,
    /// The deck: the full 52 cards, or with jokers (wild: see the module's doc).
    pub deck: DeckSpec,
    /// Deal `n` of our numbering.
    pub deal: fn(u64) -> Table,
    /// PySolFC's deal `n`, for the games PySol numbers.
    pub pysol: Option<fn(u64) -> Result<Table, DealNumberError>>,
}

impl Rules {
    /// The number of layout places.
    pub const fn places(&self) -> usize {
        self.piles as usize * self.depth as usize
    }

    /// Whether the card dealt on place `p` of a cover graph lies face down at the deal.
    pub fn dealt_face_down(&self, p: usize) -> bool {
        self.face_down && self.covers.get(p).is_some_and(|on| !on.is_empty())
    }

    /// Whether a card of rank `card` may go from the layout onto a waste whose top card has
    /// rank `top` (None: the waste is empty). Ranks are 1 (Ace) to 13 (King), and
    /// [`JOKER_RANK`] for a joker, which fits anything and takes anything.
    pub fn fits(&self, card: u8, top: Option<u8>) -> bool {
        match top {
            None => self.empty_takes_any,
            Some(_) if card == JOKER_RANK => true,
            Some(JOKER_RANK) => true,
            Some(13) if self.king_stops => false,
            Some(t) => card.abs_diff(t) == 1 || (self.wrap && card.abs_diff(t) == 12),
        }
    }

    /// The labels of the board's piles: the layout's, the waste's, the stock's if any.
    pub fn labels(&self) -> Vec<&'static str> {
        let mut v: Vec<&str> = PILE_LABELS[..self.piles as usize].to_vec();
        v.push(self.waste);
        if self.stock > 0 {
            v.push(STOCK);
        }
        v
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The top card of layout pile `pile` (from 0; in a cover graph, the place's card) onto
    /// the waste.
    Play {
        /// The pile or place, from 0.
        pile: u8,
        /// The card.
        card: Card,
    },
    /// The stock's top card onto the waste.
    Turn {
        /// The card turned.
        card: Card,
    },
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The layout's cards by place, then the stock's in turning order.
    cards: [u8; MAX_DEALT],
    /// Bit `i`: layout place `i` is empty.
    empty: u64,
    /// The stock cards dealt into this position (packed from a board: those it holds).
    stock: u8,
    /// How many of them have been turned.
    turned: u8,
    /// The waste's top card's index, or [`NONE`].
    top: u8,
    /// The layout's cards left by rank: four bits for each, Aces in bits 0-3, jokers in bits
    /// 52-55 (derived from `empty`, so not in the key).
    left: u64,
    /// The stock's cards not yet turned, counted by rank as `left` is (derived from `turned`,
    /// so not in the key).
    stock_ranks: u64,
}

impl State {
    /// The waste's top card.
    pub fn waste_top(&self) -> Option<Card> {
        (self.top != NONE).then(|| Card::from_index(self.top))
    }
    /// The cards left in the stock.
    pub fn stock_left(&self) -> usize {
        usize::from(self.stock - self.turned)
    }
}

/// The engine of the family, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct OntoWaste {
    /// The game's rules.
    pub rules: &'static Rules,
}

/// A card byte's rank: 1 (Ace) to 13 (King), [`JOKER_RANK`] for a joker.
fn rank(byte: u8) -> u8 {
    if byte >= 52 {
        JOKER_RANK
    } else {
        byte % 13 + 1
    }
}

/// The cards of the waste top's rank left in the layout (none while the waste is empty).
fn top_copies_left(s: &State) -> u32 {
    if s.top == NONE {
        return 0;
    }
    (s.left >> (4 * (rank(s.top) - 1)) & 0xf) as u32
}

/// One card of rank `r` (1 to 13, or [`JOKER_RANK`]) in [`State::left`]'s count.
fn one_of(r: u8) -> u64 {
    1 << (4 * (r - 1))
}

/// Thirteen bits, Aces in bit 0.
const RANKS: u16 = 0x1fff;

impl OntoWaste {
    fn pile_mask(&self, p: usize) -> u64 {
        let d = self.rules.depth as usize;
        ((1u64 << d) - 1) << (p * d)
    }

    fn full_mask(&self) -> u64 {
        (1u64 << self.rules.places()) - 1
    }

    /// The place of pile `p`'s top card, if the pile holds any.
    fn top_place(&self, s: &State, p: usize) -> Option<usize> {
        let present = !s.empty & self.pile_mask(p);
        (present != 0).then(|| 63 - present.leading_zeros() as usize)
    }

    /// Whether a card lies on place `p` of a cover graph (never for piles).
    fn covered(&self, s: &State, p: usize) -> bool {
        self.rules
            .covers
            .get(p)
            .is_some_and(|on| on.iter().any(|&q| s.empty >> q & 1 == 0))
    }

    /// The cards left in the layout.
    pub fn layout_left(&self, s: &State) -> u32 {
        (!s.empty & self.full_mask()).count_ones()
    }

    /// What a player sees of `s`, the same however it was packed: each layout pile's cards
    /// (bottom first), the stock's (the next one turned first) and the waste's top card.
    pub fn position(&self, s: &State) -> (Vec<Vec<Card>>, Vec<Card>, Option<Card>) {
        let depth = self.rules.depth as usize;
        let piles = (0..self.rules.piles as usize)
            .map(|p| {
                (p * depth..(p + 1) * depth)
                    .filter(|&i| s.empty & (1 << i) == 0)
                    .map(|i| Card::from_index(s.cards[i]))
                    .collect()
            })
            .collect();
        let base = self.rules.places();
        let stock = (s.turned..s.stock)
            .map(|i| Card::from_index(s.cards[base + i as usize]))
            .collect();
        (piles, stock, s.waste_top())
    }

    /// The free card of every layout pile or place (None for an empty pile or a covered
    /// place).
    pub fn tops(&self, s: &State) -> Vec<Option<Card>> {
        (0..self.rules.piles as usize)
            .map(|p| {
                self.top_place(s, p)
                    .filter(|_| !self.covered(s, p))
                    .map(|i| Card::from_index(s.cards[i]))
            })
            .collect()
    }
}

impl Space for OntoWaste {
    type State = State;
    type Key = u64;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.empty & self.full_mask() == self.full_mask()
    }

    fn key(&self, s: &State) -> u64 {
        // Places in bits 0..52, turns in 52..57, the rank of the waste's top in 57..61 (0:
        // none; a joker: 14). Only its rank matters: no rule of these games reads a suit,
        // and the two jokers play alike.
        let top = if s.top == NONE { 0 } else { rank(s.top) };
        s.empty | u64::from(s.turned) << 52 | u64::from(top) << 57
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        self.expand_all(s, out);
        out.retain(|x| !self.is_dead(&x.state));
    }

    fn heuristic(&self, s: &State) -> u32 {
        // Each move takes at most one card out of the layout.
        self.layout_left(s)
    }

    /// Cards left in the layout first; then the fewer of the waste top's rank gone from
    /// the layout, since a rank whose last card has left can no longer be stepped through;
    /// then the squares of the piles' heights (the deepest cards are the hardest to free).
    /// [`OntoWaste::expand_all`] lists each state's plays in this order, so depth-first
    /// search tries them so, and reaches its wins in fewer states.
    fn guide(&self, s: &State) -> u32 {
        // A rank holds at most four cards (or two jokers): the copies' term stays under 100
        // per step, the heights' under 10,000 in every game of the family.
        let mut g = self.layout_left(s) * 10_000 + 100 * (4 - top_copies_left(s).min(4));
        for p in 0..self.rules.piles as usize {
            g += 10 * self.height(s, p).pow(2);
        }
        g
    }
}

impl OntoWaste {
    /// Every legal move of `s` with its successor, dead ends included ([`Space::expand`]
    /// leaves out the successors [`OntoWaste::is_dead`] proves lost), best first for
    /// depth-first search (`OntoWaste::play_order`).
    pub fn expand_all(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let first = out.len();
        let top = (s.top != NONE).then(|| rank(s.top));
        for p in 0..self.rules.piles as usize {
            let Some(i) = self.top_place(s, p) else {
                continue;
            };
            if self.covered(s, p) {
                continue;
            }
            let c = s.cards[i];
            if !self.rules.fits(rank(c), top) {
                continue;
            }
            let mut n = *s;
            n.empty |= 1 << i;
            n.top = c;
            n.left -= one_of(rank(c));
            out.push(Successor {
                mv: Move::Play {
                    pile: p as u8,
                    card: Card::from_index(c),
                },
                state: n,
                cost: 1,
            });
        }
        // Plays in the order of [`OntoWaste::play_order`] (stable: ties in pile order); what
        // the stock turns comes last, as its guide is higher by a card left.
        out[first..].sort_by_key(|x| self.play_order(x));
        if s.turned < s.stock {
            let c = s.cards[self.rules.places() + s.turned as usize];
            let mut n = *s;
            n.turned += 1;
            n.top = c;
            n.stock_ranks -= one_of(rank(c));
            out.push(Successor {
                mv: Move::Turn {
                    card: Card::from_index(c),
                },
                state: n,
                cost: 1,
            });
        }
    }

    /// Where a play lands in the order of [`OntoWaste::expand_all`] (lower first), which is
    /// the order of [`Space::guide`] among the plays of one state: the played rank's cards
    /// left in the layout, more first, then the pile it leaves, taller first (the guide's
    /// terms of the heights differ between two plays by `10 · (2h − 1)` for the height `h`
    /// of the pile left).
    fn play_order(&self, x: &Successor<Move, State>) -> (Reverse<u32>, Reverse<u32>) {
        // Only plays are sorted: the stock's turn is listed after them.
        let height = match x.mv {
            Move::Play { pile, .. } => self.height(&x.state, usize::from(pile)),
            Move::Turn { .. } => 0,
        };
        (Reverse(top_copies_left(&x.state)), Reverse(height))
    }

    /// The cards left in pile `p` (0 or 1 for a place of a cover graph).
    fn height(&self, s: &State, p: usize) -> u32 {
        (!s.empty & self.pile_mask(p)).count_ones()
    }

    /// The ranks next to those of `m` (bit `r - 1` for rank `r`), King and Ace neighbours
    /// where the rules wrap; where nothing goes onto a King, a King has none.
    fn neighbours(&self, mut m: u16) -> u16 {
        if self.rules.king_stops {
            m &= !(1 << 12);
        }
        let mut n = (m << 1 | m >> 1) & RANKS;
        if self.rules.wrap {
            n |= (m >> 12 & 1) | (m & 1) << 12;
        }
        n
    }

    /// Whether `s` is proven lost by one of four counts (ARCHITECTURE.md, "Reductions":
    /// each keeps every win):
    /// - **ranks out of reach**: every layout card is played onto the waste's top card now,
    ///   onto a stock card turned later, or onto a layout card played before it, and each of
    ///   these is one rank away; so the ranks of the layout's cards must all be reached
    ///   from the ranks next to the waste's top and to the stock's cards, stepping only
    ///   through ranks the layout still holds (ranks it no longer holds never come back);
    /// - **Kings** (where nothing goes onto a King): after a King is played from the layout
    ///   the next move, if any, turns the stock, so `k` Kings in the layout need `k - 1`
    ///   turns, and `k` if a King lies on the waste now;
    /// - **predecessors**: each layout card goes onto a card of its own (the top now, a
    ///   stock card or a layout card), one it fits onto, and no card lies under two; see
    ///   `OntoWaste::predecessors_suffice` (not made where the walk count is: a walk
    ///   pairs each card with the one before it);
    /// - **no walk** (where King and Ace are neighbours and the stock is out): the ranks of
    ///   the cards played from now on, after the waste's top rank, form a walk around the
    ///   cycle of thirteen ranks that uses each rank as often as the layout holds it; see
    ///   `OntoWaste::walk_exists`.
    ///
    /// None of them reads how the layout lies (piles or a cover graph): they count the
    /// ranks it still holds, so they hold for every layout of the family. While a joker is
    /// in the layout, in the stock or on the waste's top, no count is made (a joker joins
    /// any two ranks, so none of the four arguments holds): such a position is never dead.
    pub fn is_dead(&self, s: &State) -> bool {
        let mut present = 0u16;
        for r in 0..13 {
            if s.left >> (4 * r) & 0xf != 0 {
                present |= 1 << r;
            }
        }
        if present == 0 || s.top == NONE {
            // Won, or any card or the stock may start the waste: nothing to count from.
            return false;
        }
        if self.rules.deck.jokers > 0
            && (s.left >> 52 != 0 || rank(s.top) == JOKER_RANK || s.stock_ranks >> 52 != 0)
        {
            return false;
        }
        let stock_left = usize::from(s.stock - s.turned);
        if self.rules.king_stops {
            let kings = (s.left >> 48 & 0xf) as usize;
            let turns_needed = kings - usize::from(rank(s.top) != 13).min(kings);
            if turns_needed > stock_left {
                return true;
            }
        }
        let mut sources = 1u16 << (rank(s.top) - 1);
        for r in 0..13 {
            if s.stock_ranks >> (4 * r) & 0xf != 0 {
                sources |= 1 << r;
            }
        }
        let mut reach = self.neighbours(sources) & present;
        loop {
            let more = (reach | self.neighbours(reach)) & present;
            if more == reach {
                break;
            }
            reach = more;
        }
        if present & !reach != 0 {
            return true;
        }
        if self.rules.wrap && stock_left == 0 {
            // A walk pairs each card with the one before it: the walk count says all the
            // predecessors count would, and more.
            return !self.walk_exists_cached(s);
        }
        !self.predecessors_suffice(s)
    }

    /// The cycle of the rank graph's edges that [`Rules::fits`] allows (bit `i`: see
    /// [`OntoWaste::predecessors_suffice`]): every step of one rank, but King to Ace where
    /// the ranks do not wrap, and nothing onto a King where a King stops.
    fn rank_edges(&self) -> u32 {
        let mut edges = (1u32 << 26) - 1;
        if !self.rules.wrap {
            // King onto Ace (edge 12) and Ace onto King (edge 25).
            edges &= !(1 << 12 | 1 << 25);
        }
        if self.rules.king_stops {
            // Queen onto King (edge 24) and Ace onto King (edge 25).
            edges &= !(1 << 24 | 1 << 25);
        }
        edges
    }

    /// Whether every layout card can have a card of its own under it on the waste (the
    /// *predecessors* count, ARCHITECTURE.md "Reductions"). Each layout card goes onto the
    /// card then on the waste's top: the top now (for the first move), a stock card turned
    /// just before, or a layout card played just before; and each card is covered by the
    /// next one for good, so no card lies under two. So a win pairs each layout card with a
    /// different card among the layout's, the stock's and the top, one it fits onto: a
    /// matching of the layout's cards into those, which this finds the largest of by ranks.
    ///
    /// Ranks as a bipartite graph, the layout's cards by rank on one side (`upper`), the
    /// cards they may go onto by rank on the other (`lower`), joined where
    /// [`Rules::fits`]: each upper rank `r` meets the lower ranks `r - 1` and `r + 1`, so
    /// the graph is a cycle of 26 nodes, node `i` the upper rank `i mod 13` for even `i`
    /// and the lower rank `i mod 13` for odd `i`, edge `i` joining nodes `i` and `i + 1`
    /// ([`OntoWaste::rank_edges`]; the rules cut some). Along a path of nodes with
    /// capacities the largest matching is found greedily from one end (its end node can
    /// only match its one neighbour); around a whole cycle, for each flow over one edge.
    fn predecessors_suffice(&self, s: &State) -> bool {
        let mut cap = [0u8; 26];
        let mut need = 0u32;
        for r in 0..13 {
            let layout = (s.left >> (4 * r) & 0xf) as u8;
            let stock = (s.stock_ranks >> (4 * r) & 0xf) as u8;
            need += u32::from(layout);
            // Upper rank r: the even node i with i mod 13 = r; lower rank r: the odd one.
            cap[if r % 2 == 0 { r } else { r + 13 }] = layout;
            cap[if r % 2 == 0 { r + 13 } else { r }] = layout + stock;
        }
        let t = usize::from(rank(s.top) - 1);
        cap[if t % 2 == 0 { t + 13 } else { t }] += 1;
        let edges = self.rank_edges();
        // The largest matching along the nodes 0 to 25 in turn, over the edges of `edges`
        // between them (edge 25, from node 25 back to node 0, is left out).
        let along = |cap: &[u8; 26]| -> u32 {
            let (mut total, mut avail) = (0u32, 0u8);
            for (i, &c) in cap.iter().enumerate() {
                let m = avail.min(c);
                total += u32::from(m);
                avail = if edges >> i & 1 == 1 { c - m } else { 0 };
            }
            total
        };
        if edges >> 25 & 1 == 0 {
            // Edge 25 is cut: the nodes from 0 to 25 are the whole graph, paths.
            return along(&cap) >= need;
        }
        // A whole cycle: each flow `f` over edge 25 (nodes 25 and 0), then the path 0..=25.
        for f in 0..=cap[25].min(cap[0]) {
            let mut c = cap;
            c[0] -= f;
            c[25] -= f;
            if u32::from(f) + along(&c) >= need {
                return true;
            }
        }
        false
    }

    /// [`OntoWaste::walk_exists`], remembered per thread by the cards left and the top's rank
    /// (all it reads) in a small direct-mapped table.
    fn walk_exists_cached(&self, s: &State) -> bool {
        thread_local! {
            static CACHE: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![u64::MAX; 1 << 16]);
        }
        // The counts take 56 bits (jokers in 52..56), the top's rank 4: 60 bits; the answer
        // goes in bit 63.
        let key = s.left | u64::from(rank(s.top)) << 56;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize;
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            let v = c[slot];
            if v != u64::MAX && v & !(1 << 63) == key {
                return v >> 63 == 1;
            }
            let ok = self.walk_exists(s);
            c[slot] = key | u64::from(ok) << 63;
            ok
        })
    }

    /// Whether the ranks left could be played in some order at all, each one rank from the
    /// one before, from the waste's top, ignoring which card covers which (wrap, no stock).
    ///
    /// Such a walk from rank `t` to a last rank `z`, through `c[r]` cards of each rank `r`,
    /// steps `e[r]` times between ranks `r` and `r + 1` (around the cycle); each visit of a
    /// rank steps in and out, so `e[r - 1] + e[r] = 2 c[r] + [r = t] - [r = z]`. On a cycle
    /// of odd length these equations have one solution for each `z`, which a walk needs
    /// non-negative, with the steps in use joining every rank it visits. No `z` giving such
    /// a solution: no walk, no win.
    fn walk_exists(&self, s: &State) -> bool {
        let mut c = [0i32; 13];
        for (r, c) in c.iter_mut().enumerate() {
            *c = (s.left >> (4 * r) & 0xf) as i32;
        }
        let t = (rank(s.top) - 1) as usize;
        for end in (0..13).filter(|&e| c[e] > 0) {
            let mut d = [0i32; 13];
            for r in 0..13 {
                d[r] = 2 * c[r] + i32::from(r == t) - i32::from(r == end);
            }
            // e[r] joins ranks r and r + 1: e[r - 1] + e[r] = d[r] around the cycle of 13.
            let mut twice = d[0];
            for (k, &dk) in d.iter().enumerate().skip(1) {
                twice += if k % 2 == 1 { dk } else { -dk };
            }
            if twice < 0 || twice % 2 != 0 {
                continue;
            }
            let mut e = [0i32; 13];
            e[0] = twice / 2;
            let mut ok = true;
            for r in 1..13 {
                e[r] = d[r] - e[r - 1];
                if e[r] < 0 {
                    ok = false;
                    break;
                }
            }
            if !ok || e[12] + e[0] != d[0] {
                continue;
            }
            // The edges in use must join every rank the walk visits: the arc of edges in use
            // around the top's rank.
            let mut seen = 1u16 << t;
            let mut r = t;
            while e[r] > 0 && seen != RANKS {
                r = (r + 1) % 13;
                seen |= 1 << r;
            }
            let mut r = t;
            while e[(r + 12) % 13] > 0 && seen != RANKS {
                r = (r + 12) % 13;
                seen |= 1 << r;
            }
            let visits = (0..13).filter(|&r| d[r] > 0).fold(0u16, |m, r| m | 1 << r);
            if visits & !seen == 0 {
                return true;
            }
        }
        false
    }
}

/// Lays out a game of the family on `t`, whose pile `stock` holds the cards face down with
/// the first one dealt on top: `to_waste` first goes onto the waste (Black Hole's Ace of
/// spades), then the layout is dealt round by round, one card onto each pile from the first
/// (a cover graph: one card onto each place, in order; those [`Rules::dealt_face_down`]
/// stay face down), and with `turn_one` the next card is turned onto the waste (PySol's
/// Golf, Triple Peaks). What is left stays in the stock, face down; a game without a stock
/// has none left.
pub fn lay_out(
    rules: &Rules,
    mut t: Table,
    stock: PileId,
    to_waste: Option<Card>,
    turn_one: bool,
) -> Table {
    let waste = t.create_empty(rules.waste, Mode::Stacked).expect("fresh");
    if let Some(c) = to_waste {
        t.move_card(c.suit_unchecked(), c.rank_unchecked(), stock, waste)
            .expect("the deck holds it");
        t.flip_top(waste).expect("one card");
    }
    let piles: Vec<PileId> = PILE_LABELS[..rules.piles as usize]
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).expect("fresh"))
        .collect();
    for _ in 0..rules.depth {
        for (i, &p) in piles.iter().enumerate() {
            t.move_top_to_top(stock, p).expect("enough cards");
            if !rules.dealt_face_down(i) {
                t.flip_top(p).expect("one card");
            }
        }
    }
    if turn_one {
        t.move_top_to_top(stock, waste).expect("a card left");
        t.flip_top(waste).expect("one card");
    }
    if rules.stock == 0 {
        t.remove_empty(stock).expect("dealt out");
    }
    t
}

/// A game of the family in the registry of own-rules games: its catalogue entry, its deck
/// ([`Rules::deck`]), and the engine on its rules.
pub const fn descriptor(info: GameInfo, rules: &'static Rules) -> OwnGame<OntoWaste> {
    OwnGame {
        info,
        deck: rules.deck,
        game: OntoWaste { rules },
    }
}

/// Deal `n` of our numbering: the game's deck ([`Rules::deck`]) shuffled and laid out by
/// [`lay_out`] (`to_waste` first).
pub fn our_deal(rules: &Rules, n: u64, to_waste: Option<Card>) -> Table {
    let (t, stock) = super::shuffled_stock(rules.deck, n);
    lay_out(rules, t, stock, to_waste, false)
}

/// A table with one pile, `stock`, holding `order` face down, its first card on top (the
/// first one dealt), and the pile's id.
pub fn stock_of(order: &[Card]) -> (Table, PileId) {
    let mut t = Table::new();
    let stock = t.create_empty(STOCK, Mode::Stacked).expect("fresh");
    for &c in order.iter().rev() {
        t.add_on_top(c.face_down(), stock).expect("active");
    }
    (t, stock)
}

/// PySolFC's dealing order of game number `n` (one deck): the first card dealt first.
pub fn pysol_order(n: u64) -> Result<Vec<Card>, DealNumberError> {
    let mut v = crate::deals::pysol::shuffled_deck(n, 1)?;
    v.reverse();
    Ok(v)
}

impl OntoWaste {
    fn impossible(why: String) -> BoardError {
        BoardError::Impossible(why)
    }

    /// Checks place `p` of a cover graph on a board (`ids`: the layout's pile ids): an empty
    /// place has nothing lying on it (a card leaves only once uncovered), and its card, if
    /// any, lies face down exactly when the game deals face down and a card lies on it.
    fn check_place(&self, t: &Table, ids: &[PileId], p: usize) -> Result<(), BoardError> {
        let r = self.rules;
        let held = |q: usize| !t.piles[ids[q]].cards.is_empty();
        let on = r.covers[p].iter().map(|&q| q as usize).find(|&q| held(q));
        let cards = &t.piles[ids[p]].cards;
        match (cards.first(), on) {
            (None, Some(q)) => Err(Self::impossible(format!(
                "pile '{}' is empty while pile '{}' lies on it: a card leaves only once uncovered",
                PILE_LABELS[p], PILE_LABELS[q]
            ))),
            (Some(c), on) if c.is_face_down() != (r.face_down && on.is_some()) => {
                Err(Self::impossible(match on {
                    Some(q) if r.face_down => format!(
                        "card {} in pile '{}' should lie face down: pile '{}' lies on it",
                        c.face_up(),
                        PILE_LABELS[p],
                        PILE_LABELS[q]
                    ),
                    Some(_) => format!(
                        "card {} in pile '{}' should lie face up: {} deals every card face up",
                        c.face_up(),
                        PILE_LABELS[p],
                        r.id
                    ),
                    None => format!(
                        "card {} in pile '{}' should lie face up: nothing lies on it",
                        c.face_up(),
                        PILE_LABELS[p]
                    ),
                }))
            }
            _ => Ok(()),
        }
    }
}

impl Game for OntoWaste {
    fn id(&self) -> GameId {
        self.rules.id
    }

    fn deal(&self, n: u64) -> Table {
        (self.rules.deal)(n)
    }

    fn pysol_deal(&self, n: u64) -> Option<Result<Table, DealNumberError>> {
        self.rules.pysol.map(|f| f(n))
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let r = self.rules;
        let labels = r.labels();
        let ids = expect_piles(t, &labels)?;
        check_partition(t, r.deck)?;
        let mut s = State {
            cards: [0; MAX_DEALT],
            empty: self.full_mask(),
            stock: 0,
            turned: 0,
            top: NONE,
            left: 0,
            stock_ranks: 0,
        };
        let depth = r.depth as usize;
        for p in 0..r.piles as usize {
            if r.covers.is_empty() {
                expect_faces(t, ids[p], false)?;
            } else {
                self.check_place(t, &ids, p)?;
            }
            let cards = &t.piles[ids[p]].cards;
            if cards.len() > depth {
                return Err(Self::impossible(format!(
                    "pile '{}' holds {} cards; the deal puts {depth} on it and none comes back",
                    labels[p],
                    cards.len()
                )));
            }
            for (row, c) in cards.iter().enumerate() {
                s.cards[p * depth + row] = c.face_up().byte();
                s.empty &= !(1u64 << (p * depth + row));
                s.left += one_of(rank(c.face_up().byte()));
            }
        }
        let waste = ids[r.piles as usize];
        expect_faces(t, waste, false)?;
        let played = &t.piles[waste].cards;
        if let Some(c) = played.last() {
            s.top = c.byte();
        }
        // Only the waste's top card matters to play: the cards under it are not checked
        // (black-hole-solver's format does not even name them).
        if r.stock == 0 {
            if played.is_empty() && !r.empty_takes_any {
                return Err(Self::impossible(format!(
                    "pile '{}' is empty: the deal puts a card there",
                    r.waste
                )));
            }
        } else {
            let stock = ids[r.piles as usize + 1];
            expect_faces(t, stock, true)?;
            let cards = &t.piles[stock].cards;
            if cards.len() > r.stock as usize {
                return Err(Self::impossible(format!(
                    "pile '{STOCK}' holds {} cards; the deal leaves {}",
                    cards.len(),
                    r.stock
                )));
            }
            for (i, c) in cards.iter().rev().enumerate() {
                s.cards[r.places() + i] = c.face_up().byte();
                s.stock_ranks += one_of(rank(c.face_up().byte()));
            }
            s.stock = cards.len() as u8;
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Play { pile, card } => format!("{card} from {}", PILE_LABELS[pile as usize]),
            // Never the card: a notation names no hidden card (the fair hint compares the
            // samples' first moves by it).
            Move::Turn { .. } => "turn".to_string(),
        }
    }

    fn verbose_notation(&self, mv: &Move) -> String {
        if !self.rules.covers.is_empty() {
            return match *mv {
                Move::Play { pile, card } => format!(
                    "Move {card} from place {} to the {}",
                    PILE_LABELS[pile as usize], self.rules.waste
                ),
                Move::Turn { .. } => {
                    format!("Turn the stock's next card onto the {}", self.rules.waste)
                }
            };
        }
        // black-hole-solver's words (its stacks count from 0).
        match *mv {
            Move::Play { pile, card } => {
                format!("Move a card from stack {pile} to the foundations ({card})")
            }
            Move::Turn { .. } => "Deal talon".to_string(),
        }
    }

    fn same_move_in(&self, s: &State, mv: &Move) -> Option<Move> {
        match *mv {
            // The turn names the hidden card it turns: here it turns this position's.
            Move::Turn { .. } => (s.turned < s.stock).then(|| Move::Turn {
                card: Card::from_index(s.cards[self.rules.places() + s.turned as usize]),
            }),
            play => Some(play),
        }
    }

    fn read_board(&self, text: &str) -> Option<Result<Table, BoardError>> {
        // black-hole-solver knows no cover graph (its format holds piles only) nor jokers.
        if !self.rules.covers.is_empty() || self.rules.deck.jokers > 0 {
            return None;
        }
        let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        if !(first.starts_with("Foundations:") || first.starts_with("Talon:")) {
            return None;
        }
        Some(self.read_black_hole_solver(text))
    }

    fn foreign_board(&self, t: &Table) -> Option<String> {
        (self.rules.covers.is_empty() && self.rules.deck.jokers == 0)
            .then(|| self.black_hole_solver_board(t))
    }

    fn foreign_tool(&self) -> &'static str {
        "black-hole-solver"
    }
}

impl OntoWaste {
    /// The position in black-hole-solver's text format: `Talon:` and the stock, the next
    /// card turned first (games with a stock); `Foundations:` and the waste's top card (`-`
    /// when empty); then a line per layout pile, bottom card first. It is also how
    /// `pysol_cards` prints PySolFC's deals of these games.
    pub fn black_hole_solver_board(&self, t: &Table) -> String {
        let mut out = String::new();
        let cards = |cs: &mut dyn Iterator<Item = &Card>| {
            cs.map(|c| c.face_up().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if self.rules.stock > 0 {
            let stock = t.find(STOCK).map(|p| &t.piles[p].cards[..]).unwrap_or(&[]);
            out.push_str(&format!("Talon: {}\n", cards(&mut stock.iter().rev())));
        }
        let top = t
            .find(self.rules.waste)
            .and_then(|p| t.piles[p].top())
            .map_or("-".to_string(), |c| c.face_up().to_string());
        out.push_str(&format!("Foundations: {top}\n"));
        for l in &PILE_LABELS[..self.rules.piles as usize] {
            let pile = t.find(l).map(|p| &t.piles[p].cards[..]).unwrap_or(&[]);
            out.push_str(&cards(&mut pile.iter()));
            out.push('\n');
        }
        out
    }

    /// Reads black-hole-solver's text format (see [`OntoWaste::black_hole_solver_board`]).
    /// The cards the format leaves out, those played before the waste's top card, go under
    /// that card in deck order: only the top card matters to play.
    pub fn read_black_hole_solver(&self, text: &str) -> Result<Table, BoardError> {
        let r = self.rules;
        let bad = |line: usize, message: String| BoardError::BlackHoleSolver { line, message };
        let mut t = Table::new();
        let mut stock: Option<Vec<Card>> = None;
        let mut waste: Option<Option<Card>> = None;
        let mut piles: Vec<Vec<Card>> = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        // After the `Foundations:` line every line is a pile, a blank one an empty pile; blank
        // lines at the end are not piles (empty piles at the end may be left out).
        let Some(last) = lines.iter().rposition(|l| !l.trim().is_empty()) else {
            return Err(bad(1, "no board".into()));
        };
        for (i, line) in lines[..=last].iter().enumerate() {
            let line = line.trim();
            if line.is_empty() && waste.is_none() {
                continue;
            }
            let cards = |words: &str| -> Result<Vec<Card>, BoardError> {
                words
                    .split_whitespace()
                    .map(|w| parse_card(w).map_err(|e| bad(i + 1, e.to_string())))
                    .collect()
            };
            if let Some(rest) = line.strip_prefix("Talon:") {
                if r.stock == 0 {
                    return Err(bad(i + 1, format!("{} has no talon", r.id)));
                }
                stock = Some(cards(rest)?);
            } else if let Some(rest) = line.strip_prefix("Foundations:") {
                let rest = rest.trim();
                waste = Some(if rest == "-" {
                    None
                } else {
                    match cards(rest)?[..] {
                        [c] => Some(c),
                        _ => {
                            return Err(bad(
                                i + 1,
                                "the foundations line names one card (or -)".into(),
                            ))
                        }
                    }
                });
            } else {
                piles.push(cards(line)?);
            }
        }
        if piles.len() < r.piles as usize && waste.is_some() {
            piles.resize(r.piles as usize, Vec::new());
        }
        if piles.len() != r.piles as usize {
            return Err(bad(
                last + 1,
                format!(
                    "{} piles, where {} has {}",
                    piles.len(),
                    r.id.info().id,
                    r.piles
                ),
            ));
        }
        let Some(top) = waste else {
            return Err(bad(1, "no 'Foundations:' line".into()));
        };
        if r.stock > 0 {
            let s = t.create_empty(STOCK, Mode::Stacked).expect("fresh");
            for c in stock.unwrap_or_default().iter().rev() {
                t.add_on_top(c.face_down(), s).expect("active");
            }
        }
        let w = t.create_empty(r.waste, Mode::Stacked).expect("fresh");
        for (l, cards) in PILE_LABELS.iter().zip(&piles) {
            let p = t.create_empty(l, Mode::Spread).expect("fresh");
            for &c in cards {
                t.add_on_top(c, p).expect("active");
            }
        }
        // The played cards: every card of the deck the text does not name, then the top. With
        // an empty waste nothing was played, and a missing card is the board's error.
        if let Some(top) = top {
            let named = t.card_counts();
            for c in DeckSpec::FULL.cards() {
                if c != top && named.count(c) == 0 {
                    t.add_on_top(c, w).expect("active");
                }
            }
            t.add_on_top(top, w).expect("active");
        }
        Ok(t)
    }
}

/// The pyramid of seven rows of Elevator and Escalator as a cover graph: places numbered
/// row by row from the apex (place 0), left to right; the card at position `k` of row `r`
/// (from 0) lies under positions `k` and `k + 1` of row `r + 1`. AisleRiot's slots 2 to 29
/// in this order (`escalator.scm`'s covering list).
pub const PYRAMID: [&[u8]; 28] = [
    &[1, 2],
    &[3, 4],
    &[4, 5],
    &[6, 7],
    &[7, 8],
    &[8, 9],
    &[10, 11],
    &[11, 12],
    &[12, 13],
    &[13, 14],
    &[15, 16],
    &[16, 17],
    &[17, 18],
    &[18, 19],
    &[19, 20],
    &[21, 22],
    &[22, 23],
    &[23, 24],
    &[24, 25],
    &[25, 26],
    &[26, 27],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
];

/// The Ace of spades, Black Hole's first card in the hole.
pub const ACE_OF_SPADES: Card = Card::new(Suit::Spades, Rank::Ace);

#[cfg(test)]
mod tests {
    use super::*;

    const FAMILY: [&Rules; 7] = [
        &super::super::golf::RULES,
        &super::super::black_hole::RULES,
        &super::super::all_in_a_row::RULES,
        &super::super::triple_peaks::RULES,
        &super::super::elevator::RULES,
        &super::super::escalator::RULES,
        &super::super::thieves::RULES,
    ];

    #[test]
    fn every_game_fits_the_key() {
        for r in FAMILY {
            assert!(r.places() <= MAX_PLACES, "{:?}", r.id);
            assert!(r.stock as usize <= MAX_STOCK, "{:?}", r.id);
            assert!(r.piles as usize <= PILE_LABELS.len());
            assert!(r.places() + r.stock as usize <= MAX_DEALT, "{:?}", r.id);
            let t = (r.deal)(1);
            let waste = t.piles[t.find(r.waste).unwrap()].height();
            assert_eq!(
                r.places() + r.stock as usize + waste,
                r.deck.len(),
                "{:?}",
                r.id
            );
        }
    }

    /// A cover graph has a list for each place, places of one card, and every place lying
    /// on another comes later in the numbering (so no card lies, through others, on itself).
    #[test]
    fn cover_graphs_are_well_formed() {
        for r in FAMILY.iter().filter(|r| !r.covers.is_empty()) {
            assert_eq!(r.covers.len(), r.piles as usize, "{:?}", r.id);
            assert_eq!(r.depth, 1, "{:?}", r.id);
            for (p, on) in r.covers.iter().enumerate() {
                assert!(
                    on.iter().all(|&q| q as usize > p && q < r.piles),
                    "{:?} {p}",
                    r.id
                );
            }
        }
        // The pyramid by its rows: position k of row i (from 0) lies under positions k and
        // k + 1 of row i + 1; the bottom row under nothing.
        let mut p = 0;
        for row in 0..7usize {
            for k in 0..=row {
                let below = (row + 1) * (row + 2) / 2 + k;
                let want: Vec<u8> = if row == 6 {
                    vec![]
                } else {
                    vec![below as u8, below as u8 + 1]
                };
                assert_eq!(PYRAMID[p].to_vec(), want, "place {p}");
                p += 1;
            }
        }
        // Triple Peaks: each peak's three rows are a pyramid, their third rows (nine places)
        // lie on the bottom row of ten, place 9 + j under 18 + j and 19 + j.
        let peaks = &super::super::triple_peaks::COVERS;
        for (peak, second, third) in [(0, 3u8, 9u8), (1, 5, 12), (2, 7, 15)] {
            let second_row = [second, second + 1];
            assert_eq!(peaks[peak].to_vec(), second_row.to_vec(), "peak {peak}");
            for (k, p) in second_row.into_iter().enumerate() {
                let under = vec![third + k as u8, third + k as u8 + 1];
                assert_eq!(peaks[p as usize].to_vec(), under, "peak {peak}");
            }
        }
        for j in 0..9u8 {
            assert_eq!(peaks[9 + j as usize].to_vec(), vec![18 + j, 19 + j]);
        }
        assert!(peaks[18..].iter().all(|on| on.is_empty()));
    }

    /// A face-down card is one with a card on it, in the deal and as cards leave: Triple
    /// Peaks' peaks and Elevator's covered cards start face down, Escalator's face up.
    #[test]
    fn cover_graph_deals_turn_only_covered_cards_down() {
        for r in FAMILY.iter().filter(|r| !r.covers.is_empty()) {
            let t = (r.deal)(5);
            for (label, on) in PILE_LABELS.iter().zip(r.covers) {
                let c = t.piles[t.find(label).unwrap()].cards[0];
                assert_eq!(c.is_face_down(), r.face_down && !on.is_empty());
            }
            let g = OntoWaste { rules: r };
            let s = g.pack(&t).unwrap();
            let free = g.tops(&s).iter().filter(|c| c.is_some()).count();
            assert_eq!(free, r.covers.iter().filter(|on| on.is_empty()).count());
        }
    }

    #[test]
    fn neighbours_follow_each_games_rules() {
        let golf = &super::super::golf::RULES;
        assert!(golf.fits(2, Some(1)) && golf.fits(12, Some(11)) && golf.fits(13, Some(12)));
        assert!(!golf.fits(12, Some(13)), "nothing on a King in Golf");
        assert!(
            !golf.fits(13, Some(1)) && !golf.fits(1, Some(13)),
            "no wrap"
        );
        assert!(!golf.fits(5, None), "only the stock starts Golf's waste");
        let hole = &super::super::black_hole::RULES;
        assert!(hole.fits(13, Some(1)) && hole.fits(1, Some(13)) && hole.fits(12, Some(13)));
        assert!(!hole.fits(3, Some(1)) && !hole.fits(1, Some(1)));
        let row = &super::super::all_in_a_row::RULES;
        assert!(row.fits(7, None) && row.fits(1, Some(13)));
        let thieves = &super::super::thieves::RULES;
        assert!(thieves.fits(12, Some(13)) && thieves.fits(2, Some(1)));
        assert!(
            !thieves.fits(13, Some(1)) && !thieves.fits(1, Some(13)),
            "no wrap"
        );
        assert!(thieves.fits(JOKER_RANK, Some(9)) && thieves.fits(9, Some(JOKER_RANK)));
        assert!(thieves.fits(JOKER_RANK, Some(JOKER_RANK)));
        assert!(
            !thieves.fits(JOKER_RANK, None),
            "only the stock starts an empty waste"
        );
    }

    /// Within a search, states with one key are one position but for the suit of the waste's
    /// top card, which no rule reads: checked on every state reached over every legal move
    /// (up to 20,000; dead ends included, so that the count does not hang on how soon the
    /// counts of [`OntoWaste::is_dead`] prove a deal lost) from three deals of each game.
    #[test]
    fn states_of_one_search_with_equal_keys_are_equal() {
        for r in FAMILY {
            let g = OntoWaste { rules: r };
            for n in [3, 4, 5] {
                let start = g.pack(&g.deal(n)).unwrap();
                let mut seen = std::collections::HashMap::new();
                let mut frontier = vec![start];
                while let Some(s) = frontier.pop() {
                    if seen.len() > 20_000 {
                        break;
                    }
                    let mut out = Vec::new();
                    g.expand_all(&s, &mut out);
                    for x in out {
                        match seen.entry(g.key(&x.state)) {
                            std::collections::hash_map::Entry::Occupied(e) => {
                                // The same position but perhaps the suit of the waste's top.
                                let (a, b) = (g.position(e.get()), g.position(&x.state));
                                assert_eq!((&a.0, &a.1), (&b.0, &b.1), "{:?} deal {n}", r.id);
                                let rank = |c: Option<Card>| c.map(|c| c.rank_unchecked());
                                assert_eq!(rank(a.2), rank(b.2), "{:?} deal {n}", r.id);
                            }
                            std::collections::hash_map::Entry::Vacant(e) => {
                                e.insert(x.state);
                                frontier.push(x.state);
                            }
                        }
                    }
                }
                assert!(
                    seen.len() > 10,
                    "{:?} deal {n}: {} states",
                    r.id,
                    seen.len()
                );
            }
        }
    }

    /// `expand_all` lists each state's moves in the order of their successors' guide
    /// values (what depth-first search tries first is what the guide ranks best), and the
    /// order is not pile order alone (so the test could fail).
    #[test]
    fn moves_come_in_guide_order() {
        let mut reordered = 0;
        for r in FAMILY {
            let g = OntoWaste { rules: r };
            for n in [1, 2] {
                let mut s = g.pack(&g.deal(n)).unwrap();
                for _ in 0..60 {
                    let mut out = Vec::new();
                    g.expand_all(&s, &mut out);
                    let guides: Vec<u32> = out.iter().map(|x| g.guide(&x.state)).collect();
                    assert!(guides.is_sorted(), "{:?} deal {n}: {guides:?}", r.id);
                    let piles: Vec<u8> = out
                        .iter()
                        .filter_map(|x| match x.mv {
                            Move::Play { pile, .. } => Some(pile),
                            Move::Turn { .. } => None,
                        })
                        .collect();
                    reordered += usize::from(!piles.is_sorted());
                    // On along the last move listed (a turn when there is one).
                    let Some(last) = out.last() else { break };
                    s = last.state;
                }
            }
        }
        assert!(reordered > 0);
    }

    /// The walk count on its own: from a 7, one 6 and one 8 left (ranks all within reach,
    /// but after either the other is two ranks away) has no walk; a 6 and a 5 have one.
    #[test]
    fn the_walk_count_finds_what_the_ranks_in_reach_miss() {
        let g = OntoWaste {
            rules: &super::super::black_hole::RULES,
        };
        let state = |text: &str| g.pack(&g.read_black_hole_solver(text).unwrap()).unwrap();
        let stranded = state("Foundations: 7H\n6C\n8C\n");
        assert!(!g.walk_exists(&stranded));
        assert!(g.is_dead(&stranded));
        let chain = state("Foundations: 7H\n6C\n5C\n");
        assert!(g.walk_exists(&chain));
        assert!(!g.is_dead(&chain));
        // Around the wrap: from a King, an Ace then a Two.
        let wrap = state("Foundations: KH\n2C AC\n");
        assert!(g.walk_exists(&wrap) && !g.is_dead(&wrap));
    }

    /// The rank graph's edges ([`OntoWaste::rank_edges`]) are those [`Rules::fits`] allows,
    /// in every game of the family.
    #[test]
    fn rank_edges_follow_each_games_rules() {
        for r in FAMILY {
            let g = OntoWaste { rules: r };
            for i in 0..26 {
                // Node i: the upper rank i mod 13 for even i, the lower one for odd i.
                let (a, b) = ((i % 13) as u8 + 1, ((i + 1) % 13) as u8 + 1);
                let (upper, lower) = if i % 2 == 0 { (a, b) } else { (b, a) };
                assert_eq!(
                    g.rank_edges() >> i & 1 == 1,
                    r.fits(upper, Some(lower)),
                    "{:?} edge {i}",
                    r.id
                );
            }
        }
    }

    /// The predecessors count on its own, where the boundary is one card: from a 4 on the
    /// waste, three Fives need three cards of rank 4 or 6 under them; the top and a 6 in the
    /// stock are two (lost, though every rank is within reach and no King is left), while
    /// two Fives, or a 6 in the layout to go between them, make it (both won).
    #[test]
    fn the_predecessors_count_finds_what_the_other_counts_miss() {
        let golf = OntoWaste {
            rules: &super::super::golf::RULES,
        };
        let state =
            |g: &OntoWaste, text: &str| g.pack(&g.read_black_hole_solver(text).unwrap()).unwrap();
        let three = state(&golf, "Talon: 6H\nFoundations: 4H\n5C\n5D\n5S\n");
        assert!(!golf.predecessors_suffice(&three) && golf.is_dead(&three));
        let two = state(&golf, "Talon: 6H\nFoundations: 4H\n5C\n5D\n");
        assert!(golf.predecessors_suffice(&two) && !golf.is_dead(&two));
        let bridged = state(&golf, "Talon:\nFoundations: 4H\n5C\n5D 6S\n");
        assert!(golf.predecessors_suffice(&bridged) && !golf.is_dead(&bridged));
        let none = state(&golf, "Talon:\nFoundations: 4H\n5C\n5D\n");
        assert!(!golf.predecessors_suffice(&none) && golf.is_dead(&none));
        // Around the whole cycle of ranks (Black Hole): an Ace onto the King on the waste,
        // then a Two onto the Ace; two Aces alone have one King for both.
        let hole = OntoWaste {
            rules: &super::super::black_hole::RULES,
        };
        let wrap = state(&hole, "Foundations: KH\n2C AC\n");
        assert!(hole.predecessors_suffice(&wrap));
        let stranded = state(&hole, "Foundations: KH\nAC\nAD\n");
        assert!(!hole.predecessors_suffice(&stranded) && hole.is_dead(&stranded));
    }

    #[test]
    fn black_hole_solver_text_round_trips() {
        for r in FAMILY
            .iter()
            .filter(|r| r.covers.is_empty() && r.deck.jokers == 0)
        {
            let g = OntoWaste { rules: r };
            for n in [1, 2, 77] {
                let t = g.deal(n);
                let text = g.black_hole_solver_board(&t);
                let back = g.read_black_hole_solver(&text).unwrap();
                assert_eq!(
                    g.pack(&back).unwrap(),
                    g.pack(&t).unwrap(),
                    "{:?} {n}",
                    r.id
                );
                assert_eq!(g.black_hole_solver_board(&back), text);
            }
        }
    }
}
