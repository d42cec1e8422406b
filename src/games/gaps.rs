//! Gaps (the AisleRiot manual, "Gaps"; AisleRiot's gaps.scm decides the details) and the
//! one-deal variants the literature studies (Solvitaire's `gaps-one-deal` and
//! `gaps-basic-variant`): one engine, [`Gaps`], with a [`Rules`] constant per game.
//!
//! The 52 cards are dealt face up into four rows of thirteen slots and the Aces are taken
//! out, leaving four gaps. A gap in the leftmost column takes a Two; any other gap takes the
//! card one rank above, in suit, the card on its left; nothing goes right of a King or of
//! another gap. The game is won when every row holds Two to King of one suit from the left,
//! the gap last.
//!
//! # The games
//! - `gaps` (AisleRiot): a card of a row's *run* (the Two in the leftmost slot and the cards
//!   in suit and order after it) never moves again. When no card can move, the player may
//!   redeal, twice in a game: the cards not in runs are gathered, shuffled and dealt again
//!   into the slots right of the runs, leaving a gap right after each run.
//! - `gaps-random`: AisleRiot's option "Randomly Placed Gaps on Redeal": a redeal deals the
//!   four gaps at random among the gathered slots with the cards.
//! - `gaps-one-deal` (Solvitaire's rules): no redeal, and any card may move, those of runs
//!   too (a Two in the leftmost slot may move to another row's leftmost gap).
//! - `gaps-basic` (Solvitaire's `gaps-basic-variant`): as `gaps-one-deal`, but each row takes
//!   the Two of its own suit only: clubs, hearts, spades, diamonds from the top (Solvitaire's
//!   order of suits).
//!
//! # Redeals are fixed by the deal number
//! A redeal shuffles, so a deal's future would depend on chance. To make every deal's
//! future fixed, the board carries the counter `seed` (deal `N` sets it to `N`, which is why
//! these games number their deals 0 to 2^32 - 1) and the counter `redeals` (redeals done).
//! Redeal `k` (1 or 2) gathers the cards not in runs row by row, left to right, and shuffles
//! them with [`crate::deals::shuffle`] driven by the generator seeded with `seed + k·2^32`;
//! with random gaps, four gaps are put after the cards before the shuffle. The shuffled
//! list is dealt row by row, left to right, into the gathered slots (AisleRiot: the first
//! slot right of each run is left empty). The solver knows these shuffles, so a verdict is
//! *thoughtful*, as for a game with face-down cards the solver sees; the fair player and
//! `hint --fair` draw other seeds instead ([`Game::draw_chance`]).
//!
//! # The search
//! Without redeals the won position is a deadlock, so [`Space::expand`] gives a stubborn set
//! of the legal moves, not all of them ([`Gaps::expand_all`]): a partial-order reduction that
//! keeps every reachable deadlock, the argument in ARCHITECTURE.md ("Reductions"). One-deal
//! Gaps also has 24 restricted games ([`Game::restrictions`]), one per assignment of suits
//! to rows, whose wins are its wins; the portfolio searches them beside the complete search.
//!
//! # The packed state
//! The grid (a card byte or [`GAP`] per slot, row by row), each card's slot, the redeals
//! done and the seed. The key is the grid at six bits a slot and the redeals done: exact,
//! as the seed is the same in every state of a search.

use super::{
    check_partition, counter_in, expect_piles, shuffled_stock, BoardError, Game, GameId, GameInfo,
    OwnGame,
};
use crate::cards::{Card, DeckSpec, Suit};
use crate::deals::microsoft::DealNumberError;
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The number of rows.
pub const ROWS: usize = 4;
/// The number of slots in a row.
pub const COLUMNS: usize = 13;
/// The number of slots.
pub const SLOTS: usize = ROWS * COLUMNS;
/// An empty slot in the packed grid.
pub const GAP: u8 = 63;
/// The label of the pile holding the Aces taken out.
pub const ACES: &str = "aces";
/// The board counter holding the seed of the redeals' shuffles.
pub const SEED: &str = "seed";
/// The board counter holding the redeals done.
pub const REDEALS: &str = "redeals";

/// The label of slot `i` (row by row): its column as a letter `a` to `m`, its row 1 to 4.
pub fn slot_label(i: usize) -> String {
    super::slot_grid::slot_label(i, COLUMNS)
}

/// The labels of a board's piles: the slots row by row, then [`ACES`].
pub fn labels() -> Vec<String> {
    super::slot_grid::labels(SLOTS, COLUMNS, ACES)
}

/// One game of the family.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game's id.
    pub id: GameId,
    /// Redeals allowed in a game.
    pub redeals: u8,
    /// Whether a redeal deals the gaps at random among the gathered slots (otherwise one
    /// right after each row's run).
    pub random_gaps: bool,
    /// Whether the cards of a row's run never move (AisleRiot); otherwise any card may.
    pub runs_stay: bool,
    /// The suit whose Two each row's leftmost slot takes (top row first); None: any Two.
    pub row_suits: Option<[Suit; ROWS]>,
}

