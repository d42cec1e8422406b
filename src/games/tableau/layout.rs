//! Layouts: dealing a deal number onto the reference piles, laying out given piles, cells
//! and foundations, and packing a board ([`Table`]) into a [`State`] with its checks.

use super::moves::{cell_label, pile_label, reserve_label, COVER, HOMES};
use super::pysol_layouts::PysolLayout;
use super::rules::{FoundationBase, Takes, MAX_CELLS, MAX_PILES, UNLIMITED};
use super::state::{nth_rank, State, EMPTY};
use super::Tableau;
use crate::cards::{Card, Rank, Suit};
use crate::games::{self, check_partition, BoardError};
use crate::piles::{Mode, Table};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Creates the empty piles, cells, reserve and foundations of the game on `t`; returns
    /// the piles', then the cells' and then the reserve's indices (its stacks, then the
    /// cover's pile).
    fn empty_layout(&self, t: &mut Table) -> Vec<usize> {
        let mut ids: Vec<usize> = (0..self.rules.piles())
            .map(|p| t.create_empty(&pile_label(p), Mode::Spread).expect("fresh"))
            .collect();
        ids.extend((0..self.cells()).map(|c| {
            t.create_empty(&cell_label(c), Mode::Stacked)
                .expect("fresh")
        }));
        ids.extend(
            self.reserve_labels()
                .iter()
                .map(|l| t.create_empty(l, Mode::Spread).expect("fresh")),
        );
        for label in self.home_labels() {
            t.create_empty(&label, Mode::Stacked).expect("fresh");
        }
        if self.feat.draw != 0 {
            t.create_empty(WASTE, Mode::Stacked).expect("fresh");
        }
        ids
    }

    /// The labels of the reserve's piles on the board: its stacks (`reserve1`, ...), then
    /// the pile across them (`cover`) when it has one.
    pub fn reserve_labels(&self) -> Vec<String> {
        let mut v: Vec<String> = (0..usize::from(self.feat.reserve))
            .map(reserve_label)
            .collect();
        if self.feat.cover {
            v.push(COVER.to_string());
        }
        v
    }

    /// The labels of every foundation: the suits' names ([`Tableau::home_suits`]), then
    /// with two foundations a suit built card by card the second ones (`clubs2`, ...). In
    /// alternate colours (Zebra) each is named after the suit of its Ace.
    pub fn home_labels(&self) -> Vec<String> {
        let suits = self.home_suits();
        let mut v: Vec<String> = suits.iter().map(|s| s.name().to_string()).collect();
        if self.feat.second || self.feat.colour_home {
            v.extend(suits.iter().map(|s| format!("{}2", s.name())));
        }
        v
    }

    /// Whether cards wait face down in a stock that deals them onto the piles or the
    /// reserve (not a stock turned onto a waste).
    pub fn deals_stock(&self) -> bool {
        self.feat.deal_to != 0 || self.feat.reserve_deal != 0
    }

    /// Whether the card dealt onto the foundations, whose rank is their base, may come back
    /// to the tableau: then the board keeps the base as a counter ([`BASE`]).
    pub fn base_may_leave(&self) -> bool {
        self.rules.foundations.base == FoundationBase::FirstDealt
            && self.feat.returns
            && !self.feat.base_stays
    }

    /// The suits that have a foundation (labelled with the suit's name): those of the deck,
    /// the one suit where only it has one, none when the game has no foundations. With
    /// several decks a suit's foundation holds all its cards (its runs one on another).
    pub fn home_suits(&self) -> Vec<Suit> {
        if self.feat.takes == Takes::Nothing {
            Vec::new()
        } else if let Some(suit) = self.rules.foundations.suit {
            vec![suit]
        } else {
            self.rules.deck().suit_list()
        }
    }

    /// The layout `l` (PySol's, or Microsoft's piles): its piles (bottom first, the first
    /// `l.face_down[p]` cards of pile `p` face down, the others face up), cells and
    /// foundation cards, built from a new deck with the pile primitives (DéplacerCarteSur for
    /// each card, then turned face up); in games with a stock, the cards of `l.stock` face
    /// down in the stock, the first one on top (the first turned or dealt).
    pub(super) fn layout(&self, l: &PysolLayout) -> Table {
        let mut t = Table::new();
        let stock = t.new_deck(self.rules.deck(), STOCK).expect("fresh");
        let ids = self.empty_layout(&mut t);
        let place = |t: &mut Table, c: Card, to: usize, face_up: bool| {
            t.move_card(c.suit_unchecked(), c.rank_unchecked(), stock, to)
                .expect("each card once");
            if face_up {
                t.flip_top(to).expect("non-empty");
            }
        };
        for home in &l.foundations {
            let to = t
                .find(HOMES[home.suit_unchecked().index()])
                .expect("created");
            place(&mut t, *home, to, true);
        }
        for (p, col) in l.piles.iter().enumerate() {
            let down = l.face_down.get(p).copied().unwrap_or(0);
            for (h, &c) in col.iter().enumerate() {
                place(&mut t, c, ids[p], h >= down);
            }
        }
        for (i, c) in l.cells.iter().enumerate() {
            if let Some(c) = c {
                place(&mut t, *c, ids[self.rules.piles() + i], true);
            }
        }
        if !self.deals_stock() && self.feat.draw == 0 {
            t.remove_empty(stock).expect("dealt out");
        } else {
            // Lay the stock again in the layout's order, its last card at the bottom.
            let hand = t.create_empty("hand", Mode::Stacked).expect("fresh");
            for c in l.stock.iter().rev() {
                place(&mut t, *c, hand, false);
            }
            t.put_pile_on_pile(hand, stock).expect("same mode");
            t.remove_empty(hand).expect("empty");
            t.piles.pop();
        }
        t
    }

    /// The layout of deal `n` ([`Game::deal`](crate::games::Game::deal)).
    pub(super) fn deal_layout(&self, n: u64) -> Table {
        if self.rules.microsoft_deals {
            let cols = crate::deals::microsoft::freecell_columns(n)
                .expect("deal number checked by check_deal");
            return self.layout(&PysolLayout::open(cols.to_vec(), Vec::new(), Vec::new()));
        }
        let r = self.rules;
        let (mut t, stock) = games::shuffled_stock(r.deck(), n);
        let piles = self.empty_layout(&mut t);
        if r.tableau.aces_home {
            // One Ace onto each foundation (two a suit with two decks).
            // `home_labels` lists the suits' foundations, then their second ones.
            let suits = self.home_suits();
            for (i, label) in self.home_labels().iter().enumerate() {
                let suit = suits[i % suits.len()];
                let home = t.find(label).expect("created");
                t.move_card(suit, Rank::Ace, stock, home)
                    .expect("the ace is in the stock");
                t.flip_top(home).expect("non-empty");
            }
        }
        if self.feat.redeal != 0 {
            // As the redeal will: pile by pile, each its count at once.
            for (p, &count) in r.tableau.deal.iter().enumerate() {
                for _ in 0..count {
                    t.move_top_to_top(stock, piles[p]).expect("enough cards");
                    t.flip_top(piles[p]).expect("non-empty");
                }
            }
        } else {
            // Round by round, left to right, each pile until it has its count.
            let most = r.tableau.deal.iter().copied().max().unwrap_or(0);
            for round in 0..most {
                for (p, &count) in r.tableau.deal.iter().enumerate() {
                    if round < count {
                        t.move_top_to_top(stock, piles[p]).expect("enough cards");
                        // The cards the rules deal face down stay so.
                        if !r.tableau.dealt_face_down(p, round) {
                            t.flip_top(piles[p]).expect("non-empty");
                        }
                    }
                }
            }
        }
        // The reserve: each stack from the first, bottom card first, then the cover's cards,
        // face up (a stack's cards under its top one face down where the rules say).
        let mut sizes = r.reserve.piles.clone();
        if r.reserve.cover > 0 {
            sizes.push(r.reserve.cover);
        }
        for (i, &count) in sizes.iter().enumerate() {
            let pile = piles[r.piles() + self.cells() + i];
            let hidden = r.reserve.face_down && i < r.reserve.piles.len();
            for n in 0..count {
                t.move_top_to_top(stock, pile).expect("enough cards");
                if !hidden || n + 1 == count {
                    t.flip_top(pile).expect("non-empty");
                }
            }
        }
        for c in 0..r.cells.dealt as usize {
            let cell = piles[r.piles() + c];
            t.move_top_to_top(stock, cell).expect("enough cards");
            t.flip_top(cell).expect("non-empty");
        }
        if r.foundations.base == FoundationBase::FirstDealt {
            // The next card goes onto its suit's foundation: its rank is the base.
            let card = t.piles[stock]
                .top()
                .expect("a card left for the foundations");
            let home = t
                .find(HOMES[card.suit_unchecked().index()])
                .expect("created");
            t.move_top_to_top(stock, home).expect("a card");
            t.flip_top(home).expect("non-empty");
            // Where the base card may leave its foundation, the board keeps its rank too.
            if self.base_may_leave() {
                t.set_counter(BASE, u32::from(card.rank_unchecked().value()));
            }
        }
        if !self.deals_stock() && self.feat.draw == 0 {
            t.remove_empty(stock).expect("dealt out");
        }
        if r.tableau.kings_bottom {
            for &p in &piles[..r.piles()] {
                // Take the pile apart into a hand and lay it again, Kings first (in the
                // order they lay), then the other cards in their order.
                let kings: Vec<Card> = t.piles[p]
                    .cards
                    .iter()
                    .copied()
                    .filter(|c| c.rank() == Some(Rank::King))
                    .collect();
                let others: Vec<Card> = t.piles[p]
                    .cards
                    .iter()
                    .copied()
                    .filter(|c| c.rank() != Some(Rank::King))
                    .collect();
                let hand = t.create_empty("hand", Mode::Spread).expect("fresh");
                for c in kings.iter().chain(&others) {
                    t.move_card(c.suit_unchecked(), c.rank_unchecked(), p, hand)
                        .expect("card in pile");
                }
                t.put_pile_on_pile(hand, p).expect("same mode");
                t.remove_empty(hand).expect("empty");
                t.piles.pop();
            }
        }
        t
    }

    /// The state of the board `t` ([`Game::pack`](crate::games::Game::pack)), checked.
    pub(super) fn pack_layout(&self, t: &Table) -> Result<State<N>, BoardError> {
        let r = self.rules;
        let homes_of = self.home_suits();
        let home_labels = self.home_labels();
        let reserve = self.reserve_piles();
        let mut labels: Vec<String> = (0..r.piles()).map(pile_label).collect();
        labels.extend((0..self.cells()).map(cell_label));
        labels.extend(self.reserve_labels());
        labels.extend(home_labels.iter().cloned());
        let has_stock = self.deals_stock() || self.feat.draw != 0;
        if has_stock {
            labels.push(STOCK.to_string());
        }
        if self.feat.draw != 0 {
            labels.push(WASTE.to_string());
        }
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let ids = games::expect_piles(t, &refs)?;
        check_partition(t, r.deck())?;
        let face_down = r.tableau.deals_face_down() || self.feat.deal_to != 0;
        let stock_at = r.piles() + self.cells() + reserve + home_labels.len();
        let first_reserve = r.piles() + self.cells();
        let hidden_reserve = first_reserve..first_reserve + usize::from(self.feat.reserve);
        for (i, &id) in ids.iter().enumerate() {
            if (i < r.piles() && face_down) || (r.reserve.face_down && hidden_reserve.contains(&i))
            {
                // Rows dealt face down are the tableau's; a reserve's stack has them under it.
                let rows: &[u8] = if i < r.piles() {
                    &r.tableau.face_down_rows
                } else {
                    &[]
                };
                expect_face_down_as_dealt(t, id, rows)?;
            } else if has_stock && i == stock_at {
                games::expect_faces(t, id, true)?;
            } else {
                games::expect_faces(t, id, false)?;
            }
        }
        let mut s = State {
            cards: [0; N],
            len: [0; MAX_PILES],
            stock: 0,
            waste: 0,
            cells: [EMPTY; MAX_CELLS],
            home: [0; 4],
            second: [0; 4],
            base: 0,
            redeals: 0,
        };
        let mut at = 0;
        for (p, &id) in ids.iter().enumerate().take(r.piles()) {
            for c in &t.piles[id].cards {
                s.cards[at] = c.byte();
                at += 1;
            }
            s.len[p] = t.piles[id].height() as u8;
        }
        // The reserve's piles follow the tableau's, in order.
        for (i, &id) in ids[first_reserve..first_reserve + reserve]
            .iter()
            .enumerate()
        {
            for c in &t.piles[id].cards {
                s.cards[at] = c.byte();
                at += 1;
            }
            s.len[r.piles() + i] = t.piles[id].height() as u8;
        }
        if r.tableau.max_cards > 0 {
            if let Some(p) = (0..r.piles()).find(|&p| s.len[p] > r.tableau.max_cards) {
                return Err(BoardError::Impossible(format!(
                    "pile '{}' holds {} cards, more than the {} a pile may hold",
                    pile_label(p),
                    s.len[p],
                    r.tableau.max_cards
                )));
            }
        }
        // A reserve that fills emptied piles at once leaves none empty while it holds cards.
        if self.feat.reserve_fills && s.len[r.piles()] > 0 {
            if let Some(p) = (0..r.piles()).find(|&p| s.len[p] == 0) {
                return Err(BoardError::Impossible(format!(
                    "pile '{}' is empty while the reserve holds cards: the reserve fills an \
                     emptied pile at once",
                    pile_label(p)
                )));
            }
        }
        if self.deals_stock() {
            let stock = &t.piles[ids[stock_at]];
            for c in &stock.cards {
                s.cards[at] = c.face_up().byte();
                at += 1;
            }
            s.stock = stock.height() as u8;
        }
        if self.feat.draw != 0 {
            // The talon in the order the cards are turned: the waste from its bottom, then
            // the stock from its top (see `talon.rs`).
            let (stock, waste) = (&t.piles[ids[stock_at]], &t.piles[ids[stock_at + 1]]);
            for c in waste.cards.iter().chain(stock.cards.iter().rev()) {
                s.cards[at] = c.face_up().byte();
                at += 1;
            }
            s.stock = (stock.height() + waste.height()) as u8;
            s.waste = waste.height() as u8;
            // Zebra: the talon fills an emptied pile at once, so none is empty while it
            // holds cards.
            if self.feat.talon_fills && s.stock > 0 {
                if let Some(p) = (0..r.piles()).find(|&p| s.len[p] == 0) {
                    return Err(BoardError::Impossible(format!(
                        "pile '{}' is empty while the talon holds cards: the waste (else the \
                         stock) fills an emptied pile at once",
                        pile_label(p)
                    )));
                }
            }
        }
        for c in 0..self.cells() {
            let cell = &t.piles[ids[r.piles() + c]];
            match cell.cards.as_slice() {
                [] => {}
                [card] => s.cells[c] = card.byte(),
                _ => {
                    return Err(BoardError::Impossible(format!(
                        "cell '{}' holds more than one card",
                        cell.label
                    )))
                }
            }
        }
        let first_home = r.piles() + self.cells() + reserve;
        let homes = &ids[first_home..first_home + home_labels.len()];
        if self.feat.chosen_base {
            // Every foundation started with the same rank: the first one sent home.
            let mut bases = homes
                .iter()
                .filter_map(|&id| t.piles[id].bottom())
                .map(|c| c.rank_unchecked().value());
            s.base = bases.next().unwrap_or(0);
            if bases.any(|b| b != s.base) {
                return Err(BoardError::Impossible(
                    "the foundations must all start with the same rank".into(),
                ));
            }
            // A base card that may leave its foundation leaves its rank on the board.
            if self.base_may_leave() && t.counter(BASE).is_some() {
                let base = games::counter_in(t, BASE, 0, 1..=13)? as u8;
                if s.base != 0 && s.base != base {
                    return Err(BoardError::Impossible(format!(
                        "{BASE} = {base}, but the foundations start with rank {}",
                        s.base
                    )));
                }
                s.base = base;
            }
            // The card dealt home gives the base: on its foundation, or where it may come
            // back, as the board's `base` line.
            if s.base == 0 && r.foundations.base == FoundationBase::FirstDealt {
                return Err(BoardError::Impossible(format!(
                    "the foundations hold no card, but these rules deal one there first: its \
                     rank is every foundation's base{}",
                    if self.base_may_leave() {
                        " (or a line 'base = RANK' gives it)"
                    } else {
                        ""
                    }
                )));
            }
        }
        let first = if self.feat.chosen_base { s.base } else { 1 };
        let runs = self.feat.takes == Takes::Runs;
        let suit_of = |i: usize| homes_of[i % homes_of.len().max(1)];
        if self.feat.colour_home {
            self.pack_colour_homes(t, homes, &suit_of, &mut s)?;
        }
        // Foundations in suit (those in alternate colours are read above).
        let in_suit = homes.iter().enumerate().filter(|_| !self.feat.colour_home);
        for (i, &id) in in_suit {
            let suit = suit_of(i);
            let home = &t.piles[id];
            let h = home.label.as_str();
            for (i, c) in home.cards.iter().enumerate() {
                // Runs lie King first; single cards climb from the base.
                let want = if runs {
                    13 - (i % 13) as u8
                } else {
                    nth_rank(first, i as u8)
                };
                if c.suit() != Some(suit) || c.rank_unchecked().value() != want {
                    let what = if runs {
                        format!("complete runs of {h}, each from its King down to its Ace")
                    } else {
                        format!(
                            "{} of {h} and the ranks that follow it",
                            Rank::from_value(first).letter()
                        )
                    };
                    return Err(BoardError::Impossible(format!(
                        "foundation '{h}' must hold {what} (found {} at place {})",
                        c.face_up(),
                        i + 1
                    )));
                }
            }
            if runs && !home.height().is_multiple_of(13) {
                return Err(BoardError::Impossible(format!(
                    "foundation '{h}' holds part of a run"
                )));
            }
            let height = home.height() as u8;
            let total = &mut s.home[suit.index()];
            if i >= homes_of.len() {
                // A second foundation: the lower of the two is `second`.
                let first = *total;
                s.second[suit.index()] = first.min(height);
            }
            *total += height;
        }
        if self.feat.redeal != 0 && s.total() > usize::from(self.feat.redeal) * r.piles() {
            return Err(BoardError::Impossible(format!(
                "the tableau holds {} cards, more than the {} a redeal lays out ({} on each of {} piles)",
                s.total(),
                usize::from(self.feat.redeal) * r.piles(),
                self.feat.redeal,
                r.piles()
            )));
        }
        if self.feat.redeal != 0 && self.feat.redeals != UNLIMITED {
            s.redeals = games::counter_in(t, REDEALS, 0, 0..=u32::from(self.feat.redeals))? as u8;
        }
        if self.feat.draw != 0 && self.feat.waste_redeals != UNLIMITED {
            s.redeals =
                games::counter_in(t, REDEALS, 0, 0..=u32::from(self.feat.waste_redeals))? as u8;
        }
        // Lady Jane: the stock deals whole rounds onto the reserve, then its last cards into
        // the cells, so it holds whole rounds and those cards, or nothing; the cells hold
        // cards only once it is empty.
        let stacks = self.feat.reserve_deal;
        if stacks != 0 {
            let left = self.cells() as u8;
            let in_cells = s.cells.iter().any(|&c| c != EMPTY);
            let whole_deals = s.stock == 0 || s.stock % stacks == left;
            let cells_ok = !in_cells || (s.stock == 0 && left > 0);
            if !whole_deals || !cells_ok {
                return Err(BoardError::Impossible(format!(
                    "the stock holds {} cards: it deals {stacks} at a time onto the reserve, \
                     then its last {left} into the cells, which hold cards only once it is empty",
                    s.stock
                )));
            }
        }
        Ok(s)
    }
}

