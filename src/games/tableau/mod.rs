//! The tableau rules engine: one engine, many games, each a [`Rules`] preset.
//!
//! The packed [`State`] holds the tableau piles concatenated bottom first (card bytes), the
//! pile heights, the cells, the foundation heights, the foundations' chosen base rank and
//! the redeals used, in 81 bytes with no heap. Its exact key sorts the piles and the cells,
//! which the rules make interchangeable (the piles keep their order when a redeal gathers
//! them in order), and leaves out the foundations, which follow from the cards still in play
//! (each foundation holds the cards of its suit not in play, from its base: true also when
//! cards come back from the foundations); the base and the redeals used are added. A
//! face-down card keeps the card byte's face-down bit, so keys tell it from the same card
//! face up; the card a move uncovers is turned at once.
//!
//! Beyond the FreeCell family the engine plays foundation returns (Baker's Dozen,
//! Beleaguered Castle, Streets and Alleys as AisleRiot plays them), a base rank chosen by the
//! first card sent home with wrapping foundations (Chessboard), Cruel's redeal, and piles
//! dealt face down (King Albert). Each is switched on by a flag worked out once from the
//! rules ([`Tableau::preset`]), so the FreeCell hot path tests a bool at most.

pub mod compound;
pub mod fcs;
mod order;
pub mod pysol_layouts;
pub mod rules;
pub mod runs;
pub mod solvitaire;

pub use rules::{
    Build, Direction, EmptyFill, FoundationBase, GroupMoves, Rules, RulesError, StockRules, Takes,
    Won,
};

use super::{check_partition, BoardError, Game, GameId, Score};
use crate::cards::{Card, Rank, Suit};
use crate::piles::{Mode, Table};
use rules::{MAX_CELLS, MAX_PILES, UNLIMITED};
use serde::{Deserialize, Serialize};
use solvers::{Guided, Space, Successor};
use std::sync::{Mutex, OnceLock};

const EMPTY: u8 = 0xFF;
/// The face-down bit of a card byte (as in [`Card`]).
const DOWN: u8 = 0x80;

/// Where a card is, for moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Tableau pile (0-based).
    Pile(u8),
    /// Cell (0-based).
    Cell(u8),
    /// The foundation of the card's suit.
    Home,
    /// The stock. A move from it to itself is the redeal (the tableau gathered into it and
    /// dealt out again); a move from it to [`Place::Piles`] deals one card onto each pile.
    Stock,
    /// Every pile the stock deals to (the destination of a deal from the stock).
    Piles,
}

/// A move: `count` cards from `from` to `to`; `card` is the lowest of them (the one that
/// lands on the destination). A move from the foundations plays their top card back onto the
/// tableau; the redeal ([`Move::redeal`]) goes from the stock to the stock, the deal
/// ([`Move::deal`]) from the stock to the piles. A complete run going home is `count` 13
/// cards landing with their King.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Where the cards come from.
    pub from: Place,
    /// Where they go.
    pub to: Place,
    /// How many cards.
    pub count: u8,
    /// The card that lands on the destination.
    pub card: Card,
}

impl Move {
    /// One card from `from` to `to`.
    pub fn single(from: Place, to: Place, card: Card) -> Move {
        Move {
            from,
            to,
            count: 1,
            card,
        }
    }

    /// The redeal of `count` cards, `first` being the first card dealt (the bottom card of
    /// the first pile that holds any): both are checked when the move is replayed.
    pub fn redeal(count: u8, first: Card) -> Move {
        Move {
            from: Place::Stock,
            to: Place::Stock,
            count,
            card: first,
        }
    }

    /// The deal of `count` cards from the stock, one onto each pile from the first; `first`
    /// is the stock's top card (the one the first pile gets).
    pub fn deal(count: u8, first: Card) -> Move {
        Move {
            from: Place::Stock,
            to: Place::Piles,
            count,
            card: first,
        }
    }

    /// Whether this is the redeal.
    pub fn is_redeal(&self) -> bool {
        self.from == Place::Stock && self.to == Place::Stock
    }

    /// Whether this is a deal from the stock onto the piles.
    pub fn is_deal(&self) -> bool {
        self.to == Place::Piles
    }
}

/// The packed state for games of up to `N` cards (52, 104 or 156: one, two or three decks).
/// The tableau piles lie bottom first in `cards`, one after another, and the stock follows
/// them (its top card last). Bytes past the stock are always zero, so two states are equal
/// exactly when they are the same position (piles and cells in place).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State<const N: usize> {
    cards: [u8; N],
    len: [u8; MAX_PILES],
    /// Cards in the stock (after the piles in `cards`).
    stock: u8,
    cells: [u8; MAX_CELLS],
    /// Cards of each suit on the foundations (for several decks, of all its foundations).
    home: [u8; 4],
    /// The foundations' base rank when the player chooses it (0: not chosen yet).
    base: u8,
    /// Redeals used, when they are limited (0 otherwise).
    redeals: u8,
}

/// The exact key for `N` cards is `K` = `N` + 28 bytes: piles sorted (each ended by 0xFF),
/// then the cells sorted, then at `K - 3` the cards left in the stock, at `K - 2` the chosen
/// base and at `K - 1` the redeals used. `N` cards, 13 pile ends and 10 cells take at most
/// `N + 23` bytes, so the last three never overlap them. The stock's cards follow from their
/// number: within one search the stock only shrinks from its top.
pub type Key<const K: usize> = [u8; K];

impl<const N: usize> State<N> {
    fn start(&self, p: usize) -> usize {
        self.len[..p].iter().map(|&l| l as usize).sum()
    }
    /// The cards of pile `p`, bottom first.
    pub fn pile(&self, p: usize) -> &[u8] {
        let s = self.start(p);
        &self.cards[s..s + self.len[p] as usize]
    }
    /// Cards in the tableau piles.
    fn total(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }
    /// Cards in the piles and the stock.
    fn used(&self) -> usize {
        self.total() + self.stock as usize
    }
    /// The stock's cards, bottom first (the next card dealt is the last).
    pub fn stock(&self) -> &[u8] {
        let t = self.total();
        &self.cards[t..t + self.stock as usize]
    }
    /// Cards on the foundations.
    pub fn home_count(&self) -> u32 {
        self.home.iter().map(|&h| u32::from(h)).sum()
    }
    /// The foundations' base rank when the player chooses it (None: not chosen yet, or the
    /// rules fix it).
    pub fn chosen_base(&self) -> Option<u8> {
        (self.base != 0).then_some(self.base)
    }
    /// Redeals used (counted only when the rules limit them).
    pub fn redeals_used(&self) -> u8 {
        self.redeals
    }
    /// The pile heights the redeal leaves: `per` cards on each pile from the first, the
    /// remainder on the next, the rest empty. The cards stay where they are: the state holds
    /// the piles in order, each bottom first, which is the order the redeal gathers them in.
    fn redealt(&self, per: u8, piles: usize) -> [u8; MAX_PILES] {
        let mut left = self.total();
        let mut len = [0u8; MAX_PILES];
        for l in len.iter_mut().take(piles) {
            let k = left.min(per as usize);
            *l = k as u8;
            left -= k;
        }
        len
    }
    /// Takes the top `k` cards of pile `p` out of play and turns the card uncovered face up.
    fn remove_top(&mut self, p: usize, k: usize) {
        let start = self.start(p);
        let end = start + self.len[p] as usize;
        let used = self.used();
        self.cards.copy_within(end..used, end - k);
        // Clear the freed tail, so that equal positions are equal states (derived Eq, Hash).
        self.cards[used - k..used].fill(0);
        self.len[p] -= k as u8;
        self.turn_top(p);
    }
    /// Turns the top card of pile `p` face up (the engine turns each card it uncovers).
    fn turn_top(&mut self, p: usize) {
        if self.len[p] > 0 {
            let top = self.start(p) + self.len[p] as usize - 1;
            self.cards[top] &= !DOWN;
        }
    }
    /// Moves the top `k` cards of pile `from` onto pile `to`, keeping their order: one
    /// rotation of the cards from the moved group to the destination's top (or back), so
    /// nothing past the two piles moves and no buffer is needed.
    fn move_between(&mut self, from: usize, to: usize, k: usize) {
        let end = |s: &Self, p: usize| s.start(p) + s.len[p] as usize;
        let (end_from, end_to) = (end(self, from), end(self, to));
        if from < to {
            self.cards[end_from - k..end_to].rotate_left(k);
        } else {
            self.cards[end_to..end_from].rotate_right(k);
        }
        self.len[from] -= k as u8;
        self.len[to] += k as u8;
        self.turn_top(from);
    }
    fn push(&mut self, p: usize, cards: &[u8]) {
        let end = self.start(p) + self.len[p] as usize;
        let used = self.used();
        let k = cards.len();
        self.cards.copy_within(end..used, end + k);
        self.cards[end..end + k].copy_from_slice(cards);
        self.len[p] += k as u8;
    }
    /// Deals the stock's top card face up onto each of the first `piles` piles in turn
    /// (fewer if the stock runs out).
    fn deal(&mut self, piles: usize) {
        let k = piles.min(self.stock as usize);
        let used = self.used();
        let mut dealt = [0u8; MAX_PILES];
        for (i, d) in dealt.iter_mut().enumerate().take(k) {
            *d = self.cards[used - 1 - i] & !DOWN;
        }
        self.cards[used - k..used].fill(0);
        self.stock -= k as u8;
        // From the last pile dealt to, so that the piles before it stay where they are.
        for p in (0..k).rev() {
            self.push(p, &dealt[p..p + 1]);
        }
    }
}

/// A game of the tableau engine: a rules preset, played with up to `N` cards and keys of
/// `K` = `N` + 28 bytes. `Tableau` alone is the one-deck engine; [`with_game!`] picks the
/// capacity from the preset's decks ([`TwoDecks`], [`ThreeDecks`]), so each capacity's
/// search code is compiled for it and the FreeCell family keeps its 81-byte state.
///
/// [`with_game!`]: crate::with_game
#[derive(Clone, Copy, Debug)]
pub struct Tableau<const N: usize = 52, const K: usize = 80> {
    /// The rules.
    pub rules: &'static Rules,
    /// The game's id in the catalogue.
    pub index: u16,
    feat: Features,
    /// The most complete runs the foundations may hold (Mogelpat's helper piles); 255 for
    /// the rules' own limit. See [`Tableau::with_run_cap`].
    run_cap: u8,
    /// Whether the piles count as interchangeable while the stock holds a whole number of
    /// deals onto every pile: unsound for proofs, so only for searches whose sole verdict is
    /// a win. See [`Tableau::for_wins_only`].
    loose_piles: bool,
}

