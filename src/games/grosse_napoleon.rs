//! Große Napoleon (the seed text on Große Napoleon, a German rules text).
//!
//! Two decks, 104 cards, eleven columns and eight foundations: for each suit one built up
//! from an Ace (A, 2, ..., K) and one built down from a King (K, Q, ..., A). A card goes up
//! onto any foundation of its suit that it continues.
//!
//! **Dealing.** First a row of eleven cards, one per column (column 1 is the leftmost).
//! When those eleven are out, any column's card may go up (an Ace or a King as a base, then
//! the cards that follow), in any order and repeatedly. Then the rest is dealt one card at
//! a time round the columns (1, 2, ..., 11, 1, 2, ...), each card on the one before, and
//! while it is dealt only the top card of column 1 or of column 11 may go up. A column
//! whose first-row card went up simply starts with the next card dealt to it.
//!
//! **Play**, once the talon is empty: only a column's top card moves, onto the top card of
//! another column of the same suit and one rank higher or lower (no wrap from King to Ace),
//! onto an empty column (any card), or up onto a foundation. Runs never move as a unit and
//! foundation cards never come back. Won when all 104 cards are up.
//!
//! **Re-layout**, at most twice: starting with the rightmost column, each column is pushed
//! together, turned face down and laid onto the new talon, so column 1's packet ends on
//! top. Dealing from the top then gives column 1's cards from its bottom (the first dealt)
//! to its top, then column 2's, ..., column 11's; empty columns give nothing and the talon
//! is not shuffled. Dealing then starts again exactly as the first time, onto the
//! foundations as they stand.
//!
//! Readings taken where the seed leaves a choice open:
//! - The plays while dealing are allowed, not required ("dürfen"), so dealing is made of
//!   moves of the search: while the talon holds cards the moves are "deal the next card"
//!   and "put up an eligible card", nothing else. Play starts when the talon is empty.
//! - The seed re-lays "when all possibilities are exhausted"; with building up and down and
//!   empty columns taking any card some move is nearly always possible, so the re-layout
//!   is a move the player may make at any time of the play phase (twice at most).
//! - If a re-layout leaves fewer than eleven cards, the short first row is dealt and play
//!   starts at once (play lets every top card go up anyway).
//!
//! The split of a suit's cards between its two foundations does not follow from the cards
//! in play (all thirteen ranks up once could be any split), so both heights are in the
//! state and in the key. No reduction: the key is the whole state.
//!
//! ```
//! use patience::games::grosse_napoleon::{GrosseNapoleon, Move};
//! use patience::games::Game;
//! use solvers::Space;
//!
//! let g = GrosseNapoleon;
//! let s = g.pack(&g.deal(1)).unwrap();
//! // Before the first row is out, the only move is to deal the next card, to column 1.
//! let mut next = Vec::new();
//! g.expand(&s, &mut next);
//! assert_eq!(next.len(), 1);
//! assert!(matches!(next[0].mv, Move::Deal { column: 0, .. }));
//! ```

use super::{
    check_partition, counter_in, expect_faces, expect_piles, shuffled_stock, BoardError, Game,
    GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec, Suit};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// Column labels, left to right.
pub const COLUMNS: [&str; 11] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"];
/// The talon's label (face down, its top card is dealt next).
pub const TALON: &str = "talon";
/// The ascending foundations' labels, in suit order (built from an Ace).
pub const UP: [&str; 4] = ["clubs-up", "diamonds-up", "hearts-up", "spades-up"];
/// The descending foundations' labels, in suit order (built from a King).
pub const DOWN: [&str; 4] = ["clubs-down", "diamonds-down", "hearts-down", "spades-down"];
/// The board counter of the cards dealt since the layout began (0 once the talon is empty).
pub const DEALT: &str = "dealt";
/// The board counter of the re-layouts used.
pub const RELAYOUTS: &str = "relayouts";
/// How many re-layouts the game allows.
pub const MAX_RELAYOUTS: u8 = 2;

/// The number of columns.
const NCOL: usize = 11;
/// The talon's index among the piles of [`State`].
const TAL: usize = 11;

