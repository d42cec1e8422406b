//! Microsoft FreeCell deal numbers, as dealt by the FreeCell of Windows and extended by
//! Freecell Solver's `make-microsoft-freecell-board` to 8 589 934 591 (2^33 - 1) deals.
//!
//! # The generator
//! [`MsRng`] is the linear congruential generator of the Microsoft C library's `rand`:
//! every draw first updates a 32-bit state, `state = state * 214013 + 2531011` (modulo
//! 2^32), then reads bits 16 and up of the new state. Only bits 16 to 31 are ever read, so
//! a wider state (as some implementations keep) gives the same draws.
//!
//! Which bits are read, and the starting state, depend on the deal number `N`:
//!
//! | deal number `N`              | starting state | draw                                   |
//! |------------------------------|----------------|----------------------------------------|
//! | `1 ..= 2^31 - 1`             | `N`            | `(state >> 16) & 0x7fff` (15 bits)     |
//! | `2^31 ..= 2^32 - 1`          | `N`            | `((state >> 16) & 0x7fff) \| 0x8000`   |
//! | `2^32 ..= 2^33 - 1`          | `N - 2^32`     | `((state >> 16) & 0xffff) + 1`         |
//!
//! The first range is the original game (Windows offered 1 to 32 000; the same formula
//! continues up to 2^31 - 1). The two upper ranges are Freecell Solver's extension: the
//! extra bit, or the full 16 bits plus one, give deals that the original numbering never
//! produces.
//!
//! # The deal
//! The deck starts sorted by rank, then by suit in the order clubs, diamonds, hearts,
//! spades: AC AD AH AS 2C 2D ... KS. While `m` cards remain, one draw `r` picks the card at
//! index `r % m`; that card is dealt next, and the card at the end of the remaining deck
//! takes its place (the deck shrinks by one). The `k`-th dealt card (from 0) goes to column
//! `k % 8`, on top of the cards already there, so columns 0 to 3 get seven cards and
//! columns 4 to 7 get six.
//!
//! [`freecell_columns`] returns the columns bottom card first (the first card dealt to a
//! column is the one covered by all the others), which is the order in which
//! `make-microsoft-freecell-board` prints each column on its line.

use crate::cards::{Card, Rank, Suit};
use thiserror::Error;

/// The largest Microsoft deal number: 2^33 - 1.
pub const MAX_DEAL: u64 = (1 << 33) - 1;

/// A deal number outside the range a numbering defines.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{numbering} deal number {n} is out of range (deals are numbered {min} to {max})")]
pub struct DealNumberError {
    /// The numbering the deal number was given for, e.g. "Microsoft FreeCell".
    pub numbering: &'static str,
    /// The rejected deal number.
    pub n: u64,
    /// The smallest valid deal number.
    pub min: u64,
    /// The largest valid deal number.
    pub max: u64,
}

/// Checks that `n` is a Microsoft deal number, 1 to [`MAX_DEAL`].
pub fn check_deal_number(n: u64) -> Result<(), DealNumberError> {
    if (1..=MAX_DEAL).contains(&n) {
        Ok(())
    } else {
        Err(DealNumberError {
            numbering: "Microsoft FreeCell",
            n,
            min: 1,
            max: MAX_DEAL,
        })
    }
}

/// How a draw is read from the state (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Deals below 2^31: 15 bits.
    Classic,
    /// Deals 2^31 to 2^32 - 1: 15 bits with bit 15 set.
    HighBit,
    /// Deals 2^32 and above: 16 bits, plus one.
    Wide,
}

/// The Microsoft linear congruential generator, set up for one deal number (see the module
/// docs for the formulas).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MsRng {
    state: u32,
    mode: Mode,
}

impl MsRng {
    /// The generator for deal number `n`.
    ///
    /// # Errors
    /// If `n` is 0 or above [`MAX_DEAL`].
    pub fn for_deal(n: u64) -> Result<MsRng, DealNumberError> {
        check_deal_number(n)?;
        let (state, mode) = if n < 1 << 31 {
            (n as u32, Mode::Classic)
        } else if n < 1 << 32 {
            (n as u32, Mode::HighBit)
        } else {
            ((n - (1 << 32)) as u32, Mode::Wide)
        };
        Ok(MsRng { state, mode })
    }

