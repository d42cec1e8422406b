//! Opening layouts of PySolFC game numbers for the tableau games this engine plays, as the
//! `pysol_cards` package (and PySolFC itself) deals them.
//!
//! Every game starts from [`pysol::shuffled_deck`] for one deck (two for Gypsy), whose *last*
//! card is the first one dealt. "Round-robin into `p` piles" below means: the `k`-th card
//! dealt (from 0) goes on top of pile `k % p`. Piles are listed bottom card first.
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
//! | `klondike`, `thumb_and_pouch`    | 7     | 0     | rows right to left (see below): pile `p` gets `p` cards face down and one face up; 24 in the stock |
//! | `whitehead`                      | 7     | 0     | as Klondike, but every card face up                    |
//! | `gypsy` (two decks)              | 8     | 0     | 3 rounds round-robin, the first two face down; 80 in the stock |
//! | `yukon`                          | 7     | 0     | pile `p` gets `p` cards face down, then 4 face-up rounds over piles 1 to 6, then one over all seven; no stock |
//!
//! # Face-down cards and the stock
//! A layout gives for every pile how many of its bottom cards lie face down
//! ([`PysolLayout::face_down`]), and the cards left in PySol's talon
//! ([`PysolLayout::stock`]) in the order the talon deals them: its top card, the next one dealt,
//! first. Klondike's talon turns its cards onto a waste; Gypsy's deals a row of eight, one card
//! on each pile, left to right.
//!
//! # Klondike, Thumb and Pouch, Whitehead
//! PySolFC deals Klondike in rows from the right: in row `i` (1 to 6) one card face down on
//! each of piles 6, 5, ..., `i`, then one card face up on each of piles 6, 5, ..., 0. So pile
//! `p` (0 to 6) holds `p` face-down cards under one face-up card. Thumb and Pouch deals so
//! too; Whitehead deals the same cards in the same places, all face up (PySolFC's Whitehead
//! asks Klondike's deal for face-up cards; `pysol_cards` marks Klondike's face-down cards
//! in its Whitehead printout all the same). PySolFC then turns the first card (three for
//! Klondike by Threes) of the talon onto the waste as the game opens; these layouts, like
//! `pysol_cards`, stop before that turn, so the whole talon is in [`PysolLayout::stock`].
//!
//! # Gypsy and Yukon
//! Gypsy: two decks, three rounds round-robin into 8 piles, the first two face down; the 80
//! other cards stay in the talon. Yukon: in row `i` (1 to 6) one card face down on each of
//! piles `i`, `i + 1`, ..., 6, left to right; then four rows face up over piles 1 to 6 and one
//! over all seven piles: pile `p` holds `p` face-down cards under 5 face-up ones (pile 0: one
//! card); nothing is left in the talon.
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
//! Its text layouts list each column bottom card first, one per line, a face-down card in
//! angle brackets (`<7H>`); `Talon:` lists the talon's cards, the next one dealt first;
//! `Freecells:` lists the cells with `-` for an empty one, but Seahaven Towers' fourth (empty)
//! cell is left out; `Foundations:` gives the top card of each non-empty foundation, in the
//! order hearts, clubs, diamonds, spades, as `H-A`. The module's test compares with such files
//! (see `tests/data/pysol/README.md`).

use crate::cards::{Card, Rank};
use crate::deals::microsoft::DealNumberError;
use crate::deals::pysol;

/// The PySol game names [`layout`] knows, as `pysol_cards` spells them.
pub const GAMES: [&str; 15] = [
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
    "klondike",
    "whitehead",
    "thumb_and_pouch",
    "gypsy",
    "yukon",
];

/// The opening layout of one PySolFC game number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PysolLayout {
    /// The tableau piles in PySol's order, each bottom card first (the last card is the
    /// exposed one). The cards are given face up; [`PysolLayout::face_down`] says which lie
    /// face down.
    pub piles: Vec<Vec<Card>>,
    /// For every pile, how many of its cards, from the bottom, are dealt face down (0 for
    /// games without face-down cards).
    pub face_down: Vec<usize>,
    /// Every cell (reserve) of the game in PySol's order, with the card dealt to it if any:
    /// as many entries as the game has cells (none for games without cells).
    pub cells: Vec<Option<Card>>,
    /// The cards dealt straight to the foundations (Beleaguered Castle's four aces), in suit
    /// order (clubs, diamonds, hearts, spades); empty for the other games.
    pub foundations: Vec<Card>,
    /// The cards left in PySol's talon (the stock), in the order it deals them: the talon's
    /// top card, the next one dealt, first. Empty for games that deal every card.
    pub stock: Vec<Card>,
}

