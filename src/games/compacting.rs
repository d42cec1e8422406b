//! The games of cards on a line that closes up: AisleRiot's Monte Carlo, Neighbor
//! (Le Voisin), Quatorze and Accordion. One engine, [`Compacting`]; each game is a file
//! holding its [`Rules`] (a constant) and its deals, and one line in the registry.
//!
//! The cards lie face up on a line of *slots* (Monte Carlo, Neighbor and Quatorze: 25 slots
//! read as a grid of five rows of five, in reading order; Accordion: 52 slots, AisleRiot's
//! rows of nine being only a way to show one line). Cards leave the line in pairs that
//! [`Match`] and [`Touch`] (Neighbor's Kings alone), or, in Accordion, a card covers a
//! matching card one or three slots to its left, which leaves. The line then *closes up*:
//! the cards after a gap move left, keeping their order (the leftmost card of a grid row
//! going to the rightmost slot of the row above), and the slots left empty at the end take
//! the stock's next cards, face up, while it lasts. [`Close`] says when: in Monte Carlo only
//! when the player deals (a move), in Neighbor and Accordion at once after every removal,
//! in Quatorze the emptied slots take the stock's cards at once, and the line closes up only
//! once the stock is out. The stock's order is the deal's: nothing is shuffled again.
//!
//! # The packed state
//! A state is the line (a card byte per slot, or [`EMPTY`]), the stock's cards in dealing
//! order and how many have been dealt. Within a search every state descends from one start,
//! so the stock's cards are the start's and the dealt count says which are left: the key
//! ([`Compacting`]'s `Space::key`) is the line's slots, six bits each, and the dealt count,
//! packed in five `u64` words, with nothing left out. The engine makes no reduction.

use super::{check_partition, expect_faces, expect_piles, BoardError, Game, GameId, GameInfo};
use super::{shuffled_stock, OwnGame};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The label of the stock.
pub const STOCK: &str = "stock";
/// The label of the pile where removed cards lie (every card of the deck is on the board).
pub const REMOVED: &str = "removed";
/// The byte of an empty slot.
pub const EMPTY: u8 = 0xFF;
/// The most slots a line may have.
pub const MAX_SLOTS: usize = 52;
/// The most cards a stock may hold.
pub const MAX_STOCK: usize = 27;

/// The labels of the slots, in reading order: "1", "2", ...
pub const LABELS: [&str; MAX_SLOTS] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33",
    "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49",
    "50", "51", "52",
];

/// Which two cards go together (ranks: Ace 1, Jack 11, Queen 12, King 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// Two cards of one rank (Monte Carlo).
    SameRank,
    /// Two cards whose ranks make this total (Neighbor 13, Quatorze 14).
    Total(u8),
    /// Two cards of one suit or of one rank (Accordion).
    SuitOrRank,
}

/// Where the two cards must lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// Next to each other on the grid: across, up and down, or diagonally.
    Around,
    /// In one row or one column of the grid, however far apart.
    RowOrColumn,
    /// Accordion: the card moved lies one or three slots right of the card it covers, which
    /// leaves the line; the moved card takes its slot.
    LeftOneOrThree,
}

/// When the line closes up and takes the stock's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Close {
    /// When the player deals (Monte Carlo's click on the stock): the line closes up and the
    /// slots left empty at its end take the stock's cards; a deal that changes nothing is no
    /// move. Between deals, removed cards leave gaps.
    OnDeal,
    /// At once after every removal (Neighbor, Accordion).
    AtOnce,
    /// Quatorze: the emptied slots take the stock's next cards at once (the dragged card's
    /// slot first); once the stock is out, the line closes up instead.
    RefillThenClose,
}

/// When a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every card removed, the stock's too.
    AllGone,
    /// One card left (Accordion).
    OneLeft,
}

/// One game of the family.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
    /// The number of slots of the line; the rest of the deck is the stock.
    pub slots: u8,
    /// The grid's columns (the slots are read row by row); Accordion's line has one row.
    pub cols: u8,
    /// Which two cards go together.
    pub matches: Match,
    /// Where they must lie.
    pub touch: Touch,
    /// A rank removed alone, if any (Neighbor's King).
    pub alone: Option<u8>,
    /// When the line closes up.
    pub close: Close,
    /// When the game is won.
    pub goal: Goal,
    /// Deal `n` of our numbering.
    pub deal: fn(u64) -> Table,
}