/// A move of Große Napoleon. Columns are 0-based (column 1 of the board is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The talon's top card is dealt onto `column` (the one whose turn it is).
    Deal {
        /// The card.
        card: Card,
        /// The column.
        column: u8,
    },
    /// The top card of `column` goes up onto its suit's ascending foundation, or its
    /// descending one when `descending`.
    Up {
        /// The card.
        card: Card,
        /// The column.
        column: u8,
        /// Onto the descending foundation (from the King) rather than the ascending one.
        descending: bool,
    },
    /// The top card of column `from` goes onto column `to` (empty, or topped by a card of
    /// its suit one rank higher or lower).
    Build {
        /// The card.
        card: Card,
        /// The column it leaves.
        from: u8,
        /// The column it goes to.
        to: u8,
    },
    /// The columns are gathered into a new talon and dealt again; `nth` is 1 or 2.
    Relayout {
        /// Which re-layout this is.
        nth: u8,
    },
}

/// The packed state: the eleven columns (bottom first) and then the talon (bottom first, its
/// top dealt next) concatenated in `cards`, zeros after; each pile's length; per suit the
/// height of the ascending foundation and the count of the descending one; the cards dealt
/// since the layout began (0 in play) and the re-layouts used. The whole state is the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    cards: [u8; 104],
    len: [u8; 12],
    up: [u8; 4],
    down: [u8; 4],
    dealt: u8,
    relayouts: u8,
}

fn card(b: u8) -> Card {
    Card::from_index(b)
}

impl State {
    fn total(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }
    fn start(&self, p: usize) -> usize {
        self.len[..p].iter().map(|&l| l as usize).sum()
    }
    /// The cards of pile `p` (a column, or the talon at 11), bottom first.
    fn pile(&self, p: usize) -> &[u8] {
        let s = self.start(p);
        &self.cards[s..s + self.len[p] as usize]
    }
    fn top(&self, p: usize) -> Option<Card> {
        self.pile(p).last().map(|&b| card(b))
    }
    fn pop(&mut self, p: usize) -> Card {
        let total = self.total();
        let i = self.start(p) + self.len[p] as usize - 1;
        let b = self.cards[i];
        self.cards.copy_within(i + 1..total, i);
        self.cards[total - 1] = 0;
        self.len[p] -= 1;
        card(b)
    }
    fn push(&mut self, p: usize, c: Card) {
        let total = self.total();
        let i = self.start(p) + self.len[p] as usize;
        self.cards.copy_within(i..total, i + 1);
        self.cards[i] = c.byte();
        self.len[p] += 1;
    }
    /// Whether cards wait in the talon (the dealing phase).
    pub fn dealing(&self) -> bool {
        self.len[TAL] > 0
    }
    /// The column the next card is dealt to.
    fn next_column(&self) -> usize {
        self.dealt as usize % NCOL
    }
    fn fits_up(&self, c: Card) -> bool {
        let h = self.up[c.suit_unchecked().index()];
        h < 13 && c.rank_unchecked().value() == h + 1
    }
    fn fits_down(&self, c: Card) -> bool {
        let d = self.down[c.suit_unchecked().index()];
        d < 13 && c.rank_unchecked().value() == 13 - d
    }
    /// The cards on the foundations.
    pub fn home(&self) -> u32 {
        self.up
            .iter()
            .chain(&self.down)
            .map(|&h| u32::from(h))
            .sum()
    }
    /// Per suit (clubs first): the ascending foundation's height and the descending one's
    /// count of cards.
    pub fn foundations(&self) -> [(u8, u8); 4] {
        std::array::from_fn(|s| (self.up[s], self.down[s]))
    }
    fn is_won(&self) -> bool {
        self.home() == 104
    }
    /// The columns whose top card may go up now.
    fn may_go_up(&self) -> &'static [usize] {
        const ALL: [usize; 11] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        // In play, or with the first row out and nothing more dealt: any column.
        if !self.dealing() || self.dealt == NCOL as u8 {
            &ALL
        } else if self.dealt > NCOL as u8 {
            &[0, 10]
        } else {
            &[]
        }
    }

    fn deal(&self) -> (Card, usize, State) {
        let mut n = *self;
        let col = self.next_column();
        let c = n.pop(TAL);
        n.push(col, c);
        n.dealt = if n.len[TAL] == 0 { 0 } else { n.dealt + 1 };
        (c, col, n)
    }
    fn up(&self, col: usize, descending: bool) -> State {
        let mut n = *self;
        let c = n.pop(col);
        let s = c.suit_unchecked().index();
        if descending {
            n.down[s] += 1;
        } else {
            n.up[s] += 1;
        }
        n
    }
    fn build(&self, from: usize, to: usize) -> State {
        let mut n = *self;
        let c = n.pop(from);
        n.push(to, c);
        n
    }
    /// The columns gathered into the talon: the rightmost column's packet at the bottom,
    /// each packet turned over (its top card lowest), so the talon's top is column 1's
    /// bottom card.
    fn relayout(&self) -> State {
        let mut n = *self;
        let mut at = 0;
        for col in (0..NCOL).rev() {
            for &b in self.pile(col).iter().rev() {
                n.cards[at] = b;
                at += 1;
            }
        }
        n.len = [0; 12];
        n.len[TAL] = at as u8;
        n.dealt = 0;
        n.relayouts += 1;
        n
    }
}