/// Checks that a tableau pile's face-down cards lie where a deal leaves them: under its
/// face-up ones, or where the rules deal given rows face down (`rows` not empty) in such rows
/// (the cards under one were never moved, so it is where it was dealt); and that a pile with
/// cards has its top card face up (the engine turns each card it uncovers).
impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Reads foundations that build in alternate colours (Zebra) into `s`: each must hold
    /// its label's Ace (or nothing), then the next ranks, each in the colour the card below
    /// it is not. Their heights go to [`State::colour_heights`] by their Ace's colour (an
    /// empty one by its label's), every card to its suit's count.
    fn pack_colour_homes(
        &self,
        t: &Table,
        homes: &[usize],
        suit_of: &dyn Fn(usize) -> Suit,
        s: &mut State<N>,
    ) -> Result<(), BoardError> {
        let mut heights = [[0u8; 4]; 2];
        let mut count = [0usize; 2];
        for (i, &id) in homes.iter().enumerate() {
            let (home, ace) = (&t.piles[id], suit_of(i));
            let mut below: Option<Card> = None;
            for (j, c) in home.cards.iter().enumerate() {
                let ok = c.rank_unchecked().value() == j as u8 + 1
                    && match below {
                        None => c.suit() == Some(ace),
                        Some(b) => b.suit_unchecked().color() != c.suit_unchecked().color(),
                    };
                if !ok {
                    return Err(BoardError::Impossible(format!(
                        "foundation '{}' must hold {} and the ranks that follow it, each in \
                         the other colour (found {} at place {})",
                        home.label,
                        Card::new(ace, Rank::Ace),
                        c.face_up(),
                        j + 1
                    )));
                }
                s.home[c.suit_unchecked().index()] += 1;
                below = Some(*c);
            }
            let class = super::state::colour_class(Card::new(ace, Rank::Ace));
            if count[class] == 4 {
                return Err(BoardError::Impossible(
                    "more than four foundations from Aces of one colour".to_string(),
                ));
            }
            heights[class][count[class]] = home.height() as u8;
            count[class] += 1;
        }
        for (class, h) in heights.into_iter().enumerate() {
            s.set_colour_heights(class, h);
        }
        Ok(())
    }
}

