//! The reference pile model: the French course's pile primitives ("Tas"), simple and obviously
//! right. A [`Table`] holds named [`Pile`]s, each a `Vec` of cards from bottom to top (the
//! seed numbers cards from the bottom, starting at 1). Every primitive is a method of
//! [`Table`] that moves cards between piles, so the piles stay a partition of the deck.
//!
//! This model is deliberately separate from the games' packed states: the verifier replays
//! solutions here, so a bug in a move generator cannot hide itself.

use crate::cards::{
    parse_cards, Card, CardCounts, CardParseError, CardStyle, DeckSpec, Rank, Suit,
};
use crate::deals::{shuffle, Rng};
use std::fmt::Write as _;
use thiserror::Error;

/// How a pile lies on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stacked (empilé): only the top card shows.
    Stacked,
    /// Spread (étalé): every card shows.
    Spread,
}

/// One pile: a label (its place on the table), a mode, whether it is active, and its cards
/// from bottom to top.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    /// The pile's name, which is its place on the table (e.g. `stock`, `clubs`).
    pub label: String,
    /// Stacked or spread.
    pub mode: Mode,
    /// Whether the pile plays a role (an inactive pile is empty and not shown).
    pub active: bool,
    /// The cards, bottom first.
    pub cards: Vec<Card>,
}

impl Pile {
    /// The number of cards (LaHauteur).
    pub fn height(&self) -> usize {
        self.cards.len()
    }
    /// Whether the pile holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The top card (CarteSur).
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }
    /// The bottom card (CarteSous).
    pub fn bottom(&self) -> Option<Card> {
        self.cards.first().copied()
    }
    /// The i-th card from the bottom, 1-based (ièmeCarte).
    pub fn ith(&self, i: usize) -> Option<Card> {
        i.checked_sub(1).and_then(|k| self.cards.get(k)).copied()
    }
}

/// An index of a pile in a [`Table`].
pub type PileId = usize;

/// Why a primitive could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PileError {
    /// The pile index does not exist.
    #[error("no pile number {0}")]
    NoSuchPile(PileId),
    /// The operation needs a card and the pile is empty.
    #[error("pile '{0}' is empty")]
    Empty(String),
    /// The operation needs an active pile.
    #[error("pile '{0}' is inactive")]
    Inactive(String),
    /// Only an empty active pile can be made inactive.
    #[error("pile '{0}' is not empty")]
    NotEmpty(String),
    /// The named card is not in the pile.
    #[error("card {card} is not in pile '{pile}'")]
    CardNotFound {
        /// The card looked for.
        card: String,
        /// The pile searched.
        pile: String,
    },
    /// Putting a pile on a pile needs the same mode.
    #[error("piles '{0}' and '{1}' have different modes")]
    ModeMismatch(String, String),
    /// The same pile was named as source and destination.
    #[error("pile '{0}' named twice")]
    SamePile(String),
    /// Two piles share a label.
    #[error("two piles are labelled '{0}'")]
    DuplicateLabel(String),
}

/// Why a board text could not be read: what is wrong, and on which line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardParseError {
    /// A line is neither `label (mode): cards`, `name = number`, blank nor a `;` comment.
    #[error(
        "line {line}: expected 'label (stacked|spread): cards' or 'name = number', found '{text}'"
    )]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A card could not be read.
    #[error("line {line}: {source}")]
    Card {
        /// 1-based line number.
        line: usize,
        /// The card error.
        source: CardParseError,
    },
    /// Two piles with the same label.
    #[error("line {line}: pile '{label}' appears twice")]
    DuplicatePile {
        /// 1-based line number.
        line: usize,
        /// The label.
        label: String,
    },
}