/// The engine for two decks (Spider, Mogelpat).
pub type TwoDecks = Tableau<104, 132>;
/// The engine for three decks (Spider three decks).
pub type ThreeDecks = Tableau<156, 184>;

/// What the rules ask beyond the FreeCell family, worked out once from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Features {
    /// Foundation cards may come back to the tableau.
    returns: bool,
    /// With returns: a foundation's first card stays.
    base_stays: bool,
    /// The first card sent home fixes the base rank of all four foundations.
    chosen_base: bool,
    /// Cards per pile of the redeal (0: no redeal). The piles then keep their order.
    redeal: u8,
    /// Redeals allowed ([`UNLIMITED`] for no limit).
    redeals: u8,
    /// Piles the stock deals to (0: no stock to deal).
    deal_to: u8,
    /// The stock may not be dealt while a pile is empty.
    no_empty: bool,
    /// What the foundations take.
    takes: Takes,
    /// Won when every card lies in a complete run.
    won_in_runs: bool,
    /// Only runs of one suit move as a group (the tableau may build on any suit).
    suit_runs: bool,
    /// Any face-up group moves, its bottom card building on the destination.
    face_up_groups: bool,
    /// Cards are not all different (several decks, or fewer suits).
    repeats: bool,
    /// Cards in the game.
    cards: u8,
    /// [`Rules::builds_on`] as a table: bit `b` of `fits[c]` is set when card `c` may lie on
    /// card `b` (identities, face up).
    fits: [u64; 52],
    /// `fits` for the bottom card of a group of two or more: of its own suit only under
    /// `groups_onto_suit` (Solvitaire's rule), else the same.
    group_fits: [u64; 52],
    /// [`Tableau::continues_group`] as a table, like `fits`.
    continues: [u64; 52],
}

impl Features {
    fn of(r: &Rules) -> Features {
        let (redeal, redeals) = match r.stock {
            StockRules::Redeal { per_pile, redeals } => (per_pile, redeals),
            _ => (0, 0),
        };
        let (deal_to, no_empty) = match r.stock {
            StockRules::DealToPiles { no_empty, piles } => {
                (if piles == 0 { r.piles() as u8 } else { piles }, no_empty)
            }
            _ => (0, false),
        };
        let deck = r.deck();
        let fits: [u64; 52] = std::array::from_fn(|c| {
            (0..52u8).fold(0u64, |m, b| {
                m | (u64::from(r.builds_on(Card::from_index(c as u8), Card::from_index(b))) << b)
            })
        });
        Features {
            returns: r.foundations.may_return,
            base_stays: r.foundations.base_stays,
            chosen_base: r.foundations.base == FoundationBase::Chosen,
            redeal,
            redeals,
            deal_to,
            no_empty,
            takes: r.foundations.takes,
            won_in_runs: r.won == Won::AllInRuns,
            suit_runs: r.tableau.moves == GroupMoves::SuitSequences,
            face_up_groups: r.tableau.moves == GroupMoves::FaceUpGroups,
            repeats: deck.copies > 1,
            cards: deck.len() as u8,
            fits,
            group_fits: std::array::from_fn(|c| {
                fits[c]
                    & if r.tableau.groups_onto_suit {
                        same_suit(c)
                    } else {
                        u64::MAX
                    }
            }),
            continues: std::array::from_fn(|c| {
                let suit_runs = r.tableau.moves == GroupMoves::SuitSequences;
                fits[c] & if suit_runs { same_suit(c) } else { u64::MAX }
            }),
        }
    }
}

/// The identities of the card with identity `c`'s suit, as a bit set like `Features::fits`.
fn same_suit(c: usize) -> u64 {
    0x1fffu64 << (c / 13 * 13)
}

/// The card capacity of the state a preset needs: 52, 104 or 156.
pub fn capacity(rules: &Rules) -> usize {
    match rules.deck().len() {
        0..=52 => 52,
        53..=104 => 104,
        _ => 156,
    }
}

/// The rank that follows `h` cards on a foundation based on `base`, wrapping K to A.
fn nth_rank(base: u8, h: u8) -> u8 {
    (base - 1 + h) % 13 + 1
}

/// The presets embedded in the binary, in catalogue order.
const PRESETS: &[&str] = &[
    include_str!("../presets/freecell.toml"),
    include_str!("../presets/freecell-0cells.toml"),
    include_str!("../presets/freecell-1cell.toml"),
    include_str!("../presets/freecell-2cells.toml"),
    include_str!("../presets/freecell-3cells.toml"),
    include_str!("../presets/freecell-4piles.toml"),
    include_str!("../presets/freecell-5piles.toml"),
    include_str!("../presets/freecell-6piles.toml"),
    include_str!("../presets/freecell-7piles.toml"),
    include_str!("../presets/freecell-8piles.toml"),
    include_str!("../presets/freecell-9piles.toml"),
    include_str!("../presets/freecell-10piles.toml"),
    include_str!("../presets/relaxed-freecell.toml"),
    include_str!("../presets/forecell.toml"),
    include_str!("../presets/bakers-game.toml"),
    include_str!("../presets/bakers-game-classic.toml"),
    include_str!("../presets/eight-off.toml"),
    include_str!("../presets/seahaven.toml"),
    include_str!("../presets/bakers-dozen-classic.toml"),
    include_str!("../presets/beleaguered-castle-classic.toml"),
    include_str!("../presets/streets-and-alleys-classic.toml"),
    include_str!("../presets/fortress.toml"),
    include_str!("../presets/king-albert-classic.toml"),
    include_str!("../presets/bakers-dozen.toml"),
    include_str!("../presets/beleaguered-castle.toml"),
    include_str!("../presets/streets-and-alleys.toml"),
    include_str!("../presets/chessboard.toml"),
    include_str!("../presets/cruel.toml"),
    include_str!("../presets/king-albert.toml"),
    include_str!("../presets/spider-1suit.toml"),
    include_str!("../presets/spider-2suits.toml"),
    include_str!("../presets/spider-4suits.toml"),
    include_str!("../presets/spider-3decks.toml"),
    include_str!("../presets/spiderette.toml"),
    include_str!("../presets/will-o-the-wisp.toml"),
    include_str!("../presets/scorpion.toml"),
    include_str!("../presets/simple-simon.toml"),
    include_str!("../presets/spiderette-solvitaire.toml"),
    include_str!("../presets/will-o-the-wisp-solvitaire.toml"),
    include_str!("../presets/simple-simon-solvitaire.toml"),
    include_str!("../presets/mogelpat-easy.toml"),
    include_str!("../presets/mogelpat-normal.toml"),
    include_str!("../presets/mogelpat-hard.toml"),
];

fn registry() -> &'static Mutex<Vec<&'static Rules>> {
    static REG: OnceLock<Mutex<Vec<&'static Rules>>> = OnceLock::new();
    REG.get_or_init(|| {
        let v = PRESETS
            .iter()
            .map(|t| {
                &*Box::leak(Box::new(
                    Rules::from_toml(t).unwrap_or_else(|e| panic!("embedded preset: {e}")),
                ))
            })
            .collect();
        Mutex::new(v)
    })
}

/// The embedded presets and those loaded with [`register`].
pub fn presets() -> Vec<&'static Rules> {
    registry().lock().expect("registry lock").clone()
}

/// The number of embedded presets.
pub fn embedded_count() -> usize {
    PRESETS.len()
}

/// Adds a user's rules (`--rules FILE`) to the catalogue and returns its id. A preset with
/// the same id as an existing game is refused.
pub fn register(rules: Rules) -> Result<GameId, RulesError> {
    if rules.id.parse::<GameId>().is_ok() {
        return Err(RulesError::Invalid {
            id: rules.id.clone(),
            why: "a game with this id exists already".into(),
        });
    }
    let mut reg = registry().lock().expect("registry lock");
    reg.push(Box::leak(Box::new(rules)));
    Ok(GameId::Tableau((reg.len() - 1) as u16))
}

/// The rules of preset `index`.
pub fn preset(index: u16) -> &'static Rules {
    registry().lock().expect("registry lock")[index as usize]
}

/// Labels of the foundations, in suit order.
pub const HOMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// The label of tableau pile `p` (1-based numbers, as in FreeCell notation).
pub fn pile_label(p: usize) -> String {
    (p + 1).to_string()
}

