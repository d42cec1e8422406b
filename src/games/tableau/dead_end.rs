//! Dead ends: positions known lost without a search, which the move generator expands to
//! nothing ([`Tableau::dead_end`]).
//!
//! Besides Diamond Mine's stuck suit (`Tableau::home_suit_stuck`), a position is a dead end
//! when some card can never reach its foundation (`Tableau::card_never_home`): worked out
//! as the least fixed point of conditions every departure of a pile card needs, so that a
//! card outside it never leaves its place. ARCHITECTURE.md ("Reductions": "Cards that
//! never go home") has the argument; the differential tests check every position cut
//! against the plain search over the referee's layouts.

use super::rules::MAX_PILES;
use super::rules::{EmptyFill, Rules, StockRules, Won};
use super::state::DOWN;
use super::{State, Tableau};
use crate::cards::{Card, DeckSpec};
use rustc_hash::FxHasher;
use std::cell::RefCell;
use std::hash::Hasher;

/// The 52 cards, one bit each by identity.
const ALL: u64 = (1 << 52) - 1;
/// One suit's thirteen cards.
const SUIT: u64 = (1 << 13) - 1;
/// No card (past a pile's ends).
const NONE: u8 = u8::MAX;

/// The bytes of a position's layout as `Tableau::card_never_home` reads it: the piles'
/// lengths (`MAX_PILES`), their cards (at most a deck), the foundations' heights.
pub(super) const LAYOUT: usize = MAX_PILES + 52 + 4;

/// How many verdicts of `Tableau::card_never_home` each thread keeps (in the unit tests
/// few, so that layouts meet in a slot and the lookup's exact comparison is put to use).
const VERDICTS: usize = if cfg!(test) { 1 << 5 } else { 1 << 15 };

/// One kept verdict: the rules (`Features::id`), the layout, whether it is a dead end.
#[derive(Clone, Copy)]
struct Verdict {
    rules: u64,
    layout: [u8; LAYOUT],
    dead: bool,
}

impl Default for Verdict {
    fn default() -> Self {
        // No rules have id 0 (`Features::id` counts from 1).
        Verdict {
            rules: 0,
            layout: [0; LAYOUT],
            dead: false,
        }
    }
}

thread_local! {
    /// The verdicts this thread worked out last, by a hash of the layout: a slot holds the
    /// last one of its hash, looked up by the exact layout and rules.
    static LATE_VERDICTS: RefCell<Vec<Verdict>> = const { RefCell::new(Vec::new()) };
}

/// Whether the rules let `Tableau::card_never_home` run: those its argument is written
/// for. One full deck (every card its own identity); foundations by suit from the Ace up,
/// taking single cards, every card home to win; no cells a card may be put into (where any
/// card may go, the test never fires; King Albert's reserve, which only gives, lies off the
/// tableau like a talon); no redeal gathering the piles (the only move that takes a pile
/// card away other than home, onto a card it builds on, or into an empty pile); an empty
/// pile taken by Kings, by any card, or by none. Cards the rules put onto a pile whatever
/// lies there (a stock dealt onto every pile, a pile filled at once from the talon or the
/// reserve) count as tops from the start.
pub(super) fn finds_dead_ends(r: &Rules) -> bool {
    r.deck() == DeckSpec::FULL
        && r.won == Won::AllHome
        && r.foundations.by_suit_from_ace()
        && (r.cells.count == 0 || !r.cells.accept)
        && !matches!(r.stock, StockRules::Redeal { .. })
        && matches!(
            r.tableau.empty,
            EmptyFill::Kings | EmptyFill::None | EmptyFill::Any
        )
}

