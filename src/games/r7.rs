//! Relais des 7 (the French course, annex 5.1).
//!
//! The four 7s start four suit runs. Stock cards are turned one by one: a card goes on top
//! of its suit's run if it is the next rank up, under it if it is the next rank down
//! (circularly: A follows K and 2 follows A), and otherwise onto the waste. After each card
//! placed on the line, waste cards are played onto the line one after another while they
//! fit. When the stock is empty, the waste turned over becomes the stock; the game is lost
//! if the runs are not complete after three passes. No choices: the outcome is exact.

use super::{
    check_partition, counter_in, expect_faces, expect_piles, shuffled_stock, BoardError, Game,
    GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec, Rank, Suit};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The number of passes over the stock.
pub const PASSES: u8 = 3;
/// Pile labels of the four runs, in suit order.
pub const SERIES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// A move of Relais des 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The stock's top card goes onto (or, `under`, beneath) its suit's run.
    StockToLine {
        /// The card.
        card: Card,
        /// Whether it goes under the run.
        under: bool,
    },
    /// The stock's top card goes onto the waste.
    StockToWaste {
        /// The card.
        card: Card,
    },
    /// The waste's top card goes onto (or beneath) its suit's run.
    WasteToLine {
        /// The card.
        card: Card,
        /// Whether it goes under the run.
        under: bool,
    },
    /// The waste, turned over, becomes the stock for the next pass.
    Redeal,
}

/// The packed state: stock and waste as card bytes, each run as how far it reaches below
/// and above its 7, the pass and whether the waste may be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    stock: [u8; 48],
    waste: [u8; 48],
    stock_len: u8,
    waste_len: u8,
    below: [u8; 4],
    above: [u8; 4],
    pass: u8,
    after_hit: bool,
}

/// The position of a rank in the circular order that starts at 7.
fn offset(card: Card) -> u8 {
    (card.rank_unchecked().value() + 13 - 7) % 13
}

impl State {
    fn fits(&self, card: Card) -> Option<bool> {
        let s = card.suit_unchecked().index();
        let (lo, hi) = (self.below[s], self.above[s]);
        if lo + hi + 1 >= 13 {
            return None;
        }
        let p = offset(card);
        if p == hi + 1 {
            Some(false)
        } else if p == 12 - lo {
            Some(true)
        } else {
            None
        }
    }
    fn place(&mut self, card: Card, under: bool) {
        let s = card.suit_unchecked().index();
        if under {
            self.below[s] += 1;
        } else {
            self.above[s] += 1;
        }
    }
    fn is_won(&self) -> bool {
        (0..4).all(|s| self.below[s] + self.above[s] + 1 == 13)
    }
    /// The pass in progress (1-based).
    pub fn pass(&self) -> u8 {
        self.pass
    }
}

/// Relais des 7.
#[derive(Clone, Copy, Debug, Default)]
pub struct R7;

/// Relais des 7 in the registry of own-rules games ([`own_games!`](crate::own_games)): its
/// catalogue entry, its deck and the game.
pub const GAME: OwnGame<R7> = OwnGame {
    info: GameInfo {
        id: "r7",
        name: "Relais des 7",
        summary: "52 cards; the four 7s start circular suit runs built up and down from the stock, with the waste replayed after each hit; 3 passes",
        source: "the French course, 5.1",
        deterministic: true,
        rules_version: 1,
    },
    deck: DeckSpec::FULL,
    game: R7,
};

impl Space for R7 {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.is_won()
    }
    fn key(&self, s: &State) -> State {
        *s
    }
    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if s.is_won() {
            return;
        }
        let mut n = *s;
        if s.after_hit && s.waste_len > 0 {
            let card = Card::from_index(s.waste[s.waste_len as usize - 1]);
            if let Some(under) = s.fits(card) {
                n.waste_len -= 1;
                n.place(card, under);
                out.push(Successor {
                    mv: Move::WasteToLine { card, under },
                    state: n,
                    cost: 1,
                });
                return;
            }
        }
        if s.stock_len > 0 {
            let card = Card::from_index(s.stock[s.stock_len as usize - 1]);
            n.stock_len -= 1;
            let mv = match s.fits(card) {
                Some(under) => {
                    n.place(card, under);
                    n.after_hit = true;
                    Move::StockToLine { card, under }
                }
                None => {
                    n.waste[n.waste_len as usize] = card.byte();
                    n.waste_len += 1;
                    n.after_hit = false;
                    Move::StockToWaste { card }
                }
            };
            out.push(Successor {
                mv,
                state: n,
                cost: 1,
            });
        } else if s.pass < PASSES && s.waste_len > 0 {
            let len = s.waste_len as usize;
            for i in 0..len {
                n.stock[i] = s.waste[len - 1 - i];
            }
            n.stock_len = s.waste_len;
            n.waste_len = 0;
            n.pass += 1;
            n.after_hit = false;
            out.push(Successor {
                mv: Move::Redeal,
                state: n,
                cost: 1,
            });
        }
    }
    fn heuristic(&self, s: &State) -> u32 {
        // Every card not yet on the line needs at least one more move.
        u32::from(s.stock_len) + u32::from(s.waste_len)
    }
}

