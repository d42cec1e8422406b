//! Les quatre couleurs (the French course, annex 5.3).
//!
//! The 32 cards are dealt face down into four piles, one per suit (clubs, diamonds, hearts,
//! spades). The top card of the clubs pile is turned and slid face up under the pile of its
//! suit; then the top card of that pile is turned, and so on. The game stops when the pile
//! to turn from has no face-down card left (its last card was just slid under it); then all
//! face-down cards are turned up, and the game is won if every card lies in its suit's
//! pile. The seed says "one of the piles" starts; we start with clubs, the first. No choices.

use super::{
    check_partition, counter_in, expect_piles, shuffled_stock, BoardError, Game, GameId, GameInfo,
    OwnGame,
};
use crate::cards::{Card, DeckSpec, Suit};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// Pile labels, in suit order.
pub const PILES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// A move of Les quatre couleurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The top card of pile `from` is turned and slid under the pile of its suit.
    Turn {
        /// The card.
        card: Card,
        /// The pile it comes from (suit index).
        from: u8,
    },
    /// The game has stopped: every face-down card is turned up.
    Reveal,
}

/// The packed state: each pile bottom first (card bytes with the face-down bit), the pile
/// to turn from next, and whether the end has been revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    piles: [[u8; 32]; 4],
    lens: [u8; 4],
    next: u8,
    revealed: bool,
}

impl State {
    fn top(&self, p: usize) -> Option<Card> {
        (self.lens[p] > 0)
            .then(|| Card::from_index(self.piles[p][self.lens[p] as usize - 1] & 0x3f))
    }
    fn top_is_down(&self, p: usize) -> bool {
        self.lens[p] > 0 && self.piles[p][self.lens[p] as usize - 1] & 0x80 != 0
    }
    fn sorted(&self) -> bool {
        (0..4).all(|p| {
            self.piles[p][..self.lens[p] as usize]
                .iter()
                .all(|&b| usize::from((b & 0x3f) / 13) == p)
        })
    }
}

/// Les quatre couleurs.
#[derive(Clone, Copy, Debug, Default)]
pub struct C4;

/// Les quatre couleurs in the registry of own-rules games ([`own_games!`](crate::own_games)): its
/// catalogue entry, its deck and the game.
pub const GAME: OwnGame<C4> = OwnGame {
    info: GameInfo {
        id: "c4",
        name: "Les quatre couleurs",
        summary: "32 cards in four face-down piles, one per suit; each turned card goes under its suit's pile; won if every card ends in its suit's pile",
        source: "the French course, 5.3",
        deterministic: true,
        rules_version: 1,
    },
    deck: DeckSpec::PIQUET,
    game: C4,
};

impl Space for C4 {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.revealed && s.sorted()
    }
    fn key(&self, s: &State) -> State {
        *s
    }
    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if s.revealed {
            return;
        }
        let mut n = *s;
        let from = s.next as usize;
        if s.top_is_down(from) {
            let card = s.top(from).expect("non-empty");
            n.lens[from] -= 1;
            let to = card.suit_unchecked().index();
            let len = n.lens[to] as usize;
            n.piles[to].copy_within(0..len, 1);
            n.piles[to][0] = card.byte();
            n.lens[to] += 1;
            n.next = to as u8;
            out.push(Successor {
                mv: Move::Turn {
                    card,
                    from: from as u8,
                },
                state: n,
                cost: 1,
            });
        } else {
            for p in 0..4 {
                for b in n.piles[p].iter_mut() {
                    *b &= 0x3f;
                }
            }
            n.revealed = true;
            out.push(Successor {
                mv: Move::Reveal,
                state: n,
                cost: 1,
            });
        }
    }
}

impl Game for C4 {
    fn id(&self) -> GameId {
        GameId::C4
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(DeckSpec::PIQUET, n);
        let piles: Vec<usize> = PILES
            .iter()
            .map(|l| t.create_empty(l, Mode::Spread).expect("fresh"))
            .collect();
        for k in 0..32 {
            t.move_top_to_top(stock, piles[k % 4]).expect("32 cards");
        }
        t.remove_empty(stock).expect("dealt out");
        t.set_counter("next", 1);
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let ids = expect_piles(t, &PILES)?;
        check_partition(t, DeckSpec::PIQUET)?;
        let next = counter_in(t, "next", 1, 1..=4)? as u8 - 1;
        let revealed = counter_in(t, "revealed", 0, 0..=1)? == 1;
        let mut s = State {
            piles: [[0; 32]; 4],
            lens: [0; 4],
            next,
            revealed,
        };
        for (p, &id) in ids.iter().enumerate() {
            let cards = &t.piles[id].cards;
            // Face-down cards lie above the face-up ones, which are of the pile's own suit.
            let first_down = cards
                .iter()
                .position(|c| c.is_face_down())
                .unwrap_or(cards.len());
            if let Some(c) = cards[first_down..].iter().find(|c| c.is_face_up()) {
                return Err(BoardError::Impossible(format!(
                    "face-up {c} above face-down cards in pile '{}'",
                    PILES[p]
                )));
            }
            if let Some(c) = cards[..first_down]
                .iter()
                .find(|c| c.suit() != Some(Suit::ALL[p]))
            {
                if !revealed {
                    return Err(BoardError::Impossible(format!(
                        "face-up {c} in pile '{}' of another suit",
                        PILES[p]
                    )));
                }
            }
            for (i, c) in cards.iter().enumerate() {
                s.piles[p][i] = c.byte();
            }
            s.lens[p] = cards.len() as u8;
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Turn { card, from } => {
                format!(
                    "turn {card} from {} under {}",
                    PILES[from as usize],
                    PILES[card.suit_unchecked().index()]
                )
            }
            Move::Reveal => "reveal the face-down cards".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_gives_four_face_down_piles_of_eight() {
        let t = C4.deal(1);
        assert_eq!(t.piles.iter().filter(|p| p.active).count(), 4);
        let s = C4.pack(&t).unwrap();
        assert_eq!(s.lens, [8; 4]);
        assert!((0..4).all(|p| s.top_is_down(p)));
    }
}
