//! Games of runs (Spider, Simple Simon, Mogelpat): a focused move set for the incomplete
//! first searches.
//!
//! [`Focused`] is the same game with the moves that rarely help left out (see
//! `Tableau::pointless_run_move`). Dropping moves may drop every win, so a search over it
//! proves nothing when it ends without one: its wins are real (each is a line of legal
//! moves, replayed by the verifier like any other), its other verdicts must be read as
//! "unknown". `study` runs it before the complete searches and never reports its
//! `Unsolvable`.

use super::state::DOWN;
use super::{Move, Place, State, Tableau};
use crate::cards::Card;
use solvers::{Guided, Space, Successor};

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether the rules move runs of one suit (the moves [`Focused`] prunes are written
    /// for them).
    pub fn plays_suit_runs(&self) -> bool {
        self.feat.suit_runs
    }

    /// A move that seldom helps ([`Focused`] leaves it out): in a game of suit runs, a
    /// move of `Tableau::pointless_run_move`; in the other games with a focused search
    /// (Gypsy, `Tableau::guides_dealt_runs`), a card taken back from the foundations, whose
    /// sixteen tops flood the moves (a beam over Gypsy wins deals without them that it
    /// loses with them).
    pub(super) fn seldom_helps(&self, s: &State<N>, mv: &Move) -> bool {
        if self.feat.suit_runs {
            self.pointless_run_move(s, mv)
        } else {
            mv.from == Place::Home
        }
    }

    /// A move between piles that seldom helps in a game of suit runs (a heuristic, never
    /// used where a verdict other than a win is trusted):
    /// - splitting a run of one suit (leaving part of it behind) onto a card of another
    ///   suit or an empty pile, or onto a card of its suit (a same-suit run traded for
    ///   another);
    /// - moving a whole run, which uncovers no face-down card and empties no pile, from a
    ///   card one rank higher of another suit onto another such card (a card of another
    ///   suit again): the runs stay as broken as they were.
    pub(super) fn pointless_run_move(&self, s: &State<N>, mv: &Move) -> bool {
        let (Place::Pile(from), Place::Pile(to)) = (mv.from, mv.to) else {
            return false;
        };
        let pile = s.pile(from as usize);
        let k = mv.count as usize;
        if k >= pile.len() {
            return false; // empties a pile
        }
        let below = pile[pile.len() - k - 1];
        if below & DOWN != 0 {
            return false; // uncovers a card
        }
        let (c, b) = (mv.card, Card::from_index(below));
        if b.rank_unchecked().value() != c.rank_unchecked().value() + 1 {
            return false; // the group lies on no card it could be built on
        }
        if b.suit() == c.suit() {
            return true; // a split: the run continues below the moved part
        }
        // A whole run shifted from one off-suit base to another.
        s.pile(to as usize)
            .last()
            .is_some_and(|&t| Card::from_index(t).suit() != c.suit())
    }
}

/// A game of runs with the moves of `Tableau::seldom_helps` left out: for
/// incomplete searches only (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Focused<'a, const N: usize, const K: usize>(pub &'a Tableau<N, K>);

