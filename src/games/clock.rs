//! Clock (the AisleRiot manual, "Horloge"; mechanics as in AisleRiot's clock.scm).
//!
//! Twelve piles of four face-down cards stand at the hours of a clock and four more form the
//! centre, whose top card is turned up. A turned card of rank 1 (Ace) to 12 (Queen) goes
//! face up onto the pile of its hour, and that pile's bottom card comes out onto the centre,
//! face up. A King stays in the centre: the centre's bottom card comes to its top, face up.
//! The game ends when a King lies on top of the centre and the centre's bottom card is face
//! up (the fourth King); it is won when every card is face up. No choices: the outcome is
//! exact, and the literature's win probability is exactly 1/13.
//!
//! The manual also counts a face-down card that lies on its own hour; AisleRiot's code and
//! the literature do not, and neither do we.

use super::{
    check_partition, expect_piles, shuffled_stock, BoardError, Game, GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec, Rank};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// Pile labels: the twelve hours, then the centre.
pub const PILES: [&str; 13] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "centre",
];
/// The index of the centre pile.
pub const CENTRE: usize = 12;

/// A move of Clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The centre's top card (Ace to Queen) goes to its hour.
    Play {
        /// The card.
        card: Card,
    },
    /// A King is on top of the centre: the centre's bottom card comes to the top.
    King {
        /// The King.
        card: Card,
    },
}

/// The packed state: thirteen piles of exactly four card bytes each, bottom first, with the
/// face-down bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    piles: [[u8; 4]; 13],
}

const DOWN: u8 = 0x80;

impl State {
    fn face_up_count(&self) -> usize {
        self.piles
            .iter()
            .flatten()
            .filter(|&&b| b & DOWN == 0)
            .count()
    }
}

/// Clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock;

/// Clock in the registry of own-rules games ([`own_games!`](crate::own_games)): its catalogue
/// entry, its deck and the game.
pub const GAME: OwnGame<Clock> = OwnGame {
    info: GameInfo {
        id: "clock",
        name: "Clock (Horloge)",
        summary: "52 cards in twelve clock piles and a centre; each turned card goes to its hour and frees the pile's bottom card; won when every card is turned up",
        source: "AisleRiot manual ('Horloge') and AisleRiot's clock.scm",
        deterministic: true,
        rules_version: 1,
    },
    deck: DeckSpec::FULL,
    game: Clock,
};

impl Space for Clock {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.face_up_count() == 52
    }
    fn key(&self, s: &State) -> State {
        *s
    }
    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let centre = s.piles[CENTRE];
        let top = Card::from_index(centre[3] & 0x3f);
        if centre[3] & DOWN != 0 {
            return; // not a position of the game (the packer refuses it)
        }
        let mut n = *s;
        if top.rank_unchecked() == Rank::King {
            if centre[0] & DOWN == 0 {
                return; // the fourth King: game over
            }
            n.piles[CENTRE] = [centre[1], centre[2], centre[3], centre[0] & !DOWN];
            out.push(Successor {
                mv: Move::King { card: top },
                state: n,
                cost: 1,
            });
        } else {
            let hour = top.rank_unchecked().value() as usize - 1;
            let pile = s.piles[hour];
            n.piles[hour] = [pile[1], pile[2], pile[3], top.byte()];
            n.piles[CENTRE][3] = pile[0] & !DOWN;
            out.push(Successor {
                mv: Move::Play { card: top },
                state: n,
                cost: 1,
            });
        }
    }
    fn heuristic(&self, s: &State) -> u32 {
        // Each move turns at most one card face up.
        52 - s.face_up_count() as u32
    }
}

impl Game for Clock {
    fn id(&self) -> GameId {
        GameId::Clock
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(DeckSpec::FULL, n);
        let piles: Vec<usize> = PILES
            .iter()
            .map(|l| t.create_empty(l, Mode::Spread).expect("fresh"))
            .collect();
        for k in 0..48 {
            t.move_top_to_top(stock, piles[k % 12]).expect("52 cards");
        }
        t.set_mode(piles[CENTRE], Mode::Stacked).expect("active");
        t.set_mode(stock, Mode::Stacked).expect("active");
        t.put_pile_on_pile(stock, piles[CENTRE]).expect("same mode");
        t.remove_empty(stock).expect("dealt out");
        t.flip_top(piles[CENTRE]).expect("four cards");
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let ids = expect_piles(t, &PILES)?;
        check_partition(t, DeckSpec::FULL)?;
        let mut s = State {
            piles: [[0; 4]; 13],
        };
        for (p, &id) in ids.iter().enumerate() {
            let cards = &t.piles[id].cards;
            if cards.len() != 4 {
                return Err(BoardError::Impossible(format!(
                    "pile '{}' holds {} cards, not 4",
                    PILES[p],
                    cards.len()
                )));
            }
            for (i, c) in cards.iter().enumerate() {
                s.piles[p][i] = c.byte();
            }
        }
        if s.piles[CENTRE][3] & DOWN != 0 {
            return Err(BoardError::Impossible(
                "the centre's top card must lie face up".into(),
            ));
        }
        for (p, pile) in s.piles.iter().take(12).enumerate() {
            // Face-up cards of an hour are its own rank and lie above its face-down ones.
            let first_up = pile.iter().position(|b| b & DOWN == 0).unwrap_or(4);
            for &b in &pile[first_up..] {
                let c = Card::from_index(b & 0x3f);
                if b & DOWN != 0 || c.rank_unchecked().value() as usize != p + 1 {
                    return Err(BoardError::Impossible(format!(
                        "pile '{}' has {} out of place",
                        PILES[p],
                        Card::from_index(b & 0x3f)
                    )));
                }
            }
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Play { card } => format!(
                "{card} to {}",
                PILES[card.rank_unchecked().value() as usize - 1]
            ),
            Move::King { card } => format!("{card} stays: centre's bottom card up"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_has_twelve_hours_and_a_centre_of_four() {
        let t = Clock.deal(1);
        let s = Clock.pack(&t).unwrap();
        assert_eq!(s.face_up_count(), 1);
        assert_eq!(t.piles.iter().filter(|p| p.active).count(), 13);
    }

    #[test]
    fn every_deal_ends_with_the_fourth_king_on_top() {
        for d in 1..200 {
            let mut s = Clock.pack(&Clock.deal(d)).unwrap();
            let mut out = Vec::new();
            loop {
                out.clear();
                Clock.expand(&s, &mut out);
                assert!(out.len() <= 1);
                match out.pop() {
                    Some(x) => s = x.state,
                    None => break,
                }
            }
            assert!(s.piles[CENTRE]
                .iter()
                .all(|&b| Card::from_index(b & 0x3f).rank_unchecked() == Rank::King));
        }
    }
}