    /// The next draw: advances the state by `state * 214013 + 2531011` (modulo 2^32) and
    /// returns bits 16 to 30 of the new state (deals below 2^31), the same with bit 15 set
    /// (deals 2^31 to 2^32 - 1), or bits 16 to 31 plus one (deals from 2^32).
    ///
    /// The value is below 2^15 in the first case and at most 2^16 in the others.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        match self.mode {
            Mode::Classic => (self.state >> 16) & 0x7fff,
            Mode::HighBit => ((self.state >> 16) & 0x7fff) | 0x8000,
            Mode::Wide => ((self.state >> 16) & 0xffff) + 1,
        }
    }
}

/// The 52 cards in Microsoft's starting order: by rank, then clubs, diamonds, hearts, spades.
fn ms_deck() -> Vec<Card> {
    Rank::ALL
        .iter()
        .flat_map(|&r| Suit::ALL.iter().map(move |&s| Card::new(s, r)))
        .collect()
}

/// The 52 cards of deal `n` in the order they are dealt (card `k` goes to column `k % 8`).
///
/// # Errors
/// If `n` is 0 or above [`MAX_DEAL`].
pub fn dealt_order(n: u64) -> Result<Vec<Card>, DealNumberError> {
    let mut rng = MsRng::for_deal(n)?;
    let mut deck = ms_deck();
    let mut out = Vec::with_capacity(deck.len());
    while !deck.is_empty() {
        let i = rng.next() as usize % deck.len();
        out.push(deck.swap_remove(i));
    }
    Ok(out)
}

/// The eight FreeCell columns of Microsoft deal `n`, each bottom card first (the first card
/// listed is covered by all the others; the last one is playable).
///
/// # Errors
/// If `n` is 0 or above [`MAX_DEAL`] (2^33 - 1).
pub fn freecell_columns(n: u64) -> Result<[Vec<Card>; 8], DealNumberError> {
    let mut cols: [Vec<Card>; 8] = Default::default();
    for (k, c) in dealt_order(n)?.into_iter().enumerate() {
        cols[k % 8].push(c);
    }
    Ok(cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cards: &[Card]) -> String {
        crate::cards::CardStyle::BOARD.join(cards)
    }

    #[test]
    fn deal_1_first_row_and_shape() {
        let cols = freecell_columns(1).unwrap();
        let row: Vec<Card> = cols.iter().map(|c| c[0]).collect();
        assert_eq!(text(&row), "JD 2D 9H JC 5D 7H 7C 5H");
        let lens: Vec<usize> = cols.iter().map(Vec::len).collect();
        assert_eq!(lens, [7, 7, 7, 7, 6, 6, 6, 6]);
        assert_eq!(text(&cols[0]), "JD KD 2S 4C 3S 6D 6S");
    }

    #[test]
    fn every_deal_is_a_permutation() {
        for n in [1, 617, 1 << 31, (1 << 32) - 1, 1 << 32, MAX_DEAL] {
            let mut v = dealt_order(n).unwrap();
            v.sort();
            let mut d = ms_deck();
            d.sort();
            assert_eq!(v, d, "deal {n}");
        }
    }

    #[test]
    fn first_draws_of_the_classic_generator() {
        // Seed 1: the well-known first values of the Microsoft C `rand` after `srand(1)`.
        let mut r = MsRng::for_deal(1).unwrap();
        let v: Vec<u32> = (0..5).map(|_| r.next()).collect();
        assert_eq!(v, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn extended_ranges_mark_their_draws() {
        let mut r = MsRng::for_deal(1 << 31).unwrap();
        assert!((0..100).all(|_| r.next() & 0x8000 != 0));
        let mut r = MsRng::for_deal(1 << 32).unwrap();
        assert!((0..100).all(|_| (1..=0x10000).contains(&r.next())));
    }

    #[test]
    fn range_errors() {
        assert!(freecell_columns(0).is_err());
        assert!(freecell_columns(MAX_DEAL + 1).is_err());
        assert!(freecell_columns(u64::MAX).is_err());
        let e = MsRng::for_deal(0).unwrap_err();
        assert_eq!((e.n, e.min, e.max), (0, 1, MAX_DEAL));
    }
}
