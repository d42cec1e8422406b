//! The guides of a state's successors for the best-first searches
//! ([`Space::guided_expand`], and [`Space::guide_successors`] for successors already made,
//! which the depth-first search guides only once it has left out those already seen): the
//! guide of the state a move leads to, worked out from the guide's terms in the current
//! state and what the move changes, rather than from the whole new state. Exact: the same
//! number as [`Tableau::guide`] on the state after the move (checked by the tests below). Games of
//! runs recount only the piles a move touches; games with a waste
//! ([`Tableau::guide_waste`]) recount only the piles a successor changed, while the next
//! cards home and the base stay as they were, and the successor whole otherwise; other
//! games with foundation returns, a redeal, a chosen base, a stock, a reserve or repeated
//! cards guide each successor whole.

use super::guide::{weigh_guide, RunTerms, TalonPrefixes, WastePileTerms, GUIDE_WEIGHTS};
use super::rules::MAX_PILES;
use super::state::{DOWN, EMPTY};
use super::{Move, Place, State, Tableau, Takes};
use solvers::{Guided, Space, Successor};
use std::cell::OnceCell;

/// The guide's terms of a state, and per pile what a move needs to update them.
struct Terms {
    not_home: u32,
    out_of_order: u32,
    cells: u32,
    depth: u32,
    empty: u32,
    /// Per pile: bit i set when card i (from the bottom) lies above a lower card.
    ooo: [u64; MAX_PILES],
    /// Per pile: bit i set when card i is the next card of its foundation.
    need: [u64; MAX_PILES],
    /// Per pile: its lowest rank (14 when empty).
    lowest: [u8; MAX_PILES],
    /// Per pile: where it starts in the state's card bytes.
    start: [u8; MAX_PILES],
    /// Per card identity: its pile and place in it, or `EMPTY` when not in a pile.
    at: [(u8, u8); 52],
}

fn rank(b: u8) -> u8 {
    (b & !DOWN) % 13 + 1
}

fn suit(b: u8) -> usize {
    ((b & !DOWN) / 13) as usize
}

impl Terms {
    fn of<const N: usize, const K: usize>(g: &Tableau<N, K>, s: &State<N>) -> Terms {
        let mut t = Terms {
            not_home: u32::from(g.feat.cards) - s.home_count(),
            out_of_order: 0,
            cells: s.cells[..g.cells()].iter().filter(|&&c| c != EMPTY).count() as u32,
            depth: 0,
            empty: 0,
            ooo: [0; MAX_PILES],
            need: [0; MAX_PILES],
            lowest: [14; MAX_PILES],
            start: [0; MAX_PILES],
            at: [(EMPTY, EMPTY); 52],
        };
        let mut at = 0usize;
        for p in 0..g.rules.piles() {
            let len = s.len[p] as usize;
            t.start[p] = at as u8;
            if len == 0 {
                t.empty += 1;
            }
            let mut lowest = 14u8;
            for i in 0..len {
                let b = s.cards[at + i];
                let r = rank(b);
                if r > lowest {
                    t.ooo[p] |= 1 << i;
                }
                lowest = lowest.min(r);
                if s.home[suit(b)] + 1 == r {
                    t.need[p] |= 1 << i;
                    t.depth += (len - 1 - i) as u32;
                }
                t.at[(b & !DOWN) as usize] = (p as u8, i as u8);
            }
            t.out_of_order += t.ooo[p].count_ones();
            t.lowest[p] = lowest;
            at += len;
        }
        t
    }

    /// The guide of the state after `mv` (a move between piles, cells and the foundations).
    fn after<const N: usize>(&self, s: &State<N>, mv: &Move) -> u32 {
        let (mut ooo, mut depth, mut cells, mut empty, mut not_home) = (
            self.out_of_order,
            self.depth,
            self.cells,
            self.empty,
            self.not_home,
        );
        let k = mv.count as u32;
        // The moved cards, bottom first, and the source pile if any.
        let mut moved = [0u8; 52];
        let mut source = None;
        match mv.from {
            Place::Pile(p) => {
                let p = p as usize;
                let len = s.len[p] as u32;
                let rest = len - k;
                ooo -= (self.ooo[p] >> rest).count_ones();
                depth -= k * (self.need[p] & ((1u64 << rest) - 1)).count_ones();
                if rest == 0 {
                    empty += 1;
                }
                let from = self.start[p] as usize + rest as usize;
                moved[..k as usize].copy_from_slice(&s.cards[from..from + k as usize]);
                source = Some(p);
            }
            Place::Cell(c) => {
                cells -= 1;
                moved[0] = s.cells[c as usize];
            }
            Place::Home
            | Place::Stock
            | Place::Piles
            | Place::Waste
            | Place::Talon(_)
            | Place::Reserve(_) => {
                unreachable!("no lazy guides with returns, redeals, a stock or a reserve")
            }
        }
        match mv.to {
            Place::Pile(q) => {
                let q = q as usize;
                let mut lowest = self.lowest[q];
                for &b in &moved[..k as usize] {
                    let r = rank(b);
                    if r > lowest {
                        ooo += 1;
                    }
                    lowest = lowest.min(r);
                }
                depth += k * self.need[q].count_ones();
                if s.len[q] == 0 {
                    empty -= 1;
                }
            }
            Place::Cell(_) => cells += 1,
            Place::Home => {
                not_home -= 1;
                // The next card of the suit becomes the one the foundation needs.
                let b = moved[0] & !DOWN;
                if rank(b) < 13 {
                    let (p, i) = self.at[b as usize + 1];
                    if p != EMPTY {
                        let len = s.len[p as usize] as u32 - u32::from(Some(p as usize) == source);
                        depth += len - 1 - i as u32;
                    }
                }
            }
            Place::Stock | Place::Piles | Place::Waste | Place::Talon(_) | Place::Reserve(_) => {
                unreachable!("no lazy guides with redeals or a stock; nothing goes onto a reserve")
            }
        }
        weigh_guide(GUIDE_WEIGHTS, not_home, ooo, cells, depth, empty)
    }
}