/// Große Napoleon.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrosseNapoleon;

/// Große Napoleon in the registry of own-rules games ([`own_games!`](crate::own_games)):
/// its catalogue entry, its deck and the game.
pub const GAME: OwnGame<GrosseNapoleon> = OwnGame {
    info: GameInfo {
        id: "grosse-napoleon",
        name: "Große Napoleon",
        summary: "104 cards dealt into 11 columns (first-row cards and then columns 1 and 11 may go up while dealing); build up from Aces and down from Kings, move single cards up or down in suit, any card to an empty column; two re-layouts",
        source: "the seed text on Große Napoleon (German)",
        deterministic: false,
        rules_version: 1,
    },
    deck: DeckSpec::DOUBLE,
    game: GrosseNapoleon,
};

impl GrosseNapoleon {
    fn ups(&self, s: &State, col: usize, out: &mut Vec<Successor<Move, State>>) {
        let Some(c) = s.top(col) else { return };
        for descending in [false, true] {
            let fits = if descending {
                s.fits_down(c)
            } else {
                s.fits_up(c)
            };
            if fits {
                out.push(Successor {
                    mv: Move::Up {
                        card: c,
                        column: col as u8,
                        descending,
                    },
                    state: s.up(col, descending),
                    cost: 1,
                });
            }
        }
    }
}

/// Whether `c` may lie on `t` in a column: same suit, one rank apart.
fn builds_on(c: Card, t: Card) -> bool {
    c.suit_unchecked() == t.suit_unchecked()
        && c.rank_unchecked()
            .value()
            .abs_diff(t.rank_unchecked().value())
            == 1
}

impl Space for GrosseNapoleon {
    type State = State;
    type Key = State;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.is_won()
    }

    fn key(&self, s: &State) -> State {
        *s
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if s.is_won() {
            return;
        }
        for &col in s.may_go_up() {
            self.ups(s, col, out);
        }
        if s.dealing() {
            let (c, col, n) = s.deal();
            out.push(Successor {
                mv: Move::Deal {
                    card: c,
                    column: col as u8,
                },
                state: n,
                cost: 1,
            });
            return;
        }
        // Builds onto a card first, then moves into empty columns; a successor is made only
        // for a legal move.
        let tops: [Option<Card>; NCOL] = std::array::from_fn(|col| s.top(col));
        for onto_empty in [false, true] {
            for (from, &c) in tops.iter().enumerate() {
                let Some(c) = c else { continue };
                for (to, &t) in tops.iter().enumerate() {
                    let legal = match t {
                        None => onto_empty,
                        Some(t) => !onto_empty && builds_on(c, t),
                    };
                    if to != from && legal {
                        out.push(Successor {
                            mv: Move::Build {
                                card: c,
                                from: from as u8,
                                to: to as u8,
                            },
                            state: s.build(from, to),
                            cost: 1,
                        });
                    }
                }
            }
        }
        if s.relayouts < MAX_RELAYOUTS {
            out.push(Successor {
                mv: Move::Relayout {
                    nth: s.relayouts + 1,
                },
                state: s.relayout(),
                cost: 1,
            });
        }
    }

    fn heuristic(&self, s: &State) -> u32 {
        // A talon card needs a deal and a move up; a column card at least a move up.
        2 * u32::from(s.len[TAL]) + (s.total() as u32 - u32::from(s.len[TAL]))
    }

    fn guide(&self, s: &State) -> u32 {
        // The lower bound, plus for each column card the cards above it that it waits for
        // less than they do: what must move away before it can go up.
        // How many cards of its suit must go up before a card can: the nearer of its
        // foundations that has not passed its rank.
        let wait = |b: u8| -> u8 {
            let c = card(b);
            let si = c.suit_unchecked().index();
            let r = c.rank_unchecked().value();
            let a = if r > s.up[si] {
                r - s.up[si] - 1
            } else {
                u8::MAX
            };
            let next_down = 13 - s.down[si];
            let d = if r <= next_down {
                next_down - r
            } else {
                u8::MAX
            };
            a.min(d)
        };
        let mut blocked = 0u32;
        for col in 0..NCOL {
            let p = s.pile(col);
            for (i, &b) in p.iter().enumerate() {
                let w = wait(b);
                blocked += p[i + 1..].iter().filter(|&&x| wait(x) > w).count() as u32;
            }
        }
        self.heuristic(s) + blocked
    }
}

