//! The rules of the tableau engine as data: one small TOML preset per game.
//!
//! A preset names the game and gives its tableau (piles, deal pattern, building, which
//! groups move, what fills an empty pile), its cells, its foundations and its stock. The
//! parameters are chosen to cover the FreeCell family now and the Spider, Forty Thieves and
//! Klondike families later; a combination the engine cannot play yet is refused when the
//! preset is loaded, with the reason, never played wrongly.

use crate::cards::{Card, DeckSpec, Rank, Suit, ALL_SUITS};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How a card may be placed on another in the tableau.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Build {
    /// Alternate colours (FreeCell).
    AlternateColor,
    /// Same suit (Baker's Game).
    Suit,
    /// Any suit (Baker's Dozen, Beleaguered Castle).
    AnySuit,
    /// Same colour.
    SameColor,
    /// Any suit but its own.
    NotOwnSuit,
    /// Nothing builds on the tableau.
    None,
}

impl Build {
    /// Whether `card` may lie on `base` as far as suits go.
    pub fn suits_fit(self, card: Card, base: Card) -> bool {
        let (a, b) = (card.suit_unchecked(), base.suit_unchecked());
        match self {
            Build::AlternateColor => a.color() != b.color(),
            Build::Suit => a == b,
            Build::AnySuit => true,
            Build::SameColor => a.color() == b.color(),
            Build::NotOwnSuit => a != b,
            Build::None => false,
        }
    }
}

/// Which way ranks go when building on the tableau or the foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Each card one rank lower than the one under it.
    Down,
    /// Each card one rank higher.
    Up,
    /// Either (Fortress, Chessboard).
    UpOrDown,
}

/// Which groups of cards move together between tableau piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GroupMoves {
    /// One card at a time.
    Single,
    /// A built sequence, as long as free cells and empty piles allow moving it one card at a
    /// time: (free cells + 1) × 2^(empty piles not counting the destination).
    FreecellSequences,
    /// Any built sequence, whatever its length (Relaxed FreeCell).
    AnySequence,
    /// Only sequences built in one suit (Spider).
    SuitSequences,
    /// Any group of face-up cards (Yukon).
    FaceUpGroups,
    /// One card, or every face-up card of a pile together when they form a built sequence
    /// (Westhaven).
    SingleOrAllFaceUp,
    /// Only a whole pile, when all of it is a built sequence (Glenwood): a card that is not
    /// alone on its pile goes from its top only home (or into a cell).
    WholePile,
}

/// What may fill an empty tableau pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmptyFill {
    /// Any card or sequence.
    Any,
    /// Only a King (or a sequence starting with one).
    Kings,
    /// Nothing: an empty pile stays empty.
    None,
    /// Only a card one rank below the foundations' base (a King when they start from Aces),
    /// or a sequence starting with one (Lady Jane; foundations based on a dealt card).
    BelowBase,
}

/// The first card of a foundation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FoundationBase {
    /// Aces (or Kings when building down).
    Ace,
    /// The rank of a card dealt onto its foundation after the tableau, the reserve and the
    /// cells (Canfield): every foundation starts with that rank.
    FirstDealt,
    /// The rank of the first card the player puts on any foundation: the other three
    /// foundations must then start with that rank too (Chessboard).
    Chosen,
}

/// How the foundations build up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FoundationBuild {
    /// In suit: each foundation takes one suit.
    #[default]
    Suit,
    /// In alternate colours, whatever the suit (Zebra): the next rank in the colour the
    /// foundation's top card is not, so its Ace fixes the colour of every rank on it.
    AlternateColor,
}

impl FoundationBuild {
    fn is_suit(&self) -> bool {
        *self == FoundationBuild::Suit
    }
}

/// The tableau.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TableauRules {
    /// Cards dealt to each pile, left to right (its length is the number of piles).
    pub deal: Vec<u8>,
    /// Cards of each pile dealt face down (the rest face up); empty means none.
    #[serde(default)]
    pub face_down: Vec<u8>,
    /// Instead of `face_down`: the rows dealt face down in every pile, counting from the
    /// bottom card (row 0), the others face up (Athena: rows 0 and 2 of four). A face-up
    /// card may then lie under a face-down one; each card is turned as it comes to the top.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down_rows: Vec<u8>,
    /// How cards build.
    pub build: Build,
    /// Which way ranks go.
    #[serde(default = "down")]
    pub direction: Direction,
    /// Whether building wraps from King to Ace (and Ace to King).
    #[serde(default)]
    pub wrap: bool,
    /// Which groups move.
    pub moves: GroupMoves,
    /// What fills an empty pile.
    pub empty: EmptyFill,
    /// Whether the four Aces go to the foundations before the deal (Beleaguered Castle).
    #[serde(default)]
    pub aces_home: bool,
    /// Whether, after the deal, each pile's Kings are moved under it (Baker's Dozen).
    #[serde(default)]
    pub kings_bottom: bool,
    /// With `moves = "suit-sequences"`: whether a run of two or more cards goes onto a card
    /// only of its own suit (a single card still builds as `build` says, and any run fills
    /// an empty pile the rules let it). Solvitaire plays Spider-like games so. Left out of
    /// the rules' fingerprint when false, so that no other preset's version changes.
    #[serde(default, skip_serializing_if = "is_false")]
    pub groups_onto_suit: bool,
    /// Whether only the waste's top card may fill an empty pile (Kansas): no tableau card
    /// or group, no card back from a foundation, no reserve or cell card. Left out of the
    /// rules' fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub empty_from_waste: bool,
    /// Whether the waste's top card may fill an empty pile only once every reserve stack is
    /// empty (Glenwood); the reserve's free cards fill one at any time. Left out of the
    /// rules' fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub waste_fills_last: bool,
    /// Whether a pile a move empties takes at once, as part of that move, the waste's top
    /// card, or the stock's top card face up when the waste is empty (Zebra); with the talon
    /// empty it stays empty. Left out of the rules' fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fill_from_talon: bool,
    /// The most cards a pile may hold (0: no limit): a pile that holds them takes no more
    /// (Eagle Wing's three). Left out of the rules' fingerprint when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub max_cards: u8,
    /// What a card of the foundations' base rank does in the tableau (foundations based on
    /// a dealt or chosen card): takes a card built on it like any other (`builds`, left out
    /// of the rules' fingerprint), ends a movable run, a card built on it not moving with it
    /// (`ends-runs`, Agnes), or takes no card at all (`takes-nothing`, Lady Jane).
    #[serde(default, skip_serializing_if = "OnBaseRank::is_builds")]
    pub on_base_rank: OnBaseRank,
}

/// What a card of the foundations' base rank does in the tableau.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OnBaseRank {
    /// It takes a card built on it, which moves with it.
    #[default]
    Builds,
    /// It takes a card built on it, but a movable run ends at it (Agnes).
    EndsRuns,
    /// It takes no card (Lady Jane).
    TakesNothing,
}