/// The cards that may start an empty pile (with foundations from the Ace), by identity.
pub(super) fn empty_takers(r: &Rules) -> u64 {
    (0..52u8)
        .filter(|&c| r.fills_empty(Card::from_index(c), 1))
        .fold(0, |m, c| m | 1 << c)
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether the rules let [`Tableau::card_never_home`] look for cards that never go
    /// home (one full deck, foundations by suit from the Ace, no cells: `finds_dead_ends`).
    pub fn finds_dead_ends(&self) -> bool {
        self.feat.dead_ends
    }

    /// Whether `s` is known lost without a search: a suit stuck out of its foundation's
    /// order (`Tableau::home_suit_stuck`) or a card that can never go home
    /// (`Tableau::card_never_home`). The move generator gives such a position no moves.
    pub fn dead_end(&self, s: &State<N>) -> bool {
        self.home_suit_stuck(s) || self.card_never_home(s)
    }

    /// Whether some card of `s` can never reach its foundation, so that `s` is lost.
    ///
    /// A tableau card leaves its place (for the first time) only
    /// - home: every card now above it has left, and it is an Ace or the card below it in
    ///   its suit has gone home;
    /// - onto a card it builds on (`Features::fits`) that is then a pile's top: one still
    ///   in place with every card above it gone, one that has left its place, or one off
    ///   the tableau (talon, reserve; home, where cards come back) once played onto a pile,
    ///   itself onto such a card or into an empty pile, or put there by the rules whatever
    ///   lay there (a deal onto every pile, a pile filled at once from the talon or the
    ///   reserve: then every card off the tableau may be a top); or into an empty pile, if it may
    ///   start one: a pile empty now or whose bottom card has left. As a single card every
    ///   card above it has left; at the bottom of a group every face-down card above it
    ///   has been turned (every card above the lowest of them has left);
    /// - carried in a group by the face-up card just below it, which leaves with it.
    ///
    /// A face-down card first waits for every card above it to leave. The cards that may
    /// leave are the least set closed under these rules (found from a work list: a card is
    /// looked at again when one it waits for is added); a card goes home only if it is
    /// home, or may leave its place (or lies off the tableau) and the cards below it in its
    /// suit go home. Every departure of a real line
    /// meets one of the rules with departures before it (or, carried, the one below it in
    /// the same group), so the set holds every card that ever leaves, and a card outside
    /// the cards that go home never does: the position is lost.
    pub fn card_never_home(&self, s: &State<N>) -> bool {
        if !self.feat.dead_ends {
            return false;
        }
        if !self.feat.dead_end_memo {
            return self.never_home(s);
        }
        // The verdict asks only the rules, the piles and the foundations (with returns, the
        // piles alone): positions that differ in the talon alone (three cards a turn: about
        // half those expanded) share it, so the last ones are kept, by their exact layout.
        let np = self.rules.piles();
        let mut layout = [0u8; LAYOUT];
        let in_piles: usize = s.len[..np].iter().map(|&l| usize::from(l)).sum();
        layout[..np].copy_from_slice(&s.len[..np]);
        layout[MAX_PILES..MAX_PILES + in_piles].copy_from_slice(&s.cards[..in_piles]);
        // Where cards come back from the foundations, the verdict does not read them either:
        // the cards home count as off the tableau, which every card is but the piles'.
        if !self.feat.returns {
            layout[LAYOUT - 4..].copy_from_slice(&s.home);
        }
        self.kept_verdict(&layout, || self.never_home(s))
    }

    /// The verdict of `Tableau::card_never_home` for the position whose layout (as
    /// `card_never_home` writes it: the piles' lengths, their cards, the foundations'
    /// heights where no card comes back) is `layout`: the one this thread kept for it, or
    /// `work`'s, then kept.
    pub(super) fn kept_verdict(&self, layout: &[u8; LAYOUT], work: impl FnOnce() -> bool) -> bool {
        let mut hasher = FxHasher::default();
        hasher.write(layout);
        let slot = hasher.finish() as usize % VERDICTS;
        let rules = self.feat.id;
        let known = LATE_VERDICTS.with_borrow(|v| {
            v.get(slot)
                .filter(|k| k.rules == rules && k.layout == *layout)
                .map(|k| k.dead)
        });
        if let Some(dead) = known {
            return dead;
        }
        let dead = work();
        LATE_VERDICTS.with_borrow_mut(|v| {
            if v.is_empty() {
                v.resize(VERDICTS, Verdict::default());
            }
            v[slot] = Verdict {
                rules,
                layout: *layout,
                dead,
            };
        });
        dead
    }

    /// [`Tableau::card_never_home`] worked out (not looked up).
    pub(super) fn never_home(&self, s: &State<N>) -> bool {
        let np = self.rules.piles();
        let feat = &self.feat;
        let mut home = 0u64;
        for (i, &h) in s.home.iter().enumerate() {
            home |= ((1u64 << h) - 1) << (13 * i);
        }
        // Each pile card's neighbours in its pile (`NONE` past the ends), the cards that
        // lie face down, and for each card the one under which every card must leave
        // before the lowest face-down card above it is turned (`NONE`: no face-down card
        // lies above it).
        let mut below = [NONE; 52];
        let mut above = [NONE; 52];
        let mut turned_under = [NONE; 52];
        let mut down = 0u64;
        let mut in_piles = 0u64;
        // The lowest card of each pile that may not leave, above which every card may
        // (at first its top; NONE when the pile may be emptied).
        let mut lowest_kept = [NONE; super::rules::MAX_PILES];
        let mut pile_of = [0u8; 52];
        let mut empty = false;
        let mut at = 0;
        for (p, kept) in lowest_kept.iter_mut().enumerate().take(np) {
            let len = usize::from(s.len[p]);
            let mut last = NONE;
            let mut lowest_down = NONE;
            for &b in s.cards[at..at + len].iter().rev() {
                let c = b & !DOWN;
                in_piles |= 1 << c;
                pile_of[usize::from(c)] = p as u8;
                above[usize::from(c)] = last;
                if last != NONE {
                    below[usize::from(last)] = c;
                }
                turned_under[usize::from(c)] = lowest_down;
                if b & DOWN != 0 {
                    down |= 1 << c;
                    lowest_down = c;
                }
                last = c;
            }
            *kept = if len == 0 {
                NONE
            } else {
                s.cards[at + len - 1] & !DOWN
            };
            empty |= len == 0;
            at += len;
        }
        let off = ALL & !in_piles & !home;
        let may_land = off | if feat.returns { home } else { 0 };
        // The cards that may go home: per suit, how many from the Ace are home, off the
        // tableau, or may leave their places.
        let mut reach = home | off;
        // Where every pile card may start an empty pile, one empty pile lets every card
        // leave, each pile from its top down (a face-down card once every card above it has
        // left): none is kept from home.
        let all_take_empty = feat.empty_takers & in_piles == in_piles;
        if reach == ALL || empty && all_take_empty {
            return false;
        }
        let mut prefix = [0u32; 4];
        for (suit, n) in prefix.iter_mut().enumerate() {
            *n = ((reach >> (13 * suit)) & SUIT).trailing_ones();
        }
        // Cards that may be a pile's top: the tops, the cards that may leave (and so lie
        // elsewhere), the cards off the tableau that may be played onto one.
        let mut onto = 0u64;
        for &kept in &lowest_kept[..np] {
            if kept != NONE {
                onto |= 1 << kept;
            }
        }
        // The piles' lowest kept cards: looked at before the others, since a card under
        // them waits for them to leave (the order changes the work, not the fixed point).
        let mut tops = onto;
        let blocked = if feat.groups { down } else { ALL };
        if empty {
            onto |= feat.empty_takers & may_land;
        }
        // Cards the rules put onto the piles whatever lies there (a stock dealt onto every
        // pile, a pile a move empties filled from the talon or the reserve): each may be a
        // top, without building on one.
        if feat.deal_to > 0 || feat.talon_fills || feat.reserve_fills {
            onto |= may_land;
        }
        let mut fresh = onto;
        let mut landed = onto & may_land;
        let mut leave = 0u64;
        // The cards to look at (again): at first the tops and the face-up cards (a
        // face-down card under another leaves only once every card above it has).
        let mut dirty = onto & in_piles | (in_piles & !down);
        loop {
            // Cards newly able to be a top: their guests may now go onto them, and those off
            // the tableau land.
            while fresh != 0 {
                let u = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let guests = feat.guests[u];
                dirty |= guests & in_piles;
                let land = guests & may_land & !landed;
                landed |= land;
                fresh |= land & !onto;
                onto |= land;
            }
            // Only a pile's lowest kept card leaves alone (home, or onto a card as the
            // bottom of nothing above it); a card under it waits, but for a face-up one
            // where groups move. Those waiting are looked at again once they are the lowest.
            dirty &= !leave & !(blocked & !tops);
            if dirty == 0 {
                return true;
            }
            let first = if dirty & tops != 0 {
                dirty & tops
            } else {
                dirty
            };
            let x = first.trailing_zeros() as usize;
            let bit = 1u64 << x;
            dirty &= !bit;
            let p = usize::from(pile_of[x]);
            // Every card above may leave: `x` is the pile's lowest kept card.
            let all_above = lowest_kept[p] as usize == x;
            let target = feat.fits[x] & onto != 0 || (empty && feat.empty_takers & bit != 0);
            let b = below[x];
            let carried = feat.groups && b != NONE && (down | !leave) >> b & 1 == 0;
            let rank = (x % 13) as u32;
            let goes_home = all_above && (rank == 0 || prefix[x / 13] >= rank);
            let ok = if down & bit == 0 {
                // Every card above that face-down card may leave: it is the pile's lowest
                // kept card, or lies above it (and so may leave).
                let t = turned_under[x];
                let turned = t == NONE || t == lowest_kept[p] || leave >> t & 1 != 0;
                target && turned && (feat.groups || all_above) || carried || goes_home
            } else {
                all_above && (target || carried) || goes_home
            };
            if !ok {
                continue;
            }
            leave |= bit;
            reach |= bit;
            if reach == ALL {
                return false;
            }
            // The suit's cards that may go home, and the next one's way home.
            let suit = x / 13;
            if prefix[suit] == rank {
                let n = ((reach >> (13 * suit as u32 + rank)) & (SUIT >> rank)).trailing_ones();
                prefix[suit] = rank + n;
                if prefix[suit] < 13 {
                    dirty |= (1u64 << (13 * suit as u32 + prefix[suit])) & in_piles;
                }
            }
            if onto & bit == 0 {
                onto |= bit;
                fresh |= bit;
            }
            // The card above, carried by this one.
            if feat.groups && down & bit == 0 && above[x] != NONE {
                dirty |= 1 << above[x];
            }
            if all_above {
                let mut y = b;
                while y != NONE && leave >> y & 1 != 0 {
                    y = below[usize::from(y)];
                }
                lowest_kept[p] = y;
                tops &= !bit;
                if y == NONE {
                    if all_take_empty {
                        return false;
                    }
                    if !empty {
                        empty = true;
                        dirty |= feat.empty_takers & in_piles;
                        let land = feat.empty_takers & may_land & !landed;
                        landed |= land;
                        fresh |= land & !onto;
                        onto |= land;
                    }
                } else {
                    // A new top; a face-down one turned, the face-up cards under it may move
                    // with it.
                    tops |= 1 << y;
                    if onto >> y & 1 == 0 {
                        onto |= 1 << y;
                        fresh |= 1 << y;
                    }
                    dirty |= 1 << y;
                    let mut z = below[usize::from(y)];
                    while down >> y & 1 != 0 && z != NONE && down >> z & 1 == 0 {
                        dirty |= 1 << z;
                        z = below[usize::from(z)];
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::tableau::testing::{self, board, game, two_decks};
    use crate::games::tableau::{State, Tableau};
    use crate::games::Game;
    use crate::piles::Table;
    use crate::study::{solve, SolveConfig, Verdict};
    use solvers::Space;

    /// A kept verdict is read for its own layout only: of two layouts with the same pile
    /// lengths that meet in one slot of the table, each gets the verdict worked out for it.
    #[test]
    fn a_kept_verdict_is_read_for_its_exact_layout_only() {
        use super::{FxHasher, LAYOUT, MAX_PILES, VERDICTS};
        use std::hash::Hasher;
        let g = game("klondike");
        let slot = |l: &[u8; LAYOUT]| {
            let mut h = FxHasher::default();
            h.write(l);
            h.finish() as usize % VERDICTS
        };
        // One card on the first pile: the first layout, and one of another card in its slot.
        let mut a = [0u8; LAYOUT];
        a[0] = 1;
        let b = (1..52u8)
            .map(|c| {
                let mut b = a;
                b[MAX_PILES] = c;
                b
            })
            .find(|b| slot(b) == slot(&a))
            .expect("few slots in the tests: some other card meets the first");
        assert!(g.kept_verdict(&a, || true));
        assert!(!g.kept_verdict(&b, || false), "b's own verdict, not a's");
        assert!(g.kept_verdict(&a, || true), "a's again");
    }

    /// A Klondike board: pile 1 as given, the other six empty, the foundations up to the
    /// given cards, `stock` face down.
    fn klondike_board(pile: &str, homes: [&str; 4], stock: &str) -> String {
        let mut text = format!("1 (spread): {pile}\n");
        for p in 2..=7 {
            text += &format!("{p} (spread):\n");
        }
        for (name, top) in ["clubs", "diamonds", "hearts", "spades"].iter().zip(homes) {
            let suit = &name[..1].to_uppercase();
            let ranks = "A23456789TJQK";
            let n = ranks.find(top).map_or(0, |i| i + 1);
            let cards: Vec<String> = ranks[..n].chars().map(|r| format!("{r}{suit}")).collect();
            text += &format!("{name} (stacked): {}\n", cards.join(" "));
        }
        text + &format!("stock (stacked): {stock}\nwaste (stacked):\n")
    }

    /// JS lies on the two red Queens it could go onto and on TS, which must go home before
    /// it: it never moves, and the position is lost (no moves). With JS face down under QD,
    /// QD goes onto KC (back from home into an empty pile), JS onto QD, and all goes home.
    #[test]
    fn a_card_on_every_way_out_of_its_place_is_a_dead_end() {
        let g = game("klondike");
        let stuck = board(
            &g,
            &klondike_board("#TS #QH #QD JS", ["K", "J", "J", "9"], "#KD #KH #QS #KS"),
        );
        assert!(g.card_never_home(&stuck));
        let mut out = Vec::new();
        g.expand(&stuck, &mut out);
        assert!(out.is_empty(), "a dead end has no moves");
        let text = klondike_board("#TS #QH #JS QD", ["K", "J", "J", "9"], "#KD #KH #QS #KS");
        assert!(!g.card_never_home(&board(&g, &text)));
        let open = Table::parse(&text).expect("board");
        let report = solve(&g, &open, &SolveConfig::default()).expect("solves");
        assert_eq!(report.verdict, Verdict::Solved);
    }

    /// Yukon: 8D lies on JS, which it does not build on, over 7D and both black Nines, the
    /// cards it could go home after or onto: alone it could never leave, but JS carries it
    /// onto QH (any face-up group moves), and the position is won.
    #[test]
    fn a_card_carried_by_the_card_under_it_is_no_dead_end() {
        let g = game("yukon");
        let text = "1 (spread): #9S #9C #7D JS 8D\n2 (spread): QH\n3 (spread): KC QC JC TC\n\
            4 (spread): KD QD JD TD 9D\n5 (spread): KS QS TS\n6 (spread): KH\n7 (spread):\n\
            clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C\ndiamonds (stacked): AD 2D 3D 4D 5D 6D\n\
            hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH\n\
            spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S\n";
        assert!(!g.card_never_home(&board(&g, text)));
        let open = Table::parse(text).expect("board");
        let report = solve(&g, &open, &SolveConfig::default()).expect("solves");
        assert_eq!(report.verdict, Verdict::Solved);
    }

    /// The verdicts kept per thread are those worked out: along random lines of Klondike
    /// (three cards a turn, where positions often differ in the talon alone), Athena (one
    /// card a turn, face-down rows) and Yukon (nothing kept: no talon), each position's
    /// verdict, asked once and again, is the one worked out anew.
    #[test]
    fn kept_verdicts_are_the_ones_worked_out() {
        for id in ["klondike", "athena", "yukon"] {
            let g = game(id);
            let mut dead = 0;
            along_random_lines(&g, |s| {
                let worked_out = g.never_home(s);
                assert_eq!(g.card_never_home(s), worked_out, "{id}");
                assert_eq!(g.card_never_home(s), worked_out, "{id}");
                dead += usize::from(worked_out);
            });
            assert!(dead > 0, "{id}: the lines meet dead ends");
        }
    }

    /// A verdict kept under one game's rules is not read under another's: along random
    /// lines of Klondike, positions whose piles and foundations Thumb and Pouch (building
    /// in any suit but the card's own, a waste too, so its verdicts are kept as well)
    /// judges otherwise are asked of both games in turn on one thread, each time getting
    /// its own game's verdict.
    #[test]
    fn a_verdict_is_kept_for_its_own_rules() {
        let (klondike, thumb) = (game("klondike"), game("thumb-and-pouch"));
        assert!(thumb.feat.dead_end_memo);
        let mut differ = 0;
        along_random_lines(&klondike, |s| {
            // Thumb and Pouch's test reads only the piles and foundations of Klondike's state.
            let (k, t) = (klondike.never_home(s), thumb.never_home(s));
            if k != t {
                differ += 1;
                for _ in 0..2 {
                    assert_eq!(klondike.card_never_home(s), k);
                    assert_eq!(thumb.card_never_home(s), t);
                }
            }
        });
        assert!(differ > 0, "the two rules judge some layouts otherwise");
    }

    /// Every position of a random line of up to 120 moves from each of `g`'s deals 1 to
    /// 30 (the same lines each run), to `visit`.
    fn along_random_lines(g: &Tableau, visit: impl FnMut(&State<52>)) {
        testing::along_random_lines(g, 30, 120, 0x9e37_79b9_7f4a_7c15, visit);
    }

    /// Klondike's deal 48 is lost from the start: AC lies under QH, QD, 4S and JS; JS may
    /// go onto neither red Queen (both under it) nor home (4S under it), and the cards
    /// above AC wait on it in turn.
    #[test]
    fn klondike_deal_48_is_a_dead_end_from_the_start() {
        let g = game("klondike");
        let start = |n| g.pack(&g.deal(n)).expect("a deal packs");
        assert!(g.card_never_home(&start(48)));
        assert!(!g.card_never_home(&start(1)));
    }

    /// Where the cut applies: one full deck, foundations by suit from the Ace, no cells
    /// that take cards, no redeal of the piles; and where its verdicts are kept (a waste).
    #[test]
    fn the_cut_applies_to_the_rules_its_argument_covers() {
        for id in [
            "klondike",
            "klondike-draw1",
            "yukon",
            "athena",
            "bakers-dozen-classic",
            "streets-and-alleys-classic",
            "beleaguered-castle",
            "king-albert-classic",
            "whitehead",
            "easthaven",
        ] {
            assert!(game(id).finds_dead_ends(), "{id}");
        }
        for id in ["klondike", "whitehead", "athena"] {
            assert!(game(id).feat.dead_end_memo, "{id}");
        }
        for id in ["yukon", "streets-and-alleys-classic", "easthaven"] {
            assert!(!game(id).feat.dead_end_memo, "{id}");
        }
        for id in ["freecell", "eight-off", "canfield", "agnes", "lady-jane"] {
            assert!(!game(id).finds_dead_ends(), "{id}");
        }
        for id in ["forty-thieves", "spider-4suits"] {
            assert!(!two_decks(id).finds_dead_ends(), "{id}");
        }
    }
}
