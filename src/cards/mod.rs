//! Cards, suits, ranks, decks and their text notation.
//!
//! A [`Card`] is one byte: its identity (suit and rank, or a joker) in the low six bits and
//! its visibility in the top bit, so piles of cards are plain byte strings.

mod notation;
mod set;

pub use notation::{parse_card, parse_cards, CardParseError, CardStyle};
pub use set::{CardCounts, CardSet};

use serde::{Deserialize, Serialize};
use std::fmt;

/// A suit, in the French course's order: clubs < diamonds < hearts < spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Suit {
    /// Clubs (trèfle).
    Clubs = 0,
    /// Diamonds (carreau).
    Diamonds = 1,
    /// Hearts (coeur).
    Hearts = 2,
    /// Spades (pique).
    Spades = 3,
}

/// The colour of a suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Diamonds and hearts.
    Red,
    /// Clubs and spades.
    Black,
}

impl Suit {
    /// The four suits in order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with index 0..4.
    pub fn from_index(i: u8) -> Suit {
        Suit::ALL[(i & 3) as usize]
    }
    /// The index 0..4 of the suit.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The colour of the suit.
    pub fn color(self) -> Color {
        match self {
            Suit::Diamonds | Suit::Hearts => Color::Red,
            Suit::Clubs | Suit::Spades => Color::Black,
        }
    }
    /// The next suit, circularly (spades is followed by clubs), as the French course defines it.
    pub fn next(self) -> Suit {
        Suit::from_index(self as u8 + 1)
    }
    /// The ASCII letter of the suit: C, D, H or S.
    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self.index()]
    }
    /// The Unicode symbol of the suit.
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self.index()]
    }
    /// The English name of the suit, plural.
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self.index()]
    }
}

/// A rank, Ace (1) to King (13). Which rank follows which is a game's choice: see
/// [`RankOrder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    /// Ace.
    Ace = 1,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten.
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Rank {
    /// The thirteen ranks, Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];
    /// The rank with value 1..=13.
    ///
    /// # Panics
    /// If `v` is not in 1..=13.
    pub fn from_value(v: u8) -> Rank {
        assert!((1..=13).contains(&v), "rank value {v} out of 1..=13");
        Rank::ALL[v as usize - 1]
    }
    /// The value 1 (Ace) to 13 (King).
    pub fn value(self) -> u8 {
        self as u8
    }
    /// The ASCII character of the rank: A 2..9 T J Q K.
    pub fn letter(self) -> char {
        b"A23456789TJQK"[self as usize - 1] as char
    }
}

/// How a game orders ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RankOrder {
    /// Ace, 2, ..., King; King has no successor.
    AceLow,
    /// The deck's lowest rank, ..., King, Ace; Ace has no successor (the French course's order).
    AceHigh,
    /// The French course's circular order: Ace high, and the Ace is followed by the deck's
    /// lowest rank.
    Circular,
}

impl RankOrder {
    /// The rank that follows `r` in a deck whose lowest non-ace rank is `low`
    /// (Two for 52 cards, Seven for 32), or `None` at the end of a non-circular order.
    pub fn successor(self, r: Rank, low: Rank) -> Option<Rank> {
        match (self, r) {
            (RankOrder::AceLow, Rank::King) => None,
            (RankOrder::AceLow, r) => Some(Rank::from_value(r.value() + 1)),
            (RankOrder::AceHigh, Rank::Ace) => None,
            (RankOrder::Circular, Rank::Ace) => Some(low),
            (_, Rank::King) => Some(Rank::Ace),
            (_, r) => Some(Rank::from_value(r.value() + 1)),
        }
    }
    /// The rank that precedes `r`, the inverse of [`RankOrder::successor`].
    pub fn predecessor(self, r: Rank, low: Rank) -> Option<Rank> {
        match self {
            RankOrder::AceLow => (r != Rank::Ace).then(|| Rank::from_value(r.value() - 1)),
            RankOrder::AceHigh | RankOrder::Circular => {
                if r == low {
                    (self == RankOrder::Circular).then_some(Rank::Ace)
                } else if r == Rank::Ace {
                    Some(Rank::King)
                } else {
                    Some(Rank::from_value(r.value() - 1))
                }
            }
        }
    }
    /// The position of `r` in the order, 0 for the lowest rank (for comparisons).
    pub fn position(self, r: Rank, low: Rank) -> u8 {
        match self {
            RankOrder::AceLow => r.value() - 1,
            RankOrder::AceHigh | RankOrder::Circular => {
                if r == Rank::Ace {
                    13 - low.value() + 1
                } else {
                    r.value() - low.value()
                }
            }
        }
    }
}

