//! Maze (the AisleRiot manual, "Le labyrinthe"; AisleRiot's maze.scm decides the
//! details).
//!
//! Fifty-four slots in six rows of nine, read as one line row after row. The deal fills
//! every slot but the ninth and the eighteenth, one card each, face up; the four Kings are
//! then taken out, so 48 cards lie among six gaps. One card moves at a time, from anywhere
//! into a gap, when it follows the card on the gap's left or comes before the card on the
//! gap's right. "Follows" means one rank higher in the same suit, or any Ace after any
//! Queen (the suits then go on one after another); an Ace may also go into the first slot
//! and a Queen into the last. The game is won when the cards, read along the line and
//! skipping the gaps, start with an Ace and each follows the one before: four suits from
//! Ace to Queen, one after another, the gaps anywhere (maze.scm's score of 48).
//!
//! The board: one pile per slot, `a1` to `i6` (column letter, row number), and the pile
//! `kings`. Deal `n` lays the shuffled deck of deal `n` into the slots in reading order,
//! skipping `i1` and `i2`, then takes the Kings out (our numbering; AisleRiot's deck order
//! differs).
//!
//! The packed state is the grid (a card index or [`GAP`] per slot), each card's slot and
//! the six gaps; the key is the grid at six bits a slot, exact ([`super::slot_grid`]).

use super::slot_grid;
use super::{
    check_partition, expect_piles, shuffled_stock, BoardError, Game, GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The number of rows.
pub const ROWS: usize = 6;
/// The number of slots in a row.
pub const COLUMNS: usize = 9;
/// The number of slots.
pub const SLOTS: usize = ROWS * COLUMNS;
/// The number of gaps.
pub const GAPS: usize = 6;
/// The slots the deal leaves empty (`i1` and `i2`).
pub const DEALT_EMPTY: [usize; 2] = [8, 17];
/// An empty slot in the packed grid.
pub const GAP: u8 = 63;
/// The label of the pile holding the Kings taken out.
pub const KINGS: &str = "kings";

/// The label of slot `i` (reading order): its column as a letter `a` to `i`, its row 1 to 6.
pub fn slot_label(i: usize) -> String {
    super::slot_grid::slot_label(i, COLUMNS)
}

/// The labels of a board's piles: the slots row by row, then [`KINGS`].
pub fn labels() -> Vec<String> {
    super::slot_grid::labels(SLOTS, COLUMNS, KINGS)
}

/// A move: `card` goes into the gap at slot `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The card.
    pub card: Card,
    /// The slot (reading order, from 0).
    pub to: u8,
}

/// The exact key: the grid at six bits a slot (324 bits).
pub type Key = slot_grid::Key<6>;

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each slot's card index, or [`GAP`].
    grid: [u8; SLOTS],
    /// Each card's slot, by card index (the Kings' entries unused).
    slot: [u8; 52],
    /// The six gaps' slots.
    gaps: [u8; GAPS],
    /// The key, kept up to date move by move.
    key: Key,
}

impl State {
    /// The card in slot `i`, if any.
    pub fn at(&self, i: usize) -> Option<Card> {
        (self.grid[i] != GAP).then(|| Card::from_index(self.grid[i]))
    }
}

/// A card index's rank, 1 (Ace) to 13 (King).
fn rank(index: u8) -> u8 {
    index % 13 + 1
}

/// Whether the card `higher` follows `lower` along the line: one rank up in suit, or any
/// Ace after any Queen.
fn follows(lower: u8, higher: u8) -> bool {
    (rank(lower) == 12 && rank(higher) == 1) || (higher == lower + 1 && rank(higher) != 1)
}

/// The places along the line where a card does not follow the one before it (the first
/// card counts when it is not an Ace): zero exactly when the game is won. A move takes one
/// card out of the line, mending at most two such places, and puts it back in, mending at
/// most one, so a third of this, rounded up, is a lower bound on the moves left.
pub fn breaks(grid: &[u8; SLOTS]) -> u32 {
    let mut n = 0;
    let mut prev: Option<u8> = None;
    for &c in grid.iter().filter(|&&c| c != GAP) {
        let ok = match prev {
            None => rank(c) == 1,
            Some(p) => follows(p, c),
        };
        n += u32::from(!ok);
        prev = Some(c);
    }
    n
}

