//! Compound moves for the FreeCell family: a focused first search whose steps each reach a
//! card and do something with it.
//!
//! A [`Compound`] move parks the cards lying above a card (top first, in free cells, then
//! in empty piles) and then sends that card home, or moves the group it heads onto a card
//! of another pile or into an empty pile (only a whole run when it lies on a card it builds
//! on); a card in a cell goes home, onto a pile or into an empty pile. After each compound
//! move the safe moves home ([`Space::forced`]) are played at once. A plain move of a top
//! card into a cell, with no purpose of its own, is not a compound move. So [`Compound`]
//! leaves moves out and a search over it proves nothing when it ends without a win: `study`
//! runs it first and reads only its wins. Its steps are fewer and each one goes somewhere:
//! a depth-first search over them reaches a win in far fewer states than over single moves
//! on most FreeCell deals (fc-solve's default move types work the same way). The scans
//! order successors by the guide's terms weighed for them ([`COMPOUND_GUIDE_WEIGHTS`]),
//! every scan after the first with a jitter of its own ([`JITTER`]).
//!
//! A line found is written out as the engine's own moves ([`Tableau::expand_line`]), each
//! legal where it is played (checked by the tests below), and replayed by the verifier like
//! any other. In games of single moves the scans move built groups as one
//! ([`Tableau::with_supermoves`]) and their lines are written out as single moves.
//!
//! The files: `movegen.rs` lists a position's compound moves with their scores, `after.rs`
//! works out the position after each as changes to its parent (sums, safe moves home,
//! fingerprint and guide), `play.rs` plays them out on the state, `fingerprint.rs` is the
//! scans' 64-bit key ([`Tableau::scan_key`]) and `ordering.rs` their order (weights,
//! jitter).

mod after;
mod fingerprint;
mod movegen;
mod ordering;
mod play;

pub use ordering::{COMPOUND_GUIDE_WEIGHTS, JITTER};

use super::{Move, State, Tableau, Takes};
use fingerprint::mix;
use ordering::scan_order;
use solvers::{MoveSpace, ScoredMove, Space};

/// A compound move: `parks` cards parked from the top of the pile `last` takes its card
/// from (`Tableau::park_place`, which makes the parking places follow from the position),
/// then `last`, then the safe moves home that follow (not stored either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compound {
    parks: u8,
    last: Move,
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether [`Compound`] moves are written for these rules: one deck, single cards go
    /// home, and the game has no stock, redeal, returns, chosen base, reserve or suit
    /// without a foundation, and every built group moves that room allows (the FreeCell
    /// family).
    pub fn plays_compound(&self) -> bool {
        let f = &self.feat;
        f.takes == Takes::Cards
            && f.home_only == 0
            && !f.returns
            && f.redeal == 0
            && !f.chosen_base
            && f.deal_to == 0
            && !f.face_up_groups
            && !f.all_face_up
            && !f.repeats
            && f.reserve == 0
    }

    /// The position after the compound move `c` from `s`, the safe moves home played.
    pub fn play_compound(&self, s: &State<N>, c: &Compound) -> State<N> {
        self.play_parts(s, usize::from(c.parks), &c.last)
    }

    /// The engine's moves of a compound move played from `s`, without the safe moves home
    /// that follow it.
    pub fn compound_steps(&self, s: &State<N>, c: &Compound) -> Vec<Move> {
        let mut out = Vec::new();
        self.play_steps(s, c, &mut out);
        out
    }

    /// Appends to `out` the engine's moves of a line of compound moves from `s` (which must
    /// have no safe move home left), with the safe moves home after each.
    pub fn expand_line(&self, s: &State<N>, line: &[Compound], out: &mut Vec<Move>) {
        let mut s = *s;
        for c in line {
            s = self.play_steps(&s, c, out);
            self.autoplay(&mut s, Some(&mut *out));
        }
    }

    /// A depth-first scan over compound moves from `s` ([`solvers::scan`]): scan 0 tries
    /// each state's moves best first by the compound guide, scan `n` > 0 by the guide plus a
    /// pseudo-random number drawn from `n` and the position ([`JITTER`]), so each scan
    /// takes its own way through near ties. Its win comes as the engine's moves; its other
    /// verdicts are unknown (`Pruned` when it ran out of moves). None when the rules have
    /// no compound moves.
    pub fn compound_dive(
        &self,
        s: &State<N>,
        scan: u64,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        if !self.plays_compound() {
            return None;
        }
        if self.has_supermoves() && !self.supermoves {
            // Games of single moves: the scans move built groups as one, and the line comes
            // back as the single moves that carry them (`supermoves.rs`).
            let mut r = self.with_supermoves().compound_dive(s, scan, limits)?;
            if let solvers::Outcome::Solved(line) = &mut r.outcome {
                *line = self.single_moves(s, line);
                r.stats.solution_len = line.len() as u64;
                r.stats.solution_cost = line.len() as u64;
            }
            return Some(r);
        }
        let mut start = *s;
        let mut prefix = Vec::new();
        self.autoplay(&mut start, Some(&mut prefix));
        let r = solvers::scan(&CompoundSpace::new(self, scan), start, limits);
        let mut stats = r.stats;
        let outcome = match r.outcome {
            solvers::Outcome::Solved(line) => {
                // A step is its move, the cards it parks and the safe moves home after it:
                // room for a few each saves growing the line move by move.
                prefix.reserve(4 * line.len());
                self.expand_line(&start, &line, &mut prefix);
                stats.solution_len = prefix.len() as u64;
                stats.solution_cost = prefix.len() as u64;
                solvers::Outcome::Solved(prefix)
            }
            solvers::Outcome::Unsolvable => solvers::Outcome::Unsolvable,
            solvers::Outcome::Unknown(why) => solvers::Outcome::Unknown(why),
        };
        Some(solvers::Report { outcome, stats })
    }
}