impl Rules {
    /// Whether a Two of `suit` may go into the leftmost slot of `row`.
    pub fn two_fits(&self, suit: Suit, row: usize) -> bool {
        self.row_suits.is_none_or(|s| s[row] == suit)
    }
}

/// AisleRiot's Gaps.
pub const RULES: Rules = Rules {
    id: GameId::Gaps,
    redeals: 2,
    random_gaps: false,
    runs_stay: true,
    row_suits: None,
};

/// AisleRiot's Gaps with randomly placed gaps on a redeal.
pub const RANDOM_RULES: Rules = Rules {
    id: GameId::GapsRandom,
    random_gaps: true,
    ..RULES
};

/// Solvitaire's one-deal Gaps.
pub const ONE_DEAL_RULES: Rules = Rules {
    id: GameId::GapsOneDeal,
    redeals: 0,
    random_gaps: false,
    runs_stay: false,
    row_suits: None,
};

/// Solvitaire's basic variant: one deal, each row's suit fixed.
pub const BASIC_RULES: Rules = Rules {
    id: GameId::GapsBasic,
    row_suits: Some([Suit::Clubs, Suit::Hearts, Suit::Spades, Suit::Diamonds]),
    ..ONE_DEAL_RULES
};

/// One-deal Gaps restricted to each of the 24 assignments of the suits to the rows (each
/// row's leftmost slot takes the Two of its suit only, as in `gaps-basic`), in the order of
/// the suits' permutations: the restricted games of [`Game::restrictions`]. Every move of
/// such a game is a move of one-deal Gaps and its won position is one-deal Gaps', so its
/// wins are wins; a loss there proves nothing (a Two may stop in another row on the way).
fn suit_orders() -> &'static [Rules; 24] {
    static ORDERS: std::sync::OnceLock<[Rules; 24]> = std::sync::OnceLock::new();
    ORDERS.get_or_init(|| {
        let mut orders = [ONE_DEAL_RULES; 24];
        let mut k = 0;
        for a in Suit::ALL {
            for b in Suit::ALL {
                for c in Suit::ALL {
                    for d in Suit::ALL {
                        let rows = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|j| rows[i] != rows[j])) {
                            orders[k].row_suits = Some(rows);
                            k += 1;
                        }
                    }
                }
            }
        }
        orders
    })
}

const fn descriptor(info: GameInfo, rules: &'static Rules) -> OwnGame<Gaps> {
    OwnGame {
        info,
        deck: DeckSpec::FULL,
        game: Gaps { rules },
    }
}

const SOURCE: &str = "AisleRiot manual ('Gaps') and AisleRiot's gaps.scm";

/// Gaps in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Gaps> = descriptor(
    GameInfo {
        id: "gaps",
        name: "Gaps",
        summary: "52 cards in four rows of 13, Aces out; a gap takes the card one above its left neighbour in suit, a Two in the leftmost column; runs from the left stay; two redeals when stuck, gaps after the runs; the redeals' shuffles come from the deal number, so verdicts are thoughtful",
        source: SOURCE,
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Gaps with randomly placed gaps on a redeal.
pub const RANDOM: OwnGame<Gaps> = descriptor(
    GameInfo {
        id: "gaps-random",
        name: "Gaps (randomly placed gaps on redeal)",
        summary: "Gaps with AisleRiot's option: a redeal deals the four gaps at random among the gathered cards; verdicts are thoughtful (the shuffles come from the deal number)",
        source: SOURCE,
        deterministic: false,
        rules_version: 1,
    },
    &RANDOM_RULES,
);

/// One-deal Gaps (Solvitaire's rules).
pub const ONE_DEAL: OwnGame<Gaps> = descriptor(
    GameInfo {
        id: "gaps-one-deal",
        name: "Gaps, one deal",
        summary: "Gaps without redeals, any card may move (runs too), any Two fills a leftmost gap; won when every row holds Two to King of one suit",
        source: "Solvitaire's gaps-one-deal (thecharlieblake/Solvitaire, sol_preset_types.cpp); deals as AisleRiot's Gaps",
        deterministic: false,
        rules_version: 1,
    },
    &ONE_DEAL_RULES,
);

/// Basic Gaps (Solvitaire's basic variant).
pub const BASIC: OwnGame<Gaps> = descriptor(
    GameInfo {
        id: "gaps-basic",
        name: "Gaps, basic variant",
        summary: "one-deal Gaps where each row's leftmost slot takes the Two of its own suit only (clubs, hearts, spades, diamonds from the top row, Solvitaire's order)",
        source: "Solvitaire's gaps-basic-variant (fixed suit; thecharlieblake/Solvitaire, sol_preset_types.cpp)",
        deterministic: false,
        rules_version: 1,
    },
    &BASIC_RULES,
);

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// `card` moves into the gap at slot `to`.
    Place {
        /// The card.
        card: Card,
        /// The slot (row by row, from 0).
        to: u8,
    },
    /// No card can move: the cards not in runs are gathered and dealt again.
    Redeal,
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each slot's card byte, or [`GAP`].
    grid: [u8; SLOTS],
    /// Each card's slot, by card byte (the Aces' entries unused).
    slot: [u8; 52],
    /// Redeals done.
    redeals: u8,
    /// The seed of the redeals' shuffles.
    seed: u32,
    /// The four gaps' slots.
    gaps: [u8; 4],
    /// The key ([`Space::key`]), kept up to date move by move.
    key: Key,
}

