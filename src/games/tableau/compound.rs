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
//! any other.

use super::{
    next_home, pile_guide_terms, Move, Place, State, Tableau, Takes, DOWN, EMPTY, MAX_PILES,
};
use crate::cards::Card;
use solvers::{Guided, Space, Successor};

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
    /// home, and the game has no stock, redeal, returns or chosen base, and only built
    /// groups move (the FreeCell family).
    pub fn plays_compound(&self) -> bool {
        let f = &self.feat;
        f.takes == Takes::Cards
            && !f.returns
            && f.redeal == 0
            && !f.chosen_base
            && f.deal_to == 0
            && !f.face_up_groups
            && !f.repeats
    }

    /// Plays the safe moves home from `s` (appending them to `line` when given): the
    /// moves [`Space::forced`] gives, one after another, looked for only among the next
    /// cards of the foundations that lie on top of a pile or in a cell.
    fn autoplay(&self, s: &mut State<N>, mut line: Option<&mut Vec<Move>>) {
        while let Some((from, card)) = self.safe_home_on_top(s) {
            let mv = Move {
                from,
                to: Place::Home,
                count: 1,
                card,
            };
            *s = self.apply(s, &mv);
            if let Some(line) = line.as_deref_mut() {
                line.push(mv);
            }
        }
    }

    /// The first pile top, else cell card, that goes home safely (the order of
    /// [`Tableau::home_candidates`], so the same move as [`Space::forced`]).
    fn safe_home_on_top(&self, s: &State<N>) -> Option<(Place, Card)> {
        let next = next_home(s);
        let mut end = 0;
        for p in 0..self.rules.piles() {
            end += s.len[p] as usize;
            if s.len[p] > 0 && next >> (s.cards[end - 1] & !DOWN) & 1 != 0 {
                let c = Card::from_index(s.cards[end - 1] & !DOWN);
                if self.safe_home(s, c) {
                    return Some((Place::Pile(p as u8), c));
                }
            }
        }
        (0..self.cells()).find_map(|i| {
            let b = s.cells[i];
            (b != EMPTY && next >> b & 1 != 0 && self.safe_home(s, Card::from_index(b)))
                .then(|| (Place::Cell(i as u8), Card::from_index(b)))
        })
    }

    /// The guide of the compound scans: [`Tableau::guide`]'s terms with
    /// [`COMPOUND_GUIDE_WEIGHTS`].
    fn compound_guide(&self, s: &State<N>) -> u32 {
        let (out_of_order, depth) = self.guide_sums(s, next_home(s));
        self.guide_weighted(s, out_of_order, depth, COMPOUND_GUIDE_WEIGHTS)
    }

    /// Where the top card of pile `p` can be parked in `s`: the first empty cell, else the
    /// first empty pile, if it takes the card. A group going into an empty pile goes to
    /// the first one left after parking, so parking never needs to leave one alone.
    fn park_place(&self, s: &State<N>, p: usize) -> Option<Place> {
        if self.rules.cells.accept {
            if let Some(c) = (0..self.cells()).find(|&i| s.cells[i] == EMPTY) {
                return Some(Place::Cell(c as u8));
            }
        }
        let card = Card::from_index(*s.pile(p).last()?);
        (0..self.rules.piles())
            .find(|&q| q != p && s.len[q] == 0)
            .filter(|_| self.rules.fills_empty(card))
            .map(|q| Place::Pile(q as u8))
    }

    /// Parks the top `k` cards of pile `p` one by one (`Tableau::park_place`), appending
    /// the moves to `line` when given; None when there is no room.
    fn park(
        &self,
        s: &State<N>,
        p: usize,
        k: usize,
        mut line: Option<&mut Vec<Move>>,
    ) -> Option<State<N>> {
        let mut t = *s;
        if k == 0 {
            return Some(t);
        }
        // When the free cells take them all, in one go: the top card into the first free
        // cell, and so on, as one by one.
        let nc = self.cells();
        if line.is_none()
            && self.rules.cells.accept
            && t.cells[..nc].iter().filter(|&&c| c == EMPTY).count() >= k
        {
            let pile = s.pile(p);
            let mut tops = pile[pile.len() - k..].iter().rev();
            for cell in t.cells[..nc].iter_mut().filter(|c| **c == EMPTY) {
                match tops.next() {
                    Some(&b) => *cell = b,
                    None => break,
                }
            }
            t.remove_top(p, k);
            return Some(t);
        }
        for _ in 0..k {
            let to = self.park_place(&t, p)?;
            let card = Card::from_index(*t.pile(p).last().expect("a card to park"));
            let mv = Move {
                from: Place::Pile(p as u8),
                to,
                count: 1,
                card,
            };
            t = self.apply(&t, &mv);
            if let Some(line) = line.as_deref_mut() {
                line.push(mv);
            }
        }
        Some(t)
    }

    /// Every compound move of `s` with the position it leads to (safe moves home played),
    /// passed to `emit`.
    pub fn compound_moves(&self, s: &State<N>, mut emit: impl FnMut(Compound, State<N>, u32)) {
        let np = self.rules.piles();
        // The guide's terms of each pile: a successor's pile of the same height holds the
        // same cards (piles only gain or lose cards on top, and never both in one compound
        // move), so only the others are counted again, unless a card went home.
        let next = next_home(s);
        let mut terms = [(0u32, 0u32); MAX_PILES];
        let mut at = 0;
        for (p, t) in terms.iter_mut().enumerate().take(np) {
            let len = s.len[p] as usize;
            *t = pile_guide_terms(&s.cards[at..at + len], next);
            at += len;
        }
        let guide = |t: &State<N>| {
            let same_home = t.home == s.home;
            let next = if same_home { next } else { next_home(t) };
            let (mut ooo, mut depth) = (0, 0);
            let mut at = 0;
            for (p, &parent) in terms.iter().enumerate().take(np) {
                let len = t.len[p] as usize;
                let (o, d) = if same_home && len == s.len[p] as usize {
                    parent
                } else {
                    pile_guide_terms(&t.cards[at..at + len], next)
                };
                at += len;
                ooo += o;
                depth += d;
            }
            self.guide_weighted(t, ooo, depth, COMPOUND_GUIDE_WEIGHTS)
        };
        let free = if self.rules.cells.accept {
            (0..self.cells()).filter(|&i| s.cells[i] == EMPTY).count()
        } else {
            0
        };
        let empty = (0..np).filter(|&p| s.len[p] == 0).count();
        let room = free + empty;
        let first_empty = (0..np).find(|&p| s.len[p] == 0);
        // The pile tops as a set of card identities, and the pile of each.
        let mut tops = 0u64;
        let mut pile_of = [0u8; 52];
        let mut starts = [0usize; MAX_PILES + 1];
        for p in 0..np {
            starts[p + 1] = starts[p] + s.len[p] as usize;
            if s.len[p] > 0 {
                let t = s.cards[starts[p + 1] - 1] & !DOWN;
                tops |= 1 << t;
                pile_of[t as usize] = p as u8;
            }
        }
        let mut finish = |parks: usize, last: Move, from: &State<N>| {
            let mut t = self.apply(from, &last);
            self.autoplay(&mut t, None);
            let g = guide(&t);
            emit(
                Compound {
                    parks: parks as u8,
                    last,
                },
                t,
                g,
            );
        };
        // The piles a card may land on: those whose top it builds on, then the first empty
        // pile when the rules let it fill one.
        let lands = |c: Card, each: &mut dyn FnMut(usize)| {
            let mut bases = self.feat.fits[c.index()] & tops;
            while bases != 0 {
                each(usize::from(pile_of[bases.trailing_zeros() as usize]));
                bases &= bases - 1;
            }
            if let Some(q) = first_empty.filter(|_| self.rules.fills_empty(c)) {
                each(q);
            }
        };
        // A card from a cell: home, onto a pile, into an empty pile.
        for i in 0..self.cells() {
            if s.cells[i] == EMPTY {
                continue;
            }
            let c = Card::from_index(s.cells[i]);
            let from = Place::Cell(i as u8);
            if self.goes_home(s, c) {
                finish(
                    0,
                    Move {
                        from,
                        to: Place::Home,
                        count: 1,
                        card: c,
                    },
                    s,
                );
            }
            lands(c, &mut |q| {
                let to = Place::Pile(q as u8);
                finish(
                    0,
                    Move {
                        from,
                        to,
                        count: 1,
                        card: c,
                    },
                    s,
                );
            });
        }
        // A card of a pile, after parking the cards above it or above the group it heads.
        for p in 0..np {
            let pile = &s.cards[starts[p]..starts[p + 1]];
            let len = pile.len();
            let from = Place::Pile(p as u8);
            // The top of the built group that starts at each position: scanned down from
            // the top, a position continues the group of the one above it.
            let mut group_top = len;
            for i in (0..len).rev() {
                if pile[i] & DOWN != 0 {
                    break;
                }
                if i + 1 == len || !self.continues_group(pile[i + 1], pile[i]) {
                    group_top = i;
                }
                // Cards above the group: never fewer further down.
                let above = len - 1 - group_top;
                if above > room {
                    break;
                }
                let c = Card::from_index(pile[i]);
                // Home, every card above it parked.
                let above_c = len - 1 - i;
                if above_c <= room && self.goes_home(s, c) {
                    if let Some(t) = self.park(s, p, above_c, None) {
                        finish(
                            above_c,
                            Move {
                                from,
                                to: Place::Home,
                                count: 1,
                                card: c,
                            },
                            &t,
                        );
                    }
                }
                let k = group_top + 1 - i;
                // A group lying on a card it builds on goes into an empty pile only whole
                // (from the bottom of its run): splitting a run there only parks cards, and
                // moving the run off its base into an empty pile gains nothing the cells
                // would not. On FreeCell deals 1 to 8000 this took a quarter of the
                // states off and lines from 116.7 moves to 108.6.
                let on_base =
                    i > 0 && pile[i - 1] & DOWN == 0 && self.continues_group(c.byte(), pile[i - 1]);
                // The position with the cards above the group parked, worked out once for
                // every destination (parking never takes a pile with cards, and takes the
                // first empty piles, so it is the same for all).
                let mut parked: Option<Option<State<N>>> = None;
                lands(c, &mut |q| {
                    // A whole pile into an empty one changes nothing.
                    let to_empty = s.len[q] == 0;
                    if q == p || (to_empty && (i == 0 || on_base)) {
                        return;
                    }
                    let Some(t) = parked.get_or_insert_with(|| self.park(s, p, above, None)) else {
                        return;
                    };
                    let t = &*t;
                    // Into an empty pile: the first one left after parking, as the engine
                    // lists such moves.
                    let q = if to_empty {
                        match (0..np).find(|&x| t.len[x] == 0) {
                            Some(x) => x,
                            None => return,
                        }
                    } else {
                        q
                    };
                    if k > 1 && k > self.max_group(t, to_empty) {
                        return;
                    }
                    let to = Place::Pile(q as u8);
                    finish(
                        above,
                        Move {
                            from,
                            to,
                            count: k as u8,
                            card: c,
                        },
                        t,
                    );
                });
            }
        }
    }

    /// The engine's moves of a compound move played from `s`, without the safe moves home
    /// that follow it.
    pub fn compound_steps(&self, s: &State<N>, c: &Compound) -> Vec<Move> {
        let mut out = Vec::new();
        if let Place::Pile(p) = c.last.from {
            self.park(s, p as usize, c.parks as usize, Some(&mut out))
                .expect("a compound move parks where it found room");
        }
        out.push(c.last);
        out
    }

    /// The engine's moves of a line of compound moves from `s` (which must have no safe move
    /// home left), with the safe moves home after each.
    pub fn expand_line(&self, s: &State<N>, line: &[Compound]) -> Vec<Move> {
        let mut s = *s;
        let mut out = Vec::new();
        for c in line {
            for mv in self.compound_steps(&s, c) {
                s = self.apply(&s, &mv);
                out.push(mv);
            }
            self.autoplay(&mut s, Some(&mut out));
        }
        out
    }

    /// A depth-first search over compound moves from `s`: scan 0 tries each state's
    /// successors best first by [`Tableau::guide`], scan `n` > 0 by the guide plus a
    /// pseudo-random number drawn from `n` and the successor ([`JITTER`]), so each scan
    /// takes its own way through near ties. Its win comes as the engine's moves; its other
    /// verdicts are to be read as unknown. None when the rules have no compound moves.
    pub fn compound_dive(
        &self,
        s: &State<N>,
        scan: u64,
        limits: &solvers::Limits,
    ) -> Option<solvers::Report<Move>> {
        if !self.plays_compound() {
            return None;
        }
        let mut start = *s;
        let mut prefix = Vec::new();
        self.autoplay(&mut start, Some(&mut prefix));
        let r = solvers::guided_dfs(&CompoundSpace { game: self, scan }, start, limits);
        let mut stats = r.stats;
        let outcome = match r.outcome {
            solvers::Outcome::Solved(line) => {
                prefix.extend(self.expand_line(&start, &line));
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

/// The weights of the compound scans' guide: [`Tableau::guide`]'s terms (cards not home,
/// cards above a lower card, occupied cells, depth of the next cards home, empty piles
/// subtracted) weighed for depth-first scans over compound moves, where a cell or an empty
/// pile is worth more than in a search over single moves: each lets a compound move park
/// one more card. Chosen on FreeCell deals 1 to 8000 (1.32 M states, against 1.78 M with
/// the single moves' weights 1, 4, 1, 1, 6) and checked on deals 8001 to 16000 (1.44 M
/// against 1.81 M).
pub const COMPOUND_GUIDE_WEIGHTS: [u32; 5] = [1, 4, 5, 1, 10];

/// How far a scan other than the first may reorder successors: it adds to four times the
/// guide a number below this, so successors whose guides differ by up to 50 can swap.
/// Chosen on FreeCell deals 1 to 8000 with scans of 400 states: 120, 300 and 400 did worse.
pub const JITTER: u32 = 200;

/// A pseudo-random number below [`JITTER`] from a scan number and a position (the same on
/// every platform): the position's bytes hashed eight at a time, then SplitMix64's mixer.
fn jitter<const N: usize>(scan: u64, s: &State<N>) -> u32 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    // Word by word (a multiply and a rotation each), then mixed once.
    let mut h = mix(scan);
    for chunk in s.cards.chunks(8).chain([&s.len[..], &s.cells[..]]) {
        let mut word = [0u8; 8];
        for (w, &b) in word.iter_mut().zip(chunk) {
            *w = b;
        }
        h = (h ^ u64::from_le_bytes(word))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    (mix(h) >> 32) as u32 % JITTER
}

impl<const N: usize, const K: usize> CompoundSpace<'_, N, K> {
    /// The scan's order value of `s`, whose guide is `guide`.
    fn jittered(&self, guide: u32, s: &State<N>) -> u32 {
        if self.scan == 0 {
            guide
        } else {
            4 * guide + jitter(self.scan, s)
        }
    }
}

/// The game over compound moves, each scan ordering successors its own way (for
/// incomplete searches only: see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct CompoundSpace<'a, const N: usize, const K: usize> {
    /// The game.
    pub game: &'a Tableau<N, K>,
    /// The scan (see [`Tableau::compound_dive`]).
    pub scan: u64,
}

impl<const N: usize, const K: usize> Space for CompoundSpace<'_, N, K> {
    type State = State<N>;
    type Key = super::Key<K>;
    type Move = Compound;

    fn is_goal(&self, s: &State<N>) -> bool {
        self.game.is_goal(s)
    }
    fn key(&self, s: &State<N>) -> Self::Key {
        self.game.key(s)
    }
    fn expand(&self, s: &State<N>, out: &mut Vec<Successor<Compound, State<N>>>) {
        self.game.compound_moves(s, |mv, state, _| {
            out.push(Successor {
                mv,
                state,
                cost: 1 + u32::from(mv.parks),
            })
        });
    }
    fn guided_expand(&self, s: &State<N>, out: &mut Vec<Guided<Compound, State<N>>>) {
        self.game.compound_moves(s, |mv, state, guide| {
            let guide = self.jittered(guide, &state);
            let cost = 1 + u32::from(mv.parks);
            out.push((Successor { mv, state, cost }, guide))
        });
    }
    fn heuristic(&self, s: &State<N>) -> u32 {
        self.game.heuristic(s)
    }
    fn guide(&self, s: &State<N>) -> u32 {
        self.jittered(self.game.compound_guide(s), s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    /// Along random walks over compound moves from deals of every preset that has them,
    /// each step of each compound move is among the engine's legal moves where it is
    /// played, the position reached after them and the engine's forced moves home is the
    /// one the compound move claims, and its guide is worked out right.
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
            if !g.plays_compound() {
                continue;
            }
            for deal in 1..=8 {
                let mut s = g.pack(&g.deal(deal)).expect("deal");
                g.autoplay(&mut s, None);
                for _ in 0..80 {
                    let mut moves = Vec::new();
                    g.compound_moves(&s, |c, t, guide| {
                        assert_eq!(guide, g.compound_guide(&t), "{}", rules.id);
                        moves.push((c, t))
                    });
                    for (c, after) in &moves {
                        let mut t = s;
                        for mv in &g.compound_steps(&s, c) {
                            let mut legal = Vec::new();
                            g.each_move(&t, |m| legal.push(m));
                            assert!(
                                legal.contains(mv),
                                "{}: {mv:?} not legal in {t:?} (compound {c:?} from {s:?})",
                                rules.id
                            );
                            t = g.apply(&t, mv);
                        }
                        // The safe moves home, as the engine's dominance gives them.
                        while let Some(f) = g.forced(&t) {
                            t = f.state;
                        }
                        assert_eq!(&t, after, "{}", rules.id);
                        checked += 1;
                    }
                    if moves.is_empty() {
                        break;
                    }
                    s = moves[rng.below(moves.len() as u64) as usize].1;
                }
            }
        }
        assert!(checked > 1000, "only {checked} compound moves checked");
    }

    /// The compound dive wins FreeCell deal 1, and its line replays in the verifier.
    #[test]
    fn compound_dive_wins_a_deal_with_a_line_the_referee_accepts() {
        let g = Tableau::<52, 80>::preset(match "freecell".parse::<GameId>().expect("freecell") {
            GameId::Tableau(i) => i,
            _ => unreachable!(),
        });
        let table = g.deal(1);
        let s = g.pack(&table).expect("deal");
        let limits = solvers::Limits {
            max_nodes: Some(5_000),
            ..Default::default()
        };
        let r = g
            .compound_dive(&s, 0, &limits)
            .expect("FreeCell has compound moves");
        let solvers::Outcome::Solved(line) = r.outcome else {
            panic!("deal 1 not won: {:?}", r.outcome);
        };
        crate::verify::verify(&g, &table, &line, crate::verify::Status::Won, |m| {
            g.notation(m)
        })
        .expect("the line replays");
    }
}
