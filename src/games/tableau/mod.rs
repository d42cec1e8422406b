//! The tableau rules engine: one engine, many games, each a [`Rules`] preset.
//!
//! The packed [`State`] holds the tableau piles concatenated bottom first (card bytes), then
//! any reserve's piles, the pile heights, the cells, the foundation heights, the foundations'
//! chosen base rank and the redeals used, in 81 bytes with no heap. Its exact key sorts the
//! tableau piles and the cells, which the rules make interchangeable (the piles keep their order when a redeal gathers
//! them in order), and leaves out the foundations, which follow from the cards still in play
//! (each foundation holds the cards of its suit not in play, from its base: true also when
//! cards come back from the foundations); the base and the redeals used are added. A
//! face-down card keeps the card byte's face-down bit, so keys tell it from the same card
//! face up; the card a move uncovers is turned at once.
//!
//! Beyond the FreeCell family the engine plays foundation returns (Baker's Dozen,
//! Beleaguered Castle, Streets and Alleys as AisleRiot plays them), a base rank chosen by the
//! first card sent home with wrapping foundations (Chessboard), Cruel's redeal, piles dealt
//! face down (King Albert), a stock turned onto a waste (Forty Thieves) and a reserve of
//! stacks, maybe under cards lying across them all (Backbone), kept in order after the
//! tableau piles and never sorted with them. Each is switched on by a flag worked out once from the
//! rules ([`Tableau::preset`]), so the FreeCell hot path tests a bool at most.
//!
//! One job per file: `moves.rs` (places, moves, notation, labels), `state.rs` (the packed
//! state and its primitives), `key.rs` (the exact key), `layout.rs` (deals, boards packed
//! and checked), `movegen.rs` (legal moves, playing them, the [`Space`](solvers::Space)),
//! `dominance.rs` (safe moves home), `guide.rs` (heuristic and guide), `order.rs` (guides
//! of successors from the move), `features.rs` (the rules worked out once), `catalogue.rs`
//! (the presets), `game.rs` (the [`Game`](crate::games::Game) implementation); [`runs`]
//! (focused moves for games of suit runs), [`compound`] (compound moves for the FreeCell
//! family), `supermoves.rs` (groups moved as one in games of single moves, for the scans), [`fcs`] (fc-solve's board text), [`rules`] and [`pysol_layouts`].

mod catalogue;
pub mod compound;
mod dead_end;
mod dominance;
pub mod fcs;
mod features;
mod game;
mod guide;
mod key;
mod layout;
mod lean;
mod movegen;
mod moves;
mod order;
pub mod pysol_layouts;
pub mod rules;
pub mod runs;
pub mod solvitaire;
mod state;
mod supermoves;
pub mod talon;
#[cfg(test)]
pub(crate) mod testing;

pub use catalogue::{embedded_count, family, preset, presets, register};
pub use features::{capacity, keys_compactly, keys_linked};
pub use key::{Key, COMPACT_KEY, LINKED_KEY};
pub use layout::{BASE, REDEALS, STOCK, WASTE};
pub use lean::{Lean, LeanState};
pub use moves::{cell_label, pile_label, reserve_label, verbose, Move, Place, COVER, HOMES};
pub use rules::{
    Build, Direction, EmptyFill, FoundationBase, FoundationBuild, GroupMoves, ReserveRules, Rules,
    RulesError, StockRules, Takes, Won, UNLIMITED,
};
pub use state::State;

use features::Features;

/// A game of the tableau engine: a rules preset, played with up to `N` cards and keys of
/// `K` = `N` + 28 bytes (with one deck, [`COMPACT_KEY`] where runs are keyed as sets and
/// [`LINKED_KEY`] where there is no stock nor reserve also fit). `Tableau` alone is the
/// one-deck engine; [`with_game!`] picks the capacity from the preset's decks
/// ([`TwoDecks`], [`ThreeDecks`]) and the key's size, so each is compiled for its own and
/// the FreeCell family keeps its 81-byte state and 48-byte key.
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
    /// Whether built groups move as one in a game of single moves, as far as the cells and
    /// empty piles could carry them: only for searches whose sole verdict is a win. See
    /// [`Tableau::with_supermoves`].
    supermoves: bool,
}

/// The engine for two decks (Spider, Mogelpat).
pub type TwoDecks = Tableau<104, 132>;
/// The engine for three decks (Spider three decks).
pub type ThreeDecks = Tableau<156, 184>;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The game of preset `index`.
    pub fn preset(index: u16) -> Self {
        Self::of_rules(preset(index), index)
    }

    /// The key's layout ([`Key`]) is written for `K == N + 28`: the cards, pile ends and
    /// cells take at most `N + 23` bytes and the last three are fixed places, so a smaller
    /// `K` would overlap them and a larger one would be compared in vain; or, for one deck,
    /// [`COMPACT_KEY`] bytes, for the presets whose keys are compact ([`keys_compactly`]),
    /// or [`LINKED_KEY`] bytes, for those whose keys are linked ([`keys_linked`]; both
    /// checked when the engine is built). Checked when the engine is built for a capacity,
    /// so a wrong pair fails to compile.
    const KEY_FITS: () = assert!(
        K == N + 28 || (N == 52 && (K == COMPACT_KEY || K == LINKED_KEY)),
        "Tableau<N, K> needs K == N + 28, or K == COMPACT_KEY or LINKED_KEY with one deck"
    );

    /// The game of `rules`, named `index` in the catalogue.
    pub(crate) fn of_rules(rules: &'static Rules, index: u16) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::KEY_FITS;
        assert!(
            K != COMPACT_KEY || keys_compactly(rules),
            "{}: its positions need keys of {} bytes",
            rules.id,
            N + 28
        );
        assert!(
            K != LINKED_KEY || keys_linked(rules),
            "{}: its positions need keys of {} bytes",
            rules.id,
            N + 28
        );
        Tableau {
            rules,
            index,
            feat: Features::of(rules),
            run_cap: u8::MAX,
            loose_piles: false,
            supermoves: false,
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

    fn cells(&self) -> usize {
        self.rules.cells.count as usize
    }

    /// The reserve's piles in the state (its stacks, then the cover's pile when it has
    /// one), which follow the tableau piles.
    fn reserve_piles(&self) -> usize {
        usize::from(self.feat.reserve) + usize::from(self.feat.cover)
    }
}