/// How far the line is from won, the guide of the searches: for each card from Ace to Jack,
/// the cards lying between it and its follower in suit along the line (gaps skipped), or,
/// when the follower lies before it, 48 less the cards between (the line must be gone round).
/// Zero exactly when the game is won: each suit then lies Ace to Queen without a break, so
/// the line is four such runs, and starts with an Ace. Greedy best-first search wins more
/// deals by this than by [`breaks`] or by the variants of it tried.
pub fn spread(grid: &[u8; SLOTS]) -> u32 {
    let mut pos = [0i32; 52];
    for (k, &c) in grid.iter().filter(|&&c| c != GAP).enumerate() {
        pos[c as usize] = k as i32;
    }
    let mut d = 0;
    for c in (0..52u8).filter(|&c| rank(c) <= 11) {
        let between = pos[c as usize + 1] - pos[c as usize] - 1;
        d += if between < 0 { 48 + between } else { between };
    }
    d as u32
}

/// Maze, the engine.
#[derive(Clone, Copy, Debug)]
pub struct Maze;

/// Maze in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Maze> = OwnGame {
    info: GameInfo {
        id: "maze",
        name: "Maze",
        summary: "54 slots in six rows of nine read as one line, 48 cards (Kings out), six gaps; a card moves into a gap after the card one below it in suit or before the card one above it, an Ace after any Queen or into the first slot, a Queen before any Ace or into the last; won when the line reads Ace to Queen of each suit, one suit after another",
        source: "AisleRiot manual ('Le labyrinthe') and AisleRiot's maze.scm",
        deterministic: false,
        rules_version: 1,
    },
    deck: DeckSpec::FULL,
    game: Maze,
};

impl Maze {
    fn place(s: &State, card: u8, to: usize) -> Successor<Move, State> {
        let mut n = *s;
        let from = s.slot[card as usize] as usize;
        n.grid[from] = GAP;
        n.grid[to] = card;
        n.slot[card as usize] = to as u8;
        let g = n
            .gaps
            .iter()
            .position(|&g| g as usize == to)
            .expect("a gap");
        n.gaps[g] = from as u8;
        n.key.flip(to, GAP ^ card);
        n.key.flip(from, GAP ^ card);
        Successor {
            mv: Move {
                card: Card::from_index(card),
                to: to as u8,
            },
            state: n,
            cost: 1,
        }
    }

    /// The cards that may go into the gap at `to`, at most eight, none twice.
    fn fitting(s: &State, to: usize) -> ([u8; 8], usize) {
        let mut cards = [0u8; 8];
        let mut n = 0;
        let mut add = |c: u8| {
            if !cards[..n].contains(&c) {
                cards[n] = c;
                n += 1;
            }
        };
        let aces = [0u8, 13, 26, 39];
        let queens = [11u8, 24, 37, 50];
        if to == 0 {
            aces.into_iter().for_each(&mut add);
        } else {
            let left = s.grid[to - 1];
            if left != GAP {
                if rank(left) == 12 {
                    aces.into_iter().for_each(&mut add);
                } else {
                    add(left + 1);
                }
            }
        }
        if to == SLOTS - 1 {
            queens.into_iter().for_each(&mut add);
        } else {
            let right = s.grid[to + 1];
            if right != GAP {
                if rank(right) == 1 {
                    queens.into_iter().for_each(&mut add);
                } else {
                    add(right - 1);
                }
            }
        }
        (cards, n)
    }
}

impl Space for Maze {
    type State = State;
    type Key = Key;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        breaks(&s.grid) == 0
    }

    fn key(&self, s: &State) -> Key {
        s.key
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if self.is_goal(s) {
            return;
        }
        for &to in &s.gaps {
            let (cards, n) = Self::fitting(s, to as usize);
            for &c in &cards[..n] {
                out.push(Self::place(s, c, to as usize));
            }
        }
    }

    fn heuristic(&self, s: &State) -> u32 {
        breaks(&s.grid).div_ceil(3)
    }

    fn guide(&self, s: &State) -> u32 {
        spread(&s.grid)
    }
}