/// The game over compound moves, each scan ordering moves its own way (for scans, which
/// read only wins: see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct CompoundSpace<'a, const N: usize, const K: usize> {
    /// The game.
    pub game: &'a Tableau<N, K>,
    /// The jitter's salt, drawn from the scan number (none for scan 0).
    salt: Option<u64>,
}

impl<'a, const N: usize, const K: usize> CompoundSpace<'a, N, K> {
    /// The space of scan number `scan` (see [`Tableau::compound_dive`]).
    pub fn new(game: &'a Tableau<N, K>, scan: u64) -> Self {
        CompoundSpace {
            game,
            salt: (scan > 0).then(|| mix(scan)),
        }
    }
}

impl<const N: usize, const K: usize> MoveSpace for CompoundSpace<'_, N, K> {
    type State = State<N>;
    type Move = Compound;

    fn is_goal(&self, s: &State<N>) -> bool {
        self.game.is_goal(s)
    }
    fn fingerprint(&self, s: &State<N>) -> u64 {
        self.game.scan_key(s)
    }
    fn moves(&self, s: &State<N>, out: &mut Vec<ScoredMove<Compound>>) {
        self.game
            .scored_compound_moves(s, |mv, fingerprint, guide| {
                out.push(ScoredMove {
                    mv,
                    fingerprint,
                    order: scan_order(self.salt, fingerprint, guide),
                })
            });
    }
    fn play(&self, s: &State<N>, mv: &Compound) -> State<N> {
        self.game.play_compound(s, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    /// Along random walks over compound moves from deals of every preset that has them (with
    /// supermoves too, where its cards move one at a time), each step of each compound move is among the engine's legal moves where it is
    /// played, the position reached after them and the engine's forced moves home is the
    /// one the compound move plays to, and the fingerprint and guide listed with the move
    /// are those of that position.
    #[test]
    fn compound_moves_are_lines_of_legal_moves() {
        let mut rng = crate::deals::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for rules in super::super::presets() {
            let Ok(GameId::Tableau(i)) = rules.id.parse::<GameId>() else {
                continue;
            };
            if super::super::capacity(rules) != 52 {
                continue;
            }
            let g = Tableau::<52, 80>::preset(i);
            if g.plays_compound() {
                checked += walk(&g, &mut rng);
                // Games of single moves: their scans play supermoves (`supermoves.rs`).
                if g.has_supermoves() {
                    checked += walk(&g.with_supermoves(), &mut rng);
                }
            }
        }
        assert!(checked > 1000, "only {checked} compound moves checked");
    }

    /// The same walks in a FreeCell whose piles are dealt with cards face down (no preset
    /// of the family has any): the moves that turn a card over are listed with the
    /// fingerprint and guide of the position played out.
    #[test]
    fn compound_moves_that_turn_a_card_over_are_scored_as_played() {
        let rules = crate::games::tableau::rules::Rules::from_toml(
            "id = \"freecell-face-down\"\nname = \"FreeCell, face down\"\nsummary = \"test\"\n\
             source = \"test\"\n[tableau]\ndeal = [7, 7, 7, 7, 6, 6, 6, 6]\n\
             face_down = [3, 3, 3, 3, 2, 2, 2, 2]\nbuild = \"alternate-color\"\n\
             moves = \"freecell-sequences\"\nempty = \"any\"\n[cells]\ncount = 4\n",
        )
        .expect("rules");
        let rules: &'static crate::games::tableau::rules::Rules = Box::leak(Box::new(rules));
        let g = Tableau::<52, 80>::of_rules(rules, 0);
        assert!(g.plays_compound());
        let mut rng = crate::deals::Rng::new(11);
        let checked = walk(&g, &mut rng);
        assert!(checked > 300, "only {checked} compound moves checked");
    }

    /// Walks 80 compound moves from each of deals 1 to 8 of `g` (see
    /// `compound_moves_are_lines_of_legal_moves`); the number of moves checked.
    fn walk(g: &Tableau<52, 80>, rng: &mut crate::deals::Rng) -> usize {
        let id = &g.rules.id;
        let mut checked = 0;
        for deal in 1..=8 {
            let mut s = g.pack(&g.deal(deal)).expect("deal");
            g.autoplay(&mut s, None);
            for _ in 0..80 {
                let mut moves = Vec::new();
                g.scored_compound_moves(&s, |c, key, guide| moves.push((c, key, guide)));
                let mut after = Vec::new();
                for &(c, key, guide) in &moves {
                    let played = g.play_compound(&s, &c);
                    assert_eq!(key, g.scan_key(&played), "{id}: {c:?} from {s:?}");
                    assert_eq!(guide, g.compound_guide(&played), "{id}: {c:?}");
                    let mut t = s;
                    for mv in &g.compound_steps(&s, &c) {
                        let mut legal = Vec::new();
                        g.each_move(&t, |m| legal.push(m));
                        // A dead end has legal moves, but the engine gives it none.
                        assert!(
                            legal.contains(mv) || g.dead_end(&t),
                            "{id}: {mv:?} not legal in {t:?} (compound {c:?} from {s:?})"
                        );
                        t = g.apply(&t, mv);
                    }
                    // The safe moves home, as the engine's dominance gives them.
                    while let Some(f) = g.forced(&t) {
                        t = f.state;
                    }
                    assert_eq!(t, played, "{id}");
                    after.push(played);
                    checked += 1;
                }
                if after.is_empty() {
                    break;
                }
                s = after[rng.below(after.len() as u64) as usize];
            }
        }
        checked
    }
}