/// One card in one byte: bits 0-5 the identity (suit * 13 + rank - 1 for 0..52, jokers from
/// 52), bit 7 set when the card lies face down.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card(u8);

/// The bit of a [`Card`] that marks it face down.
const FACE_DOWN: u8 = 0x80;

/// Each identity's rank, read from a table: the move generators ask it in their inner
/// loops, where a division by 13 cost more (identities past the deck read as their index
/// modulo 13, as the division gave).
const RANK_OF: [Rank; 64] = {
    let mut t = [Rank::Ace; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = Rank::ALL[i % 13];
        i += 1;
    }
    t
};

/// Each identity's suit (index / 13, taken modulo 4 as `Suit::from_index` does), as
/// [`RANK_OF`].
const SUIT_OF: [Suit; 64] = {
    let mut t = [Suit::Clubs; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = Suit::ALL[(i / 13) & 3];
        i += 1;
    }
    t
};
/// The number of distinct joker identities.
pub const JOKERS: u8 = 2;

impl Card {
    /// The face-up card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 13 + rank as u8 - 1)
    }
    /// Joker number `n` (0 or 1), face up.
    pub fn joker(n: u8) -> Card {
        assert!(n < JOKERS, "joker {n} out of range");
        Card(52 + n)
    }
    /// The card with identity index `i` (0..54), face up.
    // Inlined: the move generators call it for every card they look at.
    #[inline]
    pub fn from_index(i: u8) -> Card {
        assert!(i < 52 + JOKERS, "card index {i} out of range");
        Card(i)
    }
    /// The raw byte.
    pub fn byte(self) -> u8 {
        self.0
    }
    /// The identity index 0..54 (visibility ignored).
    pub fn index(self) -> usize {
        (self.0 & !FACE_DOWN) as usize
    }
    /// The same card, face up (the identity alone).
    pub fn face_up(self) -> Card {
        Card(self.0 & !FACE_DOWN)
    }
    /// The same card, face down.
    pub fn face_down(self) -> Card {
        Card(self.0 | FACE_DOWN)
    }
    /// The same card turned over.
    pub fn flipped(self) -> Card {
        Card(self.0 ^ FACE_DOWN)
    }
    /// Whether the card lies face down.
    pub fn is_face_down(self) -> bool {
        self.0 & FACE_DOWN != 0
    }
    /// Whether the card lies face up.
    pub fn is_face_up(self) -> bool {
        !self.is_face_down()
    }
    /// Whether the card is a joker.
    pub fn is_joker(self) -> bool {
        self.index() >= 52
    }
    /// The suit. Jokers have none.
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::from_index((self.index() / 13) as u8))
    }
    /// The rank. Jokers have none.
    pub fn rank(self) -> Option<Rank> {
        (!self.is_joker()).then(|| Rank::from_value((self.index() % 13) as u8 + 1))
    }
    /// The suit of a card known not to be a joker (clubs for a joker).
    #[inline]
    pub fn suit_unchecked(self) -> Suit {
        SUIT_OF[self.index() & 63]
    }
    /// The rank of a card known not to be a joker.
    #[inline]
    pub fn rank_unchecked(self) -> Rank {
        RANK_OF[self.index() & 63]
    }
    /// Whether both cards have the same suit (the French course's MêmeCouleur).
    pub fn same_suit(self, other: Card) -> bool {
        !self.is_joker() && !other.is_joker() && self.suit() == other.suit()
    }
    /// Whether both cards have the same rank (the French course's MêmeRang).
    pub fn same_rank(self, other: Card) -> bool {
        !self.is_joker() && !other.is_joker() && self.rank() == other.rank()
    }
    /// The French course's card order (EstCarteAvant): by suit, then by rank in `order`.
    pub fn is_before(self, other: Card, order: RankOrder, low: Rank) -> bool {
        let key = |c: Card| (c.suit_unchecked(), order.position(c.rank_unchecked(), low));
        !self.is_joker() && !other.is_joker() && key(self) < key(other)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&CardStyle::BOARD.format(*self))
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Which cards a deck holds: ranks, copies and jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeckSpec {
    /// The lowest rank besides the Ace: Two for full decks, Seven for 32-card piquet decks.
    pub low: Rank,
    /// How many copies of each card: 1, 2 or 3.
    pub copies: u8,
    /// How many jokers per copy (0 to 2).
    pub jokers: u8,
    /// Which suits the deck holds: bit `i` for `Suit::ALL[i]` (Spider with one or two suits
    /// plays many copies of fewer suits).
    #[serde(default = "all_suits")]
    pub suits: u8,
}

