//! Supermoves for the scans of games that move one card at a time: a built group moved as
//! one step when the free cells and empty piles could carry it card by card
//! ([`Tableau::with_supermoves`]), and the single moves each such step stands for
//! ([`Tableau::single_moves`]).
//!
//! A player of Streets and Alleys moves one card at a time, but with an empty pile a group
//! of two goes from pile to pile in three moves, with two empty piles a group of four in
//! nine, and so on: the positions reached are those of single-card play. Searches over
//! single moves must find those three or nine moves one by one, each a position of its own;
//! fc-solve takes the group as one move, and its depth-first search won deals of Streets
//! and Alleys in a few thousand states that our scans over single moves left undecided
//! after millions. The compound scans of these games run with supermoves, and their lines
//! are written out as single moves before anything else sees them: the scans only ever
//! report wins (see `compound`), and the referee replays every written-out line, so no
//! search that proves a loss plays a supermove.

use super::moves::{Move, Place};
use super::rules::{EmptyFill, GroupMoves};
use super::state::{State, EMPTY};
use super::Tableau;
use crate::cards::Card;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The same game with supermoves when its cards move one at a time: a built group moves
    /// between piles as one move when it has at most (free cells + 1) × 2^(empty piles, the
    /// destination not counted) cards, what single moves through the cells and empty piles
    /// can carry (FreeCell's rule). Only for searches whose sole verdict is a win, and only
    /// with the line written out by [`Tableau::single_moves`] before it is shown or replayed:
    /// the referee of a game of single moves refuses a group.
    pub fn with_supermoves(mut self) -> Self {
        self.supermoves = self.has_supermoves();
        self
    }

    /// Whether supermoves would change anything: cards move one at a time, and empty piles
    /// take any card (cells alone carry groups too, but no preset of single moves has cells
    /// that take cards and no empty pile for any card).
    pub(super) fn has_supermoves(&self) -> bool {
        self.rules.tableau.moves == GroupMoves::Single
            && self.rules.tableau.empty == EmptyFill::Any
            && self.feat.reserve == 0
            && self.feat.draw == 0
    }

    /// `line`, played from `start`, with every move of a group of two or more cards between
    /// piles in a game of single moves written out as the single moves that carry it
    /// (through the free cells that take cards and the empty piles, as
    /// [`Tableau::with_supermoves`] counts them); other moves are kept as they are.
    pub fn single_moves(&self, start: &State<N>, line: &[Move]) -> Vec<Move> {
        let mut s = *start;
        let mut out = Vec::with_capacity(line.len());
        for mv in line {
            match (mv.from, mv.to) {
                (Place::Pile(a), Place::Pile(b))
                    if mv.count > 1 && self.rules.tableau.moves == GroupMoves::Single =>
                {
                    let (a, b) = (usize::from(a), usize::from(b));
                    let cells: Vec<usize> = if self.rules.cells.accept {
                        (0..self.cells()).filter(|&c| s.cells[c] == EMPTY).collect()
                    } else {
                        Vec::new()
                    };
                    // The empty piles, the highest first: each step of the carry parks in
                    // the highest empty pile it may use and leaves the lower ones to the
                    // steps inside it, so the cards go into empty piles lowest first.
                    let empties: Vec<usize> = (0..self.rules.piles())
                        .rev()
                        .filter(|&p| p != b && s.len[p] == 0)
                        .collect();
                    self.carry(
                        &mut s,
                        usize::from(mv.count),
                        a,
                        b,
                        &cells,
                        &empties,
                        &mut out,
                    );
                }
                _ => {
                    s = self.apply(&s, mv);
                    out.push(*mv);
                }
            }
        }
        out
    }

    /// Carries the top `k` cards of pile `from` onto pile `to` in single moves, through the
    /// free cells `cells` and the empty piles `empties` (highest first), appending them to
    /// `out` and playing them on `s`. With c cells and e empty piles it carries up to
    /// (c + 1) × 2^e cards: up to c + 1 through the cells alone; more by carrying as many as
    /// the other piles allow into the first empty pile, the rest onto `to`, then the parked
    /// ones from the empty pile onto them (each part at most half of the whole).
    #[allow(clippy::too_many_arguments)]
    fn carry(
        &self,
        s: &mut State<N>,
        k: usize,
        from: usize,
        to: usize,
        cells: &[usize],
        empties: &[usize],
        out: &mut Vec<Move>,
    ) {
        let mut single = |s: &mut State<N>, from: Place, to: Place| {
            let card = match from {
                Place::Pile(p) => *s.pile(usize::from(p)).last().expect("a card to carry"),
                Place::Cell(c) => s.cells[usize::from(c)],
                _ => unreachable!("cards are carried from piles and cells"),
            };
            let mv = Move::single(from, to, Card::from_index(card));
            *s = self.apply(s, &mv);
            out.push(mv);
        };
        if k <= cells.len() + 1 {
            for &c in &cells[..k - 1] {
                single(s, Place::Pile(from as u8), Place::Cell(c as u8));
            }
            single(s, Place::Pile(from as u8), Place::Pile(to as u8));
            for &c in cells[..k - 1].iter().rev() {
                single(s, Place::Cell(c as u8), Place::Pile(to as u8));
            }
            return;
        }
        let (&park, rest) = empties
            .split_first()
            .expect("a group no larger than the cells and empty piles can carry");
        let half = (cells.len() + 1) << rest.len();
        let parked = half.min(k - 1);
        self.carry(s, parked, from, park, cells, rest, out);
        self.carry(s, k - parked, from, to, cells, rest, out);
        self.carry(s, parked, park, to, cells, rest, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::Tableau;
    use crate::games::{Game, GameId};
    use solvers::Space;

    fn preset(id: &str) -> Tableau {
        let Ok(GameId::Tableau(i)) = id.parse::<GameId>() else {
            panic!("{id}");
        };
        Tableau::preset(i)
    }

    /// Along random walks with supermoves in every game of single moves whose empty piles
    /// take any card, each group move written out is a line of single moves, each legal
    /// in the game without supermoves where it is played (among its moves, or into another
    /// empty pile than the first, which the engine leaves out as the same position), landing
    /// on the supermove's position; the walks meet well over a hundred group moves, some of
    /// three cards or more.
    #[test]
    fn supermoves_are_written_out_as_legal_single_moves() {
        let mut rng = crate::deals::Rng::new(0x5eed_0f5a);
        let mut groups = 0;
        let mut largest = 0;
        for id in [
            "streets-and-alleys-classic",
            "beleaguered-castle-classic",
            "king-albert-classic",
        ] {
            let g = preset(id);
            assert!(g.has_supermoves(), "{id}");
            let sup = g.with_supermoves();
            for deal in 1..=30 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                for _ in 0..200 {
                    let mut succ = Vec::new();
                    sup.expand(&s, &mut succ);
                    if succ.is_empty() {
                        break;
                    }
                    for m in &succ {
                        if m.mv.count < 2 {
                            continue;
                        }
                        groups += 1;
                        largest = largest.max(m.mv.count);
                        let line = g.single_moves(&s, &[m.mv]);
                        assert!(line.len() > usize::from(m.mv.count), "{id}: {:?}", m.mv);
                        let mut t = s;
                        for mv in &line {
                            assert_eq!(mv.count, 1);
                            let mut legal = Vec::new();
                            g.each_move(&t, |x| legal.push(x));
                            let into_empty =
                                matches!(mv.to, Place::Pile(q) if t.len[usize::from(q)] == 0);
                            assert!(
                                legal.contains(mv)
                                    || (into_empty
                                        && legal.iter().any(|x| x.from == mv.from
                                            && x.card == mv.card
                                            && matches!(x.to, Place::Pile(q) if t.len[usize::from(q)] == 0))),
                                "{id}: {mv:?} not legal in {t:?}"
                            );
                            t = g.apply(&t, mv);
                        }
                        assert_eq!(t, m.state, "{id}: {:?}", m.mv);
                    }
                    s = succ[rng.below(succ.len() as u64) as usize].state;
                }
            }
        }
        assert!(
            groups > 100 && largest >= 3,
            "{groups} group moves, largest {largest}"
        );
    }

    /// Without supermoves a game of single moves lists no group, and games whose groups
    /// move by their own rules get nothing from the switch.
    #[test]
    fn supermoves_only_where_cards_move_one_at_a_time() {
        let g = preset("streets-and-alleys-classic");
        let s = g.pack(&g.deal(1)).expect("deal");
        let mut succ = Vec::new();
        g.expand(&s, &mut succ);
        assert!(succ.iter().all(|m| m.mv.count == 1));
        assert!(!preset("freecell").has_supermoves());
        for id in ["spider-4suits", "forty-thieves"] {
            let Ok(GameId::Tableau(i)) = id.parse::<GameId>() else {
                panic!("{id}");
            };
            assert!(
                !crate::games::tableau::TwoDecks::preset(i).has_supermoves(),
                "{id}"
            );
        }
    }
}
