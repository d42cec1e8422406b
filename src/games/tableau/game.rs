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
    /// Zebra): their wins come to depth-first search in the generator's order more than to
    /// any other search, so the portfolio's depth-first step takes that order and eight
    /// times its share ([`Game::search_profile`]).
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
    /// ([`Tableau::for_wins_only`]). Games with a waste: a beam over every move, which wins
    /// deals the portfolio's complete searches do not reach.
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

    /// Over the fast path where the rules have one (`Tableau::leans`: Klondike drawing one
    /// or three), else over the engine.
    fn depth_first<'a>(&'a self, state: &State<N>) -> Box<dyn solvers::SlicedSearch<Move> + 'a> {
        if let Some(run) = self.lean_depth_first(state) {
            return run;
        }
        Box::new(solvers::DepthFirst::new(self, *state, false))
    }

    /// The portfolio's choices for the engine's games, all decided here:
    /// - `dfs`: games with a waste, whose lost deals fall to depth-first search several
    ///   times sooner than to best-first.
    /// - `dfs_guided`: guided, except in one-deck games without a reserve (the Klondike
    ///   family) and two-deck games that redeal the waste
    ///   (`Tableau::redeals_two_decks`), where the generator's order (foundation moves,
    ///   the tableau's, then the stock's) wins more deals.
    /// - `dfs_weight`: eight times the usual share where the order is the generator's and
    ///   the deal puts cards on the tableau; Gold Mine (every card in the stock) has no loss
    ///   within reach of the exhaustive search, so there the larger share only takes budget
    ///   from the searches that win.
    /// - `best_first` off and `wide_beams` on in the games of two decks with a waste and no
    ///   redeal (the Forty Thieves family but Little Forty and Backbone), where the beam wins
    ///   and the depth-first search proves, and the beams die out early.
    fn search_profile(&self) -> games::SearchProfile {
        let dfs = self.feat.draw > 0;
        let dfs_guided =
            !self.redeals_two_decks() && (self.rules.decks > 1 || self.feat.reserve > 0);
        let beam_and_dfs_only = dfs && self.waste_for_good();
        games::SearchProfile {
            dfs,
            dfs_guided,
            dfs_weight: if dfs_guided || !self.rules.tableau.deals_cards() {
                1
            } else {
                8
            },
            best_first: !beam_and_dfs_only,
            wide_beams: beam_and_dfs_only,
        }
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
