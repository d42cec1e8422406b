//! À la queue leu leu (the French course, annex 5.2), with 52 or 32 cards.
//!
//! Stock cards are turned one by one, each starting a new pile at the right of a line. Two
//! piles separated by exactly one pile are *playable* when their top cards share suit or
//! rank; then the pile between them goes onto its left neighbour. After every card the line
//! is made stable: the seed checks the rightmost pile against the third from the right and
//! repeats in cascade; we go on until no playable pair is left anywhere (the seed promises a
//! stable line), always taking the rightmost playable pair first. When the stock is empty the
//! line is treated as circular (the two leftmost piles follow the rightmost) and made stable
//! again. The game is won with two piles left. No choices: the outcome is exact.

use super::{
    check_partition, expect_faces, shuffled_stock, BoardError, Game, GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// A move of À la queue leu leu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The stock's top card starts a new pile at the right end of the line.
    Deal {
        /// The card.
        card: Card,
    },
    /// The pile at `pile` (0-based place in the line) goes onto its left neighbour (the
    /// last pile when `pile` is 0, once the stock is empty and the line is circular).
    Gather {
        /// 0-based place of the moved pile.
        pile: u8,
        /// Its top card.
        card: Card,
    },
}

/// The packed state: the stock and the top card of every pile of the line (only tops
/// matter to the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    stock: [u8; 52],
    tops: [u8; 52],
    stock_len: u8,
    line_len: u8,
}

fn playable(a: u8, b: u8) -> bool {
    let (a, b) = (Card::from_index(a), Card::from_index(b));
    a.same_suit(b) || a.same_rank(b)
}

impl State {
    /// The place of the pile to gather, if the line is not stable: the rightmost playable
    /// pair first; once the stock is empty, the circular pairs (rightmost first).
    fn unstable_at(&self) -> Option<usize> {
        let n = self.line_len as usize;
        if n < 3 {
            return None;
        }
        let linear = (0..n - 2)
            .rev()
            .find(|&i| playable(self.tops[i], self.tops[i + 2]))
            .map(|i| i + 1);
        if linear.is_some() || self.stock_len > 0 {
            return linear;
        }
        // Circular pairs: (n-1, 1) around pile 0, then (n-2, 0) around pile n-1.
        if playable(self.tops[n - 1], self.tops[1]) {
            Some(0)
        } else if playable(self.tops[n - 2], self.tops[0]) {
            Some(n - 1)
        } else {
            None
        }
    }
    /// The number of piles in the line.
    pub fn line_len(&self) -> usize {
        self.line_len as usize
    }
}

/// À la queue leu leu with the given deck (52 or 32 cards).
#[derive(Clone, Copy, Debug)]
pub struct Qll {
    /// The deck.
    pub deck: DeckSpec,
}

/// À la queue leu leu with 52 cards in the registry of own-rules games
/// ([`own_games!`](crate::own_games)): its catalogue entry, its deck and the game.
pub const GAME: OwnGame<Qll> = OwnGame {
    info: GameInfo {
        id: "qll",
        name: "À la queue leu leu (52 cards)",
        summary: "52 cards dealt in a line; a pile between two piles whose tops share suit or rank goes onto its left neighbour; won with two piles left",
        source: "the French course, 5.2",
        deterministic: true,
        rules_version: 1,
    },
    deck: DeckSpec::FULL,
    game: Qll {
        deck: DeckSpec::FULL,
    },
};

/// À la queue leu leu with 32 cards in the registry of own-rules games
/// ([`own_games!`](crate::own_games)): its catalogue entry, its deck and the game.
pub const GAME_32: OwnGame<Qll> = OwnGame {
    info: GameInfo {
        id: "qll-32",
        name: "À la queue leu leu (32 cards)",
        summary: "the same with the 32-card deck",
        source: "the French course, 5.2",
        deterministic: true,
        rules_version: 1,
    },
    deck: DeckSpec::PIQUET,
    game: Qll {
        deck: DeckSpec::PIQUET,
    },
};

