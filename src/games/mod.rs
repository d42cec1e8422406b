//! The games: each one's layout, packed engine state, legal moves and goal.
//!
//! A game is a concrete type implementing [`Game`] (and [`solvers::Space`], so every
//! search runs on it, monomorphised). [`GameId`] lists them for the CLI and the datasets.
//! A game does not need its referee to exist: the referee, the rules written a second time
//! on the reference piles, lives apart (`src/verify/`), and the study and command-line
//! code that shows or stores a line asks for both.

pub mod accordion;
pub mod all_in_a_row;
pub mod black_hole;
pub mod block_ten;
pub mod c4;
pub mod camelot;
pub mod clock;
pub mod compacting;
pub mod cover;
pub mod elevator;
pub mod escalator;
pub mod first_law;
pub mod fortunes;
pub mod fourteen;
pub mod gaps;
pub mod gay_gordons;
pub mod golf;
pub mod grosse_napoleon;
pub mod helsinki;
pub mod isabel;
pub mod jamestown;
pub mod maze;
pub mod md;
pub mod monte_carlo;
pub mod neighbor;
pub mod onto_waste;
pub mod pairing;
pub mod qll;
pub mod quatorze;
pub mod r7;
pub mod rounds;
pub mod slot_grid;
pub mod tableau;
pub mod thieves;
pub mod thirteen;
pub mod treize;
pub mod triple_peaks;

use crate::cards::{CardCounts, DeckSpec};
use crate::piles::{BoardParseError, Table};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The registry of the games with their own rules (not presets of the tableau engine), in
/// catalogue order: one line each, `Variant => module::DESCRIPTOR in Family,` under the doc
/// of its [`GameId`] variant. The descriptor is the game file's [`OwnGame`] constant:
/// catalogue entry, deck and the game itself; the [`Family`] is the game's family.
/// Everything that lists these games is made from here: the [`GameId`] variants and
/// [`GameId::ALL`], [`GameId::info`], [`GameId::deck`] (and so the parsing of ids),
/// [`GameId::family`] and the arms of [`with_game!`](crate::with_game).
///
/// A macro, so that [`with_game!`](crate::with_game) can name each game's own type and the
/// generic code it runs stays monomorphised: `own_games!(then!(args))` calls
/// `$crate::then!` with `(args)` followed by the lines. ARCHITECTURE.md ("Adding a game")
/// says how to add a game.
#[macro_export]
macro_rules! own_games {
    ($then:ident ! $args:tt) => {
        $crate::$then! { $args
            /// Relais des 7.
            R7 => r7::GAME in Course,
            /// À la queue leu leu, 52 cards.
            Qll => qll::GAME in Course,
            /// À la queue leu leu, 32 cards.
            Qll32 => qll::GAME_32 in Course,
            /// Les quatre couleurs.
            C4 => c4::GAME in Course,
            /// Montée-Descente.
            Md => md::GAME in Course,
            /// Clock (AisleRiot's Horloge).
            Clock => clock::GAME in Course,
            /// Große Napoleon.
            GrosseNapoleon => grosse_napoleon::GAME in FortyThieves,
            /// Golf.
            Golf => golf::GAME in OntoWaste,
            /// Black Hole.
            BlackHole => black_hole::GAME in OntoWaste,
            /// All in a Row.
            AllInARow => all_in_a_row::GAME in OntoWaste,
            /// Triple Peaks.
            TriplePeaks => triple_peaks::GAME in OntoWaste,
            /// Elevator.
            Elevator => elevator::GAME in OntoWaste,
            /// Escalator.
            Escalator => escalator::GAME in OntoWaste,
            /// Thieves (AisleRiot's Les Voleurs).
            Thieves => thieves::GAME in OntoWaste,
            /// Fortunes.
            Fortunes => fortunes::GAME in Rounds,
            /// First Law (AisleRiot's Première loi).
            FirstLaw => first_law::GAME in Rounds,
            /// Gaps (AisleRiot's).
            Gaps => gaps::GAME in Grid,
            /// Gaps with randomly placed gaps on redeal.
            GapsRandom => gaps::RANDOM in Grid,
            /// Gaps, one deal (Solvitaire's).
            GapsOneDeal => gaps::ONE_DEAL in Grid,
            /// Gaps, basic variant (Solvitaire's).
            GapsBasic => gaps::BASIC in Grid,
            /// Maze (AisleRiot's Le labyrinthe).
            Maze => maze::GAME in Grid,
            /// Camelot.
            Camelot => camelot::GAME in Grid,
            /// Thirteen (AisleRiot's Thirteen (13)).
            Thirteen => thirteen::GAME in Pairing,
            /// Treize.
            Treize => treize::GAME in Pairing,
            /// Fourteen (AisleRiot's Fourteen (14)).
            Fourteen => fourteen::GAME in Pairing,
            /// Gay Gordons.
            GayGordons => gay_gordons::GAME in Pairing,
            /// Isabel (AisleRiot's Isabelle).
            Isabel => isabel::GAME in Pairing,
            /// Helsinki.
            Helsinki => helsinki::GAME in Pairing,
            /// Jamestown.
            Jamestown => jamestown::GAME in Pairing,
            /// Block Ten (AisleRiot's Bloc 10).
            BlockTen => block_ten::GAME in Pairing,
            /// Cover (AisleRiot's Couvercle).
            Cover => cover::GAME in Pairing,
            /// Monte Carlo.
            MonteCarlo => monte_carlo::GAME in Compacting,
            /// Neighbor (AisleRiot's Le Voisin).
            Neighbor => neighbor::GAME in Compacting,
            /// Quatorze.
            Quatorze => quatorze::GAME in Compacting,
            /// Accordion (AisleRiot's Accordéon), all cards face up.
            Accordion => accordion::GAME in Compacting,
        }
    };
}

