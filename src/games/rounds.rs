//! The games whose stock deals one card onto each of four piles a round, and whose cards
//! leave those piles: AisleRiot's First Law. One engine, [`Rounds`]; a game is a file
//! holding its [`Rules`] (a constant) and one line in the registry. (AisleRiot's Fortunes
//! deals the same way; it is not here yet: its exhaustive search needs a reduction first.)
//!
//! # The layout
//! A stock, face down, and four piles, face up (AisleRiot turns every card it deals to
//! them). Clicking the stock deals its next four cards, one onto each pile from the first.
//! Every game of the family starts with the whole deck in the stock and the piles empty, and
//! removes cards from the piles' tops onto a pile of removed cards (AisleRiot throws them
//! away; the board keeps them so that every card of the deck is somewhere).
//!
//! # First Law's rules
//! A pile's top card moves onto the leftmost pile to its left whose top card is of its
//! rank, unless the four piles hold cards and their tops are of one rank: then a click on
//! any of them removes the four. A click on the empty stock gathers the piles back into it,
//! unlimited: the fourth pile onto the stock, then the third, second and first, each turned
//! over card by card (AisleRiot's `flip-deck`), so that the next deals give the first pile's
//! cards from its bottom up, then the second's, the third's and the fourth's. Won when every
//! card is removed.
//!
//! # The packed state
//! The cards in play in one array: the stock in dealing order (the next card dealt first),
//! then each pile from its bottom card up, and the five lengths. Bytes past the cards in play
//! are zero, so the state is its own exact key. The removed cards are the deck's cards not in
//! play; the order in which they were removed is the one thing the state forgets, and no rule
//! reads it (ARCHITECTURE.md, "Reductions").

use super::{check_partition, expect_faces, expect_piles, BoardError, Game, GameId, GameInfo};
use super::{shuffled_stock, OwnGame};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The label of the stock.
pub const STOCK: &str = "stock";
/// The label of the removed cards' pile.
pub const REMOVED: &str = "removed";
/// The labels of the four piles.
pub const PILES: [&str; 4] = ["1", "2", "3", "4"];

/// One game of the family.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The stock's next four cards, one onto each pile (names no card: they are hidden).
    Deal,
    /// The piles gathered back into the empty stock.
    Gather,
    /// The four top cards, of one rank, removed; `card` is the first pile's.
    RemoveFour {
        /// The first pile's top card.
        card: Card,
    },
    /// A pile's top card onto another pile.
    Shift {
        /// The pile it leaves, from 0.
        from: u8,
        /// The pile it goes onto, from 0.
        to: u8,
        /// The card.
        card: Card,
    },
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The stock in dealing order, then the piles from their bottom cards up; zeros after.
    cards: [u8; 52],
    /// The stock's length, then the piles'.
    len: [u8; 5],
}

impl State {
    /// The stock (the next card dealt first) and the four piles (bottom card first).
    pub fn parts(&self) -> [&[u8]; 5] {
        let mut out: [&[u8]; 5] = [&[]; 5];
        let mut at = 0;
        for (k, o) in out.iter_mut().enumerate() {
            let n = self.len[k] as usize;
            *o = &self.cards[at..at + n];
            at += n;
        }
        out
    }

    /// The cards in play.
    pub fn in_play(&self) -> u32 {
        self.len.iter().map(|&n| u32::from(n)).sum()
    }

    /// The cards left in the stock.
    pub fn stock_left(&self) -> usize {
        usize::from(self.len[0])
    }

    /// The state holding `parts` (stock, then piles), each followed by its `extra` card.
    fn build(parts: [&[u8]; 5], extra: [Option<u8>; 5]) -> State {
        let mut s = State {
            cards: [0; 52],
            len: [0; 5],
        };
        let mut at = 0;
        for k in 0..5 {
            let p = parts[k];
            s.cards[at..at + p.len()].copy_from_slice(p);
            at += p.len();
            let mut n = p.len();
            if let Some(c) = extra[k] {
                s.cards[at] = c;
                at += 1;
                n += 1;
            }
            s.len[k] = n as u8;
        }
        s
    }
}

/// A card byte's rank, 1 (Ace) to 13 (King).
fn rank(byte: u8) -> u8 {
    byte % 13 + 1
}

/// The engine of the family, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct Rounds {
    /// The game's rules.
    pub rules: &'static Rules,
}

impl Rounds {
    /// Every legal move of `s` with its successor.
    fn moves(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let parts = s.parts();
        let piles = &parts[1..];
        let top = |p: usize| piles[p].last().copied();
        let push = |out: &mut Vec<Successor<Move, State>>, mv: Move, state: State| {
            out.push(Successor { mv, state, cost: 1 })
        };
        let without = |p: usize, n: usize| {
            let mut q = parts;
            q[p + 1] = &piles[p][..piles[p].len() - n];
            q
        };
        let tops: Vec<Option<u8>> = (0..4).map(top).collect();
        let four = tops.iter().all(|t| t.is_some())
            && tops.iter().all(|t| t.map(rank) == tops[0].map(rank));
        if four {
            let mut q = parts;
            for p in 0..4 {
                q[p + 1] = &piles[p][..piles[p].len() - 1];
            }
            push(
                out,
                Move::RemoveFour {
                    card: Card::from_index(tops[0].expect("four tops")),
                },
                State::build(q, [None; 5]),
            );
        } else {
            for from in 1..4 {
                let Some(c) = tops[from] else { continue };
                let Some(to) = (0..from).find(|&q| tops[q].is_some_and(|d| rank(d) == rank(c)))
                else {
                    continue;
                };
                let mut extra = [None; 5];
                extra[to + 1] = Some(c);
                push(
                    out,
                    Move::Shift {
                        from: from as u8,
                        to: to as u8,
                        card: Card::from_index(c),
                    },
                    State::build(without(from, 1), extra),
                );
            }
        }
        let stock = parts[0];
        if stock.len() >= 4 {
            let mut q = parts;
            q[0] = &stock[4..];
            let extra = [
                None,
                Some(stock[0]),
                Some(stock[1]),
                Some(stock[2]),
                Some(stock[3]),
            ];
            push(out, Move::Deal, State::build(q, extra));
        } else if stock.is_empty() && s.in_play() > 0 {
            // The piles lie in the array in order, bottom cards first, right after the empty
            // stock: gathered, they are the stock in dealing order as they lie.
            let mut n = *s;
            n.len = [s.len.iter().sum(), 0, 0, 0, 0];
            push(out, Move::Gather, n);
        }
    }
}