impl PysolLayout {
    /// A layout of these piles, all face up, with no stock and no cards elsewhere.
    pub(crate) fn open(
        piles: Vec<Vec<Card>>,
        cells: Vec<Option<Card>>,
        foundations: Vec<Card>,
    ) -> Self {
        PysolLayout {
            face_down: vec![0; piles.len()],
            piles,
            cells,
            foundations,
            stock: Vec::new(),
        }
    }

    /// Pile `p` as dealt, bottom card first: its first [`PysolLayout::face_down`] cards face
    /// down, the others face up.
    pub fn dealt_pile(&self, p: usize) -> Vec<Card> {
        let down = self.face_down.get(p).copied().unwrap_or(0);
        self.piles[p]
            .iter()
            .enumerate()
            .map(|(h, &c)| if h < down { c.face_down() } else { c })
            .collect()
    }

    /// Every card of the layout: piles (bottom first, pile by pile), then cells, then
    /// foundations, then the stock (in dealing order).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.piles
            .iter()
            .flatten()
            .copied()
            .chain(self.cells.iter().flatten().copied())
            .chain(self.foundations.iter().copied())
            .chain(self.stock.iter().copied())
    }
}

/// The opening layout of game number `n` of the PySol game `pysol_game` (one of [`GAMES`]),
/// or `None` for any other game name.
///
/// # Errors
/// Inside the `Some`: if `n` is not a PySolFC game number (0).
pub fn layout(pysol_game: &str, n: u64) -> Option<Result<PysolLayout, DealNumberError>> {
    let deal: fn(Vec<Card>) -> PysolLayout = match pysol_game {
        "freecell" | "bakers_game" | "ko_bakers_game" | "relaxed_freecell" => {
            |deck| PysolLayout::open(round_robin(dealt_first(deck), 8), vec![None; 4], Vec::new())
        }
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
            PysolLayout::open(round_robin(others, 8), Vec::new(), aces)
        },
        // Six rounds over the eight piles and then one card on each of the first four piles
        // is the plain round-robin of all 52 cards.
        "streets_and_alleys" => {
            |deck| PysolLayout::open(round_robin(dealt_first(deck), 8), Vec::new(), Vec::new())
        }
        "klondike" | "thumb_and_pouch" => |deck| klondike(deck, true),
        "whitehead" => |deck| klondike(deck, false),
        "gypsy" => |deck| {
            let mut d = Dealer::new(deck, 8);
            for _ in 0..3 {
                d.row(0..8);
            }
            d.finish(vec![2; 8])
        },
        "yukon" => |deck| {
            let mut d = Dealer::new(deck, 7);
            for i in 1..7 {
                d.row(i..7);
            }
            for _ in 0..4 {
                d.row(1..7);
            }
            d.row(0..7);
            d.finish((0..7).collect())
        },
        _ => return None,
    };
    let decks = if pysol_game == "gypsy" { 2 } else { 1 };
    Some(pysol::shuffled_deck(n, decks).map(deal))
}

/// Klondike's deal (see the module docs), with its face-down cards or all face up.
fn klondike(deck: Vec<Card>, face_down: bool) -> PysolLayout {
    let mut d = Dealer::new(deck, 7);
    for i in 1..7 {
        d.row((i..7).rev());
    }
    d.row((0..7).rev());
    d.finish(if face_down {
        (0..7).collect()
    } else {
        vec![0; 7]
    })
}

/// Deals the shuffled deck from its first card dealt, one row at a time, and leaves the rest
/// in the stock.
struct Dealer {
    cards: std::vec::IntoIter<Card>,
    piles: Vec<Vec<Card>>,
}

impl Dealer {
    fn new(deck: Vec<Card>, piles: usize) -> Self {
        Dealer {
            cards: dealt_first(deck).into_iter(),
            piles: vec![Vec::new(); piles],
        }
    }

    /// One card on top of each pile of `piles`, in that order.
    fn row(&mut self, piles: impl IntoIterator<Item = usize>) {
        for p in piles {
            let c = self.cards.next().expect("the deck holds every card dealt");
            self.piles[p].push(c);
        }
    }

    /// The layout with these face-down counts; the cards not dealt, in their order, are the
    /// stock.
    fn finish(self, face_down: Vec<usize>) -> PysolLayout {
        PysolLayout {
            piles: self.piles,
            face_down,
            cells: Vec::new(),
            foundations: Vec::new(),
            stock: self.cards.collect(),
        }
    }
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
    PysolLayout::open(
        round_robin(tableau.iter().copied(), piles),
        filled
            .iter()
            .map(|&f| if f { rest.next() } else { None })
            .collect(),
        Vec::new(),
    )
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
    PysolLayout::open(round_robin(deck, PILES), Vec::new(), Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_games_and_bad_numbers() {
        assert!(layout("klondike_by_threes", 1).is_none());
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