fn all_suits() -> u8 {
    ALL_SUITS
}

/// [`DeckSpec::suits`] for the four suits.
pub const ALL_SUITS: u8 = 0b1111;

impl DeckSpec {
    /// The 52-card deck.
    pub const FULL: DeckSpec = DeckSpec {
        low: Rank::Two,
        copies: 1,
        jokers: 0,
        suits: ALL_SUITS,
    };
    /// The 32-card deck: 7, 8, 9, 10, J, Q, K, A of each suit.
    pub const PIQUET: DeckSpec = DeckSpec {
        low: Rank::Seven,
        copies: 1,
        jokers: 0,
        suits: ALL_SUITS,
    };
    /// Two 52-card decks (104 cards).
    pub const DOUBLE: DeckSpec = DeckSpec {
        low: Rank::Two,
        copies: 2,
        jokers: 0,
        suits: ALL_SUITS,
    };
    /// Three 52-card decks (156 cards).
    pub const TRIPLE: DeckSpec = DeckSpec {
        low: Rank::Two,
        copies: 3,
        jokers: 0,
        suits: ALL_SUITS,
    };

    /// The ranks of the deck in the French course's order (lowest first, Ace last).
    pub fn ranks(&self) -> Vec<Rank> {
        let mut v: Vec<Rank> = (self.low.value()..=13).map(Rank::from_value).collect();
        v.push(Rank::Ace);
        v
    }
    /// Whether the deck contains cards of rank `r`.
    pub fn has_rank(&self, r: Rank) -> bool {
        r == Rank::Ace || r >= self.low
    }
    /// The number of cards.
    pub fn len(&self) -> usize {
        (self.ranks().len() * self.suit_list().len() + self.jokers as usize) * self.copies as usize
    }
    /// Whether the deck is empty (never, for a valid spec).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether `card` belongs to this deck.
    pub fn contains(&self, card: Card) -> bool {
        match card.rank() {
            Some(r) => self.has_rank(r) && self.suits & (1 << card.suit_unchecked().index()) != 0,
            None => (card.index() - 52) < self.jokers as usize,
        }
    }
    /// The cards of a new deck, face up, in the French course's card order: by suit (clubs first),
    /// then by rank (lowest first, Ace last), then the jokers; copies one after another.
    pub fn cards(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len());
        for _ in 0..self.copies {
            for s in self.suit_list() {
                for r in self.ranks() {
                    v.push(Card::new(s, r));
                }
            }
            for j in 0..self.jokers {
                v.push(Card::joker(j));
            }
        }
        v
    }
    /// The suits the deck holds, in the French course's order.
    pub fn suit_list(&self) -> Vec<Suit> {
        Suit::ALL
            .into_iter()
            .filter(|s| self.suits & (1 << s.index()) != 0)
            .collect()
    }
    /// A short description, e.g. "52 cards" or "104 cards of spades".
    pub fn describe(&self) -> String {
        if self.suits == ALL_SUITS {
            return format!("{} cards", self.len());
        }
        let names: Vec<&str> = self.suit_list().iter().map(|s| s.name()).collect();
        format!("{} cards of {}", self.len(), names.join(" and "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables of ranks and suits give what the card's own accessors give, face up or
    /// down, for every card of the deck.
    #[test]
    fn unchecked_rank_and_suit_are_the_cards_own() {
        for i in 0..52u8 {
            let c = Card::from_index(i);
            for c in [c, c.face_down()] {
                assert_eq!(Some(c.rank_unchecked()), c.rank(), "{i}");
                assert_eq!(Some(c.suit_unchecked()), c.suit(), "{i}");
                assert_eq!(c.rank_unchecked().value() as usize, i as usize % 13 + 1);
                assert_eq!(c.suit_unchecked().index(), i as usize / 13);
            }
        }
    }

    #[test]
    fn card_identity_and_visibility_are_independent() {
        let c = Card::new(Suit::Hearts, Rank::Ten);
        assert_eq!(c.suit(), Some(Suit::Hearts));
        assert_eq!(c.rank(), Some(Rank::Ten));
        let d = c.face_down();
        assert!(d.is_face_down());
        assert_eq!(d.index(), c.index());
        assert_eq!(d.flipped(), c);
        assert_ne!(d, c);
    }

    #[test]
    fn every_card_index_round_trips() {
        for s in Suit::ALL {
            for r in Rank::ALL {
                let c = Card::new(s, r);
                assert_eq!(Card::from_index(c.index() as u8), c);
                assert_eq!((c.suit(), c.rank()), (Some(s), Some(r)));
            }
        }
        assert!(Card::joker(1).is_joker());
        assert_eq!(Card::joker(1).suit(), None);
    }

    #[test]
    fn deck_sizes() {
        assert_eq!(DeckSpec::FULL.len(), 52);
        assert_eq!(DeckSpec::PIQUET.len(), 32);
        assert_eq!(DeckSpec::DOUBLE.len(), 104);
        assert_eq!(DeckSpec::TRIPLE.len(), 156);
        let with_jokers = DeckSpec {
            jokers: 2,
            ..DeckSpec::FULL
        };
        assert_eq!(with_jokers.cards().len(), 54);
        // Spider with one suit: eight copies of the spades.
        let spades = DeckSpec {
            copies: 8,
            suits: 1 << Suit::Spades.index(),
            ..DeckSpec::FULL
        };
        assert_eq!(spades.len(), 104);
        assert_eq!(spades.cards().len(), 104);
        assert!(spades
            .cards()
            .iter()
            .all(|c| c.suit() == Some(Suit::Spades)));
        assert!(!spades.contains(Card::new(Suit::Hearts, Rank::Two)));
        assert_eq!(spades.describe(), "104 cards of spades");
        assert_eq!(
            DeckSpec::PIQUET.cards()[0],
            Card::new(Suit::Clubs, Rank::Seven)
        );
        assert_eq!(
            DeckSpec::PIQUET.cards()[7],
            Card::new(Suit::Clubs, Rank::Ace)
        );
        assert!(!DeckSpec::PIQUET.contains(Card::new(Suit::Clubs, Rank::Six)));
    }

    #[test]
    fn circular_order_wraps_through_the_ace() {
        let o = RankOrder::Circular;
        assert_eq!(o.successor(Rank::King, Rank::Two), Some(Rank::Ace));
        assert_eq!(o.successor(Rank::Ace, Rank::Two), Some(Rank::Two));
        assert_eq!(o.successor(Rank::Ace, Rank::Seven), Some(Rank::Seven));
        assert_eq!(o.predecessor(Rank::Two, Rank::Two), Some(Rank::Ace));
        assert_eq!(o.predecessor(Rank::Seven, Rank::Seven), Some(Rank::Ace));
        assert_eq!(RankOrder::AceHigh.successor(Rank::Ace, Rank::Two), None);
        assert_eq!(RankOrder::AceLow.successor(Rank::King, Rank::Two), None);
        assert_eq!(RankOrder::AceLow.predecessor(Rank::Ace, Rank::Two), None);
        for low in [Rank::Two, Rank::Seven] {
            for r in (DeckSpec {
                low,
                copies: 1,
                jokers: 0,
                suits: ALL_SUITS,
            })
            .ranks()
            {
                let s = o.successor(r, low).unwrap();
                assert_eq!(o.predecessor(s, low), Some(r));
            }
        }
    }

    #[test]
    fn seed_card_order_is_suit_then_rank() {
        let a = Card::new(Suit::Clubs, Rank::Ace);
        let b = Card::new(Suit::Diamonds, Rank::Two);
        assert!(a.is_before(b, RankOrder::AceHigh, Rank::Two));
        let two = Card::new(Suit::Clubs, Rank::Two);
        assert!(two.is_before(a, RankOrder::AceHigh, Rank::Two));
        assert!(a.is_before(two, RankOrder::AceLow, Rank::Two));
        assert_eq!(Suit::Spades.next(), Suit::Clubs);
    }
}
