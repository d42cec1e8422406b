//! Opening layouts of PySolFC game numbers for the open tableau games this engine plays, as
//! the `pysol_cards` package (and PySolFC itself) deals them.
//!
//! Every game starts from [`pysol::shuffled_deck`] for one deck, whose *last* card is the
//! first one dealt. "Round-robin into `p` piles" below means: the `k`-th card dealt (from 0)
//! goes on top of pile `k % p`. Piles are listed bottom card first.
//!
//! | PySol game                       | piles | cells | how the cards are dealt                                |
//! |----------------------------------|-------|-------|--------------------------------------------------------|
//! | `freecell`, `bakers_game`, `ko_bakers_game`, `relaxed_freecell` | 8 | 4 | all 52 round-robin; cells empty |
//! | `forecell`                       | 8     | 4     | 48 round-robin, then one card into each cell           |
//! | `eight_off`                      | 8     | 8     | 48 round-robin, then cards into cells 0, 2, 4 and 6     |
//! | `seahaven_towers`                | 10    | 4     | 50 round-robin, then cards into cells 1 and 2           |
//! | `bakers_dozen`                   | 13    | 0     | kings sunk to the bottom of their piles (see below)    |
//! | `beleaguered_castle`             | 8     | 0     | the aces go to the foundations, the 48 others round-robin |
//! | `streets_and_alleys`             | 8     | 0     | 6 rounds of 8, then 4 cards on piles 0 to 3: all 52 round-robin |
//!
//! # Baker's Dozen
//! PySolFC's Baker's Dozen rearranges the shuffled sequence before dealing and then turns the
//! talon over, so it deals the shuffled sequence from its *first* card: the card at index `i`
//! of [`pysol::shuffled_deck`] goes to pile `i % 13` at height `i / 13`. Before that, each
//! King, taken by increasing index `i` (the positions of the Kings in the shuffled sequence,
//! found before any exchange), trades places with the first card that is not a King among
//! indices `i % 13`, `i % 13 + 13`, ... below `i`, that is the lowest non-King of its own
//! pile; a King with only Kings below it stays. So every pile holds its Kings at the bottom.
//!
//! # What `pysol_cards` prints
//! Its text layouts list each column bottom card first, one per line; `Freecells:` lists the
//! cells with `-` for an empty one, but Seahaven Towers' fourth (empty) cell is left out;
//! `Foundations:` gives the top card of each non-empty foundation, in the order hearts,
//! clubs, diamonds, spades, as `H-A`. The module's test compares with such files (see
//! `tests/data/pysol/README.md`).

use crate::cards::{Card, Rank};
use crate::deals::microsoft::DealNumberError;
use crate::deals::pysol;

/// The PySol game names [`layout`] knows, as `pysol_cards` spells them.
pub const GAMES: [&str; 10] = [
    "freecell",
    "bakers_game",
    "ko_bakers_game",
    "relaxed_freecell",
    "forecell",
    "eight_off",
    "seahaven_towers",
    "bakers_dozen",
    "beleaguered_castle",
    "streets_and_alleys",
];

/// The opening layout of one PySolFC game number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PysolLayout {
    /// The tableau piles in PySol's order, each bottom card first (the last card is the
    /// exposed one).
    pub piles: Vec<Vec<Card>>,
    /// Every cell (reserve) of the game in PySol's order, with the card dealt to it if any:
    /// as many entries as the game has cells (none for games without cells).
    pub cells: Vec<Option<Card>>,
    /// The cards dealt straight to the foundations (Beleaguered Castle's four aces), in suit
    /// order (clubs, diamonds, hearts, spades); empty for the other games.
    pub foundations: Vec<Card>,
}

impl PysolLayout {
    /// Every card of the layout: piles (bottom first, pile by pile), then cells, then
    /// foundations.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.piles
            .iter()
            .flatten()
            .copied()
            .chain(self.cells.iter().flatten().copied())
            .chain(self.foundations.iter().copied())
    }
}

