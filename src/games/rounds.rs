//! The games whose stock deals one card onto each of four piles a round, and whose cards
//! leave those piles: AisleRiot's Fortunes and First Law. One engine, [`Rounds`]; each
//! game is a file holding its [`Rules`] (a constant) and one line in the registry.
//!
//! # The layout
//! A stock, face down, and four piles, face up (AisleRiot turns every card it deals to
//! them). Clicking the stock deals its next four cards, one onto each pile from the first.
//! Every game of the family starts with the whole deck in the stock and the piles empty, and
//! removes cards from the piles' tops onto a pile of removed cards (AisleRiot throws them
//! away; the board keeps them so that every card of the deck is somewhere). The rules say
//! which cards are removed ([`Removal`]), which cards move between piles ([`Shifts`]),
//! whether an empty stock takes the piles back ([`Rules::gather`]) and when the game is won
//! ([`Won`]).
//!
//! # The packed state
//! The cards in play in one array: the stock in dealing order (the next card dealt first),
//! then each pile from its bottom card up, and the five lengths. Bytes past the cards in play
//! are zero, so the state is its own exact key. The removed cards are the deck's cards not in
//! play; the order in which they were removed is the one thing the state forgets, and no rule
//! reads it (ARCHITECTURE.md, "Reductions"). Once the stock is out, in the games whose rules
//! never tell the piles apart ([`Rounds::piles_interchangeable`]: Fortunes), the key sorts
//! the piles by their bottom cards; while the stock holds cards it never does, since each
//! deal puts its i-th card on pile i.

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

/// Which cards leave the piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// A pile's top card, when another pile's top card is of its suit and higher, Aces high
    /// (Fortunes).
    LowerOfSuit,
    /// The four top cards together, when the four piles hold cards and their tops are of one
    /// rank (First Law).
    FourOfARank,
}

/// Which cards move from pile to pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shifts {
    /// Any card of a pile, with the cards on it, onto an empty pile (Fortunes).
    RunsToEmpty,
    /// A pile's top card onto the leftmost pile to its left whose top card is of its rank,
    /// unless the four tops are of one rank (then a click removes them: First Law).
    SameRankLeftmost,
}

/// When the game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    /// The stock is out and each pile holds exactly one card (Fortunes: the four Aces, which
    /// never leave).
    OneCardEach,
    /// Every card is removed (First Law).
    AllRemoved,
}

/// One game of the family.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
    /// Which cards leave the piles.
    pub removal: Removal,
    /// Which cards move between piles.
    pub shifts: Shifts,
    /// Whether a click on the empty stock gathers the piles back into it, unlimited: the
    /// fourth pile onto the stock, then the third, second and first, each turned over card
    /// by card (AisleRiot's `flip-deck`), so that the next deals give the first pile's cards
    /// from its bottom up, then the second's, the third's and the fourth's.
    pub gather: bool,
    /// When the game is won.
    pub won: Won,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The stock's next four cards, one onto each pile (names no card: they are hidden).
    Deal,
    /// The piles gathered back into the empty stock ([`Rules::gather`]).
    Gather,
    /// A pile's top card removed ([`Removal::LowerOfSuit`]).
    Remove {
        /// The pile, from 0.
        pile: u8,
        /// The card.
        card: Card,
    },
    /// The four top cards removed ([`Removal::FourOfARank`]); `card` is the first pile's.
    RemoveFour {
        /// The first pile's top card.
        card: Card,
    },
    /// `count` cards, `card` the lowest of them in its pile, from pile `from` onto pile `to`.
    Shift {
        /// The pile they leave, from 0.
        from: u8,
        /// The pile they go onto, from 0.
        to: u8,
        /// The card at the bottom of the cards moved.
        card: Card,
        /// How many cards move.
        count: u8,
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

/// A card byte's suit.
fn suit(byte: u8) -> u8 {
    byte / 13
}

/// A card byte's value with Aces high: 2 to 14.
fn ace_high(byte: u8) -> u8 {
    match rank(byte) {
        1 => 14,
        r => r,
    }
}

/// The engine of the family, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct Rounds {
    /// The game's rules.
    pub rules: &'static Rules,
}