/// A layout: the piles on the table, plus named counters (e.g. the pass number).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// The piles, in display order.
    pub piles: Vec<Pile>,
    /// Named counters that are part of the position (e.g. `pass = 2`).
    pub counters: Vec<(String, u32)>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            piles: Vec::new(),
            counters: Vec::new(),
        }
    }

    /// CréerJeuNeuf: a new stacked pile labelled `label` holding the whole deck in the French
    /// course's card order, face down (the first card of the order at the bottom).
    pub fn new_deck(&mut self, deck: DeckSpec, label: &str) -> Result<PileId, PileError> {
        let id = self.create_empty(label, Mode::Stacked)?;
        self.piles[id].cards = deck.cards().into_iter().map(Card::face_down).collect();
        Ok(id)
    }

    /// CréerTasVide: a new empty active pile.
    pub fn create_empty(&mut self, label: &str, mode: Mode) -> Result<PileId, PileError> {
        if self.find(label).is_some() {
            return Err(PileError::DuplicateLabel(label.to_string()));
        }
        self.piles.push(Pile {
            label: label.to_string(),
            mode,
            active: true,
            cards: Vec::new(),
        });
        Ok(self.piles.len() - 1)
    }

    /// SupprimerTasVide: makes an empty active pile inactive.
    pub fn remove_empty(&mut self, p: PileId) -> Result<(), PileError> {
        let pile = self.active(p)?;
        if !pile.is_empty() {
            return Err(PileError::NotEmpty(pile.label.clone()));
        }
        self.piles[p].active = false;
        Ok(())
    }

    /// The pile with this label.
    pub fn find(&self, label: &str) -> Option<PileId> {
        // Byte by byte: labels are a few bytes long, shorter than a call to compare memory.
        let label = label.as_bytes();
        self.piles.iter().position(|p| {
            let l = p.label.as_bytes();
            l.len() == label.len() && l.iter().zip(label).all(|(a, b)| a == b)
        })
    }

    /// The pile `p`.
    pub fn pile(&self, p: PileId) -> Result<&Pile, PileError> {
        self.piles.get(p).ok_or(PileError::NoSuchPile(p))
    }

    fn active(&self, p: PileId) -> Result<&Pile, PileError> {
        let pile = self.pile(p)?;
        if pile.active {
            Ok(pile)
        } else {
            Err(PileError::Inactive(pile.label.clone()))
        }
    }

    fn nonempty(&self, p: PileId) -> Result<&Pile, PileError> {
        let pile = self.active(p)?;
        if pile.is_empty() {
            Err(PileError::Empty(pile.label.clone()))
        } else {
            Ok(pile)
        }
    }

    fn two(&self, a: PileId, b: PileId) -> Result<(), PileError> {
        self.active(a)?;
        self.active(b)?;
        if a == b {
            return Err(PileError::SamePile(self.piles[a].label.clone()));
        }
        Ok(())
    }

    /// The value of counter `name`, if set.
    pub fn counter(&self, name: &str) -> Option<u32> {
        self.counters
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
    }

    /// Sets counter `name` to `value`.
    pub fn set_counter(&mut self, name: &str, value: u32) {
        match self.counters.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.counters.push((name.to_string(), value)),
        }
    }

    /// RetournerCarteSur: turns the top card over.
    pub fn flip_top(&mut self, p: PileId) -> Result<(), PileError> {
        self.nonempty(p)?;
        let c = self.piles[p].cards.last_mut().expect("non-empty");
        *c = c.flipped();
        Ok(())
    }

    /// RetournerCarteSous: turns the bottom card over.
    pub fn flip_bottom(&mut self, p: PileId) -> Result<(), PileError> {
        self.nonempty(p)?;
        let c = &mut self.piles[p].cards[0];
        *c = c.flipped();
        Ok(())
    }

    /// BattreTas: shuffles the pile with the portable generator.
    pub fn shuffle(&mut self, p: PileId, rng: &mut Rng) -> Result<(), PileError> {
        self.active(p)?;
        shuffle(&mut self.piles[p].cards, rng);
        Ok(())
    }

    /// RetournerTas: turns the whole pile over: the order reverses and every card flips.
    pub fn turn_over(&mut self, p: PileId) -> Result<(), PileError> {
        self.active(p)?;
        let cards = &mut self.piles[p].cards;
        cards.reverse();
        for c in cards.iter_mut() {
            *c = c.flipped();
        }
        Ok(())
    }

    /// Changes how the pile lies.
    pub fn set_mode(&mut self, p: PileId, mode: Mode) -> Result<(), PileError> {
        self.active(p)?;
        self.piles[p].mode = mode;
        Ok(())
    }

    /// AjouterCarteSurTas: puts `card` on top of the pile. The card must come from nowhere
    /// else on the table (used while laying out).
    pub fn add_on_top(&mut self, card: Card, p: PileId) -> Result<(), PileError> {
        self.active(p)?;
        self.piles[p].cards.push(card);
        Ok(())
    }

    /// AjouterCarteSousTas: puts `card` under the pile.
    pub fn add_under(&mut self, card: Card, p: PileId) -> Result<(), PileError> {
        self.active(p)?;
        self.piles[p].cards.insert(0, card);
        Ok(())
    }

    /// DéplacerHautSur: moves the top card of `from` onto the top of `to`.
    pub fn move_top_to_top(&mut self, from: PileId, to: PileId) -> Result<Card, PileError> {
        self.two(from, to)?;
        self.nonempty(from)?;
        let c = self.piles[from].cards.pop().expect("non-empty");
        self.piles[to].cards.push(c);
        Ok(c)
    }

    /// DéplacerHautSous: moves the top card of `from` under `to`.
    pub fn move_top_to_bottom(&mut self, from: PileId, to: PileId) -> Result<Card, PileError> {
        self.two(from, to)?;
        self.nonempty(from)?;
        let c = self.piles[from].cards.pop().expect("non-empty");
        self.piles[to].cards.insert(0, c);
        Ok(c)
    }

    /// DéplacerBasSur: moves the bottom card of `from` onto the top of `to`.
    pub fn move_bottom_to_top(&mut self, from: PileId, to: PileId) -> Result<Card, PileError> {
        self.two(from, to)?;
        self.nonempty(from)?;
        let c = self.piles[from].cards.remove(0);
        self.piles[to].cards.push(c);
        Ok(c)
    }

    /// DéplacerBasSous: moves the bottom card of `from` under `to`.
    pub fn move_bottom_to_bottom(&mut self, from: PileId, to: PileId) -> Result<Card, PileError> {
        self.two(from, to)?;
        self.nonempty(from)?;
        let c = self.piles[from].cards.remove(0);
        self.piles[to].cards.insert(0, c);
        Ok(c)
    }

    /// DéplacerCarteSur: takes the card of this suit and rank out of `from` (wherever it
    /// lies, face up or down) and puts it on top of `to`, keeping its visibility.
    pub fn move_card(
        &mut self,
        suit: Suit,
        rank: Rank,
        from: PileId,
        to: PileId,
    ) -> Result<Card, PileError> {
        self.two(from, to)?;
        let want = Card::new(suit, rank);
        let pos = self.piles[from]
            .cards
            .iter()
            .position(|c| c.face_up() == want)
            .ok_or_else(|| PileError::CardNotFound {
                card: want.to_string(),
                pile: self.piles[from].label.clone(),
            })?;
        let c = self.piles[from].cards.remove(pos);
        self.piles[to].cards.push(c);
        Ok(c)
    }

    /// PoserTasSurTas: puts the whole pile `from` on top of `to`, in order, keeping every
    /// card's visibility. Both piles must have the same mode; `from` stays active and empty.
    pub fn put_pile_on_pile(&mut self, from: PileId, to: PileId) -> Result<(), PileError> {
        self.two(from, to)?;
        if self.piles[from].mode != self.piles[to].mode {
            return Err(PileError::ModeMismatch(
                self.piles[from].label.clone(),
                self.piles[to].label.clone(),
            ));
        }
        let moved = std::mem::take(&mut self.piles[from].cards);
        self.piles[to].cards.extend(moved);
        Ok(())
    }

    /// Every card on the table, as a multiset of identities.
    pub fn card_counts(&self) -> CardCounts {
        self.piles
            .iter()
            .flat_map(|p| p.cards.iter().copied())
            .collect()
    }

    /// The board text: one line per active pile, `label (mode): cards bottom to top` with
    /// `#` before face-down cards, then one `name = value` line per counter. [`Table::parse`]
    /// reads it back.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for p in self.piles.iter().filter(|p| p.active) {
            let mode = match p.mode {
                Mode::Stacked => "stacked",
                Mode::Spread => "spread",
            };
            let _ = write!(s, "{} ({mode}):", p.label);
            for c in &p.cards {
                let _ = write!(s, " {}", CardStyle::BOARD.format(*c));
            }
            s.push('\n');
        }
        for (n, v) in &self.counters {
            let _ = writeln!(s, "{n} = {v}");
        }
        s
    }

    /// A picture for people: spread piles show every card, stacked piles their top card and
    /// their height; face-down cards show as `##` unless `style.reveal`.
    pub fn render(&self, style: CardStyle) -> String {
        let width = self.piles.iter().map(|p| p.label.len()).max().unwrap_or(0);
        let mut s = String::new();
        for p in self.piles.iter().filter(|p| p.active) {
            let _ = write!(s, "{:>width$} |", p.label);
            match (p.mode, p.top()) {
                (_, None) => s.push_str(" --"),
                (Mode::Spread, _) => {
                    for c in &p.cards {
                        let _ = write!(s, " {}", style.format(*c));
                    }
                }
                (Mode::Stacked, Some(top)) => {
                    let _ = write!(
                        s,
                        " {} ({} card{})",
                        style.format(top),
                        p.height(),
                        if p.height() == 1 { "" } else { "s" }
                    );
                }
            }
            s.push('\n');
        }
        for (n, v) in &self.counters {
            let _ = writeln!(s, "{n} = {v}");
        }
        s
    }

    /// Reads a board text as written by [`Table::to_text`]. Blank lines and lines starting
    /// with `;` are ignored.
    pub fn parse(text: &str) -> Result<Table, BoardParseError> {
        let mut t = Table::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            if l.is_empty() || l.starts_with(';') {
                continue;
            }
            let syntax = || BoardParseError::Syntax {
                line,
                text: l.to_string(),
            };
            if let Some((head, cards)) = l.split_once(':') {
                let head = head.trim();
                let (label, mode) = match head.split_once('(') {
                    Some((label, rest)) => {
                        let mode = match rest.trim_end_matches(')').trim() {
                            "stacked" => Mode::Stacked,
                            "spread" => Mode::Spread,
                            _ => return Err(syntax()),
                        };
                        (label.trim(), mode)
                    }
                    None => (head, Mode::Spread),
                };
                if label.is_empty() || label.contains(char::is_whitespace) {
                    return Err(syntax());
                }
                let cards =
                    parse_cards(cards).map_err(|source| BoardParseError::Card { line, source })?;
                if t.find(label).is_some() {
                    return Err(BoardParseError::DuplicatePile {
                        line,
                        label: label.to_string(),
                    });
                }
                t.piles.push(Pile {
                    label: label.to_string(),
                    mode,
                    active: true,
                    cards,
                });
            } else if let Some((name, value)) = l.split_once('=') {
                let value: u32 = value.trim().parse().map_err(|_| syntax())?;
                let name = name.trim();
                if name.is_empty() || name.contains(char::is_whitespace) {
                    return Err(syntax());
                }
                t.set_counter(name, value);
            } else {
                return Err(syntax());
            }
        }
        Ok(t)
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deals::Rng;
    use proptest::prelude::{any, prop_assert_eq, prop_oneof, proptest, Strategy};

    fn deck_table() -> (Table, PileId, PileId, PileId) {
        let mut t = Table::new();
        let d = t.new_deck(DeckSpec::FULL, "deck").unwrap();
        let a = t.create_empty("a", Mode::Spread).unwrap();
        let b = t.create_empty("b", Mode::Spread).unwrap();
        (t, d, a, b)
    }

    #[test]
    fn new_deck_is_in_order_and_face_down() {
        let (t, d, _, _) = deck_table();
        let p = t.pile(d).unwrap();
        assert_eq!(p.height(), 52);
        assert!(p.cards.iter().all(|c| c.is_face_down()));
        assert_eq!(
            p.bottom().unwrap().face_up(),
            Card::new(Suit::Clubs, Rank::Two)
        );
        assert_eq!(
            p.top().unwrap().face_up(),
            Card::new(Suit::Spades, Rank::Ace)
        );
        assert_eq!(
            p.ith(13).unwrap().face_up(),
            Card::new(Suit::Clubs, Rank::Ace)
        );
        assert_eq!(p.ith(0), None);
        assert_eq!(p.ith(53), None);
    }

    #[test]
    fn the_four_moves_take_and_put_at_the_right_ends() {
        let (mut t, d, a, _) = deck_table();
        let top = t.move_top_to_top(d, a).unwrap();
        assert_eq!(top.face_up(), Card::new(Suit::Spades, Rank::Ace));
        let bottom = t.move_bottom_to_top(d, a).unwrap();
        assert_eq!(bottom.face_up(), Card::new(Suit::Clubs, Rank::Two));
        assert_eq!(t.pile(a).unwrap().cards, vec![top, bottom]);
        let c = t.move_top_to_bottom(d, a).unwrap();
        assert_eq!(t.pile(a).unwrap().bottom(), Some(c));
        let c2 = t.move_bottom_to_bottom(d, a).unwrap();
        assert_eq!(t.pile(a).unwrap().bottom(), Some(c2));
        assert_eq!(c2.face_up(), Card::new(Suit::Clubs, Rank::Three));
    }

    #[test]
    fn preconditions_are_errors_not_panics() {
        let (mut t, d, a, b) = deck_table();
        assert_eq!(t.move_top_to_top(a, b), Err(PileError::Empty("a".into())));
        assert_eq!(
            t.move_top_to_top(d, d),
            Err(PileError::SamePile("deck".into()))
        );
        assert_eq!(t.remove_empty(d), Err(PileError::NotEmpty("deck".into())));
        t.remove_empty(a).unwrap();
        assert_eq!(
            t.move_top_to_top(d, a),
            Err(PileError::Inactive("a".into()))
        );
        assert!(matches!(
            t.move_card(Suit::Hearts, Rank::Ace, b, d),
            Err(PileError::Inactive(_)) | Err(PileError::CardNotFound { .. })
        ));
        let s = t.create_empty("s", Mode::Stacked).unwrap();
        assert_eq!(
            t.put_pile_on_pile(b, s),
            Err(PileError::ModeMismatch("b".into(), "s".into()))
        );
        assert_eq!(
            t.create_empty("s", Mode::Spread),
            Err(PileError::DuplicateLabel("s".into()))
        );
    }

    #[test]
    fn flips_turn_over_and_named_moves() {
        let (mut t, d, a, _) = deck_table();
        t.flip_top(d).unwrap();
        assert!(t.pile(d).unwrap().top().unwrap().is_face_up());
        t.flip_bottom(d).unwrap();
        assert!(t.pile(d).unwrap().bottom().unwrap().is_face_up());
        t.turn_over(d).unwrap();
        let p = t.pile(d).unwrap();
        assert_eq!(
            p.top().unwrap(),
            Card::new(Suit::Clubs, Rank::Two).face_down()
        );
        assert!(p.ith(2).unwrap().is_face_up());
        let c = t.move_card(Suit::Hearts, Rank::Queen, d, a).unwrap();
        assert_eq!(c.face_up(), Card::new(Suit::Hearts, Rank::Queen));
        assert_eq!(t.pile(d).unwrap().height(), 51);
    }

    #[test]
    fn text_round_trips() {
        let (mut t, d, a, b) = deck_table();
        t.shuffle(d, &mut Rng::new(3)).unwrap();
        for _ in 0..5 {
            t.move_top_to_top(d, a).unwrap();
            t.flip_top(a).unwrap();
        }
        t.move_top_to_top(d, b).unwrap();
        t.set_counter("pass", 2);
        let back = Table::parse(&t.to_text()).unwrap();
        assert_eq!(back, t);
        assert!(t
            .render(CardStyle::default())
            .contains("deck | ## (46 cards)"));
    }

    #[test]
    fn bad_board_text_names_the_line() {
        let e = Table::parse("a (spread): AS\nb (spread): KD QX\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2:"), "{e}");
        let e = Table::parse("a (spread): AS\na (spread): KD\n").unwrap_err();
        assert_eq!(
            e,
            BoardParseError::DuplicatePile {
                line: 2,
                label: "a".into()
            }
        );
        let e = Table::parse("nonsense\n").unwrap_err();
        assert!(matches!(e, BoardParseError::Syntax { line: 1, .. }));
    }

    #[derive(Debug, Clone)]
    enum Op {
        TopTop(usize, usize),
        TopBottom(usize, usize),
        BottomTop(usize, usize),
        BottomBottom(usize, usize),
        FlipTop(usize),
        FlipBottom(usize),
        TurnOver(usize),
        Shuffle(usize, u64),
        PileOnPile(usize, usize),
        Named(usize, usize, u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        let p = 0usize..4;
        prop_oneof![
            (p.clone(), p.clone()).prop_map(|(a, b)| Op::TopTop(a, b)),
            (p.clone(), p.clone()).prop_map(|(a, b)| Op::TopBottom(a, b)),
            (p.clone(), p.clone()).prop_map(|(a, b)| Op::BottomTop(a, b)),
            (p.clone(), p.clone()).prop_map(|(a, b)| Op::BottomBottom(a, b)),
            p.clone().prop_map(Op::FlipTop),
            p.clone().prop_map(Op::FlipBottom),
            p.clone().prop_map(Op::TurnOver),
            (p.clone(), any::<u64>()).prop_map(|(a, s)| Op::Shuffle(a, s)),
            (p.clone(), p.clone()).prop_map(|(a, b)| Op::PileOnPile(a, b)),
            (p.clone(), p, 0u8..52).prop_map(|(a, b, c)| Op::Named(a, b, c)),
        ]
    }

    proptest! {
        #[test]
        fn every_operation_keeps_a_partition_of_the_deck(ops in proptest::collection::vec(op(), 0..60)) {
            let mut t = Table::new();
            t.new_deck(DeckSpec::FULL, "deck").unwrap();
            for l in ["a", "b", "c"] {
                t.create_empty(l, Mode::Spread).unwrap();
            }
            t.set_mode(0, Mode::Spread).unwrap();
            let full = t.card_counts();
            for o in ops {
                let before = t.clone();
                let r = match o {
                    Op::TopTop(a, b) => t.move_top_to_top(a, b).map(|_| ()),
                    Op::TopBottom(a, b) => t.move_top_to_bottom(a, b).map(|_| ()),
                    Op::BottomTop(a, b) => t.move_bottom_to_top(a, b).map(|_| ()),
                    Op::BottomBottom(a, b) => t.move_bottom_to_bottom(a, b).map(|_| ()),
                    Op::FlipTop(a) => t.flip_top(a),
                    Op::FlipBottom(a) => t.flip_bottom(a),
                    Op::TurnOver(a) => t.turn_over(a),
                    Op::Shuffle(a, s) => t.shuffle(a, &mut Rng::new(s)),
                    Op::PileOnPile(a, b) => t.put_pile_on_pile(a, b),
                    Op::Named(a, b, c) => {
                        let c = Card::from_index(c);
                        t.move_card(c.suit_unchecked(), c.rank_unchecked(), a, b).map(|_| ())
                    }
                };
                if r.is_err() {
                    prop_assert_eq!(&t, &before, "a failed primitive changed the table");
                }
                prop_assert_eq!(t.card_counts(), full.clone());
                prop_assert_eq!(t.piles.iter().map(|p| p.height()).sum::<usize>(), 52);
            }
        }
    }
}