impl Game for R7 {
    fn id(&self) -> GameId {
        GameId::R7
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(DeckSpec::FULL, n);
        let waste = t.create_empty("waste", Mode::Stacked).expect("new label");
        debug_assert_eq!(waste, 1);
        for suit in Suit::ALL {
            let p = t
                .create_empty(SERIES[suit.index()], Mode::Spread)
                .expect("new label");
            t.move_card(suit, Rank::Seven, stock, p)
                .expect("the 7 is in the stock");
            t.flip_top(p).expect("non-empty");
        }
        t.set_counter("pass", 1);
        t.set_counter("hit", 0);
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let ids = expect_piles(
            t,
            &["stock", "waste", SERIES[0], SERIES[1], SERIES[2], SERIES[3]],
        )?;
        check_partition(t, DeckSpec::FULL)?;
        expect_faces(t, ids[0], true)?;
        for &p in &ids[1..] {
            expect_faces(t, p, false)?;
        }
        let pass = counter_in(t, "pass", 1, 1..=PASSES as u32)? as u8;
        let hit = counter_in(t, "hit", 0, 0..=1)? == 1;
        let mut s = State {
            stock: [0; 48],
            waste: [0; 48],
            stock_len: 0,
            waste_len: 0,
            below: [0; 4],
            above: [0; 4],
            pass,
            after_hit: hit,
        };
        for (k, pile) in [(0usize, ids[0]), (1, ids[1])] {
            let cards = &t.piles[pile].cards;
            if cards.len() > 48 {
                return Err(BoardError::Impossible(format!(
                    "pile '{}' holds more than 48 cards",
                    t.piles[pile].label
                )));
            }
            let arr = if k == 0 { &mut s.stock } else { &mut s.waste };
            for (i, c) in cards.iter().enumerate() {
                arr[i] = c.face_up().byte();
            }
            if k == 0 {
                s.stock_len = cards.len() as u8;
            } else {
                s.waste_len = cards.len() as u8;
            }
        }
        for suit in Suit::ALL {
            let pile = &t.piles[ids[2 + suit.index()]];
            let seven = pile
                .cards
                .iter()
                .position(|c| c.face_up() == Card::new(suit, Rank::Seven))
                .ok_or_else(|| {
                    BoardError::Impossible(format!(
                        "run '{}' must hold the 7 of {}",
                        pile.label,
                        suit.name()
                    ))
                })?;
            for (i, c) in pile.cards.iter().enumerate() {
                let want = (13 + i as i32 - seven as i32) % 13;
                if c.suit() != Some(suit) || i32::from(offset(*c)) != want {
                    return Err(BoardError::Impossible(format!(
                        "run '{}' is not an unbroken {} run through the 7 (card {} at place {})",
                        pile.label,
                        suit.name(),
                        c.face_up(),
                        i + 1
                    )));
                }
            }
            s.below[suit.index()] = seven as u8;
            s.above[suit.index()] = (pile.cards.len() - seven - 1) as u8;
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        let line = |card: Card, under: bool| {
            format!(
                "{} {} {}",
                card,
                if under { "under" } else { "onto" },
                SERIES[card.suit_unchecked().index()]
            )
        };
        match *mv {
            Move::StockToLine { card, under } => format!("stock: {}", line(card, under)),
            Move::StockToWaste { card } => format!("stock: {card} to waste"),
            Move::WasteToLine { card, under } => format!("waste: {}", line(card, under)),
            Move::Redeal => "redeal: waste turned over as stock".to_string(),
        }
    }

    fn pass_of_win(&self, start: &Table, moves: &[Move]) -> Option<u32> {
        let first = start.counter("pass").unwrap_or(1);
        Some(first + moves.iter().filter(|m| matches!(m, Move::Redeal)).count() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_puts_the_sevens_on_the_line_and_48_cards_in_the_stock() {
        let t = R7.deal(5);
        assert_eq!(t.piles[0].height(), 48);
        for (i, label) in SERIES.iter().enumerate() {
            let p = &t.piles[t.find(label).unwrap()];
            assert_eq!(p.cards, vec![Card::new(Suit::ALL[i], Rank::Seven)]);
        }
        let s = R7.pack(&t).unwrap();
        assert_eq!((s.stock_len, s.waste_len, s.pass), (48, 0, 1));
    }

    #[test]
    fn fits_follows_the_circular_order() {
        let mut s = R7.pack(&R7.deal(1)).unwrap();
        let c = |t: &str| crate::cards::parse_card(t).unwrap();
        assert_eq!(s.fits(c("8C")), Some(false));
        assert_eq!(s.fits(c("6C")), Some(true));
        assert_eq!(s.fits(c("9C")), None);
        s.above[0] = 6; // 7..K
        assert_eq!(s.fits(c("AC")), Some(false));
        s.above[0] = 7; // 7..A
        assert_eq!(s.fits(c("2C")), Some(false));
        s.above[0] = 11; // 7..5: only the 6 is missing, and it fits on top.
        assert_eq!(s.fits(c("6C")), Some(false));
        s.above[0] = 12;
        assert_eq!(s.fits(c("6C")), None);
    }

    #[test]
    fn the_engine_has_at_most_one_move() {
        let mut s = R7.pack(&R7.deal(9)).unwrap();
        let mut out = Vec::new();
        loop {
            out.clear();
            R7.expand(&s, &mut out);
            assert!(out.len() <= 1);
            match out.pop() {
                Some(succ) => s = succ.state,
                None => break,
            }
        }
        assert!(s.is_won() || (s.stock_len == 0 && s.pass == PASSES));
    }
}