impl State {
    /// The card in slot `i`, if any.
    pub fn at(&self, i: usize) -> Option<Card> {
        (self.grid[i] != GAP).then(|| Card::from_index(self.grid[i]))
    }
    /// Redeals done.
    pub fn redeals(&self) -> u8 {
        self.redeals
    }
}

/// The engine, for one game's [`Rules`].
#[derive(Clone, Copy, Debug)]
pub struct Gaps {
    /// The game's rules.
    pub rules: &'static Rules,
}

/// The exact key of a state: the grid at six bits a slot (312 bits), the redeals done in
/// the last eight.
pub type Key = super::slot_grid::Key<5>;

/// Flips the bits `bits` in slot `i`'s six-bit field of a key.
fn set_field(k: &mut Key, i: usize, bits: u8) {
    k.flip(i, bits);
}

impl State {
    /// Works out the gaps and the key from the grid and the redeals done.
    fn index(&mut self) {
        self.key = super::slot_grid::Key([0; 5]);
        let mut g = 0;
        for i in 0..SLOTS {
            set_field(&mut self.key, i, self.grid[i]);
            if self.grid[i] == GAP {
                self.gaps[g] = i as u8;
                g += 1;
            }
        }
        self.key.0[4] |= u64::from(self.redeals) << 56;
    }
}

/// By card byte (and [`GAP`]), the bit of the card one above it in suit; none for a King or
/// a gap.
const ONE_ABOVE: [u64; 64] = {
    let mut t = [0; 64];
    let mut c = 0;
    while c < 52 {
        if c % 13 != 12 {
            t[c] = 1 << (c + 1);
        }
        c += 1;
    }
    t
};

/// The bits of the Twos' card bytes.
const TWOS: u64 = 1 << 1 | 1 << 14 | 1 << 27 | 1 << 40;

/// The bits of the card bytes of Two to King, every suit.
const CARDS: u64 = 0x1ffe | 0x1ffe << 13 | 0x1ffe << 26 | 0x1ffe << 39;

/// The bits of the slots of the last column.
const LAST_COLUMN: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// A card byte's rank, 1 (Ace) to 13 (King).
fn rank(byte: u8) -> u8 {
    byte % 13 + 1
}

/// The length of row `row`'s run: a Two in its leftmost slot and the cards that follow it
/// in suit and order.
pub fn run_length(grid: &[u8; SLOTS], row: usize) -> usize {
    let first = grid[row * COLUMNS];
    if first == GAP || rank(first) != 2 {
        return 0;
    }
    let mut n = 1;
    while n < COLUMNS && grid[row * COLUMNS + n] == first + n as u8 {
        n += 1;
    }
    n
}

impl Gaps {
    /// Every move of `s` but the redeal: each gap filled by the card that fits it.
    fn placements(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        for (card, to) in self.placement_moves(s) {
            out.push(self.place(s, card, to));
        }
    }

    /// The legal placements of `s` as (card byte, slot), in the order [`Gaps::expand_all`]
    /// lists them: each gap in turn, a leftmost one taking each Two that fits it.
    fn placement_moves(&self, s: &State) -> smallvec::SmallVec<[(u8, usize); 16]> {
        let mut moves = smallvec::SmallVec::new();
        for &to in &s.gaps {
            let to = to as usize;
            let col = to % COLUMNS;
            if col == 0 {
                let row = to / COLUMNS;
                for suit in Suit::ALL {
                    if !self.rules.two_fits(suit, row) {
                        continue;
                    }
                    let two = suit as u8 * 13 + 1;
                    let from = s.slot[two as usize] as usize;
                    // A Two in a leftmost slot starts a run.
                    if self.rules.runs_stay && from.is_multiple_of(COLUMNS) {
                        continue;
                    }
                    moves.push((two, to));
                }
            } else {
                let left = s.grid[to - 1];
                if left == GAP || rank(left) == 13 {
                    continue;
                }
                // The card one above `left` is never in a run: a run would put `left` on its
                // left, where the gap is.
                moves.push((left + 1, to));
            }
        }
        moves
    }