impl Rules {
    /// The number of slots.
    pub const fn slots(&self) -> usize {
        self.slots as usize
    }

    /// The cards dealt to the stock.
    pub const fn stock(&self) -> usize {
        52 - self.slots as usize
    }

    /// Whether the cards with bytes `a` and `b` (suit · 13 + rank − 1) go together.
    pub fn cards_match(&self, a: u8, b: u8) -> bool {
        let (ra, rb) = (a % 13 + 1, b % 13 + 1);
        match self.matches {
            Match::SameRank => ra == rb,
            Match::Total(t) => ra + rb == t,
            Match::SuitOrRank => ra == rb || a / 13 == b / 13,
        }
    }

    /// Whether slots `i` and `j` (0-based, `i` < `j`) lie where a pair may be taken
    /// ([`Touch::Around`] or [`Touch::RowOrColumn`]).
    pub fn touching(&self, i: usize, j: usize) -> bool {
        let c = self.cols as usize;
        let (ri, ci, rj, cj) = (i / c, i % c, j / c, j % c);
        match self.touch {
            Touch::Around => ri.abs_diff(rj) <= 1 && ci.abs_diff(cj) <= 1,
            Touch::RowOrColumn => ri == rj || ci == cj,
            Touch::LeftOneOrThree => matches!(j - i, 1 | 3),
        }
    }

    /// The labels of the board's piles: the stock (if the game has one), the slots, removed.
    pub fn labels(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.stock() > 0 {
            v.push(STOCK);
        }
        v.extend(&LABELS[..self.slots()]);
        v.push(REMOVED);
        v
    }
}

/// A move. Every card it names is face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Two cards that go together, removed. `first` is the card dragged: in Quatorze its
    /// slot takes the stock's next card first. In the other games the engine names the
    /// card of the earlier slot first.
    Pair {
        /// The card dragged.
        first: Card,
        /// The card it is dropped on.
        second: Card,
    },
    /// A card of the rank removed alone.
    Single {
        /// The card.
        card: Card,
    },
    /// Accordion: `card` moved onto `covered`, one or three slots to its left, which leaves.
    Onto {
        /// The card moved.
        card: Card,
        /// The card it covers.
        covered: Card,
    },
    /// Monte Carlo: the line closed up and its empty end filled from the stock.
    Deal,
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The slots' cards, or [`EMPTY`].
    line: [u8; MAX_SLOTS],
    /// The stock's cards in dealing order (the dealt ones included).
    stock: [u8; MAX_STOCK],
    /// The stock cards of this position.
    stock_len: u8,
    /// How many of them have been dealt.
    dealt: u8,
}

impl State {
    /// The cards still in the stock.
    pub fn stock_left(&self) -> usize {
        usize::from(self.stock_len - self.dealt)
    }
}

/// The engine of the family, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct Compacting {
    /// The game's rules.
    pub rules: &'static Rules,
}

/// A game of the family in the registry of own-rules games: its catalogue entry, the full
/// deck, and the engine on its rules.
pub const fn descriptor(info: GameInfo, rules: &'static Rules) -> OwnGame<Compacting> {
    OwnGame {
        info,
        deck: DeckSpec::FULL,
        game: Compacting { rules },
    }
}

impl Compacting {
    fn n(&self) -> usize {
        self.rules.slots()
    }

    /// The cards left (line and stock).
    pub fn cards_left(&self, s: &State) -> u32 {
        s.line[..self.n()].iter().filter(|&&c| c != EMPTY).count() as u32 + s.stock_left() as u32
    }

    /// What a player sees of `s` and what lies hidden: each slot's card (or none), in
    /// reading order, and the stock's cards still to come, the next first.
    pub fn position(&self, s: &State) -> (Vec<Option<Card>>, Vec<Card>) {
        let line = s.line[..self.n()]
            .iter()
            .map(|&c| (c != EMPTY).then(|| Card::from_index(c)))
            .collect();
        let stock = s.stock[s.dealt as usize..s.stock_len as usize]
            .iter()
            .map(|&c| Card::from_index(c))
            .collect();
        (line, stock)
    }

    /// The next stock card into slot `i`, if the stock has one.
    fn deal_into(s: &mut State, i: usize) -> bool {
        if s.dealt < s.stock_len {
            s.line[i] = s.stock[s.dealt as usize];
            s.dealt += 1;
            true
        } else {
            false
        }
    }