impl Space for Qll {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.stock_len == 0 && s.line_len == 2
    }
    fn key(&self, s: &State) -> State {
        *s
    }
    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let mut n = *s;
        if let Some(m) = s.unstable_at() {
            let len = s.line_len as usize;
            let left = if m == 0 { len - 1 } else { m - 1 };
            let card = Card::from_index(s.tops[m]);
            n.tops[left] = s.tops[m];
            n.tops.copy_within(m + 1..len, m);
            n.line_len -= 1;
            out.push(Successor {
                mv: Move::Gather {
                    pile: m as u8,
                    card,
                },
                state: n,
                cost: 1,
            });
        } else if s.stock_len > 0 {
            let card = Card::from_index(s.stock[s.stock_len as usize - 1]);
            n.stock_len -= 1;
            n.tops[n.line_len as usize] = card.byte();
            n.line_len += 1;
            out.push(Successor {
                mv: Move::Deal { card },
                state: n,
                cost: 1,
            });
        }
    }
    fn heuristic(&self, s: &State) -> u32 {
        u32::from(s.stock_len) + u32::from(s.line_len.saturating_sub(2))
    }
}

/// A free label for a new pile of the line.
pub fn new_pile_label(t: &Table) -> String {
    (1..)
        .map(|k| format!("pile{k}"))
        .find(|l| t.find(l).is_none())
        .expect("unbounded")
}

impl Game for Qll {
    fn id(&self) -> GameId {
        if self.deck.len() == 32 {
            GameId::Qll32
        } else {
            GameId::Qll
        }
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(self.deck, n);
        for _ in 0..2 {
            let p = t
                .create_empty(&new_pile_label(&t), Mode::Stacked)
                .expect("fresh label");
            t.move_top_to_top(stock, p).expect("full stock");
            t.flip_top(p).expect("non-empty");
        }
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let stock = t
            .find("stock")
            .ok_or_else(|| BoardError::MissingPile("stock".into()))?;
        check_partition(t, self.deck)?;
        expect_faces(t, stock, true)?;
        let mut s = State {
            stock: [0; 52],
            tops: [0; 52],
            stock_len: 0,
            line_len: 0,
        };
        for (i, c) in t.piles[stock].cards.iter().enumerate() {
            s.stock[i] = c.face_up().byte();
        }
        s.stock_len = t.piles[stock].height() as u8;
        for (i, p) in t
            .piles
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != stock && p.active)
        {
            expect_faces(t, i, false)?;
            let top = p.top().ok_or_else(|| {
                BoardError::Impossible(format!("line pile '{}' is empty", p.label))
            })?;
            s.tops[s.line_len as usize] = top.byte();
            s.line_len += 1;
        }
        if s.line_len < 2 && s.stock_len > 0 {
            return Err(BoardError::Impossible(
                "the line starts with two piles".into(),
            ));
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Deal { card } => format!("deal {card}"),
            Move::Gather { pile, card } => {
                format!("gather pile {} ({card}) onto its left neighbour", pile + 1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn state(stock: &str, tops: &str) -> State {
        let mut s = State {
            stock: [0; 52],
            tops: [0; 52],
            stock_len: 0,
            line_len: 0,
        };
        for (i, c) in parse_cards(stock).unwrap().iter().enumerate() {
            s.stock[i] = c.byte();
            s.stock_len += 1;
        }
        for (i, c) in parse_cards(tops).unwrap().iter().enumerate() {
            s.tops[i] = c.byte();
            s.line_len += 1;
        }
        s
    }

    #[test]
    fn rightmost_pair_first_then_circular_at_the_end() {
        // 7C . 9C . KC: both pairs playable; the rightmost (9C, KC) goes first.
        assert_eq!(state("2D", "7C 8H 9C TD KC").unstable_at(), Some(3));
        // No linear pair; stock not empty: stable.
        assert_eq!(state("2D", "7C 8H 9D").unstable_at(), None);
        // With the stock empty the line is circular: 7C (last) and 7H (second) around 2C.
        assert_eq!(state("", "2C 7H 9D 3S 7C").unstable_at(), Some(0));
        assert_eq!(state("8D", "2C 7H 9D 3S 7C").unstable_at(), None);
        // 2S (fourth) and 2C (first) around the last pile.
        assert_eq!(state("", "2C 7H 9D 2S 5S").unstable_at(), Some(4));
    }

    #[test]
    fn deal_forms_two_piles() {
        let q = Qll {
            deck: DeckSpec::PIQUET,
        };
        let t = q.deal(3);
        let s = q.pack(&t).unwrap();
        assert_eq!((s.stock_len, s.line_len), (30, 2));
    }
}