impl OnBaseRank {
    fn is_builds(&self) -> bool {
        *self == OnBaseRank::Builds
    }
}

impl TableauRules {
    /// Whether the card dealt `row`-th (from the bottom) onto pile `p` lies face down.
    pub fn dealt_face_down(&self, p: usize, row: u8) -> bool {
        if self.face_down_rows.is_empty() {
            row < self.face_down.get(p).copied().unwrap_or(0)
        } else {
            self.face_down_rows.contains(&row)
        }
    }

    /// Whether any card is dealt face down onto the tableau.
    pub fn deals_face_down(&self) -> bool {
        (0..self.deal.len()).any(|p| (0..self.deal[p]).any(|row| self.dealt_face_down(p, row)))
    }

    /// Whether the deal puts any card on the tableau (Gold Mine's puts none: every card
    /// starts in the stock).
    pub fn deals_cards(&self) -> bool {
        self.deal.iter().any(|&n| n > 0)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn down() -> Direction {
    Direction::Down
}

/// Free cells, and reserve cards dealt into them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellRules {
    /// Number of cells.
    #[serde(default)]
    pub count: u8,
    /// Cards dealt into the first cells at the start (Eight Off, Seahaven Towers).
    #[serde(default)]
    pub dealt: u8,
    /// Whether a card may be put into an empty cell (false for a reserve that only gives).
    #[serde(default = "yes")]
    pub accept: bool,
}

fn yes() -> bool {
    true
}

/// A reserve: stacks of cards dealt face up whose top cards may be played, onto which no
/// card is ever put (Backbone; later Canfield). Stored as extra piles after the tableau
/// piles, never interchangeable with them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReserveRules {
    /// Cards dealt face up to each reserve stack, left to right (its length is the number of
    /// stacks; none: no reserve). Only a stack's top card is free.
    #[serde(default)]
    pub piles: Vec<u8>,
    /// Cards dealt after the stacks onto a pile of their own lying across all of them: its
    /// top card is free, and while it holds a card no stack's top card is (Backbone's one
    /// card across both columns).
    #[serde(default)]
    pub cover: u8,
    /// Whether a free reserve card may fill an empty tableau pile (one the tableau's rule
    /// lets it start); false in Backbone. A reserve card goes home or onto a tableau card
    /// it builds on in any case, and never into a cell or onto the reserve.
    #[serde(default = "yes")]
    pub to_empty: bool,
    /// Whether a tableau pile a move empties is filled at once, as part of that move, with
    /// the reserve's top card while the reserve holds one (Canfield): then no tableau pile
    /// is ever empty while the reserve holds a card. One stack, no cover. Left out of the
    /// rules' fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fills_empty: bool,
    /// Whether each stack's cards but its top one are dealt face down, unseen until they
    /// come up (Canfield); the card across the stacks is face up. Left out of the rules'
    /// fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub face_down: bool,
    /// With `fills_empty`: whether the stack's top card may be played only when it is the
    /// stack's last card (Eagle Wing: the others come out only to fill emptied piles).
    /// Left out of the rules' fingerprint when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub last_card_plays: bool,
}

impl Default for ReserveRules {
    fn default() -> Self {
        ReserveRules {
            piles: Vec::new(),
            cover: 0,
            to_empty: true,
            fills_empty: false,
            face_down: false,
            last_card_plays: false,
        }
    }
}

impl ReserveRules {
    /// Whether these are the rules of no reserve at all (left out of the rules'
    /// fingerprint, so that the versions of games without one stay as they were).
    fn is_default(&self) -> bool {
        *self == ReserveRules::default()
    }

    /// The reserve's piles in the state: the stacks, and the cover's pile when it has one.
    pub fn state_piles(&self) -> usize {
        self.piles.len() + usize::from(self.cover > 0)
    }

    /// Cards dealt to the reserve.
    pub fn cards(&self) -> usize {
        self.piles.iter().map(|&n| usize::from(n)).sum::<usize>() + usize::from(self.cover)
    }
}

/// The most reserve stacks: the move notation numbers them with one digit (`R1` to `R9`).
pub const MAX_RESERVE_STACKS: usize = 9;

/// The foundations.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FoundationRules {
    /// The first card.
    #[serde(default = "ace")]
    pub base: FoundationBase,
    /// Which way they build (by suit).
    #[serde(default = "up")]
    pub direction: Direction,
    /// Whether they wrap from King to Ace.
    #[serde(default)]
    pub wrap: bool,
    /// Whether the top card of a foundation may be played back onto the tableau (onto a
    /// card it builds on, or onto an empty pile that takes it; never into a cell).
    #[serde(default)]
    pub may_return: bool,
    /// With `may_return`: whether a foundation's first card stays there (AisleRiot's
    /// Beleaguered Castle never lets its Aces be picked up).
    #[serde(default)]
    pub base_stays: bool,
    /// What the foundations take: single cards (`cards`), only complete runs of one suit,
    /// King to Ace, moved home from the top of a pile by the player, 13 cards at once
    /// (`runs`, Spider), or nothing: the game has none (`nothing`, Scorpion).
    #[serde(default)]
    pub takes: Takes,
    /// The one suit that has a foundation (`"diamonds"` in Diamond Mine); none: every suit
    /// has its own. That suit's cards play only there: in the tableau no card lies on one
    /// and none moves onto a pile, alone or in a group. The other suits never go home, so
    /// the game is won with them in runs on the tableau (`won = "all-in-runs"`). Left out of
    /// the rules' fingerprint when none.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "suit_name")]
    pub suit: Option<Suit>,
    /// With `base = "chosen"`: the base is one of the reserve's free cards, sent home by a
    /// move before which only reserve cards move (onto the piles as they otherwise may): no
    /// tableau card, no turn of the stock (Glenwood). Left out of the rules' fingerprint
    /// when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_reserve: bool,
    /// How they build: in suit, or in alternate colours whatever the suit (Zebra: two decks,
    /// the eight Aces home before the deal). Left out of the rules' fingerprint when in suit.
    #[serde(default, skip_serializing_if = "FoundationBuild::is_suit")]
    pub build: FoundationBuild,
}

/// A suit in the rules files by its name (`"diamonds"`), as the boards label foundations.
mod suit_name {
    use crate::cards::Suit;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(suit: &Option<Suit>, ser: S) -> Result<S::Ok, S::Error> {
        match suit {
            Some(s) => ser.serialize_str(s.name()),
            None => ser.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Option<Suit>, D::Error> {
        let name = String::deserialize(de)?;
        Suit::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .map(Some)
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown suit '{name}': clubs, diamonds, hearts or spades"
                ))
            })
    }
}

/// What the foundations take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Takes {
    /// Single cards, each on the one below it.
    #[default]
    Cards,
    /// Complete runs (King to Ace in one suit) from the top of a pile, by a move.
    Runs,
    /// Nothing: there are no foundations.
    Nothing,
}