impl<const N: usize, const K: usize> Space for Focused<'_, N, K> {
    type State = State<N>;
    type Key = super::Key<K>;
    type Move = Move;

    fn is_goal(&self, s: &State<N>) -> bool {
        self.0.is_goal(s)
    }
    fn key(&self, s: &State<N>) -> Self::Key {
        self.0.key(s)
    }
    fn expand(&self, s: &State<N>, out: &mut Vec<Successor<Move, State<N>>>) {
        // Pruned before the move is played: no state is built for a move left out.
        self.0.each_move(s, |mv| {
            if !self.0.seldom_helps(s, &mv) {
                out.push(self.0.succ(s, mv));
            }
        });
    }
    fn heuristic(&self, s: &State<N>) -> u32 {
        self.0.heuristic(s)
    }
    fn guide(&self, s: &State<N>) -> u32 {
        self.0.guide(s)
    }
    fn forced(&self, s: &State<N>) -> Option<Successor<Move, State<N>>> {
        self.0.forced(s)
    }
    fn guided_expand(&self, s: &State<N>, out: &mut Vec<Guided<Move, State<N>>>) {
        super::order::guided_moves(self.0, s, |mv| !self.0.seldom_helps(s, mv), out);
    }
    fn guide_successors(
        &self,
        s: &State<N>,
        succ: &[Successor<Move, State<N>>],
        out: &mut Vec<u32>,
    ) {
        self.0.guide_successors(s, succ, out);
    }
    fn successor_keys(
        &self,
        s: &State<N>,
        key: &Self::Key,
        succ: &[Successor<Move, State<N>>],
        out: &mut Vec<Self::Key>,
    ) {
        self.0.successor_keys(s, key, succ, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_card, Rank, Suit};
    use crate::games::{Game, GameId};
    use crate::piles::Table;

    /// Simple Simon (all face up, one deck) with these first six piles; the other cards
    /// fill piles 7 to 10.
    fn simple_simon(piles: &[&str]) -> (Tableau, State<52>) {
        simple_simon_as("simple-simon", piles)
    }

    /// The preset `id` of Simple Simon's layout with these first piles; the other cards fill
    /// the rest of the ten.
    fn simple_simon_as(id: &str, piles: &[&str]) -> (Tableau, State<52>) {
        let GameId::Tableau(i) = id.parse::<GameId>().expect("preset") else {
            panic!("a tableau game");
        };
        let g = Tableau::<52, 80>::preset(i);
        let named: Vec<Card> = piles
            .iter()
            .flat_map(|p| p.split_whitespace())
            .map(|c| parse_card(c).expect("card"))
            .collect();
        let rest: Vec<String> = Suit::ALL
            .iter()
            .flat_map(|&s| Rank::ALL.iter().map(move |&r| Card::new(s, r)))
            .filter(|c| !named.contains(c))
            .map(|c| c.to_string())
            .collect();
        let mut text = String::new();
        for (p, cards) in piles.iter().enumerate() {
            text += &format!("{} (spread): {cards}\n", p + 1);
        }
        for (j, chunk) in rest
            .chunks(rest.len().div_ceil(10 - piles.len()))
            .enumerate()
        {
            text += &format!("{} (spread): {}\n", piles.len() + j + 1, chunk.join(" "));
        }
        for home in super::super::HOMES {
            text += &format!("{home} (stacked): \n");
        }
        let s = g
            .pack(&Table::parse(&text).expect("board"))
            .expect("position");
        (g, s)
    }

    #[test]
    fn groups_onto_suit_keeps_runs_off_other_suits() {
        // A diamond run 5D 4D, with 6H, 6D and 3S on top of other piles: Simple Simon moves
        // the run onto either Six, Solvitaire's rule onto 6D only; single cards build as
        // before (3S on 4D).
        let piles = ["6H", "5D 4D", "6D", "3S"];
        let listed = |id: &str| {
            let (g, s) = simple_simon_as(id, &piles);
            let mut out = Vec::new();
            g.expand(&s, &mut out);
            out.iter().map(|m| g.notation(&m.mv)).collect::<Vec<_>>()
        };
        let plain = listed("simple-simon");
        let solvitaire = listed("simple-simon-solvitaire");
        for m in ["21x2", "23x2", "42"] {
            assert!(plain.iter().any(|n| n == m), "{m} missing: {plain:?}");
        }
        assert!(!solvitaire.iter().any(|n| n == "21x2"), "{solvitaire:?}");
        for m in ["23x2", "42"] {
            assert!(
                solvitaire.iter().any(|n| n == m),
                "{m} missing: {solvitaire:?}"
            );
        }
    }

    fn names<S: Space<Move = Move>>(space: &S, g: &Tableau, s: &S::State) -> Vec<String> {
        let mut out = Vec::new();
        space.expand(s, &mut out);
        out.iter().map(|m| g.notation(&m.mv)).collect()
    }

    #[test]
    fn the_focused_moves_leave_out_splits_and_swaps_of_an_off_suit_base() {
        let (g, s) = simple_simon(&["9H 8H 7H", "8S", "6D 5C", "6H", "6C", "4D"]);
        let all = names(&g, &g, &s);
        let focused = names(&Focused(&g), &g, &s);
        // Every move of the focused set is a move of the game.
        assert!(focused.iter().all(|m| all.contains(m)));
        // 7H onto 8S splits the hearts; 5C from 6D onto 6H stays on another suit.
        for gone in ["12", "34"] {
            assert!(all.contains(&gone.to_string()) && !focused.contains(&gone.to_string()));
        }
        // 5C onto 6C joins its suit; 4D onto 5C empties pile 6.
        for kept in ["35", "63"] {
            assert!(focused.contains(&kept.to_string()), "{kept}: {focused:?}");
        }
    }

    #[test]
    fn gypsys_focused_moves_leave_out_only_the_cards_taken_back_from_the_foundations() {
        use crate::games::tableau::testing::{board, gypsy, gypsy_hearts};
        let g = gypsy();
        // The foundations' 6H and 5H could come back into the empty piles 3 to 8.
        let text = gypsy_hearts(6, 5, &["KH QH JH TH 9H 8H 7H", "KH QH JH TH 9H 8H 7H 6H"]);
        let s = board(&g, &text);
        let mut all = Vec::new();
        g.expand(&s, &mut all);
        let mut focused = Vec::new();
        Focused(&g).expand(&s, &mut focused);
        let back = |m: &Successor<Move, State<104>>| m.mv.from == Place::Home;
        assert!(all.iter().any(back), "the game takes cards back");
        assert!(!focused.iter().any(back), "the focused set takes none back");
        // Every other move is kept, in the same order.
        let kept: Vec<Move> = all.iter().filter(|m| !back(m)).map(|m| m.mv).collect();
        let got: Vec<Move> = focused.iter().map(|m| m.mv).collect();
        assert_eq!(got, kept);
        assert!(!kept.is_empty());
    }
}