/// Every successor of `s` with its guide.
pub(super) fn guided_expand<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    s: &State<N>,
    out: &mut Vec<Guided<Move, State<N>>>,
) {
    guided_moves(g, s, |_| true, out);
}

/// The successors of `s` by the moves `keep` accepts, each with its guide.
pub(super) fn guided_moves<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    s: &State<N>,
    keep: impl Fn(&Move) -> bool,
    out: &mut Vec<Guided<Move, State<N>>>,
) {
    let terms = ParentTerms::of(g, s);
    g.each_move(s, |mv| {
        if keep(&mv) {
            let succ = g.succ(s, mv);
            let guide = terms.guide(g, s, &succ);
            out.push((succ, guide));
        }
    });
}

/// The guides of `succ`, successors of `s` (`Space::guide_successors`), into `out`.
pub(super) fn guide_successors<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    s: &State<N>,
    succ: &[Successor<Move, State<N>>],
    out: &mut Vec<u32>,
) {
    if succ.is_empty() {
        return;
    }
    let terms = ParentTerms::of(g, s);
    out.extend(succ.iter().map(|x| terms.guide(g, s, x)));
}

/// What the guides of a state's successors are worked out from.
// Made once per expansion and kept on the stack: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum ParentTerms {
    /// Games of runs: the guide is a sum over piles, so only the piles a move touches are
    /// looked at again (all of them after a deal).
    Runs {
        per: [RunTerms; MAX_PILES],
        sum: RunTerms,
    },
    /// Games with a waste: a sum over piles but for its reserve and waste terms, so a
    /// successor with the same next cards home and base keeps the terms of every pile it
    /// leaves as it was (the same guide as `Tableau::guide_waste`, in less time).
    Waste {
        next: u64,
        per: [WastePileTerms; MAX_PILES],
        sum: WastePileTerms,
        /// The waste's terms of every prefix of the talon, made for the first successor
        /// that reads them.
        talon: OnceCell<TalonPrefixes>,
    },
    /// Foundation returns, a redeal, a chosen base, a stock, a reserve, repeated cards or
    /// runs keyed as sets (without a waste): each successor guided whole.
    Whole,
    /// The rest: the terms and what a move changes in them.
    Lazy(Terms),
}

impl ParentTerms {
    fn of<const N: usize, const K: usize>(g: &Tableau<N, K>, s: &State<N>) -> Self {
        let f = &g.feat;
        let piles = g.rules.piles();
        if f.takes != Takes::Cards {
            let mut per = [RunTerms::default(); MAX_PILES];
            let mut sum = RunTerms::default();
            for (p, t) in per.iter_mut().enumerate().take(piles) {
                *t = RunTerms::of_pile(s.pile(p));
                sum.add(*t);
            }
            return ParentTerms::Runs { per, sum };
        }
        if g.guides_waste() {
            let next = g.next_cards_home(s);
            let mut per = [WastePileTerms::default(); MAX_PILES];
            let mut sum = WastePileTerms::default();
            let mut start = 0;
            for (p, t) in per.iter_mut().enumerate().take(piles) {
                let len = usize::from(s.len[p]);
                *t = g.waste_pile_terms(s, &s.cards[start..start + len], next);
                start += len;
                sum.add(*t);
            }
            return ParentTerms::Waste {
                next,
                per,
                sum,
                talon: OnceCell::new(),
            };
        }
        if f.returns
            || f.redeal != 0
            || f.chosen_base
            || f.deal_to != 0
            || f.draw != 0
            || f.repeats
            || f.reserve != 0
            || f.run_sets
        {
            return ParentTerms::Whole;
        }
        ParentTerms::Lazy(Terms::of(g, s))
    }