/// Why a layout is not a position of a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The board text could not be read.
    #[error(transparent)]
    Parse(#[from] BoardParseError),
    /// A pile the game needs is missing.
    #[error("missing pile '{0}'")]
    MissingPile(String),
    /// A pile the game does not have.
    #[error("unknown pile '{0}'")]
    UnknownPile(String),
    /// A card appears more often than the deck holds it.
    #[error("duplicate card {card} (in pile '{pile}')")]
    Duplicate {
        /// The card.
        card: String,
        /// A pile where it lies.
        pile: String,
    },
    /// A card of the deck is nowhere on the board.
    #[error("missing card {0}")]
    MissingCard(String),
    /// A card that is not in this game's deck.
    #[error("card {card} in pile '{pile}' is not in this game's deck ({deck})")]
    Foreign {
        /// The card.
        card: String,
        /// The pile.
        pile: String,
        /// The deck.
        deck: String,
    },
    /// A deal number outside the game's numbering.
    #[error(transparent)]
    DealNumber(#[from] crate::deals::microsoft::DealNumberError),
    /// The piles hold the right cards but no play of the game can reach this layout.
    #[error("impossible position: {0}")]
    Impossible(String),
    /// A board in black-hole-solver's text format that cannot be read.
    #[error("black-hole-solver board, line {line}: {message}")]
    BlackHoleSolver {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A Solvitaire JSON deal that cannot be read, or a position that format cannot hold.
    #[error("Solvitaire deal: {0}")]
    Solvitaire(String),
}

/// A game's score of a played game, with the parts it adds up.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Score {
    /// The score.
    pub points: i64,
    /// Each part, named, with its points.
    pub parts: Vec<(String, i64)>,
    /// How the score is computed, in one line.
    pub formula: &'static str,
}

crate::own_games!(__game_ids!());

/// Makes [`GameId`] from the registry ([`own_games!`](crate::own_games)): a variant per
/// own-rules game, then `Tableau`; [`GameId::ALL`]; and each own-rules game's entry.
#[doc(hidden)]
#[macro_export]
macro_rules! __game_ids {
    (() $($(#[$doc:meta])* $variant:ident => $($path:ident)::+ in $family:ident,)*) => {
        /// Every game the workbench knows: the own-rules games of the registry
        /// ([`own_games!`](crate::own_games)), then the tableau engine's presets.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $($(#[$doc])* $variant,)*
            /// A game of the tableau rules engine: the index of its preset.
            Tableau(u16),
        }

        impl GameId {
            /// The games with their own rules (not presets of an engine), in catalogue order.
            pub const ALL: [GameId; [$(stringify!($variant)),*].len()] = [$(GameId::$variant),*];

            /// An own-rules game's catalogue entry and deck, from its descriptor.
            fn own(self) -> ($crate::games::GameInfo, $crate::cards::DeckSpec) {
                match self {
                    $(GameId::$variant => (
                        $crate::games::$($path)::+.info,
                        $crate::games::$($path)::+.deck,
                    ),)*
                    GameId::Tableau(_) => unreachable!("a tableau preset is not in the registry"),
                }
            }

            /// An own-rules game's family, from its line in the registry.
            fn own_family(self) -> $crate::games::Family {
                match self {
                    $(GameId::$variant => $crate::games::Family::$family,)*
                    GameId::Tableau(_) => unreachable!("a tableau preset is not in the registry"),
                }
            }
        }
    };
}

/// An own-rules game's descriptor, the constant its file exports and the registry
/// ([`own_games!`](crate::own_games)) names.
#[derive(Clone, Copy, Debug)]
pub struct OwnGame<G> {
    /// The catalogue entry.
    pub info: GameInfo,
    /// The deck.
    pub deck: DeckSpec,
    /// The game.
    pub game: G,
}

/// What the catalogue says of a game.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The id used on the command line and in datasets.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// One line on the rules.
    pub summary: &'static str,
    /// Where the rules come from.
    pub source: &'static str,
    /// Whether the game has no choices (its outcome is computed exactly by playing).
    pub deterministic: bool,
    /// The version of our rules for this game; datasets record it, and `stats --resume`
    /// refuses a dataset of another version. Own-rules games number theirs by hand; a
    /// tableau preset's is the fingerprint of its rules ([`tableau::Rules::version`]).
    pub rules_version: u32,
}

impl GameId {
    /// Every game: the own-rules games, then the tableau engine's presets (embedded, then
    /// loaded with `--rules`).
    pub fn all() -> Vec<GameId> {
        let mut v = GameId::ALL.to_vec();
        v.extend((0..tableau::presets().len()).map(|i| GameId::Tableau(i as u16)));
        v
    }

    /// The catalogue entry.
    pub fn info(self) -> GameInfo {
        match self {
            GameId::Tableau(i) => {
                let r = tableau::preset(i);
                GameInfo {
                    id: &r.id,
                    name: &r.name,
                    summary: &r.summary,
                    source: &r.source,
                    deterministic: false,
                    rules_version: r.version(),
                }
            }
            own => own.own().0,
        }
    }

    /// The game's deck.
    pub fn deck(self) -> DeckSpec {
        match self {
            GameId::Tableau(i) => tableau::preset(i).deck(),
            own => own.own().1,
        }
    }

    /// The game's family: an own-rules game's from its line in the registry
    /// ([`own_games!`](crate::own_games)), a preset's from the catalogue of presets.
    pub fn family(self) -> Family {
        match self {
            GameId::Tableau(i) => tableau::family(i),
            own => own.own_family(),
        }
    }

    /// Every game of `family` ([`GameId::all`]), in catalogue order.
    pub fn of_family(family: Family) -> Vec<GameId> {
        GameId::all()
            .into_iter()
            .filter(|g| g.family() == family)
            .collect()
    }
}

/// A family of games: the games that share an engine or a tradition, which the
/// documentation and the results describe together. [`GameId::family`] gives a game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// The French course's games (Relais des 7, À la queue leu leu, Les quatre couleurs,
    /// Montée-Descente) and Clock: small games, most without choices.
    Course,
    /// Games whose cards leave a layout one at a time onto a single pile ([`onto_waste`]):
    /// Golf, Black Hole, All in a Row, Triple Peaks, Elevator, Escalator, Thieves.
    OntoWaste,
    /// Games whose stock deals a card onto each of four piles a round ([`rounds`]): Fortunes
    /// and First Law.
    Rounds,
    /// Games whose cards leave in pairs, or alone ([`pairing`]): Thirteen and its kin.
    Pairing,
    /// Games of cards on a line or grid that closes up ([`compacting`]): Monte Carlo,
    /// Neighbor, Quatorze, Accordion.
    Compacting,
    /// Games played on a grid of slots: the Gaps variants, Maze, Camelot.
    Grid,
    /// The FreeCell family: the tableau engine's presets with free cells or none and no
    /// stock (Baker's Game, Eight Off, Seahaven, Baker's Dozen, King Albert, ...).
    FreeCell,
    /// Spider and its family, and Mogelpat: stocks dealt onto every pile, runs going home.
    Spider,
    /// Forty Thieves and its variants (two decks, a waste), and Große Napoleon.
    FortyThieves,
    /// Klondike and its variants, the reserve games (Canfield, ...) and Yukon's family.
    Klondike,
    /// A preset loaded at run time (`--rules FILE`).
    Loaded,
}