impl Space for Rounds {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.in_play() == 0
    }

    fn key(&self, s: &State) -> State {
        *s
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        self.moves(s, out);
    }

    fn heuristic(&self, s: &State) -> u32 {
        // A move removes at most four cards.
        s.in_play().div_ceil(4)
    }
}

/// A game of the family in the registry of own-rules games: its catalogue entry, the full
/// deck, and the engine on its rules.
pub const fn descriptor(info: GameInfo, rules: &'static Rules) -> OwnGame<Rounds> {
    OwnGame {
        info,
        deck: DeckSpec::FULL,
        game: Rounds { rules },
    }
}

/// Deal `n` of our numbering: the shuffled deck is the stock (its top card dealt first), the
/// four piles and the removed cards' pile empty.
pub fn our_deal(n: u64) -> Table {
    let (mut t, _) = shuffled_stock(DeckSpec::FULL, n);
    for l in PILES {
        t.create_empty(l, Mode::Spread).expect("fresh");
    }
    t.create_empty(REMOVED, Mode::Stacked).expect("fresh");
    t
}

impl Game for Rounds {
    fn id(&self) -> GameId {
        self.rules.id
    }

    fn deal(&self, n: u64) -> Table {
        our_deal(n)
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let mut labels = vec![STOCK];
        labels.extend(PILES);
        labels.push(REMOVED);
        let ids = expect_piles(t, &labels)?;
        check_partition(t, DeckSpec::FULL)?;
        expect_faces(t, ids[0], true)?;
        for &i in &ids[1..] {
            expect_faces(t, i, false)?;
        }
        let impossible = |why: String| Err(BoardError::Impossible(why));
        let stock = &t.piles[ids[0]].cards;
        if !stock.len().is_multiple_of(4) {
            return impossible(format!(
                "the stock holds {} cards: it is dealt four at a time and only ever holds a multiple of four",
                stock.len()
            ));
        }
        let removed = &t.piles[ids[5]].cards;
        let mut count = [0; 13];
        for c in removed {
            count[c.byte() as usize % 13] += 1;
        }
        if let Some(r) = (0..13).find(|&r| count[r] % 4 != 0) {
            return impossible(format!(
                "{} cards of rank {} are removed: cards leave four of a rank at a time",
                count[r],
                crate::cards::Rank::from_value(r as u8 + 1).letter()
            ));
        }
        let stock_order: Vec<u8> = stock.iter().rev().map(|c| c.face_up().byte()).collect();
        let piles: Vec<Vec<u8>> = ids[1..5]
            .iter()
            .map(|&i| t.piles[i].cards.iter().map(|c| c.byte()).collect())
            .collect();
        Ok(State::build(
            [&stock_order, &piles[0], &piles[1], &piles[2], &piles[3]],
            [None; 5],
        ))
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Deal => "deal".into(),
            Move::Gather => "gather".into(),
            Move::RemoveFour { card } => {
                format!("remove the four {}s", card.rank_unchecked().letter())
            }
            Move::Shift { from, to, card } => {
                format!(
                    "{card} from {} to {}",
                    PILES[from as usize], PILES[to as usize]
                )
            }
        }
    }

    fn verbose_notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Deal => "Deal a card from the stock onto each pile".into(),
            Move::Gather => "Gather the piles back into the stock".into(),
            _ => self.notation(mv),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Within a search equal keys are equal states: the key is the state, whose bytes past
    /// the cards in play are zero; checked on every state reached (up to 20,000) from deals
    /// 3 and 4.
    #[test]
    fn built_states_keep_zeros_past_the_cards_in_play() {
        let g = Rounds {
            rules: &super::super::first_law::RULES,
        };
        for n in [3, 4] {
            let start = g.pack(&g.deal(n)).unwrap();
            let mut seen = std::collections::HashSet::from([start]);
            let mut frontier = vec![start];
            let mut out = Vec::new();
            while let Some(s) = frontier.pop() {
                if seen.len() > 20_000 {
                    break;
                }
                let n = s.in_play() as usize;
                assert!(s.cards[n..].iter().all(|&b| b == 0), "{s:?}");
                out.clear();
                g.expand(&s, &mut out);
                for x in &out {
                    if seen.insert(x.state) {
                        frontier.push(x.state);
                    }
                }
            }
            assert!(seen.len() > 100, "deal {n}: {}", seen.len());
        }
    }
}