impl Game for Maze {
    fn id(&self) -> GameId {
        GameId::Maze
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(DeckSpec::FULL, n);
        let slots: Vec<_> = (0..SLOTS)
            .map(|i| t.create_empty(&slot_label(i), Mode::Spread).expect("fresh"))
            .collect();
        let kings = t.create_empty(KINGS, Mode::Stacked).expect("fresh");
        for (i, &p) in slots.iter().enumerate() {
            if !DEALT_EMPTY.contains(&i) {
                t.move_top_to_top(stock, p).expect("52 cards");
                t.flip_top(p).expect("one card");
            }
        }
        for &p in &slots {
            if t.piles[p]
                .top()
                .is_some_and(|c| c.rank_unchecked().value() == 13)
            {
                t.move_top_to_top(p, kings).expect("one card");
            }
        }
        t.remove_empty(stock).expect("dealt out");
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let labels = labels();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let ids = expect_piles(t, &refs)?;
        check_partition(t, DeckSpec::FULL)?;
        let read = slot_grid::read_slots(t, &ids[..SLOTS], &labels, (13, "Kings"), GAP)?;
        let mut grid = [GAP; SLOTS];
        let mut slot = [0u8; 52];
        for (i, &c) in read.iter().enumerate() {
            grid[i] = c;
            if c != GAP {
                slot[c as usize] = i as u8;
            }
        }
        // The partition holds, no slot holds a King or two cards: the 48 others lie one a
        // slot, so exactly six slots are empty, and the Kings are in their pile.
        let mut gaps = [0u8; GAPS];
        for (g, i) in (0..SLOTS).filter(|&i| grid[i] == GAP).enumerate() {
            gaps[g] = i as u8;
        }
        Ok(State {
            grid,
            slot,
            gaps,
            key: Key::of(&grid),
        })
    }

    fn notation(&self, mv: &Move) -> String {
        format!("{} to {}", mv.card, slot_label(mv.to as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_has_six_gaps_and_the_kings_out() {
        let s = Maze.pack(&Maze.deal(7)).unwrap();
        assert_eq!(s.grid.iter().filter(|&&b| b == GAP).count(), GAPS);
        assert!(s.grid.iter().all(|&b| b == GAP || rank(b) != 13));
        for (i, &b) in s.grid.iter().enumerate() {
            if b != GAP {
                assert_eq!(s.slot[b as usize] as usize, i);
            }
        }
        assert_eq!(s.key, Key::of(&s.grid));
    }

    #[test]
    fn labels_read_as_a_grid() {
        assert_eq!(slot_label(0), "a1");
        assert_eq!(slot_label(8), "i1");
        assert_eq!(slot_label(9), "a2");
        assert_eq!(slot_label(53), "i6");
    }

    #[test]
    fn follows_wraps_from_queen_to_any_ace() {
        // Index = suit * 13 + rank - 1.
        assert!(follows(0, 1)); // Ace, Two of a suit
        assert!(!follows(1, 0));
        assert!(follows(11, 26)); // a Queen, then another suit's Ace
        assert!(follows(11, 13));
        assert!(!follows(12, 13)); // a King (never in the grid) is not a Queen
        assert!(!follows(10, 13)); // no wrap from a Jack
    }

    #[test]
    fn a_finished_line_has_no_break_whatever_its_gaps() {
        let mut grid = [GAP; SLOTS];
        let order = [2u8, 0, 3, 1]; // any order of suits
        let mut i = 0;
        for (k, suit) in order.iter().enumerate() {
            for r in 0..12 {
                if k == 1 && r == 5 {
                    i += 3; // a run of gaps in the middle
                }
                grid[i] = suit * 13 + r;
                i += 1;
            }
        }
        assert_eq!(breaks(&grid), 0);
        assert_eq!(spread(&grid), 0);
        grid.swap(0, 1);
        assert!(breaks(&grid) > 0);
        assert!(spread(&grid) > 0);
    }

    /// The key kept move by move is the key of the grid, and states agree with their keys.
    #[test]
    fn the_key_is_kept_move_by_move() {
        let start = Maze.pack(&Maze.deal(2)).unwrap();
        let mut seen = std::collections::HashMap::new();
        let mut todo = vec![start];
        while let Some(s) = todo.pop() {
            if seen.len() > 20_000 {
                break;
            }
            let mut out = Vec::new();
            Maze.expand(&s, &mut out);
            for x in out {
                assert_eq!(x.state.key, Key::of(&x.state.grid));
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(x.state.key) {
                    e.insert(x.state.grid);
                    todo.push(x.state);
                }
            }
        }
        assert!(seen.len() > 100, "{}", seen.len());
    }
}
