//! The [`Game`] implementation: the engine as the rest of the crate plays it (deals, boards,
//! notation, Mogelpat's score and helper piles, the focused and compound searches, fc-solve's
//! board text).

use super::moves::{pile_label, verbose, Move, Place};
use super::rules::Takes;
use super::state::State;
use super::{fcs, pysol_layouts, runs, Tableau};
use crate::games::{self, BoardError, Game, GameId, Score};
use crate::piles::Table;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether the game is won with every card in runs and runs may go home: then going
    /// home is a choice, and the fewer runs sent home the better (Mogelpat's helper piles).
    pub fn counts_helpers(&self) -> bool {
        self.feat.won_in_runs && self.feat.takes == Takes::Runs
    }

    /// Complete runs on the foundations in `s`.
    pub fn runs_home(&self, s: &State<N>) -> u32 {
        s.home_count() / 13
    }

    /// Two decks and a waste turned back at least once (Backbone, Little Forty, Jumbo,
    /// Zebra): their wins come to depth-first search in the generator's order (foundation
    /// moves, the tableau's, then the stock's) more than to any other search, so the
    /// portfolio's depth-first step takes that order and eight times its share. With
    /// 100,000 states a deal (2026-12-02): Backbone's deals 1 to 40 gave the portfolio 3
    /// wins, depth-first search alone 9 (guided 1, the beam none), the portfolio so
    /// changed 10 (guided with the larger share, 2), and deals 41 to 100 (kept apart to
    /// check) 1 before against 13; Little Forty's deals 1 to 30 at 300,000 states 6 before
    /// against 14 (depth-first search alone 13), in 102 s of search against 412 s; Jumbo's
    /// 1 to 40 1 against 2, but its 1 to 1000 at 300,000 states 42 against 36 (in 5816 s
    /// of search against 1798 s); Zebra's 1 to 1000 at a million states 998 against all
    /// 1000.
    pub(super) fn redeals_two_decks(&self) -> bool {
        self.rules.decks > 1 && self.feat.waste_redeals > 0
    }
}

impl<const N: usize, const K: usize> Game for Tableau<N, K> {
    fn id(&self) -> GameId {
        GameId::Tableau(self.index)
    }

    fn deal(&self, n: u64) -> Table {
        self.deal_layout(n)
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
        Some(layout.map(|l| self.layout(&l)))
    }

    fn pack(&self, t: &Table) -> Result<State<N>, BoardError> {
        self.pack_layout(t)
    }

