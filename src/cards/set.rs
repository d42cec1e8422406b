//! Sets and multisets of card identities.

use super::Card;

/// A set of card identities (face ignored) as a 64-bit mask: one bit per index 0..54.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// Whether `card` is in the set.
    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }
    /// Adds `card`; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }
    /// Removes `card`; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }
    /// The number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The raw mask.
    pub fn bits(self) -> u64 {
        self.0
    }
    /// The cards in index order, face up.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        (0..54u8)
            .filter(move |i| self.0 >> i & 1 == 1)
            .map(Card::from_index)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// A multiset of card identities, for decks with several copies.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CardCounts([u8; 54]);

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts([0; 54])
    }
}

impl CardCounts {
    /// How many copies of `card` (face ignored).
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }
    /// Adds one copy of `card`.
    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }
    /// The total number of cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }
}

impl FromIterator<Card> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardCounts::default();
        for c in iter {
            s.add(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DeckSpec;

    #[test]
    fn set_ignores_face_and_counts() {
        let deck = DeckSpec::FULL.cards();
        let mut s: CardSet = deck.iter().copied().collect();
        assert_eq!(s.len(), 52);
        assert!(!s.insert(deck[3].face_down()));
        assert!(s.remove(deck[3]));
        assert!(!s.contains(deck[3]));
        assert_eq!(s.iter().count(), 51);
        let counts: CardCounts = DeckSpec::DOUBLE.cards().into_iter().collect();
        assert_eq!(counts.count(deck[0]), 2);
        assert_eq!(counts.total(), 104);
    }
}
