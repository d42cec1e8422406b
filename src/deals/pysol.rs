//! PySolFC deal numbers ("game numbers"), as the `pysol_cards` package computes them for
//! PySolFC's default numbering (`DEALS_PYSOLFC`).
//!
//! # Two generators
//! * Game numbers 1 to [`MS_COMPAT_MAX`] (32 000) reuse the Microsoft generator
//!   ([`super::microsoft::MsRng`]), so that PySolFC's FreeCell games 1 to 32 000 are the
//!   Windows ones. A draw `r` becomes an index in `0..=i` as `r % (i + 1)`.
//! * Larger game numbers use the Mersenne Twister MT19937 seeded the way CPython's
//!   `random.Random(n)` seeds an integer ([`Mt19937::python_seeded`]), and its 53-bit float
//!   `random()` ([`Mt19937::random`]). A float `x` in `[0, 1)` becomes an index in `0..=i`
//!   as `floor(x * (i + 1))`.
//!
//! # The starting deck
//! PySol builds each deck suit by suit in its own suit order, clubs, spades, hearts,
//! diamonds, each suit Ace to King; two decks are two such runs one after the other. For a
//! single 52-card deck and a game number up to 32 000 (the Microsoft generator), the deck is
//! first rearranged into Microsoft's order: by rank, then clubs, diamonds, hearts, spades
//! (AC AD AH AS 2C ... KS). Other decks keep PySol's order.
//!
//! # The shuffle
//! Fisher–Yates from the end: for `i` from `len - 1` down to 1, draw `j` in `0..=i` as above
//! and swap positions `i` and `j`. With the Microsoft generator this is exactly Microsoft's
//! "pick a card, replace it with the last one" deal read backwards, which is why both give
//! the same FreeCell layouts.
//!
//! # Dealing
//! PySolFC deals from the top of its talon, the *last* card of the shuffled sequence, so the
//! shuffled sequence is consumed from its end. [`shuffled_deck`] returns it as it is: the
//! last card is the first one dealt (the top of the stock, the crate's convention, see
//! [`crate::deals`]). FreeCell deals the cards in that order round-robin into the eight
//! columns, the `k`-th card dealt (from 0) going to column `k % 8` on top of the previous
//! ones.
//!
//! Games built on this deck may move cards before dealing (PySolFC's "shuffle hooks", e.g.
//! kings in Baker's Dozen or aces in Beleaguered Castle); [`shuffled_deck`] does none of that.
//!
//! # Valid game numbers
//! `pysol_cards` refuses game number 0 (its Microsoft generator rejects seed 0). It never
//! refuses a large number: its nominal maximum, 10^20, lies above `u64::MAX`, so every
//! nonzero `u64` is a valid game number here.

use super::microsoft::{DealNumberError, MsRng};
use crate::cards::{Card, Rank, Suit};

/// The largest game number dealt with the Microsoft generator; larger ones use MT19937.
pub const MS_COMPAT_MAX: u64 = 32_000;

/// PySol's suit order inside a deck.
const PYSOL_SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

/// Checks that `n` is a PySolFC game number (not 0).
pub fn check_game_number(n: u64) -> Result<(), DealNumberError> {
    if n == 0 {
        Err(DealNumberError {
            numbering: "PySolFC",
            n,
            min: 1,
            max: u64::MAX,
        })
    } else {
        Ok(())
    }
}

const MT_N: usize = 624;
const MT_M: usize = 397;

/// The Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998) with CPython's seeding and
/// float conversion, so that it reproduces Python's `random.Random(seed)`.
#[derive(Clone)]
pub struct Mt19937 {
    mt: [u32; MT_N],
    index: usize,
}

impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mt19937")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl Mt19937 {
    /// The reference single-word initialisation (`init_genrand`).
    fn from_word(seed: u32) -> Mt19937 {
        let mut mt = [0u32; MT_N];
        mt[0] = seed;
        for i in 1..MT_N {
            let prev = mt[i - 1];
            mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { mt, index: MT_N }
    }

    /// The reference initialisation by an array of 32-bit words (`init_by_array`).
    ///
    /// # Panics
    /// If `key` is empty.
    pub fn from_key(key: &[u32]) -> Mt19937 {
        assert!(!key.is_empty(), "MT19937 key must not be empty");
        let mut g = Mt19937::from_word(19_650_218);
        let mt = &mut g.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..MT_N.max(key.len()) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..MT_N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g
    }

    /// The generator Python's `random.Random(seed)` builds for a nonnegative integer seed:
    /// the key is the seed's 32-bit words, least significant first (one word `0` for seed 0).
    pub fn python_seeded(seed: u64) -> Mt19937 {
        let (lo, hi) = (seed as u32, (seed >> 32) as u32);
        if hi == 0 {
            Mt19937::from_key(&[lo])
        } else {
            Mt19937::from_key(&[lo, hi])
        }
    }

    /// Regenerates the 624 words of state.
    fn twist(&mut self) {
        let mt = &mut self.mt;
        for i in 0..MT_N {
            let y = (mt[i] & 0x8000_0000) | (mt[(i + 1) % MT_N] & 0x7fff_ffff);
            let mut v = mt[(i + MT_M) % MT_N] ^ (y >> 1);
            if y & 1 != 0 {
                v ^= 0x9908_b0df;
            }
            mt[i] = v;
        }
        self.index = 0;
    }

    /// The next 32-bit output (Python's `getrandbits(32)`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= MT_N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A float in `[0, 1)` with 53 random bits, as Python's `random()`: two outputs `a` and
    /// `b` give `((a >> 5) * 2^26 + (b >> 6)) / 2^53`.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as u64;
        let b = (self.next_u32() >> 6) as u64;
        ((a << 26) | b) as f64 / 9_007_199_254_740_992.0
    }
}