/// The label of cell `c` (letters, as in FreeCell notation).
pub fn cell_label(c: usize) -> String {
    ((b'a' + c as u8) as char).to_string()
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Creates the empty piles, cells and foundations of the game on `t`; returns the piles'
    /// and then the cells' indices.
    fn empty_layout(&self, t: &mut Table) -> Vec<usize> {
        let mut ids: Vec<usize> = (0..self.rules.piles())
            .map(|p| t.create_empty(&pile_label(p), Mode::Spread).expect("fresh"))
            .collect();
        ids.extend((0..self.cells()).map(|c| {
            t.create_empty(&cell_label(c), Mode::Stacked)
                .expect("fresh")
        }));
        for suit in self.home_suits() {
            t.create_empty(suit.name(), Mode::Stacked).expect("fresh");
        }
        ids
    }

    /// The suits that have a foundation (labelled with the suit's name): those of the deck,
    /// none when the game has no foundations. With several decks a suit's foundation holds
    /// all its cards (its runs one on another).
    pub fn home_suits(&self) -> Vec<Suit> {
        if self.feat.takes == Takes::Nothing {
            Vec::new()
        } else {
            self.rules.deck().suit_list()
        }
    }

    /// The layout with these tableau piles (bottom first), cells and foundation cards, built
    /// from a new deck with the pile primitives (DéplacerCarteSur for each card, then turned
    /// face up).
    fn layout(&self, cols: &[Vec<Card>], cells: &[Option<Card>], homes: &[Card]) -> Table {
        let mut t = Table::new();
        let stock = t.new_deck(self.rules.deck(), "stock").expect("fresh");
        let ids = self.empty_layout(&mut t);
        let place = |t: &mut Table, c: Card, to: usize| {
            t.move_card(c.suit_unchecked(), c.rank_unchecked(), stock, to)
                .expect("each card once");
            t.flip_top(to).expect("non-empty");
        };
        for home in homes {
            let to = t
                .find(HOMES[home.suit_unchecked().index()])
                .expect("created");
            place(&mut t, *home, to);
        }
        for (p, col) in cols.iter().enumerate() {
            for &c in col {
                place(&mut t, c, ids[p]);
            }
        }
        for (i, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                place(&mut t, *c, ids[self.rules.piles() + i]);
            }
        }
        t.remove_empty(stock).expect("dealt out");
        t
    }

    /// The game of preset `index`.
    pub fn preset(index: u16) -> Self {
        Self::of_rules(preset(index), index)
    }

    /// The key's layout ([`Key`]) is written for `K == N + 28`: the cards, pile ends and
    /// cells take at most `N + 23` bytes and the last three are fixed places, so a smaller
    /// `K` would overlap them and a larger one would be compared in vain. Checked when the
    /// engine is built for a capacity, so a wrong pair fails to compile.
    const KEY_FITS: () = assert!(K == N + 28, "Tableau<N, K> needs K == N + 28");

    /// The game of `rules`, named `index` in the catalogue.
    pub(crate) fn of_rules(rules: &'static Rules, index: u16) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::KEY_FITS;
        Tableau {
            rules,
            index,
            feat: Features::of(rules),
            run_cap: u8::MAX,
            loose_piles: false,
        }
    }

    /// The same game for searches whose only verdict is a win (the focused searches of
    /// games of runs): while the stock holds a whole number of deals onto every pile, the
    /// piles count as interchangeable (keys sort them, moves into an empty pile go to the
    /// first only, a whole pile never moves into an empty one). That is not true (each pile
    /// gets its own card from each deal, see `piles_ordered`), so such a search may miss a
    /// win, and what it runs out of proves nothing; but each move it plays is a real move of
    /// the position it has, so a win it finds is a real win, and it is replayed by the
    /// verifier like any other. Treating those positions as one keeps the searches that find
    /// most wins as small as they were tuned to be.
    pub fn for_wins_only(mut self) -> Self {
        self.loose_piles = true;
        self
    }

    /// The same game in which the foundations hold at most `cap` complete runs: a run goes
    /// home only while fewer are there, and a position holding more (runs sent home before
    /// the search) is no win. Searching it answers "is there a win using at most `cap`
    /// helper piles?" (Mogelpat). The key needs nothing more: the runs home follow from the
    /// cards in play.
    pub fn with_run_cap(mut self, cap: u8) -> Self {
        self.run_cap = cap;
        self
    }

    /// Whether the game is won with every card in runs and runs may go home: then going
    /// home is a choice, and the fewer runs sent home the better (Mogelpat's helper piles).
    pub fn counts_helpers(&self) -> bool {
        self.feat.won_in_runs && self.feat.takes == Takes::Runs
    }

    /// Complete runs on the foundations in `s`.
    pub fn runs_home(&self, s: &State<N>) -> u32 {
        s.home_count() / 13
    }

    fn cells(&self) -> usize {
        self.rules.cells.count as usize
    }

    /// How many cards may move as one group onto `to` (which may be empty).
    fn max_group(&self, s: &State<N>, to_empty: bool) -> usize {
        if self.rules.tableau.moves != GroupMoves::FreecellSequences {
            return self.group_limit(0, 0, to_empty);
        }
        let free = s.cells[..self.cells()]
            .iter()
            .filter(|&&c| c == EMPTY)
            .count();
        let empty = (0..self.rules.piles()).filter(|&p| s.len[p] == 0).count();
        self.group_limit(free, empty, to_empty)
    }

    /// [`Tableau::max_group`] in a position with `free` empty cells and `empty` empty piles
    /// (the destination among them when `to_empty`).
    fn group_limit(&self, free: usize, empty: usize, to_empty: bool) -> usize {
        match self.rules.tableau.moves {
            GroupMoves::Single => 1,
            GroupMoves::AnySequence | GroupMoves::SuitSequences | GroupMoves::FaceUpGroups => N,
            GroupMoves::FreecellSequences => {
                let free = if self.rules.cells.accept { free } else { 0 };
                // Empty piles help only when any card may rest there on the way.
                let empty = if self.rules.tableau.empty == EmptyFill::Any {
                    empty.saturating_sub(usize::from(to_empty))
                } else {
                    0
                };
                (free + 1) << empty.min(10)
            }
        }
    }

    /// Whether `card` may lie on `base` in the tableau ([`Rules::builds_on`], from a table).
    #[inline]
    fn builds_on(&self, card: Card, base: Card) -> bool {
        self.feat.fits[card.index()] >> base.index() & 1 != 0
    }

    /// The cards a group of `k` cards whose bottom card is `card` may go onto, as a bit set
    /// of identities: as a single card builds, and in its own suit only for two or more
    /// cards when `groups_onto_suit` says so.
    #[inline]
    fn group_bases(&self, k: usize, card: Card) -> u64 {
        let table = if k > 1 {
            &self.feat.group_fits
        } else {
            &self.feat.fits
        };
        table[card.index()]
    }

    /// Whether a group of `k` cards whose bottom card is `card` may go onto `base`
    /// ([`Tableau::group_bases`]).
    #[inline]
    fn group_builds_on(&self, k: usize, card: Card, base: Card) -> bool {
        self.group_bases(k, card) >> base.index() & 1 != 0
    }

    /// Whether `upper` continues the movable group down from `lower` (both face-up bytes).
    #[inline]
    fn continues_group(&self, upper: u8, lower: u8) -> bool {
        self.feat.continues[usize::from(upper & !DOWN)] >> (lower & !DOWN) & 1 != 0
    }

    /// How many cards at the top of `pile` may move as a group (before the limit of
    /// [`Tableau::max_group`]): the built sequence of face-up cards (in one suit when only
    /// suit runs move), or every face-up card when any face-up group moves.
    fn run_len(&self, pile: &[u8]) -> usize {
        if pile.is_empty() {
            return 0;
        }
        let mut k = 1;
        while k < pile.len()
            && pile[pile.len() - k - 1] & DOWN == 0
            && (self.feat.face_up_groups
                || self.continues_group(pile[pile.len() - k], pile[pile.len() - k - 1]))
        {
            k += 1;
        }
        k
    }

    /// Whether the top 13 cards of `pile` are a complete run: King to Ace of one suit, face
    /// up (a run is built down, so the Ace lies on top).
    fn complete_run_on_top(pile: &[u8]) -> bool {
        let n = pile.len();
        n >= 13
            && pile[n - 13..].iter().enumerate().all(|(i, &b)| {
                b & DOWN == 0 && b % 13 == 12 - i as u8 && b / 13 == pile[n - 1] / 13
            })
    }

    fn goes_home(&self, s: &State<N>, c: Card) -> bool {
        if self.feat.takes != Takes::Cards {
            return false;
        }
        let h = s.home[c.suit_unchecked().index()];
        if self.feat.chosen_base {
            return s.base == 0 || nth_rank(s.base, h) == c.rank_unchecked().value();
        }
        h + 1 == c.rank_unchecked().value()
    }

    /// Whether sending `c` home, the foundations holding `home[suit]` cards of each suit,
    /// keeps every win: no card that could ever be built on `c` in the tableau is still in
    /// play. With building up or down, or wrapping, the next card of
    /// `c`'s suit could be built on `c` and only goes home after it, so no move home is
    /// proven safe (the last card of a suit would be, too small a gain to write); with a
    /// chosen base the ranks below do not follow from the heights this test reads.
    fn safe_home(&self, home: &[u8; 4], c: Card) -> bool {
        let t = &self.rules.tableau;
        if t.direction != Direction::Down || t.wrap || self.feat.chosen_base {
            return false;
        }
        if self.feat.returns {
            return self.safe_home_returning(home, c);
        }
        let r = c.rank_unchecked().value();
        if r == 1 {
            return true;
        }
        Suit::ALL.iter().all(|&suit| {
            let below = Card::new(suit, Rank::from_value(r - 1));
            !t.build.suits_fit(below, c) || home[suit.index()] >= r - 1
        })
    }

    /// `safe_home` when foundation cards may come back (tableau built down, no wrap, Aces
    /// first). A card at home is no longer out of play: it may come back as a base for lower
    /// cards, themselves brought back. So take the smallest set of cards `low` that holds `c`,
    /// holds for each suit all ranks up to some height (like a foundation), and holds every
    /// card that could be built on one of its cards. If every card of `low` but `c` is home,
    /// sending `c` home keeps every win. Proof: take a winning line from the position with
    /// `c` in play and drop from it every move of a `low` card (a group moved keeps its cards
    /// outside `low`: those form its bottom, since a card built on a `low` card is in `low`).
    /// Played from the position with `c` home, the rest stays legal: each position reached
    /// is the original one with the `low` cards taken out of the tableau and cells and put
    /// home, so a card outside `low` that was on top is still on top, a card it lands on is
    /// outside `low` (a card built on a `low` card is in `low`), an empty pile or cell is
    /// still empty, free cells and empty piles (which limit group moves) are no fewer, and
    /// each foundation holds the original one's cards or its `low` prefix, whichever is
    /// higher, so a card outside `low` goes home, or comes back, on the same top card. The
    /// line ends with every card home.
    fn safe_home_returning(&self, home: &[u8; 4], c: Card) -> bool {
        let build = self.rules.tableau.build;
        let fits = |on: usize, base: usize| {
            build.suits_fit(
                Card::new(Suit::ALL[on], Rank::Ace),
                Card::new(Suit::ALL[base], Rank::Ace),
            )
        };
        let own = c.suit_unchecked().index();
        // The height of `low` in each suit: the closure under "may be built on".
        let mut low = [0u8; 4];
        low[own] = c.rank_unchecked().value();
        let mut changed = true;
        while changed {
            changed = false;
            for base in 0..4 {
                for on in 0..4 {
                    if low[base] > 1 && fits(on, base) && low[on] < low[base] - 1 {
                        low[on] = low[base] - 1;
                        changed = true;
                    }
                }
            }
        }
        (0..4).all(|x| x == own || home[x] >= low[x])
    }

    /// The pile tops and cell cards that may go to their foundation now.
    fn home_candidates(&self, s: &State<N>) -> smallvec::SmallVec<[(Place, Card); 8]> {
        if self.feat.takes != Takes::Cards {
            return smallvec::SmallVec::new();
        }
        let mut out = smallvec::SmallVec::new();
        let mut end = 0;
        for p in 0..self.rules.piles() {
            end += s.len[p] as usize;
            if s.len[p] > 0 {
                let c = Card::from_index(s.cards[end - 1]);
                if self.goes_home(s, c) {
                    out.push((Place::Pile(p as u8), c));
                }
            }
        }
        for i in 0..self.cells() {
            if s.cells[i] != EMPTY {
                let c = Card::from_index(s.cells[i]);
                if self.goes_home(s, c) {
                    out.push((Place::Cell(i as u8), c));
                }
            }
        }
        out
    }

    fn apply(&self, s: &State<N>, mv: &Move) -> State<N> {
        let mut n = *s;
        let k = mv.count as usize;
        // Groups move only between piles; every other move carries one card, or a complete
        // run going home, whose cards leave play.
        let card = match (mv.from, mv.to) {
            (Place::Pile(a), Place::Pile(b)) => {
                n.move_between(a as usize, b as usize, k);
                return n;
            }
            (Place::Stock, Place::Piles) => {
                n.deal(self.feat.deal_to as usize);
                return n;
            }
            (Place::Stock, _) => {
                n.len = n.redealt(self.feat.redeal, self.rules.piles());
                if self.feat.redeals != UNLIMITED {
                    n.redeals += 1;
                }
                return n;
            }
            (Place::Pile(p), _) => {
                let top = *n.pile(p as usize).last().expect("a move takes a card");
                n.remove_top(p as usize, k);
                top
            }
            (Place::Cell(c), _) => std::mem::replace(&mut n.cells[c as usize], EMPTY),
            (Place::Home, _) => {
                n.home[mv.card.suit_unchecked().index()] -= 1;
                mv.card.byte()
            }
            (Place::Piles, _) => unreachable!("no move starts from every pile"),
        };
        match mv.to {
            Place::Pile(p) => n.push(p as usize, &[card]),
            Place::Cell(c) => n.cells[c as usize] = card,
            Place::Home => {
                // One card, or a complete run of 13.
                n.home[mv.card.suit_unchecked().index()] += k as u8;
                if self.feat.chosen_base && n.base == 0 {
                    n.base = mv.card.rank_unchecked().value();
                }
            }
            Place::Stock | Place::Piles => unreachable!("only the stock moves deal or redeal"),
        }
        n
    }

    /// The redeal from `s`, if the rules allow one now and it changes the layout.
    fn redeal_move(&self, s: &State<N>) -> Option<Move> {
        let f = &self.feat;
        if f.redeal == 0 || (f.redeals != UNLIMITED && s.redeals >= f.redeals) {
            return None;
        }
        let len = s.redealt(f.redeal, self.rules.piles());
        let total = s.total();
        // The redeal lays out at most `redeal` cards a pile: `pack` refuses a tableau holding
        // more, and no move adds cards to the tableau.
        debug_assert!(total <= usize::from(f.redeal) * self.rules.piles());
        (len != s.len && total > 0).then(|| Move::redeal(total as u8, Card::from_index(s.cards[0])))
    }

    /// The deal from the stock onto the piles, if the stock holds cards and the rules allow
    /// it now.
    fn deal_move(&self, s: &State<N>) -> Option<Move> {
        let f = &self.feat;
        if f.deal_to == 0 || s.stock == 0 {
            return None;
        }
        if f.no_empty && s.len[..self.rules.piles()].contains(&0) {
            return None;
        }
        // The stock's bytes are kept face up (its cards are hidden by their place).
        let top = *s.stock().last().expect("stock holds cards");
        Some(Move::deal(s.stock.min(f.deal_to), Card::from_index(top)))
    }

    /// Every legal move of `s`, in the order [`Space::expand`] lists them.
    fn each_move<F: FnMut(Move)>(&self, s: &State<N>, mut emit: F) {
        let np = self.rules.piles();
        let nc = self.cells();
        // Where each pile starts, and its top card: worked out once per state.
        let mut starts = [0usize; MAX_PILES + 1];
        let mut tops = [None; MAX_PILES];
        for p in 0..np {
            starts[p + 1] = starts[p] + s.len[p] as usize;
            if s.len[p] > 0 {
                tops[p] = Some(Card::from_index(s.cards[starts[p + 1] - 1]));
            }
        }
        // To the foundations.
        for (from, c) in self.home_candidates(s) {
            emit(Move {
                from,
                to: Place::Home,
                count: 1,
                card: c,
            });
        }
        if self.feat.takes == Takes::Runs && s.home_count() / 13 < u32::from(self.run_cap) {
            for p in 0..np {
                let pile = s.pile(p);
                if Self::complete_run_on_top(pile) {
                    let king = Card::from_index(pile[pile.len() - 13]);
                    emit(Move {
                        from: Place::Pile(p as u8),
                        to: Place::Home,
                        count: 13,
                        card: king,
                    });
                }
            }
        }
        // Cards may come back from the foundations onto a card they build on or an empty
        // pile (never into a cell: no game of the sources allows it).
        let first_empty_pile = (0..np).find(|&p| s.len[p] == 0);
        // Empty piles are interchangeable (only the first is tried) unless the piles' order
        // counts.
        let ordered = self.piles_ordered(s);
        let empty_target = |to: usize| ordered || Some(to) == first_empty_pile;
        // One card (from a cell, or back from a foundation) onto every pile that takes it.
        let single_to_piles = |emit: &mut F, from: Place, c: Card| {
            for (to, &top) in tops.iter().enumerate().take(np) {
                let ok = match top {
                    Some(top) => self.builds_on(c, top),
                    None => empty_target(to) && self.rules.fills_empty(c),
                };
                if ok {
                    let to = Place::Pile(to as u8);
                    emit(Move {
                        from,
                        to,
                        count: 1,
                        card: c,
                    });
                }
            }
        };
        if self.feat.returns {
            for (suit, &h) in s.home.iter().enumerate() {
                if h == 0 || (self.feat.base_stays && h == 1) {
                    continue;
                }
                let c = Card::new(Suit::ALL[suit], Rank::from_value(h));
                single_to_piles(&mut emit, Place::Home, c);
            }
        }
        if self.feat.redeal != 0 {
            if let Some(mv) = self.redeal_move(s) {
                emit(mv);
            }
        }
        if self.feat.deal_to != 0 {
            if let Some(mv) = self.deal_move(s) {
                emit(mv);
            }
        }
        // Between piles. Group limits are worked out once per state.
        let limit_onto_card = self.max_group(s, false);
        let limit_onto_empty = self.max_group(s, true);
        // Ranks rise one by one down a built group, so only the group whose lowest card is
        // one below the destination's top can fit (not so for any face-up group).
        let plain_down = self.rules.tableau.direction == Direction::Down
            && !self.rules.tableau.wrap
            && !self.feat.face_up_groups;
        for from in 0..np {
            let pile = &s.cards[starts[from]..starts[from + 1]];
            let run = self.run_len(pile);
            if run == 0 {
                continue;
            }
            let card_at = |k: usize| Card::from_index(pile[pile.len() - k]);
            let top_rank = card_at(1).rank_unchecked().value() as usize;
            let push = |emit: &mut F, to: usize, k: usize, c: Card| {
                emit(Move {
                    from: Place::Pile(from as u8),
                    to: Place::Pile(to as u8),
                    count: k as u8,
                    card: c,
                });
            };
            for (to, &dest_top) in tops.iter().enumerate().take(np) {
                if to == from {
                    continue;
                }
                match dest_top {
                    Some(base) => {
                        let limit = run.min(limit_onto_card);
                        if plain_down {
                            let k = (base.rank_unchecked().value() as usize).wrapping_sub(top_rank);
                            if (1..=limit).contains(&k) && self.group_builds_on(k, card_at(k), base)
                            {
                                push(&mut emit, to, k, card_at(k));
                            }
                        } else {
                            for k in 1..=limit {
                                if self.group_builds_on(k, card_at(k), base) {
                                    push(&mut emit, to, k, card_at(k));
                                }
                            }
                        }
                    }
                    None => {
                        // Moving a whole pile into an empty one changes nothing, unless
                        // the piles' order counts.
                        if !empty_target(to) {
                            continue;
                        }
                        let most = pile.len() - usize::from(!ordered);
                        for k in 1..=run.min(limit_onto_empty).min(most) {
                            if self.rules.fills_empty(card_at(k)) {
                                push(&mut emit, to, k, card_at(k));
                            }
                        }
                    }
                }
            }
        }
        // From the cells to the piles.
        for i in 0..nc {
            if s.cells[i] == EMPTY {
                continue;
            }
            single_to_piles(
                &mut emit,
                Place::Cell(i as u8),
                Card::from_index(s.cells[i]),
            );
        }
        // From the piles to the first empty cell (cells are interchangeable).
        if self.rules.cells.accept {
            if let Some(cell) = (0..nc).find(|&i| s.cells[i] == EMPTY) {
                for (p, &top) in tops.iter().enumerate().take(np) {
                    if let Some(c) = top {
                        emit(Move {
                            from: Place::Pile(p as u8),
                            to: Place::Cell(cell as u8),
                            count: 1,
                            card: c,
                        });
                    }
                }
            }
        }
    }

    fn succ(&self, s: &State<N>, mv: Move) -> Successor<Move, State<N>> {
        Successor {
            mv,
            state: self.apply(s, &mv),
            cost: 1,
        }
    }

    /// Whether every card lies in a complete run alone on its pile (or home), nothing in
    /// the stock or the cells.
    fn all_in_runs(&self, s: &State<N>) -> bool {
        s.stock == 0
            && s.cells[..self.cells()].iter().all(|&c| c == EMPTY)
            && (0..self.rules.piles()).all(|p| {
                let pile = s.pile(p);
                pile.is_empty() || (pile.len() == 13 && Self::complete_run_on_top(pile))
            })
    }

    /// Whether the piles' order is part of the position: with a redeal (it gathers them in
    /// order), and while any card waits in the stock: a deal puts the stock's next card on
    /// the first pile, the one after on the second and so on, so two layouts that differ
    /// only in which pile is which get different cards from the deals still to come (a deal
    /// onto every pile is no exception: each pile still gets its own card). Once the stock
    /// is empty nothing still to come tells the piles apart.
    fn piles_ordered(&self, s: &State<N>) -> bool {
        let f = &self.feat;
        if self.loose_piles {
            // Wins only (see `for_wins_only`): a deal onto every pile counted as symmetric.
            return f.redeal != 0
                || (s.stock > 0
                    && (f.deal_to as usize != self.rules.piles()
                        || !s.stock.is_multiple_of(f.deal_to)));
        }
        f.redeal != 0 || s.stock > 0
    }

    /// Stock deals still to come.
    fn deals_left(&self, s: &State<N>) -> u32 {
        if self.feat.deal_to == 0 {
            0
        } else {
            u32::from(s.stock).div_ceil(u32::from(self.feat.deal_to))
        }
    }

    /// The guide for games of runs (Spider, Scorpion, Mogelpat): face-down cards weigh most
    /// (6 each: each hides what the line needs), then every break a run must mend (4 each):
    /// a face-up card not lying on the card of its suit one rank higher, the lowest face-up
    /// card of a pile being one unless it is a King alone on its pile; then the cards still
    /// in the stock (2 each: each deal covers every pile), the cards not home (1 each),
    /// less 5 per empty pile. Breaks weighed 4 rather than 3 on Spider (four suits) deals 1
    /// to 20 (3 s each); a heavier stock (dealing early) or heavier face-down cards lost
    /// most deals there, other weights (of empty piles, of breaks that do not even build)
    /// changed nothing.
    fn guide_runs(&self, s: &State<N>) -> u32 {
        let mut t = RunTerms::default();
        for p in 0..self.rules.piles() {
            t.add(RunTerms::of_pile(s.pile(p)));
        }
        self.guide_runs_from(s, t)
    }

    /// [`Tableau::guide_runs`] from the sum of its piles' terms.
    fn guide_runs_from(&self, s: &State<N>, t: RunTerms) -> u32 {
        let home = if self.feat.takes == Takes::Runs && !self.feat.won_in_runs {
            u32::from(self.feat.cards) - s.home_count()
        } else {
            0
        };
        (6 * t.down + 4 * t.breaks + 2 * u32::from(s.stock) + home + 300)
            .saturating_sub(5 * t.empty)
    }
}