fn expect_face_down_as_dealt(t: &Table, id: usize, rows: &[u8]) -> Result<(), BoardError> {
    let p = &t.piles[id];
    let under = p.cards.iter().take_while(|c| c.is_face_down()).count();
    let misplaced = p.cards.iter().enumerate().find(|&(h, c)| {
        c.is_face_down()
            && if rows.is_empty() {
                h >= under
            } else {
                !rows.iter().any(|&r| usize::from(r) == h)
            }
    });
    let bad = misplaced
        .map(|(h, c)| {
            if rows.is_empty() {
                format!("face-down card {} lies on a face-up card", c.face_up())
            } else {
                format!(
                    "face-down card {} lies in row {}, which is dealt face up",
                    c.face_up(),
                    h + 1
                )
            }
        })
        .or_else(|| {
            p.cards
                .last()
                .is_some_and(|c| c.is_face_down())
                .then(|| "its top card is face down".to_string())
        });
    match bad {
        Some(why) => Err(BoardError::Impossible(format!("pile '{}': {why}", p.label))),
        None => Ok(()),
    }
}

/// The label of the stock, when cards wait there to be dealt onto the piles or turned onto
/// the waste.
pub const STOCK: &str = "stock";

/// The label of the waste, in games whose stock turns onto one.
pub const WASTE: &str = "waste";

/// The board counter holding the redeals used, when the rules limit them.
pub const REDEALS: &str = "redeals";

/// The board counter holding the foundations' base rank, where the card dealt onto them
/// may come back to the tableau (so that no foundation need hold a card of that rank).
pub const BASE: &str = "base";