    fn notation(&self, mv: &Move) -> String {
        self.move_notation(mv)
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

    /// Games of suit runs, and Gypsy (`Tableau::guides_dealt_runs`): best-first or a beam
    /// over [`runs::Focused`], the moves that seldom help left out, or best-first over every
    /// move; all with the piles taken as interchangeable while the stock deals whole rounds
    /// onto every pile
    /// ([`Tableau::for_wins_only`]). Games with a waste: a beam over every move, which at
    /// 300,000 states a deal won 7 of Forty Thieves' deals 1 to 20 and 11 of Streets'
    /// where the portfolio without it won 4 and 5.
    fn focused_search(
        &self,
        state: &State<N>,
        search: games::Focus,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        if self.feat.draw > 0 {
            // Games with a waste: the beam only, over every move (the complete best-first
            // searches of the portfolio are the other searches).
            return match search {
                games::Focus::Beam { width } => Some(solvers::beam(self, *state, width, limits)),
                _ => None,
            };
        }
        if !self.plays_suit_runs() && !self.guides_dealt_runs() {
            return None;
        }
        let loose = (*self).for_wins_only();
        let space = runs::Focused(&loose);
        match search {
            games::Focus::BestFirst(mode) => {
                Some(solvers::best_first(&space, *state, mode, limits))
            }
            games::Focus::Beam { width } => Some(solvers::beam(&space, *state, width, limits)),
            games::Focus::AllMoves(mode) => {
                // Only where the loose piles differ from the exact ones.
                let f = &self.feat;
                (f.deal_to != 0 && usize::from(f.deal_to) == self.rules.piles() && state.stock > 0)
                    .then(|| solvers::best_first(&loose, *state, mode, limits))
            }
        }
    }

    /// Games with a waste: their lost deals fall to depth-first search several times
    /// sooner than to best-first (Forty Thieves deals 80 and 92: guided DFS alone exhausts
    /// them in 0.7 and 1.4 s; within the portfolio, whose earlier rounds and beam come
    /// first, they take 0.9 and 4.0 s). Running the depth-first step before the beam
    /// decided the same 34 of deals 1 to 100 at 5 s a deal.
    fn portfolio_dfs(&self) -> bool {
        self.feat.draw > 0
    }

    /// One deck without a reserve (Klondike and its family): the generator's own order
    /// (foundation moves, then the tableau's, then the waste's) beats the guide's. With
    /// 100,000 states a deal, plain against guided: Klondike deals 1 to 200 won 150 against
    /// 146 in 2.55 against 2.84 million states; of deals 1 to 100, Klondike draw 1 92 against
    /// 90, draw 1 in three passes 88 against 79, draw 3 in three passes 62 against 58, Athena
    /// 78 against 75, Saratoga 92 against 90, Zebra 100 against 99; Whitehead 87 against 88,
    /// Aunt Mary 11 against 12, the others the same (at a million states, deals 1 to 1000,
    /// Gold Mine won 959 against 962, the one file of the family that lost). With a reserve (Canfield 77 against 83,
    /// Eagle Wing 70 against 69) or two decks without a redeal (Forty Thieves the same) the
    /// guide keeps its place. Depth-first search alone (2026-12-02, 100,000 states a
    /// deal, deals 1 to 20 of the two-deck family, the generator's order against guided):
    /// Indian 3 against 17, Rank and File 3 against 9, Number Ten 3 against 8, Limited 3
    /// against 9, Streets 2 against 5, Lucas 15 against 19, Maria 0 against 2, Forty Thieves
    /// 0 against 1; but Backbone 3 against 1 (deal 18 in 155 states, which the portfolio
    /// first wins at 52,979 states with a second depth-first search in that order beside it,
    /// a trial not kept: Backbone 2 of the 20 against 1, the five others the same) and
    /// Little Forty 4 against 4 (at a million states, deals 1 to 12: 10 against 6, the
    /// portfolio 8; all but deal 1 won by one of the three).
    /// Two decks with a redeal of the waste (Backbone, Little Forty, Jumbo 2 against 1,
    /// Zebra) take the generator's order too (see `Tableau::redeals_two_decks`).
    fn portfolio_dfs_guided(&self) -> bool {
        !self.redeals_two_decks() && (self.rules.decks > 1 || self.feat.reserve > 0)
    }

    /// Eight times the usual share wherever the depth-first step takes the generator's
    /// order (`portfolio_dfs_guided` false), one elsewhere. Measured with a million states
    /// a deal (2026-12-02), eight against one: Klondike deals 1 to 1000 decided 965 against
    /// 953 (793 won against 791, 172 lost against 162) in 139 s of search against 189 s;
    /// Klondike draw 1 981 against 973 (the same 899 won) in 95 s against 124 s; on deals 1
    /// to 300, draw 3 in three passes 300 against 294 (28% less time), draw 1 in one pass
    /// 294 against 284, Saratoga 294 against 289 (34% less time), Athena 289 against 285,
    /// Whitehead 296 against 294 (one win fewer, three losses more, 28% more time), Aunt
    /// Mary 299 against 298, draw 1 in three passes 289 against 288, Agnes and Thumb and
    /// Pouch the same. Two decks with a redeal of the waste (`Tableau::redeals_two_decks`):
    /// Backbone 10 of deals 1 to 40 against 3 at 100,000 states, Little Forty 14 of 1 to 30
    /// against 6 at 300,000. Except where the deal puts no card on the tableau (Gold Mine:
    /// every card in the stock): there no loss is within reach of the exhaustive search (none
    /// of deals 1 to 1000 is proven lost), the larger share only takes budget from the
    /// searches that win, and Gold Mine's deals 1 to 1000 gave 939 wins against 959.
    fn portfolio_dfs_weight(&self) -> u64 {
        if self.portfolio_dfs_guided() || !self.rules.tableau.deals_cards() {
            1
        } else {
            8
        }
    }

    /// Not in the games of two decks with a waste and no redeal (the Forty Thieves family but
    /// Little Forty and Backbone; Spider has no waste), where the beam wins and the
    /// depth-first search (`portfolio_dfs`: these games have a waste) proves: there the
    /// best-first searches decided almost nothing the other two did not, at three of the
    /// eleven shares of each round's states (beam 4, depth-first 4, the three best-first
    /// searches 1 each) and more of its time (each keeps every state it generates, with the
    /// two decks' long keys). Measured 2026-12-02, with them against without (deals 1 to 100
    /// unless said): Streets at 300,000 states 68 won against 74, deals 101 to 200 73
    /// against 75; Forty Thieves at 300,000 states 48 won against 48 won and deal 80 proven
    /// lost, at a million 49 won and one lost against 48 and two (deal 13, won by weighted
    /// A* (1.5) at 705,189 states, unknown; 92 proven lost); Maria at a million the same 59
    /// won in 436 s of search against 573 s; Limited at 300,000 states the same 95 in 3.69
    /// million states against 3.84. At 100,000 states (where the datasets of Indian, Maria,
    /// Number Ten and Rank and File were made) every decided deal of those files is decided
    /// within the first round's dive, beam and depth-first search (80,500 states), which
    /// this leaves as they were.
    fn portfolio_best_first(&self) -> bool {
        !(self.feat.draw > 0 && self.waste_for_good())
    }

    /// The same games as leave the best-first searches out: there the beam of the third
    /// round (4 million states, 10,000 wide) died out after 1.34 million states on Forty
    /// Thieves deal 4, about 130 layers, where one 20,000 wide won it within its budget.
    /// (Measured on Forty Thieves and Limited only; see the portfolio's `WIDE_BEAM_DEPTH`.)
    fn portfolio_wide_beams(&self) -> bool {
        !self.portfolio_best_first()
    }

    /// `blocked` where it is a lower bound (`Tableau::blocked_bound`), `compound` where
    /// the game has compound moves (the scans' weighing of the guide's terms).
    fn own_heuristics(&self) -> &'static [games::OwnHeuristic] {
        match (self.blocked_bound_holds(), self.plays_compound()) {
            (true, true) => &OWN_HEURISTICS,
            (true, false) => &OWN_HEURISTICS[..1],
            (false, true) => &OWN_HEURISTICS[1..],
            (false, false) => &[],
        }
    }