    /// The line closed up (its cards moved left in order over the gaps) and the empty slots
    /// at its end filled from the stock while it lasts.
    fn close_up(&self, s: &mut State) {
        let n = self.n();
        let mut k = 0;
        for i in 0..n {
            let c = s.line[i];
            if c != EMPTY {
                s.line[k] = c;
                k += 1;
            }
        }
        for i in k..n {
            s.line[i] = EMPTY;
            Self::deal_into(s, i);
        }
    }

    /// `s` after the cards of slots `first` and `second` (if any) are removed, the line
    /// settled as the rules say.
    fn remove(&self, s: &State, first: usize, second: Option<usize>) -> State {
        let mut n = *s;
        n.line[first] = EMPTY;
        if let Some(j) = second {
            n.line[j] = EMPTY;
        }
        match self.rules.close {
            Close::OnDeal => {}
            Close::AtOnce => self.close_up(&mut n),
            Close::RefillThenClose => {
                let filled = Self::deal_into(&mut n, first)
                    && second.is_none_or(|j| Self::deal_into(&mut n, j));
                if !filled {
                    self.close_up(&mut n);
                }
            }
        }
        n
    }

    /// Every legal move of `s` with its successor.
    pub fn expand_all(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let n = self.n();
        let r = self.rules;
        let card = |i: usize| Card::from_index(s.line[i]);
        if r.touch == Touch::LeftOneOrThree {
            // From the line's left end, one slot before three: the order that leaves the
            // fewest deals undecided.
            for i in 0..n {
                if s.line[i] == EMPTY {
                    continue;
                }
                for d in [1, 3] {
                    if i < d || s.line[i - d] == EMPTY || !r.cards_match(s.line[i], s.line[i - d]) {
                        continue;
                    }
                    let mut next = *s;
                    next.line[i - d] = s.line[i];
                    next.line[i] = EMPTY;
                    self.close_up(&mut next);
                    out.push(Successor {
                        mv: Move::Onto {
                            card: card(i),
                            covered: card(i - d),
                        },
                        state: next,
                        cost: 1,
                    });
                }
            }
            return;
        }
        // Both orders where the order of a pair decides which slot takes which stock card.
        let ordered = r.close == Close::RefillThenClose && s.dealt < s.stock_len;
        for i in 0..n {
            if s.line[i] == EMPTY {
                continue;
            }
            if r.alone == Some(s.line[i] % 13 + 1) {
                out.push(Successor {
                    mv: Move::Single { card: card(i) },
                    state: self.remove(s, i, None),
                    cost: 1,
                });
            }
            for j in i + 1..n {
                if s.line[j] == EMPTY || !r.touching(i, j) || !r.cards_match(s.line[i], s.line[j]) {
                    continue;
                }
                out.push(Successor {
                    mv: Move::Pair {
                        first: card(i),
                        second: card(j),
                    },
                    state: self.remove(s, i, Some(j)),
                    cost: 1,
                });
                if ordered {
                    out.push(Successor {
                        mv: Move::Pair {
                            first: card(j),
                            second: card(i),
                        },
                        state: self.remove(s, j, Some(i)),
                        cost: 1,
                    });
                }
            }
        }
        if r.close == Close::OnDeal {
            let mut next = *s;
            self.close_up(&mut next);
            if next != *s {
                out.push(Successor {
                    mv: Move::Deal,
                    state: next,
                    cost: 1,
                });
            }
        }
    }
}

impl Space for Compacting {
    type State = State;
    type Key = [u64; 5];
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        match self.rules.goal {
            Goal::AllGone => self.cards_left(s) == 0,
            Goal::OneLeft => self.cards_left(s) == 1,
        }
    }

    fn key(&self, s: &State) -> [u64; 5] {
        // Slot i's six bits at bit 6i (an empty slot 63), the dealt count in the last six.
        let mut k = [0u64; 5];
        for i in 0..self.n() {
            let v = u64::from(s.line[i].min(63));
            let b = 6 * i;
            k[b / 64] |= v << (b % 64);
            if b % 64 > 58 {
                k[b / 64 + 1] |= v >> (64 - b % 64);
            }
        }
        k[4] |= u64::from(s.dealt) << 58;
        k
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        self.expand_all(s, out);
    }

    fn heuristic(&self, s: &State) -> u32 {
        match self.rules.goal {
            // A move removes at most two cards.
            Goal::AllGone => self.cards_left(s).div_ceil(2),
            // A move removes one card.
            Goal::OneLeft => self.cards_left(s).saturating_sub(1),
        }
    }
}