/// The cards of `decks` decks in PySol's order: deck after deck, each clubs, spades, hearts,
/// diamonds, each suit Ace to King.
fn pysol_deck(decks: u8) -> Vec<Card> {
    (0..decks)
        .flat_map(|_| PYSOL_SUITS)
        .flat_map(|s| Rank::ALL.map(|r| Card::new(s, r)))
        .collect()
}

/// The deck of PySolFC game number `n` with `decks` full 52-card decks, shuffled, in
/// PySolFC's talon order: the **last** card is the top of the talon, the first one dealt
/// (see the module docs). Zero decks give an empty vector.
///
/// # Errors
/// If `n` is 0.
pub fn shuffled_deck(n: u64, decks: u8) -> Result<Vec<Card>, DealNumberError> {
    check_game_number(n)?;
    let mut cards = pysol_deck(decks);
    if n <= MS_COMPAT_MAX {
        if cards.len() == 52 {
            // Microsoft's order: by rank, then clubs, diamonds, hearts, spades.
            cards.sort_by_key(|c| (c.rank_unchecked(), c.suit_unchecked()));
        }
        let mut rng = MsRng::for_deal(n)?;
        for i in (1..cards.len()).rev() {
            let j = rng.next() as usize % (i + 1);
            cards.swap(i, j);
        }
    } else {
        let mut rng = Mt19937::python_seeded(n);
        for i in (1..cards.len()).rev() {
            let j = (rng.random() * (i + 1) as f64) as usize;
            cards.swap(i, j);
        }
    }
    Ok(cards)
}

/// The eight FreeCell columns of PySolFC game number `n`, each bottom card first (the first
/// card listed is covered by all the others; the last one is playable), as `pysol_cards`
/// prints them one column per line.
///
/// # Errors
/// If `n` is 0.
pub fn freecell_columns(n: u64) -> Result<[Vec<Card>; 8], DealNumberError> {
    let mut cols: [Vec<Card>; 8] = Default::default();
    for (k, c) in shuffled_deck(n, 1)?.into_iter().rev().enumerate() {
        cols[k % 8].push(c);
    }
    Ok(cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mt_matches_cpython_getrandbits() {
        // random.Random(s).getrandbits(32), three times, from CPython 3.11.
        let cases: [(u64, [u32; 3]); 6] = [
            (5489, [3_382_763_572, 956_215_839, 417_760_592]),
            (0, [3_626_764_237, 1_654_615_998, 3_255_389_356]),
            (1, [577_090_037, 2_444_712_010, 3_639_700_191]),
            (4_294_967_296, [485_306_839, 1_508_871_100, 1_794_561_286]),
            (99_999_999_999, [4_150_322_677, 370_721_564, 3_136_426_470]),
            (u64::MAX, [93_740_670, 1_068_495_656, 1_452_108_352]),
        ];
        for (seed, want) in cases {
            let mut g = Mt19937::python_seeded(seed);
            let got = [g.next_u32(), g.next_u32(), g.next_u32()];
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn mt_matches_cpython_random() {
        // random.Random(s).random(), from CPython 3.11 (exact binary values).
        let cases: [(u64, f64); 4] = [
            (5489, 0.7876110167997803),
            (0, 0.8444218515250481),
            (1, 0.13436424411240122),
            (u64::MAX, 0.021825695401270107),
        ];
        for (seed, want) in cases {
            assert_eq!(Mt19937::python_seeded(seed).random(), want, "seed {seed}");
        }
    }

    #[test]
    fn mt_survives_several_twists() {
        let mut g = Mt19937::python_seeded(42);
        for _ in 0..2000 {
            let x = g.random();
            assert!((0.0..1.0).contains(&x));
        }
    }

    #[test]
    fn small_games_are_the_microsoft_deals() {
        for n in [1, 2, 617, 11982, 32000] {
            assert_eq!(
                freecell_columns(n).unwrap(),
                super::super::microsoft::freecell_columns(n).unwrap(),
                "game {n}"
            );
        }
    }

    #[test]
    fn shuffled_decks_are_permutations() {
        for n in [1, 32000, 32001, 1 << 40] {
            for decks in [1u8, 2] {
                let mut v = shuffled_deck(n, decks).unwrap();
                let mut d = pysol_deck(decks);
                assert_eq!(v.len(), 52 * decks as usize);
                v.sort();
                d.sort();
                assert_eq!(v, d, "game {n}, {decks} decks");
            }
        }
        assert!(shuffled_deck(5, 0).unwrap().is_empty());
    }

    #[test]
    fn game_zero_is_refused() {
        assert!(freecell_columns(0).is_err());
        assert!(shuffled_deck(0, 1).is_err());
        assert!(freecell_columns(u64::MAX).is_ok());
    }
}