impl Family {
    /// The family's name, lower case with hyphens (as in `docs/games/`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Course => "course",
            Family::OntoWaste => "onto-waste",
            Family::Rounds => "rounds",
            Family::Pairing => "pairing",
            Family::Compacting => "compacting",
            Family::Grid => "grid",
            Family::FreeCell => "freecell",
            Family::Spider => "spider",
            Family::FortyThieves => "forty-thieves",
            Family::Klondike => "klondike",
            Family::Loaded => "loaded",
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().id)
    }
}

/// An unknown game name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown game '{0}' (see 'patience games')")]
pub struct UnknownGame(pub String);

impl FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let want = s.trim().to_ascii_lowercase();
        GameId::all()
            .into_iter()
            .find(|g| g.info().id == want)
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

/// Which search [`Game::focused_search`] runs over the reduced move set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Focus {
    /// Best-first search in this mode.
    BestFirst(solvers::BestFirstMode),
    /// Beam search keeping this many states per layer ([`solvers::beam`]).
    Beam {
        /// States kept per layer.
        width: usize,
    },
    /// Best-first search in this mode over every move, with the reductions the game allows
    /// only where a win is all that is read (the tableau engine's piles taken as
    /// interchangeable while the stock deals a whole number of rounds onto every pile, see
    /// `Tableau::for_wins_only`). Games with no such reduction have none of this search.
    AllMoves(solvers::BestFirstMode),
}