/// One pile's share of [`Tableau::guide_runs`] (or the sum over several piles): face-down
/// cards, breaks, empty piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RunTerms {
    down: u32,
    breaks: u32,
    empty: u32,
}

impl RunTerms {
    fn of_pile(pile: &[u8]) -> RunTerms {
        let mut t = RunTerms {
            empty: u32::from(pile.is_empty()),
            ..RunTerms::default()
        };
        for (i, &b) in pile.iter().enumerate() {
            if b & DOWN != 0 {
                t.down += 1;
            } else if i == 0 || pile[i - 1] & DOWN != 0 {
                // The lowest face-up card: a break unless it is a King alone on its pile.
                t.breaks += u32::from(!(i == 0 && b % 13 == 12));
            } else if !(pile[i - 1] % 13 == b % 13 + 1 && pile[i - 1] / 13 == b / 13) {
                t.breaks += 1;
            }
        }
        t
    }

    fn add(&mut self, o: RunTerms) {
        self.down += o.down;
        self.breaks += o.breaks;
        self.empty += o.empty;
    }

    fn sub(&mut self, o: RunTerms) {
        self.down -= o.down;
        self.breaks -= o.breaks;
        self.empty -= o.empty;
    }
}

/// The rank (1 to 13) of each card identity of one deck, by table: cheaper than dividing in
/// the guide's inner loop (128 entries, so that any byte without its face-down bit indexes
/// it without a bounds check).
const RANK_OF: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    t
};