impl Rounds {
    /// Whether no rule tells the piles apart once the stock is out: the removal looks at
    /// every other pile's top ([`Removal::LowerOfSuit`]), a group goes onto any empty pile
    /// ([`Shifts::RunsToEmpty`]), no gathering reads the piles' order, and neither way to
    /// win names a pile. Then a permutation of the piles maps moves to moves and wins to
    /// wins, and the key sorts them (Fortunes). First Law's moves go leftwards and its
    /// gathering stacks the piles in order: never there.
    pub fn piles_interchangeable(&self) -> bool {
        self.rules.removal == Removal::LowerOfSuit
            && self.rules.shifts == Shifts::RunsToEmpty
            && !self.rules.gather
    }

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
        let tops: [Option<u8>; 4] = std::array::from_fn(top);
        let four = tops.iter().all(|t| t.is_some())
            && tops.iter().all(|t| t.map(rank) == tops[0].map(rank));
        match self.rules.removal {
            Removal::LowerOfSuit => {
                for p in 0..4 {
                    let Some(c) = tops[p] else { continue };
                    let higher = (0..4).any(|q| {
                        q != p
                            && tops[q]
                                .is_some_and(|d| suit(d) == suit(c) && ace_high(d) > ace_high(c))
                    });
                    if higher {
                        push(
                            out,
                            Move::Remove {
                                pile: p as u8,
                                card: Card::from_index(c),
                            },
                            State::build(without(p, 1), [None; 5]),
                        );
                    }
                }
            }
            Removal::FourOfARank => {
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
                }
            }
        }
        match self.rules.shifts {
            Shifts::RunsToEmpty => {
                for to in (0..4).filter(|&e| piles[e].is_empty()) {
                    for from in (0..4).filter(|&p| !piles[p].is_empty()) {
                        let pile = piles[from];
                        for start in 0..pile.len() {
                            let mut q = without(from, pile.len() - start);
                            q[to + 1] = &pile[start..];
                            push(
                                out,
                                Move::Shift {
                                    from: from as u8,
                                    to: to as u8,
                                    card: Card::from_index(pile[start]),
                                    count: (pile.len() - start) as u8,
                                },
                                State::build(q, [None; 5]),
                            );
                        }
                    }
                }
            }
            Shifts::SameRankLeftmost if !four => {
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
                            count: 1,
                        },
                        State::build(without(from, 1), extra),
                    );
                }
            }
            Shifts::SameRankLeftmost => {}
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
        } else if stock.is_empty() && self.rules.gather && s.in_play() > 0 {
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
        match self.rules.won {
            Won::OneCardEach => s.len == [0, 1, 1, 1, 1],
            Won::AllRemoved => s.in_play() == 0,
        }
    }

    fn key(&self, s: &State) -> State {
        if s.len[0] == 0 && self.piles_interchangeable() {
            // The stock is out: the piles sorted by their bottom cards, empty piles last
            // (ARCHITECTURE.md, "Reductions").
            let parts = s.parts();
            let mut piles = [parts[1], parts[2], parts[3], parts[4]];
            piles.sort_by_key(|p| p.first().copied().unwrap_or(u8::MAX));
            State::build([&[], piles[0], piles[1], piles[2], piles[3]], [None; 5])
        } else {
            *s
        }
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        self.moves(s, out);
    }

    fn heuristic(&self, s: &State) -> u32 {
        match self.rules.won {
            // A move removes at most one card, and four stay.
            Won::OneCardEach => s.in_play().saturating_sub(4),
            // A move removes at most four cards.
            Won::AllRemoved => s.in_play().div_ceil(4),
        }
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
        match self.rules.removal {
            Removal::LowerOfSuit => {
                if let Some(a) = removed.iter().find(|c| c.byte() % 13 == 0) {
                    return impossible(format!(
                        "{a} is removed: no card of its suit is higher, so an Ace never leaves"
                    ));
                }
            }
            Removal::FourOfARank => {
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
            }
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
            Move::Remove { pile, card } => format!("remove {card} from {}", PILES[pile as usize]),
            Move::RemoveFour { card } => {
                format!("remove the four {}s", card.rank_unchecked().letter())
            }
            Move::Shift {
                from,
                to,
                card,
                count: 1,
            } => format!(
                "{card} from {} to {}",
                PILES[from as usize], PILES[to as usize]
            ),
            Move::Shift {
                from,
                to,
                card,
                count,
            } => format!(
                "{card} and {} on it from {} to {}",
                count - 1,
                PILES[from as usize],
                PILES[to as usize]
            ),
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
    /// the cards in play are zero; checked on every state reached (up to 20,000) from deal 3
    /// of each game.
    #[test]
    fn built_states_keep_zeros_past_the_cards_in_play() {
        for g in [
            Rounds {
                rules: &super::super::fortunes::RULES,
            },
            Rounds {
                rules: &super::super::first_law::RULES,
            },
        ] {
            let start = g.pack(&g.deal(3)).unwrap();
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
            assert!(seen.len() > 100, "{:?}: {}", g.rules.id, seen.len());
        }
    }
}