/// A heuristic a game names for the benchmark ([`Game::own_heuristics`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnHeuristic {
    /// Its name on the command line (`bench --heuristics`).
    pub name: &'static str,
    /// Whether it never counts more than the moves left (A* and IDA* take only these).
    pub admissible: bool,
}

/// How the portfolio (`study::portfolio`) searches a game: the choices its rounds read,
/// one value per game ([`Game::search_profile`]). The game's own searches are code and stay
/// methods ([`Game::focused_search`], [`Game::compound_dive`]); the profile says whether
/// the game has them. ([`Game::restrictions`] depends on the position alone.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProfile {
    /// Whether the rounds run a complete depth-first search over every move beside the
    /// best-first ones, resumed each round from where it stopped: for games whose lost
    /// deals are within reach of an exhaustive search, which depth-first search finishes
    /// sooner and in less memory than best-first (the games with a waste).
    pub dfs: bool,
    /// Whether that depth-first search orders each layer's moves by the guide (true) or
    /// takes them in the generator's order (false). Read only where `dfs` holds.
    pub dfs_guided: bool,
    /// How many times its usual share of each round's budget (four times the round's
    /// budget) the depth-first search takes when it runs in the generator's order: more
    /// where it decides more deals than the other searches. A depth-first search guided
    /// whatever the game's choice (the fair player's sampled worlds) keeps the usual share.
    /// Read only where `dfs` holds.
    pub dfs_weight: u64,
    /// Whether the rounds run the complete best-first searches. Where false, `dfs` must
    /// hold, so that a complete search is still in the rounds to prove losses.
    pub best_first: bool,
    /// Whether the rounds run, from the third (4 million states a beam), a beam twice as
    /// wide after the usual one: for games whose beams die out (every line at a dead end)
    /// well before the layers they are sized for.
    pub wide_beams: bool,
}

