//! Montée-Descente (the French course, annex 5.4).
//!
//! 32 cards. Stock cards are turned one by one. A card may go *up* onto its suit's series
//! (7, 8, ..., K, A, starting from an empty series with the 7) or *down* onto one of four
//! storage piles whose top card has an equal or higher rank (any card on an empty storage
//! pile). Right after a card went up, storage top cards may be *raised* onto the series one
//! by one. The game is lost when the turned card can go nowhere, won when the four series
//! are complete.
//!
//! The player chooses between storage piles (and may park a card that could go up), so the
//! solver decides each deal. Two dominances, proven in the comments of [`Md::forced`],
//! keep every win while cutting the choices; storage piles are interchangeable, so the
//! transposition key sorts them.

use super::{
    check_partition, counter_in, expect_faces, expect_piles, shuffled_stock, BoardError, Game,
    GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec, Rank, Suit};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// Series labels, in suit order.
pub const SERIES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
/// Storage pile labels.
pub const STORES: [&str; 4] = ["store1", "store2", "store3", "store4"];

/// A move of Montée-Descente.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The turned card goes up onto its suit's series.
    Up {
        /// The card.
        card: Card,
    },
    /// The turned card goes down onto storage pile `store` (0-based).
    Down {
        /// The card.
        card: Card,
        /// The storage pile.
        store: u8,
    },
    /// The top card of storage pile `store` is raised onto its series.
    Raise {
        /// The card.
        card: Card,
        /// The storage pile.
        store: u8,
    },
}

/// The packed state: the stock, the height of each series, the storage piles (bottom first,
/// concatenated) and whether raising is allowed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    stock: [u8; 32],
    stock_len: u8,
    series: [u8; 4],
    store: [[u8; 32]; 4],
    store_len: [u8; 4],
    may_raise: bool,
}

/// The place of a rank in a series: 7 is 0, ..., K is 6, A is 7.
fn step(rank: Rank) -> u8 {
    if rank == Rank::Ace {
        7
    } else {
        rank.value() - 7
    }
}

fn card(b: u8) -> Card {
    Card::from_index(b)
}

impl State {
    fn fits_series(&self, c: Card) -> bool {
        self.series[c.suit_unchecked().index()] == step(c.rank_unchecked())
    }
    fn fits_store(&self, c: Card, i: usize) -> bool {
        match self.store_top(i) {
            None => true,
            Some(t) => step(c.rank_unchecked()) <= step(t.rank_unchecked()),
        }
    }
    fn store_top(&self, i: usize) -> Option<Card> {
        let l = self.store_len[i] as usize;
        (l > 0).then(|| card(self.store[i][l - 1]))
    }
    fn stock_top(&self) -> Option<Card> {
        (self.stock_len > 0).then(|| card(self.stock[self.stock_len as usize - 1]))
    }
    fn is_won(&self) -> bool {
        self.series == [8; 4]
    }
    fn up(&self, c: Card) -> State {
        let mut n = *self;
        n.stock_len -= 1;
        n.series[c.suit_unchecked().index()] += 1;
        n.may_raise = true;
        n
    }
    fn down(&self, c: Card, i: usize) -> State {
        let mut n = *self;
        n.stock_len -= 1;
        n.store[i][n.store_len[i] as usize] = c.byte();
        n.store_len[i] += 1;
        n.may_raise = false;
        n
    }
    fn raise(&self, c: Card, i: usize) -> State {
        let mut n = *self;
        n.store_len[i] -= 1;
        n.series[c.suit_unchecked().index()] += 1;
        n
    }
    /// The number of cards on the series.
    pub fn on_series(&self) -> u32 {
        self.series.iter().map(|&h| u32::from(h)).sum()
    }
}

/// The exact transposition key: cards left in the stock, the raise flag and the storage
/// piles in sorted order (the stock order is fixed for a search, and the series are the
/// turned cards not in storage, so they follow).
pub type Key = [u8; 40];

/// Montée-Descente.
#[derive(Clone, Copy, Debug, Default)]
pub struct Md;

/// Montée-Descente in the registry of own-rules games ([`own_games!`](crate::own_games)): its
/// catalogue entry, its deck and the game.
pub const GAME: OwnGame<Md> = OwnGame {
    info: GameInfo {
        id: "md",
        name: "Montée-Descente",
        summary: "32 cards; build four suit runs 7 to A from the stock, parking cards on four storage piles that only take equal or lower ranks",
        source: "the French course, 5.4",
        deterministic: false,
        rules_version: 1,
    },
    deck: DeckSpec::PIQUET,
    game: Md,
};