/// When a game is won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Won {
    /// Every card is on the foundations.
    #[default]
    AllHome,
    /// Every card lies in a complete run, King to Ace in one suit, on the foundations or
    /// alone on a tableau pile, and the stock is empty (Mogelpat, Scorpion).
    AllInRuns,
}

fn ace() -> FoundationBase {
    FoundationBase::Ace
}
fn up() -> Direction {
    Direction::Up
}

impl FoundationRules {
    /// Foundations of the plain kind: each a suit of its own from the Ace up, without
    /// wrapping, taking single cards, none kept for one suit, none filled from a reserve.
    /// The arguments of the runs keyed as sets and of the dead ends read their order from it.
    pub fn by_suit_from_ace(&self) -> bool {
        self.base == FoundationBase::Ace
            && self.direction == Direction::Up
            && !self.wrap
            && self.takes == Takes::Cards
            && self.suit.is_none()
            && self.build == FoundationBuild::Suit
            && !self.from_reserve
    }
}

impl Default for FoundationRules {
    fn default() -> Self {
        FoundationRules {
            base: FoundationBase::Ace,
            direction: Direction::Up,
            wrap: false,
            may_return: false,
            base_stays: false,
            takes: Takes::Cards,
            suit: None,
            from_reserve: false,
            build: FoundationBuild::Suit,
        }
    }
}

/// The stock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, tag = "kind", rename_all = "kebab-case")]
pub enum StockRules {
    /// No stock: every card is dealt (the FreeCell family).
    #[default]
    None,
    /// Cards go to a waste `draw` at a time; the waste becomes the stock again `redeals`
    /// times (Klondike, Forty Thieves).
    Waste {
        /// Cards turned at a time.
        draw: u8,
        /// Redeals allowed (255 for unlimited).
        redeals: u8,
    },
    /// The cards not dealt wait face down in the stock, which deals one card face up onto
    /// each of the first `piles` tableau piles (all of them when 0) in turn, as a move
    /// (Spider, Scorpion); `no_empty` forbids it while a pile is empty.
    DealToPiles {
        /// Whether every pile must hold a card first.
        #[serde(default)]
        no_empty: bool,
        /// How many piles, from the first, get a card (0: all).
        #[serde(default)]
        piles: u8,
        /// Whether an empty pile must be filled first when it can be: while a pile is
        /// empty and some pile's movable run holds a card that may fill it above the
        /// pile's bottom card, the stock waits, unless the tableau holds fewer cards than
        /// it has piles (Easthaven). Only where any built run moves.
        #[serde(default, skip_serializing_if = "is_false")]
        fill_first: bool,
    },
    /// The cards not dealt wait face down in the stock, which deals one card face up onto
    /// each reserve stack in turn, as a move, while it holds at least as many cards as
    /// there are stacks; the cards left then (fewer) go at the next deal one into each
    /// cell, where each plays (Lady Jane, whose last two cards AisleRiot turns one onto a
    /// waste and leaves the other face up on the stock, both playable). The cells take
    /// nothing else: `cells.accept = false`, as many as the cards left, none dealt.
    DealToReserve,
    /// No cards wait in the stock, but at any time the tableau piles may be gathered (the
    /// last pile at the bottom, each pile keeping its order, so the first pile's bottom card
    /// ends on top) and dealt out again `per_pile` cards at a time from the first pile
    /// (Cruel). The game's own deal lays the piles out the same way.
    Redeal {
        /// Cards dealt to each pile.
        per_pile: u8,
        /// Redeals allowed (255 for unlimited).
        redeals: u8,
    },
}

/// `redeals` value meaning no limit.
pub const UNLIMITED: u8 = 255;

/// A game of the tableau engine.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// The id used on the command line.
    pub id: String,
    /// The game's name.
    pub name: String,
    /// One line on the rules.
    pub summary: String,
    /// Where the rules come from.
    pub source: String,
    /// Number of decks (1 to 3).
    #[serde(default = "one")]
    pub decks: u8,
    /// Number of suits (4; or 1, spades only, or 2, spades and hearts, with as many more
    /// copies of each card, as in Spider).
    #[serde(default = "four")]
    pub suits: u8,
    /// When the game is won.
    #[serde(default)]
    pub won: Won,
    /// Whether `--deal N` gives the Microsoft FreeCell deal N (eight piles, 52 cards).
    #[serde(default)]
    pub microsoft_deals: bool,
    /// PySolFC's name for the game, when PySol numbers its deals.
    #[serde(default)]
    pub pysol: Option<String>,
    /// The tableau.
    pub tableau: TableauRules,
    /// The cells.
    #[serde(default)]
    pub cells: CellRules,
    /// The foundations.
    #[serde(default)]
    pub foundations: FoundationRules,
    /// The stock.
    #[serde(default)]
    pub stock: StockRules,
    /// The reserve (none by default). Left out of the rules' fingerprint when absent.
    #[serde(default, skip_serializing_if = "ReserveRules::is_default")]
    pub reserve: ReserveRules,
    /// [`Rules::version`], worked out when the rules are read.
    #[serde(skip)]
    version: u32,
}

fn one() -> u8 {
    1
}
fn four() -> u8 {
    4
}

/// Why a preset cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// The TOML is malformed or has unknown fields.
    #[error("{0}")]
    Toml(String),
    /// The numbers do not add up.
    #[error("rules '{id}': {why}")]
    Invalid {
        /// The preset.
        id: String,
        /// What is wrong.
        why: String,
    },
    /// A valid rule the engine does not play yet.
    #[error("rules '{id}': the tableau engine does not play {what} yet")]
    Unsupported {
        /// The preset.
        id: String,
        /// The feature.
        what: String,
    },
}

/// The engine's capacity: piles in the state, the tableau's and the reserve's together.
pub const MAX_PILES: usize = 16;
/// The engine's capacity: tableau piles (the move notation and the boards label them `1` to
/// `13`).
pub const MAX_TABLEAU_PILES: usize = 13;
/// The key's room for the ends of piles and the cells' bytes: the key has `N` + 28 bytes,
/// its last four hold counters, so pile ends (tableau and reserve), the cells and the
/// talon's end share 24.
const KEY_ROOM: usize = 24;
/// The engine's capacity: cells.
pub const MAX_CELLS: usize = 10;

impl Rules {
    /// Reads and checks a preset.
    pub fn from_toml(text: &str) -> Result<Rules, RulesError> {
        let mut r: Rules = toml::from_str(text)
            .map_err(|e| RulesError::Toml(e.to_string().trim().replace('\n', " ")))?;
        r.check()?;
        r.version = r.fingerprint();
        Ok(r)
    }