impl SearchProfile {
    /// The portfolio of most games: the guided dive, then rounds of the complete
    /// best-first searches; no depth-first search in the rounds.
    pub const DEFAULT: SearchProfile = SearchProfile {
        dfs: false,
        dfs_guided: true,
        dfs_weight: 1,
        best_first: true,
        wide_beams: false,
    };
}

impl Default for SearchProfile {
    fn default() -> Self {
        SearchProfile::DEFAULT
    }
}

/// A game: its layouts and its engine (a [`solvers::Space`]). The methods come in four
/// groups: rules and layout, board formats, fair play and chance, and search (the
/// portfolio's [`SearchProfile`] and the game's own searches). Only `id`, `deal`, `pack` and
/// `notation` are required; the others default to the answer of a game without that feature.
pub trait Game: solvers::Space<Move: PartialEq> + Sync {
    // Rules and layout: the deals, the packed state, the moves as written, the score.
    /// The catalogue id.
    fn id(&self) -> GameId;
    /// The layout of deal `n`, built with the reference pile primitives. `n` must pass
    /// [`Game::check_deal`].
    fn deal(&self, n: u64) -> Table;
    /// Whether `n` is a deal number of the game's own numbering (every number is, except in
    /// games numbered the Microsoft way).
    fn check_deal(&self, _n: u64) -> Result<(), crate::deals::microsoft::DealNumberError> {
        Ok(())
    }
    /// PySolFC's deal `n` of this game, when PySol numbers its deals and we reproduce them.
    fn pysol_deal(
        &self,
        _n: u64,
    ) -> Option<Result<Table, crate::deals::microsoft::DealNumberError>> {
        None
    }
    /// The engine state of a layout, after checking that it is a position of the game.
    fn pack(&self, table: &Table) -> Result<Self::State, BoardError>;
    /// A move in readable notation.
    fn notation(&self, mv: &Self::Move) -> String;
    /// A move in a longer notation other tools read (fc-solve's, for the tableau games).
    fn verbose_notation(&self, mv: &Self::Move) -> String {
        self.notation(mv)
    }
    /// `line`, a winning line found from `start` by the searches, as the player's own moves:
    /// games whose searches play shorthand moves (the tableau engine's cards from deep in
    /// the talon, `games/tableau/talon.rs`) write them out; for the rest it is `line`.
    fn write_out(&self, _start: &Self::State, line: Vec<Self::Move>) -> Vec<Self::Move> {
        line
    }
    /// For games with passes over the stock: the pass (1-based) in which a winning move list
    /// ends, counted from the position's own pass.
    fn pass_of_win(&self, _start: &Table, _moves: &[Self::Move]) -> Option<u32> {
        None
    }
    /// The game's own score of a played game, for games that have one (Mogelpat): `start`
    /// and `end` are the layouts before and after the moves, `seconds` the time taken.
    fn score(&self, _start: &Table, _end: &Table, _seconds: u64) -> Option<Score> {
        None
    }
    /// For games where sending runs to helper piles is a choice that costs (Mogelpat): the
    /// helper piles in use in `state`. None for every other game.
    fn helpers_used(&self, _state: &Self::State) -> Option<u32> {
        None
    }
    /// For games that count helper piles: the same game allowed at most `cap` of them.
    fn with_helper_cap(&self, _cap: u32) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    // Board formats: other tools' texts (fc-solve's, black-hole-solver's, Solvitaire's JSON).
    /// Reads a board written in another tool's format (fc-solve's, for the tableau games),
    /// when `text` is in that format.
    fn read_board(&self, _text: &str) -> Option<Result<Table, BoardError>> {
        None
    }
    /// The position in another tool's board format, if the game has one.
    fn foreign_board(&self, _t: &Table) -> Option<String> {
        None
    }
    /// The tool whose format [`Game::foreign_board`] writes and [`Game::read_board`] reads.
    fn foreign_tool(&self) -> &'static str {
        "fc-solve"
    }
    /// Reads a Solvitaire JSON deal (the tableau games; see `games/tableau/solvitaire.rs`).
    fn read_solvitaire(&self, _text: &str) -> Option<Result<Table, BoardError>> {
        None
    }
    /// The position as a Solvitaire JSON deal, or why that format cannot hold it.
    fn solvitaire_board(&self, _t: &Table) -> Option<Result<String, BoardError>> {
        None
    }

    // Fair play and chance: what a player who does not see every card can do, and the fixed
    // way of playing the seed describes.
    /// The move of `state` a player makes by doing what `mv` does in another position that
    /// looks the same (the same cards in sight, hidden cards anywhere): `mv` itself unless
    /// a move names a hidden card (the tableau engine's turn of the stock names the last
    /// card turned), and None when `state` has no such move. The fair player plays the
    /// lines of sampled worlds on the real layout with it.
    fn same_move_in(&self, _state: &Self::State, mv: &Self::Move) -> Option<Self::Move> {
        Some(*mv)
    }
    /// Whether the future of `table` holds chance its board shows but the rules draw later
    /// (Gaps' shuffles on a redeal, fixed by the board's seed so that a search knows them):
    /// the fair player and `hint --fair` draw it again for each sampled world
    /// ([`Game::draw_chance`]), as they deal face-down cards again.
    fn chance_left(&self, _table: &Table) -> bool {
        false
    }
    /// `table` with the chance of [`Game::chance_left`] drawn again from `rng`.
    fn draw_chance(&self, table: &Table, _rng: &mut crate::deals::Rng) -> Table {
        table.clone()
    }
    /// Whether the seed describes a fixed way of playing this game with choices (reported
    /// beside the solver's verdict).
    fn has_first_fit(&self) -> bool {
        false
    }
    /// The seed's fixed way of playing: the move it makes in `state`, if any.
    fn first_fit(
        &self,
        _state: &Self::State,
    ) -> Option<solvers::Successor<Self::Move, Self::State>> {
        None
    }

    // Search: the portfolio's profile, the game's own searches and heuristics.
    /// How the portfolio searches this game ([`SearchProfile`]): every tuning choice of the
    /// portfolio's rounds, decided in one place per game.
    fn search_profile(&self) -> SearchProfile {
        SearchProfile::DEFAULT
    }
    /// The depth-first search from `state` in the generator's order (the portfolio's
    /// depth-first step, run slice by slice, and `--algorithm dfs`): by default over the
    /// game itself; a game with a faster space for its rules hands out the search over that
    /// one, which must expand the same states in the same order and find the same lines
    /// (the tableau engine's fast path for Klondike, `tableau::Lean`).
    fn depth_first<'a>(
        &'a self,
        state: &Self::State,
    ) -> Box<dyn solvers::SlicedSearch<Self::Move> + 'a>
    where
        Self: Sized,
    {
        Box::new(solvers::DepthFirst::new(self, state.clone(), false))
    }
    /// A search over a reduced move set, for games whose complete searches are slow (the
    /// tableau engine's games of suit runs): its wins are real and are verified like any
    /// other, its other verdicts prove nothing (`study` reads them as unknown). None: the
    /// game has no such search.
    fn focused_search(
        &self,
        _state: &Self::State,
        _search: Focus,
        _limits: &solvers::Limits,
    ) -> Option<solvers::Report<Self::Move>> {
        None
    }
    /// A depth-first search over compound moves (the tableau engine's FreeCell family,
    /// `games/tableau/compound/`), scan number `scan` (0: in guide order; each other
    /// number orders near ties its own way): its wins are lines of the game's own moves,
    /// verified like any other; its other verdicts prove nothing. None: the game has no
    /// such search.
    fn compound_dive(
        &self,
        _state: &Self::State,
        _scan: u64,
        _limits: &solvers::Limits,
    ) -> Option<solvers::Report<Self::Move>> {
        None
    }
    /// Restricted games of `state`'s position, most promising first, for games whose
    /// complete search is slow but whose wins mostly lie in a few much smaller games over a
    /// subset of the moves (one-deal Gaps: each fixed assignment of suits to rows). A
    /// restricted game's moves are this game's moves and its won positions are this game's,
    /// so its wins are real; its losses prove nothing. The portfolio searches them before and
    /// beside the complete search. Empty: none.
    fn restrictions(&self, _state: &Self::State) -> Vec<Self>
    where
        Self: Sized,
    {
        Vec::new()
    }
    /// The game's own heuristics beyond `h` ([`solvers::Space::heuristic`]) and `guide`
    /// ([`solvers::Space::guide`]), which `patience bench` runs by name
    /// ([`crate::study::bench::heuristics`]); [`Game::own_heuristic`] computes them.
    fn own_heuristics(&self) -> &'static [OwnHeuristic] {
        &[]
    }
    /// The estimate of the `i`-th of [`Game::own_heuristics`] for `state`.
    fn own_heuristic(&self, _i: usize, _state: &Self::State) -> u32 {
        0
    }
}