/// The weights of [`Tableau::guide`]'s terms: cards not home, cards above a lower card,
/// occupied cells, depth of the next cards home, and (subtracted) empty piles.
const GUIDE_WEIGHTS: [u32; 5] = [1, 4, 1, 1, 6];

impl<const N: usize, const K: usize> Space for Tableau<N, K> {
    type State = State<N>;
    type Key = Key<K>;
    type Move = Move;

    fn is_goal(&self, s: &State<N>) -> bool {
        // Under a run cap the runs already home count too (`with_run_cap`).
        if s.home_count() / 13 > u32::from(self.run_cap) {
            return false;
        }
        if self.feat.won_in_runs {
            self.all_in_runs(s)
        } else {
            s.home_count() == u32::from(self.feat.cards)
        }
    }

    fn key(&self, s: &State<N>) -> Key<K> {
        let n = self.rules.piles();
        let mut starts = [0usize; MAX_PILES + 1];
        for p in 0..n {
            starts[p + 1] = starts[p] + s.len[p] as usize;
        }
        let pile = |p: usize| &s.cards[starts[p]..starts[p + 1]];
        // Pile indices in the order they go into the key. A redeal gathers the piles in
        // order, and a stock deal that skips some piles cares which pile is which, so then
        // their order is part of the position. Otherwise piles are sorted: with one deck
        // every card is distinct, so by their bottom card alone (an empty pile first), the
        // same order as comparing them whole, much cheaper; with repeated cards whole.
        // Each as (bottom card + 1, or 0 when empty) << 8 | pile index: sorting these plain
        // numbers is cheaper than sorting by a key function.
        let mut order: [u16; MAX_PILES] = std::array::from_fn(|p| p as u16);
        if !self.piles_ordered(s) {
            if self.feat.repeats {
                // Sorted by their first six bytes (a short pile padded with zeros, the
                // least byte, so never after a pile it begins), then piles sharing those
                // bytes by their whole contents: the order of whole piles, cheaper.
                let mut packed = [0u64; MAX_PILES];
                for (p, x) in packed[..n].iter_mut().enumerate() {
                    let cards = pile(p);
                    let mut prefix = 0u64;
                    for i in 0..6 {
                        prefix = prefix << 8 | cards.get(i).map_or(0, |&b| u64::from(b));
                    }
                    *x = prefix << 16 | p as u64;
                }
                packed[..n].sort_unstable();
                let mut i = 0;
                while i < n {
                    let mut j = i + 1;
                    while j < n && packed[j] >> 16 == packed[i] >> 16 {
                        j += 1;
                    }
                    if j - i > 1 {
                        packed[i..j].sort_unstable_by(|&a, &b| {
                            pile((a & 0xFF) as usize).cmp(pile((b & 0xFF) as usize))
                        });
                    }
                    i = j;
                }
                for (o, &x) in order[..n].iter_mut().zip(&packed[..n]) {
                    *o = (x & 0xFF) as u16;
                }
            } else {
                for (p, o) in order[..n].iter_mut().enumerate() {
                    *o |= pile(p).first().map_or(0u16, |&b| u16::from(b) + 1) << 8;
                }
                order[..n].sort_unstable();
            }
        }
        let mut k = [0u8; K];
        let mut i = 0;
        for &p in &order[..n] {
            let p = pile(usize::from(p & 0xFF));
            k[i..i + p.len()].copy_from_slice(p);
            i += p.len();
            k[i] = EMPTY;
            i += 1;
        }
        let mut cells = s.cells;
        let nc = self.cells();
        cells[..nc].sort_unstable();
        k[i..i + nc].copy_from_slice(&cells[..nc]);
        k[K - 3] = s.stock;
        k[K - 2] = s.base;
        k[K - 1] = s.redeals;
        k
    }

    fn expand(&self, s: &State<N>, out: &mut Vec<Successor<Move, State<N>>>) {
        self.each_move(s, |mv| out.push(self.succ(s, mv)));
    }

    fn guided_expand(&self, s: &State<N>, out: &mut Vec<Guided<Move, State<N>>>) {
        order::guided_expand(self, s, out);
    }

    /// Safe moves to the foundations (see `safe_home`): sending home a card on which no card
    /// still in play could be built never loses a win, since cards leave the tableau only
    /// to be built on or to go home. Not with a redeal: a card kept in the tableau changes
    /// how the redeal cuts the gathered cards into piles (every later card shifts by one), so
    /// keeping it can win where sending it home loses; no move is forced there. Not when the
    /// stock may not be dealt onto an empty pile (the card kept may be what lets it deal),
    /// nor when any face-up group moves (a group may carry the card with others on it).
    /// A complete run going home is never forced: it can lose a won game, with or without
    /// cards in the stock (tests/it/runs_home.rs).
    fn forced(&self, s: &State<N>) -> Option<Successor<Move, State<N>>> {
        if self.feat.redeal != 0 || self.feat.no_empty || self.feat.face_up_groups {
            return None;
        }
        self.home_candidates(s)
            .into_iter()
            .find(|&(_, c)| self.safe_home(&s.home, c))
            .map(|(from, c)| {
                self.succ(
                    s,
                    Move {
                        from,
                        to: Place::Home,
                        count: 1,
                        card: c,
                    },
                )
            })
    }

    /// A lower bound on the moves left: every stock deal still to come, and every card not
    /// home (one move each), or with runs going home every run not home (one move each).
    fn heuristic(&self, s: &State<N>) -> u32 {
        let not_home = u32::from(self.feat.cards) - s.home_count();
        let homing = match (self.feat.takes, self.feat.won_in_runs) {
            (Takes::Cards, false) => not_home,
            (Takes::Runs, false) => not_home / 13,
            _ => 0,
        };
        homing + self.deals_left(s)
    }