/// Deal `n` of our numbering: the shuffled deck's top cards onto the slots in reading
/// order, face up; the rest stays in the stock, face down (a game without a stock loses
/// the empty stock pile); then the removed cards' pile, empty.
pub fn our_deal(rules: &'static Rules, n: u64) -> Table {
    let (mut t, stock) = shuffled_stock(DeckSpec::FULL, n);
    for l in &LABELS[..rules.slots()] {
        let p = t.create_empty(l, Mode::Spread).expect("fresh");
        t.move_top_to_top(stock, p).expect("enough cards");
        t.flip_top(p).expect("one card");
    }
    if rules.stock() == 0 {
        t.remove_empty(stock).expect("dealt out");
    }
    t.create_empty(REMOVED, Mode::Stacked).expect("fresh");
    t
}

impl Game for Compacting {
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
            line: [EMPTY; MAX_SLOTS],
            stock: [0; MAX_STOCK],
            stock_len: 0,
            dealt: 0,
        };
        for (i, l) in LABELS[..r.slots()].iter().enumerate() {
            let p = id(l);
            expect_faces(t, p, false)?;
            let cards = &t.piles[p].cards;
            if cards.len() > 1 {
                return Err(impossible(format!(
                    "slot '{l}' holds {} cards: a slot holds one at most",
                    cards.len()
                )));
            }
            if let Some(c) = cards.first() {
                s.line[i] = c.byte();
            }
        }
        expect_faces(t, id(REMOVED), false)?;
        if r.stock() > 0 {
            let p = id(STOCK);
            expect_faces(t, p, true)?;
            let stock: Vec<Card> = t.piles[p].cards.iter().rev().copied().collect();
            if stock.len() > r.stock() {
                return Err(impossible(format!(
                    "the stock holds {} cards; the deal leaves {}",
                    stock.len(),
                    r.stock()
                )));
            }
            for (k, c) in stock.iter().enumerate() {
                s.stock[k] = c.face_up().byte();
            }
            s.stock_len = stock.len() as u8;
        }
        let line = &s.line[..r.slots()];
        if let Some(gap) = line.iter().position(|&c| c == EMPTY) {
            let later = line[gap..].iter().any(|&c| c != EMPTY);
            match r.close {
                Close::OnDeal => {}
                Close::AtOnce | Close::RefillThenClose if s.stock_len > 0 => {
                    return Err(impossible(format!(
                        "slot '{}' is empty while the stock is not: an emptied slot is filled at once",
                        gap + 1
                    )));
                }
                _ if later => {
                    return Err(impossible(format!(
                        "slot '{}' is empty while a later slot holds a card: the line closes up at once",
                        gap + 1
                    )));
                }
                _ => {}
            }
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Pair { first, second } => format!("{first}+{second}"),
            Move::Single { card } => card.to_string(),
            Move::Onto { card, covered } => format!("{card}>{covered}"),
            Move::Deal => "deal".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_keeps_every_slot_and_the_dealt_count() {
        let g = Compacting {
            rules: &super::super::accordion::RULES,
        };
        let s = g.pack(&g.deal(1)).unwrap();
        let k = g.key(&s);
        for i in 0..52 {
            let mut t = s;
            t.line[i] = EMPTY;
            assert_ne!(g.key(&t), k, "slot {i}");
            for j in 0..52 {
                if j != i {
                    let mut t = s;
                    t.line.swap(i, j);
                    assert_ne!(g.key(&t), k, "slots {i} and {j}");
                }
            }
        }
        let mut t = s;
        t.dealt = 1;
        assert_ne!(g.key(&t), k);
    }

    #[test]
    fn grid_touching() {
        let m = &super::super::monte_carlo::RULES;
        assert!(m.touching(0, 1) && m.touching(0, 5) && m.touching(0, 6));
        assert!(!m.touching(4, 5) && m.touching(4, 8) && m.touching(4, 9) && !m.touching(0, 2));
        let q = &super::super::quatorze::RULES;
        assert!(q.touching(0, 4) && q.touching(0, 20) && !q.touching(0, 6) && !q.touching(4, 5));
    }
}