/// Checks that the cards on `table` are exactly the cards of `deck` (each as often as the
/// deck holds it), naming the first duplicate, foreign or missing card.
pub fn check_partition(table: &Table, deck: DeckSpec) -> Result<(), BoardError> {
    let want: CardCounts = deck.cards().into_iter().collect();
    let mut seen = CardCounts::default();
    for p in &table.piles {
        for &c in &p.cards {
            if !deck.contains(c) {
                return Err(BoardError::Foreign {
                    card: c.face_up().to_string(),
                    pile: p.label.clone(),
                    deck: deck.describe(),
                });
            }
            seen.add(c);
            if seen.count(c) > want.count(c) {
                return Err(BoardError::Duplicate {
                    card: c.face_up().to_string(),
                    pile: p.label.clone(),
                });
            }
        }
    }
    if let Some(c) = deck
        .cards()
        .into_iter()
        .find(|&c| seen.count(c) < want.count(c))
    {
        return Err(BoardError::MissingCard(c.to_string()));
    }
    Ok(())
}

/// Checks that `table` has exactly the piles `labels` (in any order) and returns their
/// indices in the order of `labels`.
pub fn expect_piles(table: &Table, labels: &[&str]) -> Result<Vec<usize>, BoardError> {
    if let Some(p) = table
        .piles
        .iter()
        .find(|p| p.active && !labels.contains(&p.label.as_str()))
    {
        return Err(BoardError::UnknownPile(p.label.clone()));
    }
    labels
        .iter()
        .map(|l| {
            table
                .find(l)
                .ok_or_else(|| BoardError::MissingPile(l.to_string()))
        })
        .collect()
}