    /// Cards not home, four times the cards lying above a lower card of their pile (each
    /// must move before that card can go home), occupied cells, how deep the next card of
    /// each foundation lies, less a bonus for empty piles. Weights chosen on FreeCell deals 1
    /// to 300 (fewest states expanded) and checked on deals 301 to 600. Games of runs have
    /// their own guide (`Tableau::guide_runs`).
    fn guide(&self, s: &State<N>) -> u32 {
        if self.feat.takes != Takes::Cards {
            return self.guide_runs(s);
        }
        let next = next_home(s);
        let (out_of_order, depth) = self.guide_sums(s, next);
        self.guide_from(s, out_of_order, depth)
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The sums over the piles of [`pile_guide_terms`], `next` being the next cards home.
    fn guide_sums(&self, s: &State<N>, next: u64) -> (u32, u32) {
        let (mut out_of_order, mut depth) = (0, 0);
        let mut start = 0;
        for p in 0..self.rules.piles() {
            let len = s.len[p] as usize;
            let (o, d) = pile_guide_terms(&s.cards[start..start + len], next);
            start += len;
            out_of_order += o;
            depth += d;
        }
        (out_of_order, depth)
    }

    /// [`Tableau::guide`] (one deck, cards going home) from its sums over the piles: cards
    /// above a lower card, and how deep the next cards home lie.
    fn guide_from(&self, s: &State<N>, out_of_order: u32, depth: u32) -> u32 {
        self.guide_weighted(s, out_of_order, depth, GUIDE_WEIGHTS)
    }

    /// [`Tableau::guide_from`] with the weights `w` (of the same terms, in the same order).
    fn guide_weighted(&self, s: &State<N>, out_of_order: u32, depth: u32, w: [u32; 5]) -> u32 {
        let cells = s.cells[..self.cells()]
            .iter()
            .filter(|&&c| c != EMPTY)
            .count() as u32;
        let empty = (0..self.rules.piles()).filter(|&p| s.len[p] == 0).count() as u32;
        let not_home = u32::from(self.feat.cards) - s.home_count();
        weigh_guide(w, not_home, out_of_order, cells, depth, empty)
    }
}

/// The guide from its terms (cards not home, cards above a lower card, occupied cells,
/// depth of the next cards home, empty piles) and their weights `w`, in that order.
fn weigh_guide(w: [u32; 5], not_home: u32, ooo: u32, cells: u32, depth: u32, empty: u32) -> u32 {
    // The offset bounds the empty-pile bonus (13 piles at most): 100 with the default
    // weights.
    let offset = 100.max(13 * w[4]);
    (w[0] * not_home + w[1] * ooo + w[2] * cells + w[3] * depth + offset) - w[4] * empty
}

/// The identities (`suit * 13 + rank - 1`) of the next card of each foundation, as a set.
fn next_home<const N: usize>(s: &State<N>) -> u64 {
    let mut next = 0u64;
    for (suit, &h) in s.home.iter().enumerate() {
        if h < 13 {
            next |= 1 << (suit * 13 + usize::from(h));
        }
    }
    next
}

/// One pile's share of [`Tableau::guide`]'s sums: its cards lying above a lower card, and
/// the cards above each of the `next` cards home it holds.
fn pile_guide_terms(pile: &[u8], next: u64) -> (u32, u32) {
    let (mut out_of_order, mut depth) = (0, 0);
    let mut lowest = 14u8;
    for (i, &b) in pile.iter().enumerate() {
        let id = b & !DOWN;
        let r = RANK_OF[usize::from(id)];
        out_of_order += u32::from(r > lowest);
        lowest = lowest.min(r);
        if next >> id & 1 != 0 {
            depth += (pile.len() - 1 - i) as u32;
        }
    }
    (out_of_order, depth)
}

impl<const N: usize, const K: usize> Game for Tableau<N, K> {
    fn id(&self) -> GameId {
        GameId::Tableau(self.index)
    }