    fn place(&self, s: &State, card: u8, to: usize) -> Successor<Move, State> {
        let mut n = *s;
        let from = s.slot[card as usize] as usize;
        n.grid[from] = GAP;
        n.grid[to] = card;
        n.slot[card as usize] = to as u8;
        let g = n
            .gaps
            .iter()
            .position(|&g| g as usize == to)
            .expect("a gap");
        n.gaps[g] = from as u8;
        // In the key, slot `to` goes from GAP to `card` and `from` the other way.
        set_field(&mut n.key, to, GAP ^ card);
        set_field(&mut n.key, from, GAP ^ card);
        Successor {
            mv: Move::Place {
                card: Card::from_index(card),
                to: to as u8,
            },
            state: n,
            cost: 1,
        }
    }

    /// The position after a redeal of `s` (see the module's doc).
    pub fn redeal(&self, s: &State) -> State {
        let k = s.redeals + 1;
        let mut slots = Vec::with_capacity(SLOTS);
        let mut firsts = Vec::with_capacity(ROWS);
        for row in 0..ROWS {
            let run = run_length(&s.grid, row);
            firsts.push(row * COLUMNS + run);
            slots.extend(row * COLUMNS + run..(row + 1) * COLUMNS);
        }
        let mut cards: Vec<u8> = slots
            .iter()
            .map(|&i| s.grid[i])
            .filter(|&c| c != GAP)
            .collect();
        let mut targets = slots.clone();
        if self.rules.random_gaps {
            cards.extend([GAP; 4]);
        } else {
            targets.retain(|i| !firsts.contains(i));
        }
        let mut rng = crate::deals::Rng::new(u64::from(s.seed) | u64::from(k) << 32);
        crate::deals::shuffle(&mut cards, &mut rng);
        let mut n = *s;
        for &i in &slots {
            n.grid[i] = GAP;
        }
        for (&i, &c) in targets.iter().zip(&cards) {
            n.grid[i] = c;
            if c != GAP {
                n.slot[c as usize] = i as u8;
            }
        }
        n.redeals = k;
        n.index();
        n
    }

    /// Every legal move of `s`: each gap filled by the card that fits it, and the redeal
    /// when no card can move and one is left. [`Space::expand`] gives these, or in the games
    /// without redeals a stubborn subset of them.
    pub fn expand_all(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if self.is_goal(s) {
            return;
        }
        let start = out.len();
        self.placements(s, out);
        if out.len() == start && s.redeals < self.rules.redeals {
            out.push(Successor {
                mv: Move::Redeal,
                state: self.redeal(s),
                cost: 1,
            });
        }
    }

    /// The cards not in runs.
    pub fn loose(&self, s: &State) -> u32 {
        48 - (0..ROWS)
            .map(|r| run_length(&s.grid, r) as u32)
            .sum::<u32>()
    }
}

/// A transition of the one-deal games, for the stubborn sets of [`Gaps::expand`]: bits 0 to
/// 51 are `M(c)`, card byte `c` (a card neither Ace nor Two) moving into the slot right of
/// the card one below it; bit `52 + 4·suit + row` is `T(suit, row)`, the Two of `suit`
/// moving into the leftmost slot of `row`. ARCHITECTURE.md ("Reductions") gives the argument.
type Transitions = u128;

/// Each transition's [`Gaps::stubborn_needs`] among the live ones, worked out once per
/// state: the closures from the enabled moves in turn mostly cross the same transitions.
struct Needs {
    /// The transitions whose entry in `of` is worked out.
    known: Transitions,
    of: [Transitions; 68],
}

impl Default for Needs {
    fn default() -> Self {
        Needs {
            known: 0,
            of: [0; 68],
        }
    }
}

impl Needs {
    /// Transition `t`'s entry, from `work` the first time.
    fn of(&mut self, t: usize, work: impl FnOnce() -> Transitions) -> Transitions {
        if self.known >> t & 1 == 0 {
            self.known |= 1 << t;
            self.of[t] = work();
        }
        self.of[t]
    }
}

/// The bit of `T(suit, row)`.
fn two_bit(suit: u8, row: usize) -> Transitions {
    1 << (52 + 4 * suit as usize + row)
}

impl Gaps {
    /// Whether `expand` gives a stubborn set rather than every move: in the games without
    /// redeals (where any card may move, runs too), whose won position is a deadlock.
    pub fn reduces(&self) -> bool {
        self.rules.redeals == 0 && !self.rules.runs_stay
    }

    /// The transitions that move card byte `d`: `M(d)`, or a Two's moves into the leftmost
    /// slots its rules let it into.
    fn moves_of(&self, d: u8) -> Transitions {
        if TWOS >> d & 1 == 0 {
            return 1u128 << d;
        }
        let suit = d / 13;
        match self.rules.row_suits {
            None => 0xf << (52 + 4 * suit as usize),
            Some(rows) => (0..ROWS)
                .filter(|&r| rows[r] as u8 == suit)
                .fold(0, |m, r| m | two_bit(suit, r)),
        }
    }