impl Game for GrosseNapoleon {
    fn id(&self) -> GameId {
        GameId::GrosseNapoleon
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, talon) = shuffled_stock(DeckSpec::DOUBLE, n);
        t.piles[talon].label = TALON.to_string();
        for l in COLUMNS {
            t.create_empty(l, Mode::Spread).expect("fresh label");
        }
        for l in UP.iter().chain(DOWN.iter()) {
            t.create_empty(l, Mode::Stacked).expect("fresh label");
        }
        t.set_counter(DEALT, 0);
        t.set_counter(RELAYOUTS, 0);
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let mut labels = vec![TALON];
        labels.extend(COLUMNS);
        labels.extend(UP);
        labels.extend(DOWN);
        let ids = expect_piles(t, &labels)?;
        check_partition(t, DeckSpec::DOUBLE)?;
        expect_faces(t, ids[0], true)?;
        for &p in &ids[1..] {
            expect_faces(t, p, false)?;
        }
        let relayouts = counter_in(t, RELAYOUTS, 0, 0..=u32::from(MAX_RELAYOUTS))? as u8;
        let dealt = counter_in(t, DEALT, 0, 0..=103)? as u8;
        let mut s = State {
            cards: [0; 104],
            len: [0; 12],
            up: [0; 4],
            down: [0; 4],
            dealt,
            relayouts,
        };
        let mut at = 0;
        for (i, &p) in ids[1..=NCOL].iter().chain(&ids[..1]).enumerate() {
            for c in &t.piles[p].cards {
                s.cards[at] = c.face_up().byte();
                at += 1;
            }
            s.len[i] = t.piles[p].height() as u8;
        }
        for suit in Suit::ALL {
            for descending in [false, true] {
                let at = if descending { 16 } else { 12 } + suit.index();
                let p = &t.piles[ids[at]];
                for (i, c) in p.cards.iter().enumerate() {
                    let want = if descending { 13 - i } else { i + 1 } as u8;
                    if c.suit() != Some(suit) || c.rank_unchecked().value() != want {
                        return Err(BoardError::Impossible(format!(
                            "foundation '{}' must run {} of {} (found {c} at place {})",
                            p.label,
                            if descending { "K, Q, ..." } else { "A, 2, ..." },
                            suit.name(),
                            i + 1
                        )));
                    }
                }
                let h = p.height() as u8;
                if descending {
                    s.down[suit.index()] = h;
                } else {
                    s.up[suit.index()] = h;
                }
            }
        }
        check_dealing(&s)?;
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Deal { card, column } => format!("deal {card} to {}", COLUMNS[column as usize]),
            Move::Up {
                card,
                column,
                descending,
            } => {
                let s = card.suit_unchecked().index();
                let f = if descending { DOWN[s] } else { UP[s] };
                format!("{card} from {} up to {f}", COLUMNS[column as usize])
            }
            Move::Build { card, from, to } => format!(
                "{card} from {} to {}",
                COLUMNS[from as usize], COLUMNS[to as usize]
            ),
            Move::Relayout { nth } => format!("re-layout {nth}"),
        }
    }
}