/// Lays out a new deck of `deck` as the face-down pile `stock` and shuffles it for deal `n`
/// (BattreTas with the portable generator): the first step of every deal.
pub fn shuffled_stock(deck: DeckSpec, n: u64) -> (Table, usize) {
    let mut t = Table::new();
    let stock = t.new_deck(deck, "stock").expect("fresh table");
    t.shuffle(stock, &mut crate::deals::Rng::new(n))
        .expect("active pile");
    (t, stock)
}

/// Reads an optional counter that must lie in `range`.
pub fn counter_in(
    table: &Table,
    name: &str,
    default: u32,
    range: std::ops::RangeInclusive<u32>,
) -> Result<u32, BoardError> {
    let v = table.counter(name).unwrap_or(default);
    if range.contains(&v) {
        Ok(v)
    } else {
        Err(BoardError::Impossible(format!(
            "{name} = {v} is outside {}..={}",
            range.start(),
            range.end()
        )))
    }
}

/// Checks that every card of a pile lies face down (`down`) or face up.
pub fn expect_faces(table: &Table, pile: usize, down: bool) -> Result<(), BoardError> {
    let p = &table.piles[pile];
    match p.cards.iter().find(|c| c.is_face_down() != down) {
        Some(c) => Err(BoardError::Impossible(format!(
            "card {} in pile '{}' should lie face {}",
            c.face_up(),
            p.label,
            if down { "down" } else { "up" }
        ))),
        None => Ok(()),
    }
}