    /// The transitions of the Twos the rules let into row `row`'s leftmost slot.
    fn twos_into(&self, row: usize) -> Transitions {
        match self.rules.row_suits {
            None => (0..4u8).fold(0, |m, u| m | two_bit(u, row)),
            Some(rows) => two_bit(rows[row] as u8, row),
        }
    }

    /// The transitions a stubborn set holding transition bit `t` must hold too: if `t` is
    /// enabled in `s`, those that can disable it or not commute with it; if not, a set of
    /// which one must occur before `t` can be enabled.
    fn stubborn_needs(&self, s: &State, t: usize) -> Transitions {
        if t < 52 {
            let c = t as u8;
            let pred = c - 1;
            let p = s.slot[pred as usize] as usize;
            let below = self.moves_of(pred);
            if LAST_COLUMN >> p & 1 == 1 {
                // Nothing goes right of the last column: `pred` must move first.
                return below;
            }
            match s.grid[p + 1] {
                // Enabled: moving `pred` disables it, and it disables `succ(c)`'s move into
                // the slot right of `c`'s.
                GAP => below | Transitions::from(ONE_ABOVE[c as usize]),
                // In place already: only `pred` moving away can give `c` a gap to fill.
                d if d == c => below,
                // Another card holds the slot: it or `pred` must move first.
                d => below | self.moves_of(d),
            }
        } else {
            let (suit, row) = ((t - 52) / 4, (t - 52) % 4);
            let first = s.grid[row * COLUMNS];
            if first == GAP {
                // Enabled: the Two's other moves, the other Twos into this slot, and the
                // Three's move (the Two leaves the slot on its left).
                self.moves_of(suit as u8 * 13 + 1)
                    | self.twos_into(row)
                    | 1u128 << (suit as u8 * 13 + 2)
            } else {
                self.moves_of(first)
            }
        }
    }

    /// The stubborn set closed from transition bit `t0`, or None once it holds `bound` of
    /// the `enabled` transitions (it would expand no fewer moves than a set already found).
    fn stubborn_set(
        &self,
        s: &State,
        t0: usize,
        (enabled, live): (Transitions, Transitions),
        bound: u32,
        needs: &mut Needs,
    ) -> Option<Transitions> {
        let mut set: Transitions = 1u128 << t0;
        let mut todo = set;
        while todo != 0 {
            let t = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let add = needs.of(t, || self.stubborn_needs(s, t) & live) & !set;
            set |= add;
            if add & enabled != 0 && (set & enabled).count_ones() >= bound {
                return None;
            }
            todo |= add;
        }
        Some(set)
    }

    /// The transitions that may still occur from `s` (whose `enabled` transitions are
    /// given), or None when cards that can never move again prove that no winning line
    /// leaves `s` (a dead end). A transition can still occur (is *live*) only if it is
    /// enabled or its necessary enabling set ([`Gaps::stubborn_needs`] of a disabled
    /// transition) holds a live one; the rest never occur. That set always holds the moves
    /// of the card one below, so within a suit the live cards are those from some rank up,
    /// and the cards below it never move. The won position has each Two in a leftmost slot
    /// and each other card right of the one below it: a card that never moves again must
    /// already be so, with the one below it (ARCHITECTURE.md, "Reductions").
    fn live_transitions(&self, s: &State, enabled: Transitions) -> Option<Transitions> {
        // Worked out per card (a bit per card byte, a Two's standing for its moves), from the
        // enabled ones back along the enabling sets: card `x` moving is in the enabling set
        // of the card one above it (`x` is the one below), of the card one above the card
        // left of `x` (`x` holds its target), and, from a leftmost slot, of the Twos that go
        // there (`x` is in the way). Each card is visited once.
        let mut live = enabled as u64 & CARDS & !TWOS;
        for suit in 0..4u8 {
            if self.moves_of(suit * 13 + 1) & enabled != 0 {
                live |= 1 << (suit * 13 + 1);
            }
        }
        let twos_into: [u64; ROWS] = match self.rules.row_suits {
            None => [TWOS; ROWS],
            Some(rows) => rows.map(|suit| 1 << (suit as u8 * 13 + 1)),
        };
        let mut todo = live;
        while todo != 0 {
            let x = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let p = s.slot[x] as usize;
            let mut add = ONE_ABOVE[x];
            if p.is_multiple_of(COLUMNS) {
                add |= twos_into[p / COLUMNS];
            } else {
                add |= ONE_ABOVE[s.grid[p - 1] as usize];
            }
            add &= !live;
            live |= add;
            todo |= add;
            if live & TWOS == TWOS {
                // Every Two moves again, and so may every card above it: nothing is dead.
                return Some(!0);
            }
        }
        // A card that never moves again must lie where the won position has it: a Two in a
        // leftmost slot, another card right of the one below it (which never moves either:
        // were it live, so would be the card one above it).
        let mut dead = CARDS & !live;
        while dead != 0 {
            let c = dead.trailing_zeros() as usize;
            dead &= dead - 1;
            let p = s.slot[c] as usize;
            let placed = if TWOS >> c & 1 == 1 {
                p.is_multiple_of(COLUMNS)
            } else {
                !p.is_multiple_of(COLUMNS) && s.slot[c - 1] as usize + 1 == p
            };
            if !placed {
                return None;
            }
        }
        let mut transitions = Transitions::from(live & !TWOS);
        for suit in 0..4u8 {
            if live >> (suit * 13 + 1) & 1 == 1 {
                transitions |= self.moves_of(suit * 13 + 1);
            }
        }
        Some(transitions)
    }