    /// The guide of `succ`, a successor of `s`, the state these terms are of.
    fn guide<const N: usize, const K: usize>(
        &self,
        g: &Tableau<N, K>,
        s: &State<N>,
        succ: &Successor<Move, State<N>>,
    ) -> u32 {
        let c = &succ.state;
        let guide = match self {
            ParentTerms::Runs { per, sum } => match (succ.mv.from, succ.mv.to) {
                (_, Place::Piles) | (Place::Stock, _) => g.guide(c),
                (from, to) => {
                    let mut t = *sum;
                    for place in [from, to] {
                        if let Place::Pile(p) = place {
                            t.sub(per[p as usize]);
                            t.add(RunTerms::of_pile(c.pile(p as usize)));
                        }
                    }
                    g.guide_runs_from(c, t)
                }
            },
            ParentTerms::Waste {
                next,
                per,
                sum,
                talon,
            } => {
                if c.base != s.base || g.next_cards_home(c) != *next {
                    g.guide(c)
                } else {
                    let mut t = *sum;
                    c.each_pile_changed(s, g.rules.piles(), |p, pile| {
                        t.sub(per[p]);
                        t.add(g.waste_pile_terms(c, pile, *next));
                    });
                    // Cards only leave the talon, which keeps its order: with as many
                    // cards it is the parent's, and a card played from it leaves the ones
                    // turned before it as the waste. Either way the waste is a prefix of
                    // the parent's talon.
                    let prefix = c.stock == s.stock
                        || matches!(succ.mv.from, Place::Talon(_) | Place::Waste);
                    let waste = if prefix {
                        talon
                            .get_or_init(|| TalonPrefixes::of(g, s, *next))
                            .terms(c.waste_len())
                    } else {
                        g.waste_terms(c, *next, c.waste_len())
                    };
                    g.guide_waste_with(c, *next, t, waste)
                }
            }
            ParentTerms::Whole => g.guide(c),
            ParentTerms::Lazy(terms) => terms.after(s, &succ.mv),
        };
        debug_assert_eq!(guide, g.guide(c), "a successor's guide worked out again");
        guide
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};
    use solvers::Successor;

    /// `guided_expand` of `space` lists the successors of its `expand`, in its order, each
    /// with its guide; checked along a random walk from `s`.
    fn check_walk<const N: usize, S: Space<State = State<N>, Move = Move>>(
        space: &S,
        mut s: State<N>,
        id: &str,
        next: &mut impl FnMut() -> u64,
    ) {
        for _ in 0..60 {
            let mut succ: Vec<Successor<Move, State<N>>> = Vec::new();
            space.expand(&s, &mut succ);
            let mut guided = Vec::new();
            space.guided_expand(&s, &mut guided);
            assert_eq!(succ.len(), guided.len(), "{id}");
            for (a, (b, h)) in succ.iter().zip(&guided) {
                assert_eq!(a, b, "{id}");
                assert_eq!(space.guide(&a.state), *h, "{id} {:?}", a.mv);
            }
            // Guided after the fact, every other successor (as the depth-first search
            // guides those it keeps): the same guides.
            let some: Vec<_> = succ.iter().skip(1).step_by(2).cloned().collect();
            let mut guides = Vec::new();
            space.guide_successors(&s, &some, &mut guides);
            let expected: Vec<u32> = guided.iter().skip(1).step_by(2).map(|g| g.1).collect();
            assert_eq!(guides, expected, "{id}");
            if succ.is_empty() {
                break;
            }
            s = succ[(next() % succ.len() as u64) as usize].state;
        }
    }

    fn check_preset<const N: usize, const K: usize>(i: u16, next: &mut impl FnMut() -> u64) {
        let g = Tableau::<N, K>::preset(i);
        let id = &g.rules.id;
        for deal in 1..=4 {
            let s = g.pack(&g.deal(deal)).expect("deal");
            check_walk(&g, s, id, next);
            if g.plays_suit_runs() {
                check_walk(&super::super::runs::Focused(&g), s, id, next);
            }
        }
    }

    /// Random walks from a few deals of every preset (and of the focused move set of games
    /// of suit runs): the guides worked out from the moves (`guided_expand`) or from the
    /// successors made (`guide_successors`) are those of the successors.
    #[test]
    fn scores_are_the_guides_of_the_successors() {
        let mut rng = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for rules in super::super::presets() {
            let GameId::Tableau(i) = rules.id.parse::<GameId>().expect("preset") else {
                panic!("not a tableau game");
            };
            match super::super::capacity(rules) {
                52 => check_preset::<52, 80>(i, &mut next),
                104 => check_preset::<104, 132>(i, &mut next),
                _ => check_preset::<156, 184>(i, &mut next),
            }
        }
    }
}