/// Runs `$body` with `$g` bound to a reference to the concrete game of `$id` (a
/// [`GameId`]), so generic code is monomorphised per game. The own-rules games' arms come
/// from the registry ([`own_games!`](crate::own_games)); a tableau preset is built for the
/// capacity its decks need.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $g:ident => $body:expr) => {
        $crate::own_games!(__with_game!($id, $g, $body))
    };
}

/// [`with_game!`](crate::with_game)'s match, with one arm per line of the registry
/// ([`own_games!`](crate::own_games)).
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game {
    (($id:expr, $g:ident, $body:expr) $($(#[$doc:meta])* $variant:ident => $($path:ident)::+ in $family:ident,)*) => {
        match $id {
            $($crate::games::GameId::$variant => {
                let $g = &$crate::games::$($path)::+.game;
                $body
            })*
            $crate::games::GameId::Tableau(i) => {
                let rules = $crate::games::tableau::preset(i);
                match $crate::games::tableau::capacity(rules) {
                    52 if $crate::games::tableau::keys_compactly(rules) => {
                        let $g = &$crate::games::tableau::Tableau::<
                            52,
                            { $crate::games::tableau::COMPACT_KEY },
                        >::preset(i);
                        $body
                    }
                    52 if $crate::games::tableau::keys_linked(rules) => {
                        let $g = &$crate::games::tableau::Tableau::<
                            52,
                            { $crate::games::tableau::LINKED_KEY },
                        >::preset(i);
                        $body
                    }
                    52 => {
                        let $g = &$crate::games::tableau::Tableau::<52, 80>::preset(i);
                        $body
                    }
                    104 => {
                        let $g = &$crate::games::tableau::TwoDecks::preset(i);
                        $body
                    }
                    _ => {
                        let $g = &$crate::games::tableau::ThreeDecks::preset(i);
                        $body
                    }
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for g in GameId::ALL {
            assert_eq!(g.info().id.parse::<GameId>(), Ok(g));
        }
        assert!("freecel"
            .parse::<GameId>()
            .unwrap_err()
            .to_string()
            .contains("unknown game 'freecel'"));
    }

    /// Each line of the registry names a game that says it is that game and deals its deck.
    #[test]
    fn registry_entries_agree_with_their_games() {
        for id in GameId::ALL {
            crate::with_game!(id, g => {
                assert_eq!(g.id(), id);
                assert_eq!(check_partition(&g.deal(1), id.deck()), Ok(()), "{id}");
                assert_eq!(g.id().info().deterministic, id.info().deterministic);
            });
        }
    }

    /// Every family but `Loaded` has games, each game of the catalogue has a family, and the
    /// families' names differ.
    #[test]
    fn every_game_has_a_family() {
        let families: Vec<Family> = GameId::all().into_iter().map(GameId::family).collect();
        assert!(!families.contains(&Family::Loaded));
        let mut names: Vec<&str> = families.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 10, "{names:?}");
        assert_eq!(GameId::of_family(Family::Rounds).len(), 2);
        assert_eq!(
            GameId::of_family(Family::FortyThieves)[0].to_string(),
            "grosse-napoleon"
        );
    }

    #[test]
    fn partition_errors_name_the_card() {
        let mut t = Table::new();
        let d = t.new_deck(DeckSpec::PIQUET, "stock").unwrap();
        assert_eq!(check_partition(&t, DeckSpec::PIQUET), Ok(()));
        let c = t.piles[d].cards[0];
        t.piles[d].cards.push(c);
        assert!(matches!(
            check_partition(&t, DeckSpec::PIQUET),
            Err(BoardError::Duplicate { .. })
        ));
        t.piles[d].cards.truncate(31);
        assert_eq!(
            check_partition(&t, DeckSpec::PIQUET),
            Err(BoardError::MissingCard("AS".into()))
        );
        t.piles[d]
            .cards
            .push(crate::cards::parse_card("2S").unwrap());
        assert!(matches!(
            check_partition(&t, DeckSpec::PIQUET),
            Err(BoardError::Foreign { .. })
        ));
    }
}