    /// The transition bits of the enabled moves `moves` (from [`Gaps::placement_moves`]).
    fn enabled(moves: &[(u8, usize)]) -> Transitions {
        moves
            .iter()
            .fold(0, |m, &(card, to)| m | 1u128 << Self::transition(card, to))
    }

    /// The transition bit of an enabled move.
    fn transition(card: u8, to: usize) -> usize {
        let c = usize::from(card);
        if c % 13 == 1 {
            52 + 4 * (c / 13) + to / COLUMNS
        } else {
            c
        }
    }

    /// The enabled moves of the smallest stubborn set closed from one enabled move, in the
    /// order [`Gaps::expand_all`] lists them.
    fn stubborn_placements(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        let moves = self.placement_moves(s);
        let seeds: smallvec::SmallVec<[usize; 16]> = moves
            .iter()
            .map(|&(card, to)| Self::transition(card, to))
            .collect();
        let enabled = Self::enabled(&moves);
        // Transitions that never occur need no place in a stubborn set (none can disable or
        // enable another), and closures that leave them out stay out of frozen runs.
        let Some(live) = self.live_transitions(s, enabled) else {
            return;
        };
        let count = enabled.count_ones();
        // The set closed from each move in turn, each stopped once it holds as many enabled
        // moves as the best so far: the first of the smallest is kept. Only its moves'
        // positions are made.
        let mut best = (count, !0);
        let mut needs = Needs::default();
        for &t in &seeds {
            if best.0 <= 1 {
                break;
            }
            if let Some(set) = self.stubborn_set(s, t, (enabled, live), best.0, &mut needs) {
                best = ((set & enabled).count_ones(), set);
            }
        }
        let (_, set) = best;
        for (&(card, to), &t) in moves.iter().zip(&seeds) {
            if set >> t & 1 == 1 {
                out.push(self.place(s, card, to));
            }
        }
    }
}

impl Space for Gaps {
    type State = State;
    type Key = Key;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        (0..ROWS).all(|r| run_length(&s.grid, r) == COLUMNS - 1)
    }

    fn key(&self, s: &State) -> Key {
        s.key
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if self.reduces() {
            if !self.is_goal(s) {
                self.stubborn_placements(s, out);
            }
        } else {
            self.expand_all(s, out);
        }
    }

    fn heuristic(&self, s: &State) -> u32 {
        // A move changes one row; a redeal may complete any number of rows.
        let open = (0..ROWS)
            .filter(|&r| run_length(&s.grid, r) < COLUMNS - 1)
            .count() as u32;
        if self.rules.redeals == 0 {
            open
        } else {
            open.min(1)
        }
    }

    fn guide(&self, s: &State) -> u32 {
        self.loose(s)
    }
}