    /// The version of these rules that datasets record: a fingerprint of every field that
    /// decides how the game plays (everything but the id, name, summary and source), so
    /// that any change to a preset's rules changes it and `stats --resume` refuses a
    /// dataset made under other rules. A field added to the schema later must be left out
    /// of the fingerprint while it has its default (`skip_serializing_if`), or every
    /// version changes with it.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// FNV-1a (32 bits) of the rules as JSON with the descriptive fields blanked: the same
    /// on every platform and in every release that keeps the schema.
    fn fingerprint(&self) -> u32 {
        let play = Rules {
            id: String::new(),
            name: String::new(),
            summary: String::new(),
            source: String::new(),
            version: 0,
            ..self.clone()
        };
        let text = serde_json::to_string(&play).expect("rules serialise");
        text.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        })
    }

    fn invalid(&self, why: impl Into<String>) -> RulesError {
        RulesError::Invalid {
            id: self.id.clone(),
            why: why.into(),
        }
    }
    fn unsupported(&self, what: &str) -> RulesError {
        RulesError::Unsupported {
            id: self.id.clone(),
            what: what.into(),
        }
    }

    /// Checks that the numbers add up and that the engine plays these rules.
    pub fn check(&self) -> Result<(), RulesError> {
        let t = &self.tableau;
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(self.invalid("the id must be lower-case letters, digits and dashes"));
        }
        if !(1..=3).contains(&self.decks) {
            return Err(self.invalid("a game has one, two or three decks"));
        }
        if ![1, 2, 4].contains(&self.suits) {
            return Err(self.invalid("a game has one, two or four suits"));
        }
        if t.deal.is_empty() || t.deal.len() > MAX_TABLEAU_PILES {
            return Err(self.invalid(format!("the tableau needs 1 to {MAX_TABLEAU_PILES} piles")));
        }
        if !t.face_down.is_empty() && t.face_down.len() != t.deal.len() {
            return Err(self.invalid("face_down must give a number for every pile"));
        }
        if t.face_down.iter().zip(&t.deal).any(|(d, n)| d > n) {
            return Err(self.invalid("a pile has more face-down cards than cards"));
        }
        if !t.face_down_rows.is_empty() && !t.face_down.is_empty() {
            return Err(self.invalid("face_down and face_down_rows are two ways to say one thing"));
        }
        if t.deal
            .iter()
            .enumerate()
            .any(|(p, &n)| n > 0 && t.dealt_face_down(p, n - 1))
        {
            return Err(self.invalid("the top card of every pile is dealt face up"));
        }
        let c = &self.cells;
        if c.count as usize > MAX_CELLS || c.dealt > c.count {
            return Err(self.invalid(format!(
                "cells: at most {MAX_CELLS}, and no more dealt than there are"
            )));
        }
        self.check_reserve()?;
        // The key's layout rests on this; the limits on piles, cells and reserves keep
        // today's rules within it (a reserve refuses cells but for its stock's last cards,
        // a waste refuses cells), so only a new combination could reach it.
        let ends = self.piles()
            + self.reserve.state_piles()
            + c.count as usize
            + usize::from(matches!(self.stock, StockRules::Waste { .. }));
        if ends > KEY_ROOM {
            return Err(self.unsupported(&format!(
                "more than {KEY_ROOM} piles, reserve stacks, cells and a talon together (the \
                 key's room)"
            )));
        }
        let dealt: usize = t.deal.iter().map(|&n| n as usize).sum::<usize>()
            + c.dealt as usize
            + self.reserve.cards()
            + if t.aces_home {
                4 * self.decks as usize
            } else {
                0
            }
            + usize::from(self.foundations.base == FoundationBase::FirstDealt);
        match self.stock {
            // Checked below, once the cards dealt are counted.
            StockRules::None | StockRules::DealToReserve => {}
            StockRules::Redeal { per_pile, .. } => {
                // The redeal lays out what the deal laid out: full piles from the first, the
                // remainder on the next; cells would hold cards the redeal does not say
                // what to do with.
                let n = per_pile as usize;
                let cards: usize = t.deal.iter().map(|&d| d as usize).sum();
                let pattern = (0..t.deal.len()).map(|p| cards.saturating_sub(p * n).min(n));
                if n == 0 || !t.deal.iter().map(|&d| d as usize).eq(pattern) {
                    return Err(self.invalid(
                        "a redeal game deals its piles per_pile cards at a time, from the first",
                    ));
                }
                if c.count > 0 {
                    return Err(self.unsupported("a redeal with cells"));
                }
                if t.deals_face_down() {
                    return Err(self.unsupported("a redeal with face-down cards"));
                }
            }
            StockRules::Waste { draw, .. } => {
                if draw == 0 {
                    return Err(self.invalid("the stock turns at least one card at a time"));
                }
                if c.count > 0 {
                    return Err(self.unsupported("a waste with cells"));
                }
            }
            StockRules::DealToPiles {
                piles, fill_first, ..
            } => {
                if piles as usize > t.deal.len() {
                    return Err(self.invalid("the stock deals to more piles than there are"));
                }
                if fill_first && t.moves != GroupMoves::AnySequence {
                    return Err(
                        self.unsupported("fill_first where other groups than built runs move")
                    );
                }
                if dealt >= self.deck().len() {
                    return Err(self.invalid("every card is dealt, so the stock is empty"));
                }
            }
        }
        let in_stock = matches!(
            self.stock,
            StockRules::DealToPiles { .. } | StockRules::Waste { .. } | StockRules::DealToReserve
        );
        if (!in_stock && dealt != self.deck().len()) || dealt > self.deck().len() {
            return Err(self.invalid(format!(
                "{dealt} cards are dealt, the deck has {}",
                self.deck().len()
            )));
        }
        if self.deck().len() - dealt > u8::MAX as usize {
            return Err(self.invalid("the stock holds more than 255 cards"));
        }
        if self.stock == StockRules::DealToReserve {
            let v = &self.reserve;
            if v.piles.is_empty() || v.cover > 0 || v.fills_empty || v.face_down {
                return Err(self.invalid(
                    "a stock dealt onto the reserve needs reserve stacks: no cover, none filling \
                     emptied piles or dealt face down",
                ));
            }
            let left = (self.deck().len() - dealt) % v.piles.len();
            let c = &self.cells;
            if usize::from(c.count) != left || c.dealt > 0 || c.accept {
                return Err(self.invalid(format!(
                    "the stock's last {left} card(s) go one into each cell: give cells count = \
                     {left}, accept = false, none dealt"
                )));
            }
        }
        // A search move names the turns that bring a talon card up in 7 bits
        // (`talon::MAX_TURNS`).
        if matches!(self.stock, StockRules::Waste { .. }) && self.deck().len() - dealt > 127 {
            return Err(self.unsupported("a talon of more than 127 cards"));
        }
        if t.build == Build::None && t.moves != GroupMoves::Single {
            return Err(self.invalid("nothing builds, so only single cards can move"));
        }
        let f = &self.foundations;
        if f.direction != Direction::Up {
            return Err(self.unsupported("foundations built down"));
        }
        match f.base {
            FoundationBase::Ace if f.wrap => {
                return Err(self.invalid("foundations from the Ace have nothing to wrap"));
            }
            FoundationBase::Ace => {}
            FoundationBase::Chosen => {
                if t.aces_home {
                    return Err(self.invalid(
                        "the Aces cannot start the foundations when the player chooses the base",
                    ));
                }
            }
            FoundationBase::FirstDealt => {
                if t.aces_home {
                    return Err(self
                        .invalid("the Aces cannot start the foundations when a dealt card does"));
                }
            }
        }
        if f.takes != Takes::Cards
            && (f.base != FoundationBase::Ace || f.may_return || f.wrap || t.aces_home)
        {
            return Err(self.invalid(
                "foundations that take complete runs (or none) start empty and give nothing back",
            ));
        }
        if f.takes == Takes::Cards && self.decks > 2 {
            return Err(self.unsupported("foundations built card by card with three decks"));
        }
        // Two decks built card by card: two foundations a suit, each from its Ace.
        if f.takes == Takes::Cards && self.decks == 2 && f.base != FoundationBase::Ace {
            return Err(self.unsupported("two decks' foundations with a base other than the Ace"));
        }
        // Rules that can never be won are refused with the reason.
        if f.takes == Takes::Cards && self.deck().copies > self.decks {
            return Err(self.invalid(format!(
                "{} deck(s) of {} suits hold every card {} times, but the {} foundation(s) of \
                 a suit take each card once: the game could never be won",
                self.decks,
                self.suits,
                self.deck().copies,
                self.decks
            )));
        }
        let runs_needed = self.won == Won::AllInRuns || f.takes == Takes::Runs;
        if runs_needed && !matches!(t.build, Build::Suit | Build::AnySuit | Build::SameColor) {
            return Err(self.invalid(
                "the game is won with runs of one suit, but the tableau never builds a card on \
                 one of its own suit: it could never be won",
            ));
        }
        if f.takes == Takes::Nothing && self.deck().len() / 13 > t.deal.len() {
            return Err(self.invalid(format!(
                "without foundations each of the {} runs must lie alone on a pile, but there \
                 are {} piles: the game could never be won",
                self.deck().len() / 13,
                t.deal.len()
            )));
        }
        if f.takes == Takes::Nothing && self.won != Won::AllInRuns {
            return Err(self.invalid("without foundations the game is won with every card in runs"));
        }
        if (self.won == Won::AllInRuns || f.takes == Takes::Runs)
            && (t.direction != Direction::Down || t.wrap)
        {
            return Err(self.invalid("runs from King to Ace are built down, without wrapping"));
        }
        if t.max_cards > 0 && t.deal.iter().any(|&n| n > t.max_cards) {
            return Err(self.invalid("a pile is dealt more cards than max_cards"));
        }
        if self.reserve.last_card_plays && !self.reserve.fills_empty {
            return Err(self.invalid(
                "last_card_plays needs fills_empty: the reserve's other cards would never come out",
            ));
        }
        if t.empty_from_waste && !matches!(self.stock, StockRules::Waste { .. }) {
            return Err(self.invalid("empty_from_waste needs a stock turned onto a waste"));
        }
        if t.waste_fills_last
            && (!matches!(self.stock, StockRules::Waste { .. })
                || self.reserve.piles.is_empty()
                || !self.reserve.to_empty
                || t.empty_from_waste)
        {
            return Err(self.invalid(
                "waste_fills_last needs a waste, a reserve whose cards fill empty piles, and \
                 not empty_from_waste",
            ));
        }
        if f.from_reserve
            && (f.base != FoundationBase::Chosen
                || self.reserve.piles.is_empty()
                || self.reserve.cover > 0
                || self.reserve.fills_empty)
        {
            return Err(self.invalid(
                "from_reserve needs base = \"chosen\" and a reserve of stacks (no cover, not \
                 filling emptied piles)",
            ));
        }
        if f.build == FoundationBuild::AlternateColor
            && (self.decks != 2
                || self.suits != 4
                || f.base != FoundationBase::Ace
                || f.takes != Takes::Cards
                || f.may_return
                || f.suit.is_some()
                || !t.aces_home)
        {
            return Err(self.unsupported(
                "foundations in alternate colours but with two decks of four suits, the Aces \
                 home before the deal and nothing coming back",
            ));
        }
        if t.fill_from_talon
            && (!matches!(self.stock, StockRules::Waste { .. }) || self.reserve.fills_empty)
        {
            return Err(self.invalid(
                "fill_from_talon needs a stock turned onto a waste, and no reserve filling \
                 emptied piles",
            ));
        }
        if t.groups_onto_suit && t.moves != GroupMoves::SuitSequences {
            return Err(self.invalid("groups_onto_suit needs moves = \"suit-sequences\""));
        }
        if t.on_base_rank != OnBaseRank::Builds && f.base == FoundationBase::Ace {
            return Err(
                self.invalid("on_base_rank needs foundations based on a dealt or chosen card")
            );
        }
        if t.empty == EmptyFill::BelowBase && f.base != FoundationBase::FirstDealt {
            return Err(
                self.invalid("empty = \"below-base\" needs foundations based on a dealt card")
            );
        }
        if f.suit.is_some() {
            if f.takes != Takes::Cards || self.won != Won::AllInRuns {
                return Err(self.invalid(
                    "with one suit's foundation the others are won in runs: takes = \"cards\" \
                     and won = \"all-in-runs\"",
                ));
            }
            if self.decks != 1
                || self.suits != 4
                || f.may_return
                || c.count > 0
                || self.stock != StockRules::None
                || !self.reserve.is_default()
            {
                return Err(self.unsupported(
                    "one suit's foundation with several decks or suits, returns, cells, a stock \
                     or a reserve",
                ));
            }
        }
        if f.base_stays && !f.may_return {
            return Err(self.invalid("base_stays needs may_return"));
        }
        // Returns are played (and their autoplay proven safe) for Ace-to-King foundations
        // whose cards follow from the cards in play, with no stock, a waste (Klondike) or a
        // stock dealt onto the piles (Gypsy), not with a redeal of the tableau.
        if f.may_return
            && (f.base == FoundationBase::Chosen || matches!(self.stock, StockRules::Redeal { .. }))
        {
            return Err(self.unsupported("foundation returns with a chosen base or a redeal"));
        }
        if self.microsoft_deals && (t.deal.len() != 8 || c.dealt != 0) {
            return Err(self.invalid("Microsoft deals lay out eight piles and no cells"));
        }
        // PySol's layout must fit the game: its piles, cells, foundation cards and stock are
        // laid out place by place (a layout of another shape would lay cards where there are
        // no places), and its piles hold as many cards, as many face down, as the rules deal.
        if let Some(name) = &self.pysol {
            match super::pysol_layouts::layout(name, 1) {
                None => return Err(self.invalid(format!("PySol has no layout '{name}' here"))),
                Some(Ok(l)) => {
                    let cards = l.cards().count();
                    let has_stock = matches!(
                        self.stock,
                        StockRules::DealToPiles { .. } | StockRules::Waste { .. }
                    );
                    if l.piles.len() != t.deal.len()
                        || l.cells.len() != usize::from(c.count)
                        || cards != self.deck().len()
                        || (!l.stock.is_empty() && !has_stock)
                    {
                        return Err(self.invalid(format!(
                            "PySol's layout '{name}' has {} piles, {} cells, {cards} cards and \
                             {} in the stock; these rules have {} piles, {} cells and {} cards{}",
                            l.piles.len(),
                            l.cells.len(),
                            l.stock.len(),
                            t.deal.len(),
                            c.count,
                            self.deck().len(),
                            if has_stock { "" } else { " and no stock" }
                        )));
                    }
                    let heights: Vec<usize> = l.piles.iter().map(Vec::len).collect();
                    let deal: Vec<usize> = t.deal.iter().map(|&n| usize::from(n)).collect();
                    let down: Vec<usize> = (0..t.deal.len())
                        .map(|p| t.face_down.get(p).map_or(0, |&d| usize::from(d)))
                        .collect();
                    if heights != deal || l.face_down != down || !t.face_down_rows.is_empty() {
                        return Err(self.invalid(format!(
                            "PySol's layout '{name}' deals piles of {heights:?} cards, \
                             {:?} face down; these rules deal {deal:?}, {down:?} face down",
                            l.face_down
                        )));
                    }
                }
                Some(Err(e)) => return Err(self.invalid(e.to_string())),
            }
        }
        Ok(())
    }

    /// The reserve's own checks, and the rules it is not played with yet.
    fn check_reserve(&self) -> Result<(), RulesError> {
        let v = &self.reserve;
        if v.piles.is_empty() {
            if v.cover > 0 {
                return Err(self.invalid("a reserve's cover needs reserve stacks to lie across"));
            }
            if v.fills_empty {
                return Err(self.invalid("fills_empty needs a reserve stack to fill from"));
            }
            return Ok(());
        }
        if v.fills_empty && (v.piles.len() > 1 || v.cover > 0) {
            return Err(self.unsupported("a reserve of several stacks filling empty piles"));
        }
        if v.fills_empty && self.tableau.deal.contains(&0) {
            return Err(self.invalid(
                "a reserve that fills empty piles at once leaves none empty: deal every pile a card",
            ));
        }
        if v.piles.contains(&0) {
            return Err(self.invalid("every reserve stack is dealt at least one card"));
        }
        if v.piles.len() > MAX_RESERVE_STACKS {
            return Err(self.unsupported(&format!("more than {MAX_RESERVE_STACKS} reserve stacks")));
        }
        if self.piles() + v.state_piles() > MAX_PILES {
            return Err(self.unsupported(&format!(
                "more than {MAX_PILES} piles, the reserve's counted (its stacks and the \
                 cover's pile)"
            )));
        }
        // Where a reserve card may go is written for tableau piles and foundations only;
        // these rules would need more (into a cell? gathered by the redeal? all-in-runs
        // wins with cards left in the reserve?). Cells that only hold the stock's last
        // cards (`DealToReserve`) take no card.
        if self.cells.count > 0 && self.stock != StockRules::DealToReserve {
            return Err(self.unsupported("a reserve with free cells"));
        }
        if matches!(self.stock, StockRules::Redeal { .. }) {
            return Err(self.unsupported("a reserve with a redeal of the tableau"));
        }
        if self.foundations.takes != Takes::Cards || self.won != Won::AllHome {
            return Err(self.unsupported("a reserve in a game of complete runs"));
        }
        if self.pysol.is_some() {
            return Err(self.invalid("PySol's layouts known here have no reserve"));
        }
        Ok(())
    }

    /// The deck: `decks` decks of four suits, or as many cards of fewer suits.
    pub fn deck(&self) -> DeckSpec {
        let suits = match self.suits {
            1 => 1 << Suit::Spades.index(),
            2 => (1 << Suit::Spades.index()) | (1 << Suit::Hearts.index()),
            _ => ALL_SUITS,
        };
        DeckSpec {
            copies: self.decks * 4 / self.suits.max(1),
            suits,
            ..DeckSpec::FULL
        }
    }

    /// The number of tableau piles.
    pub fn piles(&self) -> usize {
        self.tableau.deal.len()
    }

    /// Whether `card` may lie on `base` in the tableau.
    pub fn builds_on(&self, card: Card, base: Card) -> bool {
        let t = &self.tableau;
        if !t.build.suits_fit(card, base)
            || self.plays_only_home(card)
            || self.plays_only_home(base)
        {
            return false;
        }
        let (c, b) = (card.rank_unchecked().value(), base.rank_unchecked().value());
        let down = c + 1 == b || (t.wrap && c == 13 && b == 1);
        let up = c == b + 1 || (t.wrap && c == 1 && b == 13);
        match t.direction {
            Direction::Down => down,
            Direction::Up => up,
            Direction::UpOrDown => down || up,
        }
    }

    /// Whether `card` is of the one suit that has a foundation (`FoundationRules::suit`):
    /// it plays only there.
    pub fn plays_only_home(&self, card: Card) -> bool {
        self.foundations
            .suit
            .is_some_and(|s| card.suit() == Some(s))
    }

    /// Whether `card` may start an empty pile, the foundations' base rank being `base`
    /// (1 to 13; 0 where no base is known).
    pub fn fills_empty(&self, card: Card, base: u8) -> bool {
        if self.plays_only_home(card) {
            return false;
        }
        match self.tableau.empty {
            EmptyFill::Any => true,
            EmptyFill::Kings => card.rank() == Some(Rank::King),
            EmptyFill::None => false,
            EmptyFill::BelowBase => {
                base != 0 && card.rank_unchecked().value() == (base + 11) % 13 + 1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "id = \"t\"\nname = \"T\"\nsummary = \"s\"\nsource = \"s\"\n";

    fn refusal(body: &str) -> RulesError {
        Rules::from_toml(&format!("{BASE}{body}")).expect_err("refused")
    }

    fn unsupported(body: &str, what: &str) {
        match refusal(body) {
            RulesError::Unsupported { what: w, .. } => assert!(w.contains(what), "{w}"),
            e => panic!("expected '{what}' unsupported, got {e}"),
        }
    }

    const PLAIN: &str = "[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\nbuild = \"any-suit\"\n\
                         moves = \"single\"\nempty = \"any\"\n";

    #[test]
    fn what_the_engine_does_not_play_is_refused_with_the_reason() {
        // Three decks built card by card on twelve foundations.
        unsupported(
            "decks = 3\n[tableau]\ndeal = [13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13]\n\
             build = \"any-suit\"\nmoves = \"single\"\nempty = \"any\"\n",
            "card by card with three decks",
        );
        unsupported(
            "[tableau]\ndeal = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\n\
             face_down = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\nbuild = \"suit\"\n\
             moves = \"single\"\nempty = \"none\"\n\
             [stock]\nkind = \"redeal\"\nper_pile = 4\nredeals = 255\n",
            "a redeal with face-down cards",
        );
        unsupported(
            &format!(
                "{PLAIN}[cells]\ncount = 1\n[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n"
            ),
            "a waste with cells",
        );
        unsupported(
            "decks = 3\n[tableau]\ndeal = [1, 1, 1, 1, 1, 1, 1]\nbuild = \"suit\"\n\
             moves = \"suit-sequences\"\nempty = \"any\"\n[foundations]\ntakes = \"runs\"\n\
             [stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n",
            "a talon of more than 127 cards",
        );
        unsupported(
            &format!("{PLAIN}[foundations]\ndirection = \"down\"\n"),
            "built down",
        );
        unsupported(
            &format!("{PLAIN}[foundations]\nbase = \"chosen\"\nwrap = true\nmay_return = true\n"),
            "foundation returns with a chosen base",
        );
        unsupported(
            "[tableau]\ndeal = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\nbuild = \"suit\"\n\
             moves = \"single\"\nempty = \"none\"\n[cells]\ncount = 4\ndealt = 4\n\
             [stock]\nkind = \"redeal\"\nper_pile = 4\nredeals = 255\n",
            "a redeal with cells",
        );
    }

    #[test]
    fn face_down_rows_deal_every_pile_alike_and_leave_its_top_card_face_up() {
        let rules = |tableau: &str| {
            Rules::from_toml(&format!(
                "id = \"rows\"\nname = \"rows\"\nsummary = \"\"\nsource = \"\"\n\
                 [tableau]\n{tableau}build = \"alternate-color\"\nmoves = \"any-sequence\"\n\
                 empty = \"kings\"\n[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n"
            ))
        };
        let r = rules("deal = [4, 4, 4, 4, 4, 4, 4]\nface_down_rows = [0, 2]\n").expect("Athena's");
        let down: Vec<bool> = (0..4)
            .map(|row| r.tableau.dealt_face_down(3, row))
            .collect();
        assert_eq!(down, [true, false, true, false]);
        assert!(r.tableau.deals_face_down());
        let e = rules("deal = [4, 4, 4, 4, 4, 4, 3]\nface_down_rows = [0, 2]\n").unwrap_err();
        assert!(e.to_string().contains("top card of every pile"), "{e}");
        let e = rules("deal = [4, 4]\nface_down = [1, 1]\nface_down_rows = [0]\n").unwrap_err();
        assert!(e.to_string().contains("two ways"), "{e}");
    }

    #[test]
    fn reserves_the_engine_does_not_play_are_refused_with_the_reason() {
        // The reserve's cards are counted in the deal: eight piles of six and four left.
        const SIX: &str = "[tableau]\ndeal = [6, 6, 6, 6, 6, 6, 6, 6]\nbuild = \"suit\"\n\
                           moves = \"single\"\nempty = \"any\"\n";
        let r = Rules::from_toml(&format!(
            "{BASE}{SIX}[reserve]\npiles = [1, 2]\ncover = 1\n"
        ))
        .expect("a reserve of four cards");
        assert_eq!((r.reserve.state_piles(), r.reserve.cards()), (3, 4));
        assert!(r.reserve.to_empty);
        unsupported(
            &format!("{SIX}[cells]\ncount = 1\n[reserve]\npiles = [4]\n"),
            "a reserve with free cells",
        );
        unsupported(
            "[tableau]\ndeal = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\nbuild = \"suit\"\n\
             moves = \"single\"\nempty = \"none\"\n[reserve]\npiles = [4]\n\
             [stock]\nkind = \"redeal\"\nper_pile = 4\nredeals = 255\n",
            "a reserve with a redeal",
        );
        unsupported(
            "decks = 2\n[tableau]\ndeal = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10]\n\
             build = \"suit\"\nmoves = \"suit-sequences\"\nempty = \"any\"\n\
             [foundations]\ntakes = \"runs\"\n[reserve]\npiles = [4]\n",
            "a reserve in a game of complete runs",
        );
        unsupported(
            &format!("{SIX}[reserve]\npiles = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"),
            "more than 9 reserve stacks",
        );
        unsupported(
            "[tableau]\ndeal = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]\nbuild = \"suit\"\n\
             moves = \"single\"\nempty = \"any\"\n[reserve]\npiles = [4, 3, 3, 3]\n",
            "more than 16 piles",
        );
        for body in [
            format!("{SIX}[reserve]\ncover = 4\n"),
            format!("{SIX}[reserve]\npiles = [4, 0]\n"),
            // The reserve's cards are dealt: 48 + 5 is one too many.
            format!("{SIX}[reserve]\npiles = [5]\n"),
        ] {
            assert!(
                matches!(refusal(&body), RulesError::Invalid { .. }),
                "{body}"
            );
        }
    }

    #[test]
    fn a_stock_dealt_onto_the_reserve_needs_a_cell_for_each_last_card() {
        // 35 cards on the piles, 3 on the reserve: 14 in the stock, four deals of three and
        // two cards left, for two cells that take nothing else.
        let body = "[tableau]\ndeal = [5, 5, 5, 5, 5, 5, 5]\nbuild = \"any-suit\"\n\
                    moves = \"single\"\nempty = \"any\"\n[reserve]\npiles = [1, 1, 1]\n\
                    [stock]\nkind = \"deal-to-reserve\"\n";
        assert!(matches!(refusal(body), RulesError::Invalid { .. }));
        let cells = |c: &str| Rules::from_toml(&format!("{BASE}{body}[cells]\n{c}"));
        assert!(cells("count = 2\naccept = false\n").is_ok());
        for bad in ["count = 2\n", "count = 1\naccept = false\n"] {
            assert!(
                matches!(cells(bad), Err(RulesError::Invalid { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn inconsistent_feature_settings_are_invalid() {
        for body in [
            format!("{PLAIN}[foundations]\nbase_stays = true\n"),
            format!("{PLAIN}[foundations]\nwrap = true\n"),
            // Runs ending at the base rank need a base other than the Ace.
            format!("{PLAIN}on_base_rank = \"ends-runs\"\n"),
            format!("{PLAIN}on_base_rank = \"takes-nothing\"\n"),
            "[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\nbuild = \"any-suit\"\n\
             moves = \"single\"\nempty = \"below-base\"\n"
                .to_string(),
            // A redeal lays out full piles from the first: the deal must look the same.
            "[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\nbuild = \"suit\"\nmoves = \"single\"\n\
             empty = \"none\"\n[stock]\nkind = \"redeal\"\nper_pile = 4\nredeals = 255\n"
                .to_string(),
        ] {
            assert!(
                matches!(refusal(&body), RulesError::Invalid { .. }),
                "{body}"
            );
        }
    }

    #[test]
    fn rules_that_can_never_be_won_are_refused_with_the_reason() {
        for (body, why) in [
            // One deck of one suit: four Aces of spades, one spades foundation.
            (format!("suits = 1\n{PLAIN}"), "take each card once"),
            // Runs of one suit go home, but cards build in alternate colours.
            (
                "decks = 2\n[tableau]\ndeal = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]\n\
                 build = \"alternate-color\"\nmoves = \"single\"\nempty = \"any\"\n\
                 [foundations]\ntakes = \"runs\"\n[stock]\nkind = \"deal-to-piles\"\n"
                    .to_string(),
                "never builds a card on one of its own suit",
            ),
            // Eight runs and no foundations, but seven piles.
            (
                "decks = 2\nwon = \"all-in-runs\"\n[tableau]\ndeal = [7, 7, 7, 7, 7, 7, 7]\n\
                 build = \"suit\"\nmoves = \"single\"\nempty = \"any\"\n\
                 [foundations]\ntakes = \"nothing\"\n[stock]\nkind = \"deal-to-piles\"\n"
                    .to_string(),
                "8 runs must lie alone on a pile",
            ),
        ] {
            match refusal(&body) {
                RulesError::Invalid { why: w, .. } => {
                    assert!(w.contains(why) && w.contains("never be won"), "{w}")
                }
                e => panic!("{body}: expected invalid, got {e}"),
            }
        }
    }

    #[test]
    fn the_version_follows_every_rule_and_nothing_else() {
        let base = Rules::from_toml(&format!("{BASE}{PLAIN}")).unwrap();
        // Renamed and described otherwise: the same rules.
        let renamed = Rules::from_toml(&format!(
            "id = \"u\"\nname = \"U\"\nsummary = \"other\"\nsource = \"other\"\n{PLAIN}"
        ))
        .unwrap();
        assert_eq!(base.version(), renamed.version());
        // Any rule changed: another version.
        for other in [
            PLAIN.replace("[7, 7, 7, 7, 6, 6, 6, 6]", "[6, 7, 7, 7, 7, 6, 6, 6]"),
            PLAIN.replace("any-suit", "suit"),
            PLAIN.replace("\"single\"", "\"freecell-sequences\""),
            PLAIN.replace("empty = \"any\"", "empty = \"kings\""),
            format!("{PLAIN}[cells]\ncount = 1\n"),
            format!("{PLAIN}[foundations]\nmay_return = true\n"),
            format!("microsoft_deals = true\n{PLAIN}"),
            PLAIN.replace("[7, 7, 7, 7, 6, 6, 6, 6]", "[7, 7, 7, 7, 6, 6, 6, 5]")
                + "[reserve]\npiles = [1]\n",
            PLAIN.replace("[7, 7, 7, 7, 6, 6, 6, 6]", "[7, 7, 7, 7, 6, 6, 6, 5]")
                + "[reserve]\npiles = [1]\nto_empty = false\n",
        ] {
            let r = Rules::from_toml(&format!("{BASE}{other}")).unwrap();
            assert_ne!(r.version(), base.version(), "{other}");
        }
    }

    #[test]
    fn the_new_features_are_accepted() {
        let r = Rules::from_toml(&format!(
            "{BASE}{PLAIN}[foundations]\nmay_return = true\nbase_stays = true\n"
        ))
        .unwrap();
        assert!(r.foundations.may_return && r.foundations.base_stays);
        let r = Rules::from_toml(&format!(
            "{BASE}[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\nface_down = [6, 0, 0, 0, 0, 0, 0, 5]\n\
             build = \"any-suit\"\nmoves = \"single\"\nempty = \"any\"\n"
        ))
        .unwrap();
        assert_eq!(r.tableau.face_down[0], 6);
        // The top card of a pile is always dealt face up.
        assert!(matches!(
            Rules::from_toml(&format!(
                "{BASE}[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\nface_down = [7, 0, 0, 0, 0, 0, 0, 0]\n\
                 build = \"any-suit\"\nmoves = \"single\"\nempty = \"any\"\n"
            )),
            Err(RulesError::Invalid { .. })
        ));
        let r = Rules::from_toml(&format!(
            "{BASE}{PLAIN}[foundations]\nbase = \"chosen\"\nwrap = true\n"
        ))
        .unwrap();
        assert_eq!(r.foundations.base, FoundationBase::Chosen);
        let r = Rules::from_toml(&format!(
            "{BASE}[tableau]\ndeal = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]\nbuild = \"suit\"\n\
             moves = \"single\"\nempty = \"none\"\n[stock]\nkind = \"redeal\"\nper_pile = 4\n\
             redeals = 2\n"
        ))
        .unwrap();
        assert_eq!(
            r.stock,
            StockRules::Redeal {
                per_pile: 4,
                redeals: 2
            }
        );
    }

    /// A PySol layout is accepted only by rules that deal its piles, face-down cards and
    /// stock: Klondike's face-down cards are Klondike's, Whitehead's cards all face up.
    #[test]
    fn pysol_layouts_fit_only_rules_of_their_shape() {
        let rules = |pysol: &str, decks: u8, deal: &str, down: &str, stock: &str| {
            Rules::from_toml(&format!(
                "{BASE}pysol = \"{pysol}\"\ndecks = {decks}\n[tableau]\ndeal = {deal}\n\
                 face_down = {down}\nbuild = \"alternate-color\"\nmoves = \"any-sequence\"\n\
                 empty = \"kings\"\n{stock}"
            ))
        };
        let klondike = ("[1, 2, 3, 4, 5, 6, 7]", "[0, 1, 2, 3, 4, 5, 6]");
        let open = "[0, 0, 0, 0, 0, 0, 0]";
        let waste = "[stock]\nkind = \"waste\"\ndraw = 1\nredeals = 0\n";
        let fits = |pysol, decks, deal, down, stock| {
            rules(pysol, decks, deal, down, stock).unwrap_or_else(|e| panic!("{pysol}: {e}"));
        };
        let refused = |pysol, decks, deal, down, stock| match rules(pysol, decks, deal, down, stock)
        {
            Err(RulesError::Invalid { why, .. }) => assert!(why.contains("PySol"), "{why}"),
            r => panic!("{pysol} {deal} {down}: {r:?}"),
        };
        fits("klondike", 1, klondike.0, klondike.1, waste);
        fits("thumb_and_pouch", 1, klondike.0, klondike.1, waste);
        fits("whitehead", 1, klondike.0, open, waste);
        refused("klondike", 1, klondike.0, open, waste);
        refused("whitehead", 1, klondike.0, klondike.1, waste);
        refused("yukon", 1, klondike.0, klondike.1, waste);
        refused("freecell", 1, klondike.0, klondike.1, waste);
        let yukon = ("[1, 6, 7, 8, 9, 10, 11]", "[0, 1, 2, 3, 4, 5, 6]");
        fits("yukon", 1, yukon.0, yukon.1, "");
        refused("klondike", 1, yukon.0, yukon.1, "");
        let gypsy = ("[3, 3, 3, 3, 3, 3, 3, 3]", "[2, 2, 2, 2, 2, 2, 2, 2]");
        let deal_to = "[stock]\nkind = \"deal-to-piles\"\n";
        fits("gypsy", 2, gypsy.0, gypsy.1, deal_to);
        refused("gypsy", 2, gypsy.0, "[0, 0, 0, 0, 0, 0, 0, 0]", deal_to);
    }
}