impl Space for Md {
    type State = State;
    type Key = Key;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.is_won()
    }

    fn key(&self, s: &State) -> Key {
        let mut piles: [&[u8]; 4] = [&[]; 4];
        for (i, p) in piles.iter_mut().enumerate() {
            *p = &s.store[i][..s.store_len[i] as usize];
        }
        piles.sort_unstable();
        let mut k = [0u8; 40];
        k[0] = s.stock_len;
        k[1] = u8::from(s.may_raise);
        let mut at = 2;
        for p in piles {
            k[at..at + p.len()].copy_from_slice(p);
            at += p.len();
            k[at] = 0xFF;
            at += 1;
        }
        k
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if s.is_won() {
            return;
        }
        if s.may_raise {
            for i in 0..4 {
                if let Some(c) = s.store_top(i) {
                    if s.fits_series(c) {
                        out.push(Successor {
                            mv: Move::Raise {
                                card: c,
                                store: i as u8,
                            },
                            state: s.raise(c, i),
                            cost: 1,
                        });
                    }
                }
            }
        }
        if let Some(c) = s.stock_top() {
            if s.fits_series(c) {
                out.push(Successor {
                    mv: Move::Up { card: c },
                    state: s.up(c),
                    cost: 1,
                });
            }
            for i in 0..4 {
                if s.fits_store(c, i) {
                    out.push(Successor {
                        mv: Move::Down {
                            card: c,
                            store: i as u8,
                        },
                        state: s.down(c, i),
                        cost: 1,
                    });
                }
            }
        }
    }

    /// Two dominances, each keeping every win:
    ///
    /// 1. Raising a storage top that fits its series, when raising is allowed. Let A be the
    ///    position after the raise and B the one before. A copies any line from B, skipping
    ///    B's eventual raise of that card: every storage top of A is the card under it in B,
    ///    of equal or higher rank, so every card B puts down A may put down too; A's series
    ///    are ahead by that one card; and raising stays allowed in A exactly when it is in B.
    /// 2. Putting the turned card up when it fits its series, rather than down: the same
    ///    argument, with the card sitting on a storage pile in B.
    fn forced(&self, s: &State) -> Option<Successor<Move, State>> {
        if s.is_won() {
            return None;
        }
        if s.may_raise {
            for i in 0..4 {
                if let Some(c) = s.store_top(i) {
                    if s.fits_series(c) {
                        return Some(Successor {
                            mv: Move::Raise {
                                card: c,
                                store: i as u8,
                            },
                            state: s.raise(c, i),
                            cost: 1,
                        });
                    }
                }
            }
        }
        let c = s.stock_top()?;
        s.fits_series(c).then(|| Successor {
            mv: Move::Up { card: c },
            state: s.up(c),
            cost: 1,
        })
    }

    fn heuristic(&self, s: &State) -> u32 {
        // Every card not on a series needs at least one more move.
        32 - s.on_series()
    }
}

impl Game for Md {
    fn id(&self) -> GameId {
        GameId::Md
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, _stock) = shuffled_stock(DeckSpec::PIQUET, n);
        for l in SERIES.iter().chain(STORES.iter()) {
            t.create_empty(l, Mode::Stacked).expect("fresh label");
        }
        t.set_counter("raise", 0);
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let mut labels = vec!["stock"];
        labels.extend(SERIES);
        labels.extend(STORES);
        let ids = expect_piles(t, &labels)?;
        check_partition(t, DeckSpec::PIQUET)?;
        expect_faces(t, ids[0], true)?;
        for &p in &ids[1..] {
            expect_faces(t, p, false)?;
        }
        let may_raise = counter_in(t, "raise", 0, 0..=1)? == 1;
        let mut s = State {
            stock: [0; 32],
            stock_len: 0,
            series: [0; 4],
            store: [[0; 32]; 4],
            store_len: [0; 4],
            may_raise,
        };
        for (i, c) in t.piles[ids[0]].cards.iter().enumerate() {
            s.stock[i] = c.face_up().byte();
        }
        s.stock_len = t.piles[ids[0]].height() as u8;
        for suit in Suit::ALL {
            let p = &t.piles[ids[1 + suit.index()]];
            for (i, c) in p.cards.iter().enumerate() {
                if c.suit() != Some(suit) || step(c.rank_unchecked()) as usize != i {
                    return Err(BoardError::Impossible(format!(
                        "series '{}' must run 7, 8, ... of {} (found {c} at place {})",
                        p.label,
                        suit.name(),
                        i + 1
                    )));
                }
            }
            s.series[suit.index()] = p.height() as u8;
        }
        for i in 0..4 {
            let p = &t.piles[ids[5 + i]];
            for (k, c) in p.cards.iter().enumerate() {
                if k > 0 && step(c.rank_unchecked()) > step(p.cards[k - 1].rank_unchecked()) {
                    return Err(BoardError::Impossible(format!(
                        "storage pile '{}' has {c} on a lower card",
                        p.label
                    )));
                }
                s.store[i][k] = c.face_up().byte();
            }
            s.store_len[i] = p.height() as u8;
        }
        Ok(s)
    }

    fn has_first_fit(&self) -> bool {
        true
    }

    /// The seed's way of playing: up whenever possible, raise whatever fits, otherwise the
    /// first storage pile that takes the card.
    fn first_fit(&self, s: &State) -> Option<Successor<Move, State>> {
        if let Some(f) = self.forced(s) {
            return Some(f);
        }
        let mut out = Vec::new();
        self.expand(s, &mut out);
        out.into_iter().next()
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Up { card } => format!("{card} up to {}", SERIES[card.suit_unchecked().index()]),
            Move::Down { card, store } => format!("{card} down to {}", STORES[store as usize]),
            Move::Raise { card, store } => format!(
                "{card} raised from {} to {}",
                STORES[store as usize],
                SERIES[card.suit_unchecked().index()]
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_ignores_the_order_of_storage_piles() {
        let s = Md.pack(&Md.deal(4)).unwrap();
        let c = s.stock_top().unwrap();
        let a = s.down(c, 0);
        let b = s.down(c, 2);
        assert_ne!(a, b);
        assert_eq!(Md.key(&a), Md.key(&b));
        assert_ne!(Md.key(&a), Md.key(&s));
    }

    #[test]
    fn forced_moves_are_legal_moves() {
        for d in 1..50 {
            let mut s = Md.pack(&Md.deal(d)).unwrap();
            while let Some(f) = Md.first_fit(&s) {
                let mut all = Vec::new();
                Md.expand(&s, &mut all);
                assert!(all.iter().any(|x| x.mv == f.mv && x.state == f.state));
                s = f.state;
            }
        }
    }
}