    fn own_heuristic(&self, i: usize, s: &State<N>) -> u32 {
        // The place in `OWN_HEURISTICS` (`own_heuristics` drops `blocked` where it is no
        // bound): 0 is `blocked`, 1 is `compound`.
        if i + usize::from(!self.blocked_bound_holds()) == 0 {
            self.blocked_bound(s)
        } else {
            self.compound_guide(s)
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

    fn write_out(&self, start: &State<N>, line: Vec<Move>) -> Vec<Move> {
        if self.feat.draw == 0 && !self.feat.run_sets {
            line
        } else {
            Tableau::write_out(self, start, &line)
        }
    }

    fn same_move_in(&self, s: &State<N>, mv: &Move) -> Option<Move> {
        // The stock's moves name a card the player may not see yet: the one in `s`.
        match (mv.from, mv.to) {
            (Place::Stock, Place::Waste) => self.turn_move(s),
            (Place::Waste, Place::Stock) => self.turn_back_move(s),
            (Place::Stock, Place::Piles) => self.deal_move(s),
            (Place::Stock, Place::Stock) => self.redeal_move(s),
            _ => Some(*mv),
        }
    }

    fn read_solvitaire(&self, text: &str) -> Option<Result<Table, BoardError>> {
        Some(super::solvitaire::parse(self, text))
    }

    fn solvitaire_board(&self, t: &Table) -> Option<Result<String, BoardError>> {
        Some(super::solvitaire::write(self, t))
    }
}

/// The tableau engine's own heuristics for the benchmark ([`Game::own_heuristics`]):
/// `blocked` ([`Tableau::blocked_bound`]) and `compound` (the guide's terms as the compound
/// scans weigh them); [`Game::own_heuristic`] reads them by their place here.
static OWN_HEURISTICS: [games::OwnHeuristic; 2] = [
    games::OwnHeuristic {
        name: "blocked",
        admissible: true,
    },
    games::OwnHeuristic {
        name: "compound",
        admissible: false,
    },
];