/// The opening layout of game number `n` of the PySol game `pysol_game` (one of [`GAMES`]),
/// or `None` for any other game name.
///
/// # Errors
/// Inside the `Some`: if `n` is not a PySolFC game number (0).
pub fn layout(pysol_game: &str, n: u64) -> Option<Result<PysolLayout, DealNumberError>> {
    let deal: fn(Vec<Card>) -> PysolLayout = match pysol_game {
        "freecell" | "bakers_game" | "ko_bakers_game" | "relaxed_freecell" => |deck| PysolLayout {
            piles: round_robin(dealt_first(deck), 8),
            cells: vec![None; 4],
            foundations: Vec::new(),
        },
        "forecell" => |deck| with_cells(deck, 8, &[true, true, true, true]),
        "eight_off" => |deck| {
            with_cells(
                deck,
                8,
                &[true, false, true, false, true, false, true, false],
            )
        },
        "seahaven_towers" => |deck| with_cells(deck, 10, &[false, true, true, false]),
        "bakers_dozen" => bakers_dozen,
        "beleaguered_castle" => |deck| {
            let (mut aces, others): (Vec<Card>, Vec<Card>) = dealt_first(deck)
                .into_iter()
                .partition(|c| c.rank_unchecked() == Rank::Ace);
            aces.sort();
            PysolLayout {
                piles: round_robin(others, 8),
                cells: Vec::new(),
                foundations: aces,
            }
        },
        // Six rounds over the eight piles and then one card on each of the first four piles
        // is the plain round-robin of all 52 cards.
        "streets_and_alleys" => |deck| PysolLayout {
            piles: round_robin(dealt_first(deck), 8),
            cells: Vec::new(),
            foundations: Vec::new(),
        },
        _ => return None,
    };
    Some(pysol::shuffled_deck(n, 1).map(deal))
}

/// The deck in dealing order: the first card dealt first.
fn dealt_first(mut deck: Vec<Card>) -> Vec<Card> {
    deck.reverse();
    deck
}

/// Deals `cards` in their order round-robin into `piles` piles.
fn round_robin(cards: impl IntoIterator<Item = Card>, piles: usize) -> Vec<Vec<Card>> {
    let mut out = vec![Vec::new(); piles];
    for (k, c) in cards.into_iter().enumerate() {
        out[k % piles].push(c);
    }
    out
}

/// Deals round-robin into `piles` piles all but as many cards as `filled` has `true`
/// entries, then those last cards, in order, into the cells marked `true`.
fn with_cells(deck: Vec<Card>, piles: usize, filled: &[bool]) -> PysolLayout {
    let order = dealt_first(deck);
    let in_cells = filled.iter().filter(|&&f| f).count();
    let (tableau, rest) = order.split_at(order.len() - in_cells);
    let mut rest = rest.iter().copied();
    PysolLayout {
        piles: round_robin(tableau.iter().copied(), piles),
        cells: filled
            .iter()
            .map(|&f| if f { rest.next() } else { None })
            .collect(),
        foundations: Vec::new(),
    }
}

/// Baker's Dozen: Kings sunk in their piles, then the shuffled sequence dealt from its first
/// card (see the module docs).
fn bakers_dozen(mut deck: Vec<Card>) -> PysolLayout {
    const PILES: usize = 13;
    let is_king = |c: Card| c.rank_unchecked() == Rank::King;
    let kings: Vec<usize> = (0..deck.len()).filter(|&i| is_king(deck[i])).collect();
    for i in kings {
        if let Some(j) = (i % PILES..i).step_by(PILES).find(|&j| !is_king(deck[j])) {
            deck.swap(i, j);
        }
    }
    PysolLayout {
        piles: round_robin(deck, PILES),
        cells: Vec::new(),
        foundations: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_games_and_bad_numbers() {
        assert!(layout("klondike", 1).is_none());
        assert!(layout("FreeCell", 1).is_none());
        for g in GAMES {
            assert!(matches!(layout(g, 0), Some(Err(_))), "{g}");
            assert!(matches!(layout(g, u64::MAX), Some(Ok(_))), "{g}");
        }
    }

    #[test]
    fn freecell_matches_freecell_columns() {
        for n in [1, 617, 40_000] {
            let l = layout("freecell", n).unwrap().unwrap();
            assert_eq!(l.piles, pysol::freecell_columns(n).unwrap().to_vec());
        }
    }

    #[test]
    fn bakers_dozen_kings_lie_at_the_bottom() {
        for n in 1..200 {
            let l = layout("bakers_dozen", n).unwrap().unwrap();
            for p in &l.piles {
                assert_eq!(p.len(), 4);
                let kings = p
                    .iter()
                    .take_while(|c| c.rank_unchecked() == Rank::King)
                    .count();
                let all = p
                    .iter()
                    .filter(|c| c.rank_unchecked() == Rank::King)
                    .count();
                assert_eq!(kings, all, "deal {n}: {p:?}");
            }
        }
    }
}