    fn deal(&self, n: u64) -> Table {
        if self.rules.microsoft_deals {
            let cols = crate::deals::microsoft::freecell_columns(n)
                .expect("deal number checked by check_deal");
            return self.layout(&cols, &[], &[]);
        }
        let r = self.rules;
        let (mut t, stock) = super::shuffled_stock(r.deck(), n);
        let piles = self.empty_layout(&mut t);
        if r.tableau.aces_home {
            for (suit, h) in HOMES.iter().enumerate() {
                let home = t.find(h).expect("created");
                t.move_card(Suit::ALL[suit], Rank::Ace, stock, home)
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
                        // The first `face_down[p]` cards of a pile stay face down.
                        if round >= r.tableau.face_down.get(p).copied().unwrap_or(0) {
                            t.flip_top(piles[p]).expect("non-empty");
                        }
                    }
                }
            }
        }
        for c in 0..r.cells.dealt as usize {
            let cell = piles[r.piles() + c];
            t.move_top_to_top(stock, cell).expect("enough cards");
            t.flip_top(cell).expect("non-empty");
        }
        if self.feat.deal_to == 0 {
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

    fn check_deal(&self, n: u64) -> Result<(), crate::deals::microsoft::DealNumberError> {
        if self.rules.microsoft_deals {
            crate::deals::microsoft::check_deal_number(n)
        } else {
            Ok(())
        }
    }

    fn pysol_deal(
        &self,
        n: u64,
    ) -> Option<Result<Table, crate::deals::microsoft::DealNumberError>> {
        let name = self.rules.pysol.as_deref()?;
        let layout = pysol_layouts::layout(name, n)?;
        Some(layout.map(|l| self.layout(&l.piles, &l.cells, &l.foundations)))
    }

    fn pack(&self, t: &Table) -> Result<State<N>, BoardError> {
        let r = self.rules;
        let homes_of = self.home_suits();
        let mut labels: Vec<String> = (0..r.piles()).map(pile_label).collect();
        labels.extend((0..self.cells()).map(cell_label));
        labels.extend(homes_of.iter().map(|s| s.name().to_string()));
        if self.feat.deal_to != 0 {
            labels.push(STOCK.to_string());
        }
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let ids = super::expect_piles(t, &refs)?;
        check_partition(t, r.deck())?;
        let face_down = r.tableau.face_down.iter().any(|&d| d > 0) || self.feat.deal_to != 0;
        for (i, &id) in ids.iter().enumerate() {
            if i < r.piles() && face_down {
                expect_face_down_under_face_up(t, id)?;
            } else if i == r.piles() + self.cells() + homes_of.len() {
                super::expect_faces(t, id, true)?;
            } else {
                super::expect_faces(t, id, false)?;
            }
        }
        let mut s = State {
            cards: [0; N],
            len: [0; MAX_PILES],
            stock: 0,
            cells: [EMPTY; MAX_CELLS],
            home: [0; 4],
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
        if self.feat.deal_to != 0 {
            let stock = &t.piles[*ids.last().expect("the stock is listed")];
            for c in &stock.cards {
                s.cards[at] = c.face_up().byte();
                at += 1;
            }
            s.stock = stock.height() as u8;
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
        let first_home = r.piles() + self.cells();
        let homes = &ids[first_home..first_home + homes_of.len()];
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
        }
        let first = if self.feat.chosen_base { s.base } else { 1 };
        let runs = self.feat.takes == Takes::Runs;
        for (&suit, &id) in homes_of.iter().zip(homes) {
            let home = &t.piles[id];
            let h = suit.name();
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
            s.home[suit.index()] = home.height() as u8;
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
            s.redeals = super::counter_in(t, REDEALS, 0, 0..=u32::from(self.feat.redeals))? as u8;
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        if mv.is_redeal() {
            return "r".to_string();
        }
        if mv.is_deal() {
            return "s".to_string();
        }
        let place = |p: Place| match p {
            Place::Pile(i) => pile_label(i as usize),
            Place::Cell(i) => cell_label(i as usize),
            Place::Home => "h".to_string(),
            Place::Stock | Place::Piles => "s".to_string(),
        };
        // A card coming back names its foundation: `h` and the suit's capital letter
        // (cells are lower-case letters).
        let from = match mv.from {
            Place::Home => format!("h{}", mv.card.suit_unchecked().letter()),
            p => place(p),
        };
        // Where runs of one suit or any face-up group move, a group onto an empty pile may
        // have any length: the count is written (`15x3`), so the notation names one move.
        let count = if (self.feat.suit_runs || self.feat.face_up_groups)
            && mv.count > 1
            && matches!(mv.to, Place::Pile(_))
        {
            format!("x{}", mv.count)
        } else {
            String::new()
        };
        format!("{from}{}{count}", place(mv.to))
    }

    fn verbose_notation(&self, mv: &Move) -> String {
        verbose(mv)
    }

    /// Mogelpat's score. The seed says only that time, the level and the helper piles
    /// count (each helper pile against the player) and that bonus points go to complete
    /// runs lying alone on a work pile; it gives no numbers, so these are ours: the level
    /// weighs 1, 2 or 4 (its suits), each run alone on a work pile at the end earns 100,
    /// each helper pile holding a run costs 150, both times the level's weight, and each
    /// second costs a point; the score is never below 0.
    fn score(&self, _start: &Table, end: &Table, seconds: u64) -> Option<Score> {
        if !self.counts_helpers() {
            return None;
        }
        let weight = i64::from(self.rules.suits);
        let alone = (0..self.rules.piles())
            .filter_map(|p| end.find(&pile_label(p)))
            .filter(|&i| {
                let bytes: Vec<u8> = end.piles[i].cards.iter().map(|c| c.byte()).collect();
                bytes.len() == 13 && Self::complete_run_on_top(&bytes)
            })
            .count() as i64;
        let helpers = self
            .home_suits()
            .iter()
            .filter_map(|s| end.find(s.name()))
            .map(|i| end.piles[i].height() as i64 / 13)
            .sum::<i64>();
        let parts = vec![
            (
                "runs alone on a work pile".to_string(),
                100 * weight * alone,
            ),
            ("helper piles".to_string(), -150 * weight * helpers),
            ("seconds".to_string(), -(seconds as i64)),
        ];
        let points = parts.iter().map(|p| p.1).sum::<i64>().max(0);
        Some(Score {
            points,
            parts,
            formula: "level weight (1, 2, 4) x (100 per run alone on a work pile - 150 per helper \
                      pile) - 1 per second, at least 0 (our numbers: the seed gives none)",
        })
    }

    fn helpers_used(&self, s: &State<N>) -> Option<u32> {
        self.counts_helpers().then(|| self.runs_home(s))
    }

    fn with_helper_cap(&self, cap: u32) -> Option<Self> {
        self.counts_helpers()
            .then(|| self.with_run_cap(cap.min(u32::from(u8::MAX)) as u8))
    }

    /// Games of suit runs: best-first or a beam over [`runs::Focused`], the moves that
    /// seldom help left out, or best-first over every move; all with the piles taken as
    /// interchangeable while the stock deals whole rounds onto every pile
    /// ([`Tableau::for_wins_only`]).
    fn focused_search(
        &self,
        state: &State<N>,
        search: super::Focus,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        if !self.plays_suit_runs() {
            return None;
        }
        let loose = (*self).for_wins_only();
        let space = runs::Focused(&loose);
        match search {
            super::Focus::BestFirst(mode) => {
                Some(solvers::best_first(&space, *state, mode, limits))
            }
            super::Focus::Beam { width } => Some(solvers::beam(&space, *state, width, limits)),
            super::Focus::AllMoves(mode) => {
                // Only where the loose piles differ from the exact ones.
                let f = &self.feat;
                (f.deal_to != 0 && usize::from(f.deal_to) == self.rules.piles() && state.stock > 0)
                    .then(|| solvers::best_first(&loose, *state, mode, limits))
            }
        }
    }

    fn compound_dive(
        &self,
        state: &State<N>,
        scan: u64,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        Tableau::compound_dive(self, state, scan, limits)
    }

    /// fc-solve's board text, for the games it can describe: one deck, foundations from the
    /// Ace taking single cards, no stock and no redeal count.
    fn read_board(&self, text: &str) -> Option<Result<Table, BoardError>> {
        (self.fc_solve_format() && fcs::looks_like_fc_solve(text)).then(|| fcs::parse(self, text))
    }

    fn foreign_board(&self, t: &Table) -> Option<String> {
        // fc-solve's format has no face-down cards.
        let hidden = t
            .piles
            .iter()
            .flat_map(|p| &p.cards)
            .any(|c| c.is_face_down());
        (!hidden && self.fc_solve_format()).then(|| fcs::write(self, t))
    }

    fn read_solvitaire(&self, text: &str) -> Option<Result<Table, BoardError>> {
        Some(solvitaire::parse(self, text))
    }

    fn solvitaire_board(&self, t: &Table) -> Option<Result<String, BoardError>> {
        Some(solvitaire::write(self, t))
    }
}

/// Checks that a tableau pile's face-down cards all lie under its face-up ones, and that a
/// pile with cards has its top card face up (the engine turns each card it uncovers).
fn expect_face_down_under_face_up(t: &Table, id: usize) -> Result<(), BoardError> {
    let p = &t.piles[id];
    let down = p.cards.iter().take_while(|c| c.is_face_down()).count();
    let bad = p.cards[down..]
        .iter()
        .find(|c| c.is_face_down())
        .map(|c| format!("face-down card {} lies on a face-up card", c.face_up()))
        .or_else(|| {
            (down > 0 && down == p.cards.len()).then(|| "its top card is face down".to_string())
        });
    match bad {
        Some(why) => Err(BoardError::Impossible(format!("pile '{}': {why}", p.label))),
        None => Ok(()),
    }
}

/// The label of the stock, when cards wait there to be dealt onto the piles.
pub const STOCK: &str = "stock";

/// The board counter holding the redeals used, when the rules limit them.
pub const REDEALS: &str = "redeals";

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether fc-solve's board text describes this game's positions: its `Foundations:`
    /// line gives heights from the Ace, and it has no counters.
    fn fc_solve_format(&self) -> bool {
        !self.feat.chosen_base
            && (self.feat.redeal == 0 || self.feat.redeals == UNLIMITED)
            && self.feat.deal_to == 0
            && self.feat.takes == Takes::Cards
            && !self.feat.repeats
    }
}

/// fc-solve's verbose notation of a move ("Move a card from stack 3 to freecell 0"), with
/// our own sentences for the moves fc-solve does not know (cards back from the foundations,
/// the redeal).
pub fn verbose(mv: &Move) -> String {
    match (mv.from, mv.to) {
        (Place::Pile(a), Place::Pile(b)) if mv.count > 1 => {
            format!("Move {} cards from stack {a} to stack {b}", mv.count)
        }
        (Place::Pile(a), Place::Pile(b)) => format!("Move a card from stack {a} to stack {b}"),
        (Place::Pile(a), Place::Cell(b)) => format!("Move a card from stack {a} to freecell {b}"),
        (Place::Pile(a), Place::Home) if mv.count > 1 => {
            format!("Move {} cards from stack {a} to the foundations", mv.count)
        }
        (Place::Pile(a), Place::Home) => format!("Move a card from stack {a} to the foundations"),
        (Place::Cell(a), Place::Pile(b)) => format!("Move a card from freecell {a} to stack {b}"),
        (Place::Cell(a), Place::Home) => {
            format!("Move a card from freecell {a} to the foundations")
        }
        (Place::Cell(a), Place::Cell(b)) => {
            format!("Move a card from freecell {a} to freecell {b}")
        }
        (Place::Home, Place::Pile(b)) => format!(
            "Move a card from the {} foundation to stack {b}",
            mv.card.suit_unchecked().name()
        ),
        (Place::Stock, Place::Piles) => format!("Deal {} cards from the stock", mv.count),
        (Place::Stock, _) => format!("Redeal the {} cards of the stacks", mv.count),
        (Place::Home, _) | (_, Place::Stock) | (_, Place::Piles) | (Place::Piles, _) => {
            format!("Move {} (not a legal move)", mv.card)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card;

    fn game(id: &str) -> Tableau {
        match id.parse::<GameId>().expect("preset") {
            GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
            g => panic!("{id} is {g:?}"),
        }
    }

    /// The key of a two-deck position: its piles sorted whole, as the key must be.
    fn whole_sorted(g: &TwoDecks, s: &State<104>) -> Vec<u8> {
        let mut piles: Vec<&[u8]> = (0..g.rules.piles()).map(|p| s.pile(p)).collect();
        piles.sort_unstable();
        piles
            .iter()
            .flat_map(|p| p.iter().copied().chain([EMPTY]))
            .collect()
    }

    /// `s` with piles `piles` (the rest of its cards left as they are, so not a real
    /// position: the key only reads the piles).
    fn with_piles(s: &State<104>, piles: &[&[u8]]) -> State<104> {
        let mut r = *s;
        let mut at = 0;
        for (p, pile) in piles.iter().enumerate() {
            r.cards[at..at + pile.len()].copy_from_slice(pile);
            r.len[p] = pile.len() as u8;
            at += pile.len();
        }
        r
    }

    /// With repeated cards the key sorts piles by their first bytes, then whole: the same
    /// order as sorting the piles whole, whatever the piles' order (random walks of Spider
    /// with one and two suits, and piles that begin alike for more than those bytes).
    #[test]
    fn keys_with_repeated_cards_sort_piles_as_whole_piles() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for id in ["spider-1suit", "spider-2suits"] {
            let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
                panic!("{id}");
            };
            let g = TwoDecks::preset(i);
            for deal in 1..=3 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                for _ in 0..300 {
                    if !g.piles_ordered(&s) {
                        let whole = whole_sorted(&g, &s);
                        assert_eq!(&g.key(&s)[..whole.len()], &whole[..], "{id} {deal}");
                        let n = g.rules.piles();
                        let reversed: Vec<&[u8]> = (0..n).rev().map(|p| s.pile(p)).collect();
                        assert_eq!(g.key(&with_piles(&s, &reversed)), g.key(&s));
                    }
                    let mut succ = Vec::new();
                    g.expand(&s, &mut succ);
                    if succ.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    s = succ[(rng % succ.len() as u64) as usize].state;
                }
            }
            // Piles alike in their first seven cards, or one the beginning of another.
            let s = g.pack(&g.deal(1)).expect("deal");
            let long: &[&[u8]] = &[
                &[12, 11, 10, 9, 8, 7, 6, 5],
                &[12, 11, 10, 9, 8, 7, 6, 4],
                &[12, 11, 10, 9, 8, 7, 6],
                &[12, 11, 10],
                &[],
                &[12, 11, 10, 9, 8, 7, 6, 5, 3],
                &[0x80 | 12, 11],
                &[25, 24],
                &[12, 11, 10, 9, 8, 7, 6, 5, 2],
                &[12, 11, 10, 9, 8, 7],
            ];
            let mut r = with_piles(&s, long);
            // While cards wait in the stock the piles keep their order in the key: each
            // gets its own card from the deals to come.
            let reversed: Vec<&[u8]> = long.iter().rev().copied().collect();
            assert_ne!(g.key(&with_piles(&s, &reversed)), g.key(&r), "{id}");
            r.stock = 0;
            let whole = whole_sorted(&g, &r);
            assert_eq!(&g.key(&r)[..whole.len()], &whole[..], "{id}");
        }
    }

    fn card(s: &str) -> Card {
        parse_card(s).expect("card")
    }

    fn board(g: &Tableau, text: &str) -> State<52> {
        g.pack(&Table::parse(text).expect("board"))
            .expect("position")
    }

    fn moves(g: &Tableau, s: &State<52>) -> Vec<(String, State<52>)> {
        let mut out = Vec::new();
        g.expand(s, &mut out);
        out.into_iter()
            .map(|m| (g.notation(&m.mv), m.state))
            .collect()
    }

    const HOME_DH: &str = "diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
                           hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n";

    /// Streets and Alleys with clubs home to the 5 and spades to the 4; 6H... are home too.
    fn streets(piles: &str) -> (Tableau, State<52>) {
        let g = game("streets-and-alleys");
        let text = format!(
            "{piles}clubs (stacked): AC 2C 3C 4C 5C\n{HOME_DH}spades (stacked): AS 2S 3S 4S\n"
        );
        let s = board(&g, &text);
        (g, s)
    }

    #[test]
    fn a_foundation_top_comes_back_onto_a_card_or_an_empty_pile_never_a_cell() {
        let (g, s) = streets(
            "1 (spread): KC QC JC TC 9C 8C 7C 6C\n2 (spread): KS QS JS TS 9S 8S 7S 6S 5S\n\
             3 (spread): \n4 (spread): \n5 (spread): \n6 (spread): \n7 (spread): \n8 (spread): \n",
        );
        let names: Vec<String> = moves(&g, &s).into_iter().map(|m| m.0).collect();
        // 5C onto 6C? Not the same suit is fine here, but 6C is one above 5C: yes. 4S onto
        // 5S, and both (and the Kings of diamonds and hearts) into the first empty pile.
        for want in ["hC1", "hC3", "hS2", "hS3", "hD3", "hH3"] {
            assert!(
                names.contains(&want.to_string()),
                "{want} missing: {names:?}"
            );
        }
        assert!(!names.iter().any(|n| n.starts_with('h') && n.len() > 3));
        // Out and back onto the same card: the same position, the same key.
        let out = moves(&g, &s)
            .into_iter()
            .find(|m| m.0 == "hS2")
            .expect("4S comes back")
            .1;
        assert_eq!(out.home[3], 3);
        let back = moves(&g, &out)
            .into_iter()
            .find(|m| m.0 == "2h")
            .expect("4S goes home again")
            .1;
        assert_eq!(back, s);
        assert_eq!(g.key(&back), g.key(&s));
    }

    #[test]
    fn aisleriots_beleaguered_castle_keeps_its_aces_home() {
        let g = game("beleaguered-castle");
        let mut text =
            String::from("1 (spread): KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KS\n2 (spread): 2C\n");
        for p in 3..=8 {
            text += &format!("{p} (spread): \n");
        }
        text += "clubs (stacked): AC\n";
        text += HOME_DH;
        text += "spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS\n";
        let s = board(&g, &text);
        let names: Vec<String> = moves(&g, &s).into_iter().map(|m| m.0).collect();
        assert!(names.contains(&"hS1".to_string()) && names.contains(&"hS3".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("hC")), "{names:?}");
    }

    #[test]
    fn autoplay_with_returns_waits_for_the_cards_that_could_come_back_as_bases() {
        // Streets and Alleys builds regardless of suit: 6C may go home only once every 5 is
        // home and every 4 (which could come back onto a returned 5), and so on.
        let (g, s) = streets(
            "1 (spread): KC QC JC TC 9C 8C 7C 6C\n2 (spread): KS QS JS TS 9S 8S 7S 6S 5S\n\
             3 (spread): \n4 (spread): \n5 (spread): \n6 (spread): \n7 (spread): \n8 (spread): \n",
        );
        // 6C: 5S is in play, so not forced; 5S: every 4 is home, and the 3s below: forced.
        assert!(!g.safe_home(&s.home, card("6C")));
        assert!(g.safe_home(&s.home, card("5S")));
        let f = g.forced(&s).expect("5S goes home");
        assert_eq!(f.mv.card, card("5S"));
        // Without returns (the classic rules) the same rule as before.
        let classic = game("streets-and-alleys-classic");
        assert!(!classic.safe_home(&s.home, card("6C")));
    }

    #[test]
    fn autoplay_with_returns_needs_the_bases_of_the_bases_home() {
        // King Albert builds in alternate colours and takes cards back. The classic rule
        // sends 5S home once both red 4s are; with returns 3C must be home too: a red 4
        // brought back could take it, and then 5S would be wanted as the red 4's base.
        let returns = game("king-albert");
        let classic = game("king-albert-classic");
        // Foundations by suit: clubs, diamonds, hearts, spades.
        assert!(classic.safe_home(&[2, 4, 4, 4], card("5S")));
        assert!(!returns.safe_home(&[2, 4, 4, 4], card("5S")));
        assert!(returns.safe_home(&[3, 4, 4, 4], card("5S")));
    }

    #[test]
    fn a_run_cap_lets_runs_home_only_while_fewer_are_there() {
        // Three complete runs in play and the clubs run home: with a cap of one run home
        // none may follow (a search for a win with fewer helper piles, Mogelpat), with two
        // each of the three may.
        let g = game("simple-simon");
        let run = |s: &str| {
            Rank::ALL
                .iter()
                .rev()
                .map(|r| format!("{}{s}", r.letter()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = format!(
            "1 (spread): {}\n2 (spread): {}\n3 (spread): {}\n",
            run("D"),
            run("H"),
            run("S")
        );
        for p in 4..=10 {
            text += &format!("{p} (spread): \n");
        }
        text += &format!(
            "clubs (stacked): {}\ndiamonds (stacked): \nhearts (stacked): \nspades (stacked): \n",
            run("C")
        );
        let s = board(&g, &text);
        let homes = |cap: u8| {
            let capped = g.with_run_cap(cap);
            moves(&capped, &s)
                .iter()
                .filter(|(_, after)| after.home_count() > s.home_count())
                .count()
        };
        assert_eq!(homes(1), 0);
        assert_eq!(homes(2), 3);
        assert_eq!(homes(u8::MAX), 3);
    }

    fn chessboard_with_clubs_home(from: &str) -> State<52> {
        let g = game("chessboard");
        let start = Rank::ALL
            .iter()
            .position(|r| r.letter().to_string() == from)
            .expect("rank") as u8;
        let clubs: Vec<String> = (0..13)
            .map(|i| format!("{}C", Rank::from_value(nth_rank(start + 1, i)).letter()))
            .collect();
        let mut text = String::from("1 (spread): ");
        for s in ["D", "H", "S"] {
            for r in Rank::ALL {
                text += &format!("{}{s} ", r.letter());
            }
        }
        text += "\n";
        for p in 2..=10 {
            text += &format!("{p} (spread): \n");
        }
        text += &format!(
            "clubs (stacked): {}\ndiamonds (stacked): \nhearts (stacked): \nspades (stacked): \n",
            clubs.join(" ")
        );
        board(&g, &text)
    }

    #[test]
    fn the_chosen_base_is_part_of_the_state_and_the_key() {
        let g = game("chessboard");
        // The same cards in play, all clubs home from the 5 or from the 7: other positions.
        let five = chessboard_with_clubs_home("5");
        let seven = chessboard_with_clubs_home("7");
        assert_eq!(
            (five.chosen_base(), seven.chosen_base()),
            (Some(5), Some(7))
        );
        assert_ne!(g.key(&five), g.key(&seven));
        // Only a 5 (resp. a 7) may start another foundation: the top card is KS.
        assert!(!moves(&g, &five).iter().any(|m| m.0.ends_with('h')));
        assert_eq!(g.key(&five)[80 - 2], 5);
    }

    #[test]
    fn the_first_card_home_fixes_the_base_of_all_four() {
        let g = game("chessboard");
        let s = g.pack(&g.deal(1)).expect("deal");
        assert_eq!(s.chosen_base(), None);
        let homes: Vec<(String, State<52>)> = moves(&g, &s)
            .into_iter()
            .filter(|m| m.0.ends_with('h'))
            .collect();
        // Every top card may start the foundations.
        assert_eq!(homes.len(), 10);
        for (_, after) in &homes {
            let base = after.chosen_base().expect("chosen");
            let mut next = Vec::new();
            g.expand(after, &mut next);
            for m in next.iter().filter(|m| m.mv.to == Place::Home) {
                let suit = m.mv.card.suit_unchecked().index();
                if after.home[suit] == 0 {
                    assert_eq!(m.mv.card.rank_unchecked().value(), base, "a new foundation");
                }
            }
        }
        // Two different first cards: different keys even when the cards in play agree
        // otherwise (they do not here, but the base byte differs too).
        assert_ne!(homes[0].1.base, homes[1].1.base);
    }

    #[test]
    fn the_redeal_gathers_the_piles_in_order_and_deals_them_in_fours() {
        let g = game("cruel");
        let mut text = String::from(
            "1 (spread): 4S 5C 5S 6C 6S\n2 (spread): 7C 7S 8C\n3 (spread): 8S 9C 9S TC TS\n\
             4 (spread): JC JS QC\n5 (spread): QS KC KS\n",
        );
        for p in 6..=12 {
            text += &format!("{p} (spread): \n");
        }
        text += "clubs (stacked): AC 2C 3C 4C\n";
        text += HOME_DH;
        text += "spades (stacked): AS 2S 3S\n";
        let s = board(&g, &text);
        let all = moves(&g, &s);
        assert_eq!(all.len(), 1, "only the redeal");
        let (name, after) = &all[0];
        assert_eq!(name, "r");
        assert_eq!(&after.len[..6], &[4, 4, 4, 4, 3, 0]);
        assert_eq!(
            after.pile(1),
            &["6S", "7C", "7S", "8C"].map(|c| card(c).byte())
        );
        // Redealt already: no second redeal (it would change nothing).
        assert!(moves(&g, after).is_empty());
        // The piles' order counts: the redeal gathers them in order.
        let mut swapped = s;
        swapped.len.swap(0, 1);
        assert_ne!(g.key(&swapped), g.key(&s));
        assert_eq!(
            verbose(&Move::redeal(19, card("4S"))),
            "Redeal the 19 cards of the stacks"
        );
    }

    #[test]
    fn limited_redeals_are_counted_in_the_state_and_the_key() {
        let mut rules = game("cruel").rules.clone();
        rules.id = "cruel-once".into();
        rules.stock = StockRules::Redeal {
            per_pile: 4,
            redeals: 1,
        };
        let rules: &'static Rules = Box::leak(Box::new(rules));
        let g: Tableau = Tableau::of_rules(rules, 0);
        let s = g.pack(&g.deal(2)).expect("deal");
        // Move a card (if one moves), then redeal: the redeal is there once only.
        let mut out = Vec::new();
        g.expand(&s, &mut out);
        let moved = out
            .iter()
            .find(|m| !m.mv.is_redeal())
            .expect("a move")
            .state;
        let mut again = Vec::new();
        g.expand(&moved, &mut again);
        let redealt = again
            .iter()
            .find(|m| m.mv.is_redeal())
            .expect("redeal")
            .state;
        assert_eq!(redealt.redeals_used(), 1);
        assert_eq!(g.key(&redealt)[80 - 1], 1);
        let mut next = Vec::new();
        g.expand(&redealt, &mut next);
        for m in &next {
            let mut after = Vec::new();
            g.expand(&m.state, &mut after);
            assert!(!after.iter().any(|a| a.mv.is_redeal()), "a second redeal");
        }
        // The same layout with no redeal used: another key.
        let mut unused = redealt;
        unused.redeals = 0;
        assert_ne!(g.key(&unused), g.key(&redealt));
    }
}