impl Game for Gaps {
    fn id(&self) -> GameId {
        self.rules.id
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, stock) = shuffled_stock(DeckSpec::FULL, n);
        let slots: Vec<_> = (0..SLOTS)
            .map(|i| t.create_empty(&slot_label(i), Mode::Spread).expect("fresh"))
            .collect();
        let aces = t.create_empty(ACES, Mode::Stacked).expect("fresh");
        for &p in &slots {
            t.move_top_to_top(stock, p).expect("52 cards");
            t.flip_top(p).expect("one card");
        }
        for &p in &slots {
            if t.piles[p]
                .top()
                .is_some_and(|c| c.rank_unchecked().value() == 1)
            {
                t.move_top_to_top(p, aces).expect("one card");
            }
        }
        t.remove_empty(stock).expect("dealt out");
        if self.rules.redeals > 0 {
            t.set_counter(SEED, n as u32);
            t.set_counter(REDEALS, 0);
        }
        t
    }

    fn check_deal(&self, n: u64) -> Result<(), DealNumberError> {
        // The deal number is the redeals' seed, a board counter of 32 bits.
        if self.rules.redeals == 0 || n <= u64::from(u32::MAX) {
            Ok(())
        } else {
            Err(DealNumberError {
                numbering: "Gaps (the deal number seeds the redeals)",
                n,
                min: 0,
                max: u64::from(u32::MAX),
            })
        }
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let labels = labels();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let ids = expect_piles(t, &refs)?;
        check_partition(t, DeckSpec::FULL)?;
        let mut s = State {
            grid: [GAP; SLOTS],
            slot: [0; 52],
            redeals: 0,
            seed: 0,
            gaps: [0; 4],
            key: super::slot_grid::Key([0; 5]),
        };
        let read = super::slot_grid::read_slots(t, &ids[..SLOTS], &labels, (1, "Aces"), GAP)?;
        for (i, &c) in read.iter().enumerate() {
            s.grid[i] = c;
            if c != GAP {
                s.slot[c as usize] = i as u8;
            }
        }
        // The partition holds, no slot holds an Ace and none holds two cards: the four Aces
        // are in the aces pile, alone.
        s.redeals = counter_in(t, REDEALS, 0, 0..=u32::from(self.rules.redeals))? as u8;
        s.seed = t.counter(SEED).unwrap_or(0);
        s.index();
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Place { card, to } => format!("{card} to {}", slot_label(to as usize)),
            Move::Redeal => "redeal".to_string(),
        }
    }

    fn restrictions(&self, s: &State) -> Vec<Gaps> {
        if self.rules.row_suits.is_some() || !self.reduces() {
            return Vec::new();
        }
        // How many cards of its suit each row holds, a leftmost Two of its suit counting
        // ten: the assignments that disturb the layout least come first.
        let fit = |rules: &Rules| -> u32 {
            let rows = rules.row_suits.expect("an assignment");
            (0..ROWS)
                .map(|r| {
                    let suit = rows[r] as u8;
                    let row = &s.grid[r * COLUMNS..(r + 1) * COLUMNS];
                    let same = row.iter().filter(|&&b| b != GAP && b / 13 == suit).count();
                    same as u32 + if row[0] == suit * 13 + 1 { 10 } else { 0 }
                })
                .sum()
        };
        let mut v: Vec<&'static Rules> = suit_orders().iter().collect();
        v.sort_by_key(|r| std::cmp::Reverse(fit(r)));
        v.into_iter().map(|rules| Gaps { rules }).collect()
    }

    fn chance_left(&self, t: &Table) -> bool {
        t.counter(REDEALS).unwrap_or(0) < u32::from(self.rules.redeals)
    }

    fn draw_chance(&self, t: &Table, rng: &mut crate::deals::Rng) -> Table {
        let mut t = t.clone();
        if self.chance_left(&t) {
            t.set_counter(SEED, rng.next_u64() as u32);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAMILY: [&Rules; 4] = [&RULES, &RANDOM_RULES, &ONE_DEAL_RULES, &BASIC_RULES];

    #[test]
    fn a_deal_has_four_gaps_and_the_aces_out() {
        for r in FAMILY {
            let g = Gaps { rules: r };
            let s = g.pack(&g.deal(7)).unwrap();
            assert_eq!(s.grid.iter().filter(|&&b| b == GAP).count(), 4);
            assert!(s.grid.iter().all(|&b| b == GAP || rank(b) != 1));
            for (i, &b) in s.grid.iter().enumerate() {
                if b != GAP {
                    assert_eq!(s.slot[b as usize] as usize, i);
                }
            }
        }
    }

    #[test]
    fn labels_read_as_a_grid() {
        assert_eq!(slot_label(0), "a1");
        assert_eq!(slot_label(12), "m1");
        assert_eq!(slot_label(13), "a2");
        assert_eq!(slot_label(51), "m4");
    }

    /// The key holds the grid exactly: every state reached from a deal (up to 20,000) has a
    /// key of its own unless its grid and redeals are the same.
    #[test]
    fn equal_keys_mean_equal_grids() {
        for r in [&RULES, &ONE_DEAL_RULES] {
            let g = Gaps { rules: r };
            for n in [1, 2] {
                let start = g.pack(&g.deal(n)).unwrap();
                let mut seen = std::collections::HashMap::new();
                let mut todo = vec![start];
                while let Some(s) = todo.pop() {
                    if seen.len() > 20_000 {
                        break;
                    }
                    let mut out = Vec::new();
                    g.expand(&s, &mut out);
                    for x in out {
                        let mut fresh = x.state;
                        fresh.index();
                        assert_eq!(fresh.key, x.state.key, "the key kept move by move");
                        match seen.entry(g.key(&x.state)) {
                            std::collections::hash_map::Entry::Occupied(e) => {
                                let e: &State = e.get();
                                assert_eq!((e.grid, e.redeals), (x.state.grid, x.state.redeals));
                            }
                            std::collections::hash_map::Entry::Vacant(e) => {
                                e.insert(x.state);
                                todo.push(x.state);
                            }
                        }
                    }
                }
                assert!(seen.len() > 100, "{:?} deal {n}: {}", r.id, seen.len());
            }
        }
    }

    /// Over the first 3000 positions reached from deal 4, the stubborn set's moves are some
    /// of the legal moves, one at least while there is one unless the position is a proven
    /// dead end, and fewer somewhere in the games without redeals; with redeals, all.
    #[test]
    fn stubborn_sets_are_nonempty_subsets_of_the_moves() {
        for r in [&ONE_DEAL_RULES, &BASIC_RULES, &RULES] {
            let g = Gaps { rules: r };
            let mut todo = vec![g.pack(&g.deal(4)).unwrap()];
            let mut seen = std::collections::HashSet::new();
            let (mut fewer, mut dead_ends) = (0, 0);
            while let Some(s) = todo.pop() {
                if seen.len() > 3000 || !seen.insert(s.key) {
                    continue;
                }
                let (mut all, mut some) = (Vec::new(), Vec::new());
                g.expand_all(&s, &mut all);
                g.expand(&s, &mut some);
                assert!(some.iter().all(|x| all.iter().any(|y| y.mv == x.mv)));
                let enabled = Gaps::enabled(&g.placement_moves(&s));
                let dead_end = g.reduces() && g.live_transitions(&s, enabled).is_none();
                assert_eq!(some.is_empty(), all.is_empty() || dead_end, "{:?}", r.id);
                dead_ends += usize::from(dead_end && !all.is_empty());
                if some.len() < all.len() {
                    fewer += 1;
                }
                todo.extend(all.into_iter().map(|x| x.state));
            }
            assert_eq!(fewer > 0, g.reduces(), "{:?}: {fewer}", r.id);
            assert_eq!(
                dead_ends > 0,
                g.reduces(),
                "{:?}: {dead_ends} dead ends",
                r.id
            );
        }
    }

    /// A hand-made dead end: three rows won, and the first row (suit 0) reading Three, Two,
    /// Four to Queen, a gap, King. The King may move into the gap, and then nothing can; the
    /// Two, Three and Four hold each other's targets, and no leftmost slot ever opens.
    #[test]
    fn a_frozen_two_out_of_place_is_a_dead_end() {
        let g = Gaps {
            rules: &ONE_DEAL_RULES,
        };
        let mut grid = [GAP; SLOTS];
        for row in 0..ROWS {
            for col in 0..COLUMNS - 1 {
                grid[row * COLUMNS + col] = row as u8 * 13 + 1 + col as u8;
            }
        }
        let state = |first_row: [u8; COLUMNS]| {
            let mut grid = grid;
            grid[..COLUMNS].copy_from_slice(&first_row);
            let mut s = State {
                grid,
                slot: [0; 52],
                redeals: 0,
                seed: 0,
                gaps: [0; 4],
                key: super::super::slot_grid::Key([0; 5]),
            };
            for (i, &c) in grid.iter().enumerate() {
                if c != GAP {
                    s.slot[c as usize] = i as u8;
                }
            }
            s.index();
            s
        };
        let s = state([2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, GAP, 12]);
        let mut all = Vec::new();
        g.expand_all(&s, &mut all);
        let mut some = Vec::new();
        g.expand(&s, &mut some);
        assert_eq!(all.len(), 1, "the King's move");
        assert!(some.is_empty(), "proven a dead end");
        // And it is one: after the King's move nothing moves, and the game is not won.
        let after = all[0].state;
        assert!(!g.is_goal(&after));
        let mut next = Vec::new();
        g.expand_all(&after, &mut next);
        assert!(next.is_empty());
        // Without the Three and the Two swapped it is no dead end (the won grid's neighbour).
        let won = state([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, GAP, 12]);
        let mut moves = Vec::new();
        g.expand(&won, &mut moves);
        assert_eq!(moves.len(), 1);
    }

    /// A redeal keeps the runs, gathers every other card and deals it again: a gap right of
    /// each run (AisleRiot), or four gaps anywhere among the gathered slots (random gaps).
    #[test]
    fn a_redeal_keeps_the_runs_and_deals_the_rest() {
        for r in [&RULES, &RANDOM_RULES] {
            let g = Gaps { rules: r };
            let mut s = g.pack(&g.deal(3)).unwrap();
            // Play the first move until stuck.
            loop {
                let mut out = Vec::new();
                g.placements(&s, &mut out);
                match out.first() {
                    Some(x) => s = x.state,
                    None => break,
                }
            }
            let runs: Vec<usize> = (0..ROWS).map(|row| run_length(&s.grid, row)).collect();
            let n = g.redeal(&s);
            assert_eq!(n.redeals, 1);
            for (row, &run) in runs.iter().enumerate() {
                assert!(run_length(&n.grid, row) >= run);
                let base = row * COLUMNS;
                assert_eq!(n.grid[base..base + run], s.grid[base..base + run]);
                if !r.random_gaps && run < COLUMNS {
                    assert_eq!(n.grid[base + run], GAP, "{:?} row {row}", r.id);
                }
            }
            let mut a: Vec<u8> = s.grid.to_vec();
            let mut b: Vec<u8> = n.grid.to_vec();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
            for (i, &c) in n.grid.iter().enumerate() {
                if c != GAP {
                    assert_eq!(n.slot[c as usize] as usize, i);
                }
            }
            // The same position redealt with another seed deals otherwise.
            let other = g.redeal(&State { seed: 99, ..s });
            assert_ne!(other.grid, n.grid);
        }
    }
}