/// Checks the counters and the columns against the dealing: in play the count of cards
/// dealt is 0; while dealing, each column holds at most the cards dealt to it, a middle
/// column at most one fewer (its first-row card may have gone up) and no column fewer
/// before the first row is out; and in the first layout no card was up before dealing.
fn check_dealing(s: &State) -> Result<(), BoardError> {
    let bad = |why: String| Err(BoardError::Impossible(why));
    let dealt = s.dealt as usize;
    if !s.dealing() {
        if dealt != 0 {
            return bad(format!("{DEALT} = {dealt} but the talon is empty"));
        }
        return Ok(());
    }
    let talon = s.len[TAL] as usize;
    if talon + dealt > 104 || (s.relayouts == 0 && talon + dealt != 104) {
        return bad(format!(
            "{talon} cards in the talon and {dealt} dealt do not make a layout's deal"
        ));
    }
    for (col, label) in COLUMNS.iter().enumerate() {
        let to_it = if dealt > col {
            (dealt - 1 - col) / NCOL + 1
        } else {
            0
        };
        let may_lose = if dealt < NCOL {
            0
        } else if col == 0 || col == NCOL - 1 {
            to_it
        } else {
            1
        };
        let h = s.len[col] as usize;
        if h > to_it || h + may_lose < to_it {
            return bad(format!(
                "column {label} holds {h} cards, but {to_it} were dealt to it"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card;

    fn c(s: &str) -> Card {
        parse_card(s).unwrap()
    }

    /// A play-phase engine state from column texts (bottom first), per suit the
    /// (ascending, descending) foundation counts and the re-layouts used. The cards need
    /// not make up the deck: only the move generator sees these states.
    fn state(cols: &[&str], found: [(u8, u8); 4], relayouts: u8) -> State {
        let mut s = State {
            cards: [0; 104],
            len: [0; 12],
            up: [0; 4],
            down: [0; 4],
            dealt: 0,
            relayouts,
        };
        for (i, col) in cols.iter().enumerate() {
            for t in col.split_whitespace() {
                s.push(i, c(t));
            }
        }
        for (i, (a, d)) in found.into_iter().enumerate() {
            s.up[i] = a;
            s.down[i] = d;
        }
        s
    }

    fn moves(s: &State) -> Vec<Move> {
        let mut out = Vec::new();
        GrosseNapoleon.expand(s, &mut out);
        out.into_iter().map(|x| x.mv).collect()
    }

    #[test]
    fn builds_go_up_and_down_in_suit_only_and_never_as_runs() {
        // Column 1: 9H 5S (5S on top); column 2: 6S; column 3: 4S; column 4: 6H.
        let s = state(
            &["9H 5S", "6S", "4S", "6H", "", "", "", "", "", "", ""],
            [(0, 0); 4],
            2,
        );
        let b: Vec<(u8, u8)> = moves(&s)
            .into_iter()
            .filter_map(|m| match m {
                Move::Build { from, to, .. } if s.top(to as usize).is_some() => Some((from, to)),
                _ => None,
            })
            .collect();
        // 5S onto 6S (up) and onto 4S (down); 6S onto 5S; 4S onto 5S; nothing onto 6H
        // or from it (hearts), and never 9H (covered).
        assert_eq!(b, vec![(0, 1), (0, 2), (1, 0), (2, 0)]);
        // Every top card may go to each of the seven empty columns.
        let empty = moves(&s)
            .iter()
            .filter(|m| matches!(m, Move::Build { to, .. } if s.top(*to as usize).is_none()))
            .count();
        assert_eq!(empty, 4 * 7);
        // No re-layout left, no card fits a foundation: nothing else.
        assert_eq!(moves(&s).len(), 4 + 28);
        // Moving 5S away leaves 9H on top: one card at a time.
        let n = s.build(0, 1);
        assert_eq!(n.top(0), Some(c("9H")));
        assert_eq!(n.top(1), Some(c("5S")));
        // No wrap: a King does not go onto an Ace.
        let w = state(
            &["KC", "AC", "", "", "", "", "", "", "", "", ""],
            [(0, 0); 4],
            2,
        );
        assert!(!moves(&w)
            .iter()
            .any(|m| matches!(m, Move::Build { to, .. } if w.top(*to as usize).is_some())));
    }

    #[test]
    fn a_card_that_continues_both_foundations_may_go_on_either() {
        // Hearts: up to 4 ascending, K..6 descending (8 cards): a 5H continues both.
        let s = state(
            &["5H", "AC", "KD", "QD", "", "", "", "", "", "", ""],
            [(0, 0), (0, 1), (4, 8), (0, 0)],
            2,
        );
        let ups: Vec<Move> = moves(&s)
            .into_iter()
            .filter(|m| matches!(m, Move::Up { .. }))
            .collect();
        assert_eq!(
            ups,
            vec![
                Move::Up {
                    card: c("5H"),
                    column: 0,
                    descending: false
                },
                Move::Up {
                    card: c("5H"),
                    column: 0,
                    descending: true
                },
                Move::Up {
                    card: c("AC"),
                    column: 1,
                    descending: false
                },
                Move::Up {
                    card: c("QD"),
                    column: 3,
                    descending: true
                },
            ]
        );
        // The two ways up are different states with different keys.
        let a = s.up(0, false);
        let b = s.up(0, true);
        assert_eq!(a.foundations()[2], (5, 8));
        assert_eq!(b.foundations()[2], (4, 9));
        assert_eq!(a.home(), b.home());
        assert_ne!(GrosseNapoleon.key(&a), GrosseNapoleon.key(&b));
        // A second King of diamonds cannot start another descending foundation.
        assert!(!moves(&s).contains(&Move::Up {
            card: c("KD"),
            column: 2,
            descending: true
        }));
    }

    #[test]
    fn dealing_phase_moves() {
        let g = GrosseNapoleon;
        let mut s = g.pack(&g.deal(3)).unwrap();
        // The first row: only deals, to columns 1 to 11 in turn.
        for col in 0..11u8 {
            let m = moves(&s);
            assert_eq!(m.len(), 1);
            assert!(matches!(m[0], Move::Deal { column, .. } if column == col));
            s = s.deal().2;
        }
        assert_eq!(s.dealt, 11);
        // First row out: any column's top card that fits may go up, and the deal goes on.
        let mut t = s;
        t.len = [0; 12];
        t.cards = [0; 104];
        for (i, x) in [
            "5C", "AC", "KH", "9S", "AC", "2D", "3D", "4D", "QS", "KS", "AS",
        ]
        .iter()
        .enumerate()
        {
            t.push(i, c(x));
        }
        for x in 0..93 {
            t.push(TAL, card(x % 52));
        }
        let m = moves(&t);
        let up_cols: Vec<u8> = m
            .iter()
            .filter_map(|m| match m {
                Move::Up { column, .. } => Some(*column),
                _ => None,
            })
            .collect();
        assert_eq!(up_cols, vec![1, 2, 4, 9, 10]);
        assert!(matches!(m.last(), Some(Move::Deal { column: 0, .. })));
        // After a follower goes up it may go on: AC, then nothing else of clubs (5C waits).
        let t2 = t.up(1, false);
        assert!(!moves(&t2).contains(&Move::Up {
            card: c("AC"),
            column: 4,
            descending: false
        }));
        // The rest dealt round: only columns 1 and 11 may send a card up.
        let (_, col, t3) = t.deal();
        assert_eq!((col, t3.dealt), (0, 12));
        let up_cols: Vec<u8> = moves(&t3)
            .iter()
            .filter_map(|m| match m {
                Move::Up { column, .. } => Some(*column),
                _ => None,
            })
            .collect();
        assert_eq!(up_cols, vec![10]);
        // No builds and no re-layout while dealing.
        assert!(moves(&t3)
            .iter()
            .all(|m| matches!(m, Move::Up { .. } | Move::Deal { .. })));
    }

    #[test]
    fn the_last_card_dealt_starts_play() {
        let g = GrosseNapoleon;
        let mut s = g.pack(&g.deal(5)).unwrap();
        let mut to = [0u8; 11];
        while s.dealing() {
            let (_, col, n) = s.deal();
            to[col] += 1;
            s = n;
        }
        // 104 = 11 + 93: column 1 to 5 get ten cards, the others nine.
        assert_eq!(to, [10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9]);
        assert_eq!(s.dealt, 0);
        assert!(moves(&s).contains(&Move::Relayout { nth: 1 }));
        let back = g.pack(&g.deal(5)).unwrap();
        assert_eq!(back.pile(TAL).len(), 104);
    }

    #[test]
    fn key_holds_the_split_of_each_suit_between_its_foundations() {
        let a = state(
            &["KC", "", "", "", "", "", "", "", "", "", ""],
            [(13, 0), (13, 13), (13, 13), (13, 12)],
            0,
        );
        let b = state(
            &["KC", "", "", "", "", "", "", "", "", "", ""],
            [(13, 0), (13, 13), (13, 13), (12, 13)],
            0,
        );
        assert_eq!(a.home(), b.home());
        assert_ne!(GrosseNapoleon.key(&a), GrosseNapoleon.key(&b));
    }

    #[test]
    fn pack_refuses_impossible_dealing_counters() {
        let g = GrosseNapoleon;
        let mut t = g.deal(1);
        t.set_counter(DEALT, 5);
        assert!(matches!(g.pack(&t), Err(BoardError::Impossible(_))));
        let mut t = g.deal(1);
        t.set_counter(RELAYOUTS, 3);
        assert!(g.pack(&t).is_err());
    }
}
