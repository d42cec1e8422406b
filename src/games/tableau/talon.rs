//! The stock turned onto a waste (Forty Thieves, Klondike): the talon, and the moves that
//! play any card dealing can bring to the top of the waste.
//!
//! The state keeps the talon after the tableau piles in one run of bytes, in the order the
//! cards are turned: the waste from its bottom card to its top card, then the stock from
//! its top card to its bottom card. A turn only moves the boundary (`State::waste`, the
//! cards of the waste) forward; turning the waste back into the stock (a redeal) sets it to
//! zero, since turning a pile over twice keeps its order; a card played from the waste
//! leaves the run. So the talon never needs reordering, and the key holds it as it lies.
//!
//! Searching turn by turn explodes: a stock of 64 cards is 64 moves deep before anything
//! happens. The searches instead play, in one move ([`Place::Talon`]), any card that turns
//! can bring to the top of the waste: the literature's "K+" representation (Bjarnason,
//! Fern and Tadepalli, *Lower bounding Klondike solitaire with Monte-Carlo planning*, 2009).
//! It keeps every win and every proof: turns change nothing but the boundary, so in any
//! line of play the turns before a card played from the waste can be made just before it,
//! and a line that wins ends with the talon empty, so no turn comes after the last card
//! played from it. Of the ways to bring a card to the top, the move takes the one that
//! turns the least: within the current pass if the card can be reached there, else after
//! the stock is turned to its end and the waste turned back (one redeal). Reaching a card
//! later in the pass, or a pass later, leaves a position with the same cards where every
//! card reachable is reachable from the earlier one too, with no fewer redeals left, so
//! nothing is lost. The winning lines are written out as the player's single moves
//! ([`Tableau::write_out`]): the turns, the redeal, then the card from the waste.

use super::moves::{Move, Place};
use super::rules::UNLIMITED;
use super::state::State;
use super::Tableau;
use crate::cards::Card;

/// The bit of a [`Place::Talon`] code saying the stock is first turned to its end and the
/// waste turned back (a redeal); the other bits count the turns after it.
pub const AFTER_REDEAL: u8 = 0x80;

/// The most turns a [`Place::Talon`] code counts.
pub const MAX_TURNS: u8 = 0x7F;

impl<const N: usize> State<N> {
    /// The talon (waste games), in the order the cards are turned: the waste bottom first,
    /// then the stock from its top.
    pub fn talon(&self) -> &[u8] {
        let t = self.total();
        &self.cards[t..t + self.stock as usize]
    }

    /// Cards in the waste (waste games): the first ones of [`State::talon`].
    pub fn waste_len(&self) -> usize {
        usize::from(self.waste)
    }

    /// Takes the card at `i` of the talon out of play; the cards before it stay in the
    /// waste, the waste's top card now being the one turned just before it.
    pub(super) fn take_from_talon(&mut self, i: usize) -> u8 {
        let at = self.total() + i;
        let used = self.used();
        let card = self.cards[at];
        self.cards.copy_within(at + 1..used, at);
        self.cards[used - 1] = 0;
        self.stock -= 1;
        self.waste = i as u8;
        card
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether another redeal of the waste is allowed in `s`.
    pub(super) fn waste_redeal_left(&self, s: &State<N>) -> bool {
        let r = self.feat.waste_redeals;
        r == UNLIMITED || s.redeals < r
    }

    /// Calls `f(i, code)` for every card of the talon that turns can bring to the top of the
    /// waste, `i` its place in [`State::talon`] and `code` the [`Place::Talon`] code of the
    /// fewest turns that do it (see the module's docs): the waste's top card (code 0), each
    /// card a turn of this pass puts on top, then, when a redeal is left, each card a turn
    /// of the next pass puts on top that this pass cannot.
    pub(super) fn reachable_in_talon(&self, s: &State<N>, f: impl FnMut(usize, u8)) {
        each_reachable(
            usize::from(s.stock),
            usize::from(s.waste),
            usize::from(self.feat.draw),
            self.waste_redeal_left(s),
            f,
        );
    }

    /// The place in the talon of the card `code` reaches in `s`.
    pub(super) fn talon_index(&self, s: &State<N>, code: u8) -> usize {
        index_of_code(
            usize::from(s.stock),
            usize::from(s.waste),
            usize::from(self.feat.draw),
            code,
        )
    }

    /// Plays the card `code` reaches in `s` out of the talon (the turns and the redeal it
    /// takes counted); returns its byte.
    pub(super) fn play_from_talon(&self, s: &mut State<N>, code: u8) -> u8 {
        let i = self.talon_index(s, code);
        if code & AFTER_REDEAL != 0 && self.feat.waste_redeals != UNLIMITED {
            s.redeals += 1;
        }
        s.take_from_talon(i)
    }

    /// The turn of the stock onto the waste in `s`, if the stock holds cards: as many cards
    /// as the rules turn at a time (fewer at its end), named by the last one turned.
    pub(super) fn turn_move(&self, s: &State<N>) -> Option<Move> {
        let (len, b) = (usize::from(s.stock), usize::from(s.waste));
        let k = usize::from(self.feat.draw).min(len - b);
        (k > 0).then(|| Move {
            from: Place::Stock,
            to: Place::Waste,
            count: k as u8,
            card: Card::from_index(s.talon()[b + k - 1]),
        })
    }

    /// The waste turned back into the empty stock in `s`, if a redeal is left: named by
    /// the waste's bottom card, which the next turn brings back first.
    pub(super) fn turn_back_move(&self, s: &State<N>) -> Option<Move> {
        let (len, b) = (usize::from(s.stock), usize::from(s.waste));
        (len > 0 && b == len && self.waste_redeal_left(s)).then(|| Move {
            from: Place::Waste,
            to: Place::Stock,
            count: len as u8,
            card: Card::from_index(s.talon()[0]),
        })
    }

    /// `line`, played from `start`, with every move of a card from deep in the talon
    /// ([`Place::Talon`]) written out as the player makes it: the turns of the stock (and
    /// the stock turned to its end and the waste turned back, for a redeal), then the card
    /// from the top of the waste; and, with runs keyed as sets, every run card sent home
    /// from under others as the move of those others onto their shelf, then the card home
    /// (`Tableau::run_set_shelf`). Other moves are kept as they are.
    pub fn write_out(&self, start: &State<N>, line: &[Move]) -> Vec<Move> {
        let mut s = *start;
        let mut out = Vec::with_capacity(line.len());
        for mv in line {
            if let Place::Talon(code) = mv.from {
                let mut step = |s: &mut State<N>, m: Move| {
                    *s = self.apply(s, &m);
                    out.push(m);
                };
                if code & AFTER_REDEAL != 0 {
                    while let Some(t) = self.turn_move(&s) {
                        step(&mut s, t);
                    }
                    let back = self.turn_back_move(&s).expect("a redeal is left");
                    step(&mut s, back);
                }
                for _ in 0..code & MAX_TURNS {
                    let t = self
                        .turn_move(&s)
                        .expect("the stock holds the cards turned");
                    step(&mut s, t);
                }
                step(
                    &mut s,
                    Move {
                        from: Place::Waste,
                        ..*mv
                    },
                );
            } else if mv.to == Place::Home && mv.count > 1 && self.feat.run_sets {
                // A run card from under others: they go onto their shelf, then it goes home.
                for m in self.home_from_under_steps(&s, mv) {
                    s = self.apply(&s, &m);
                    out.push(m);
                }
            } else {
                s = self.apply(&s, mv);
                out.push(*mv);
            }
        }
        out
    }
}

/// `Tableau::reachable_in_talon` for a talon of `len` cards whose first `b` are in the waste,
/// `d` cards turned at a time, `redeal_left` when the waste may be turned back: `f(i, code)`
/// for each card turns can bring to the top of the waste (shared with the fast path).
pub(super) fn each_reachable(
    len: usize,
    b: usize,
    d: usize,
    redeal_left: bool,
    mut f: impl FnMut(usize, u8),
) {
    if b > 0 {
        f(b - 1, 0);
    }
    // The turns of this pass: the j-th puts card min(b + j d, len) - 1 on top.
    // `Rules::check` keeps the talon within what a code's 7 bits count.
    debug_assert!(len <= usize::from(MAX_TURNS));
    let mut j = 1;
    while b + (j - 1) * d < len {
        f((b + j * d).min(len) - 1, j as u8);
        j += 1;
    }
    if len == 0 || !redeal_left {
        return;
    }
    let this_pass =
        |i: usize| i + 1 == b || (i >= b && ((i + 1 - b).is_multiple_of(d) || i + 1 == len));
    let mut j = 1;
    while (j - 1) * d < len {
        let i = (j * d).min(len) - 1;
        if !this_pass(i) {
            f(i, AFTER_REDEAL | j as u8);
        }
        j += 1;
    }
}

/// `Tableau::talon_index` for a talon of `len` cards whose first `waste` are in the waste, `d`
/// cards turned at a time: the place of the card `code` reaches.
pub(super) fn index_of_code(len: usize, waste: usize, d: usize, code: u8) -> usize {
    let turns = usize::from(code & MAX_TURNS);
    let from = if code & AFTER_REDEAL != 0 { 0 } else { waste };
    if turns == 0 {
        from - 1
    } else {
        (from + turns * d).min(len) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tableau::TwoDecks;
    use crate::games::{Game, GameId};
    use crate::verify::Referee;
    use solvers::Space;

    fn two_decks(id: &str) -> TwoDecks {
        match id.parse::<GameId>().expect("preset") {
            GameId::Tableau(i) => TwoDecks::preset(i),
            g => panic!("{id} is {g:?}"),
        }
    }

    /// Three cards a turn, a waste of four: this pass reaches the waste's top and every
    /// third card after it (and the last); a redeal reaches every third card from the
    /// start that this pass cannot, and nothing this pass reaches.
    #[test]
    fn the_cards_turns_reach_in_this_pass_and_after_a_redeal() {
        let g = two_decks("little-forty");
        let mut s = g.pack(&g.deal(1)).expect("deal");
        assert_eq!((s.stock, s.waste), (64, 0));
        s.waste = 4;
        let mut reached = Vec::new();
        g.reachable_in_talon(&s, |i, code| reached.push((i, code)));
        let this: Vec<(usize, u8)> = reached
            .iter()
            .copied()
            .filter(|&(_, c)| c & AFTER_REDEAL == 0)
            .collect();
        let mut want = vec![(3, 0)];
        want.extend((1..=20).map(|j| ((4 + 3 * j).min(64) - 1, j as u8)));
        assert_eq!(this, want);
        let next: Vec<usize> = reached
            .iter()
            .filter(|&&(_, c)| c & AFTER_REDEAL != 0)
            .map(|&(i, _)| i)
            .collect();
        assert_eq!(next, (0..21).map(|j| 3 * j + 2).collect::<Vec<_>>());
        // No redeal left: this pass only.
        s.redeals = 3;
        let mut n = 0;
        g.reachable_in_talon(&s, |_, code| {
            assert_eq!(code & AFTER_REDEAL, 0);
            n += 1;
        });
        assert_eq!(n, 21);
    }

    /// Along random walks in games with a waste, every move the engine lists, written out
    /// as single moves, replays on the reference piles and on the engine to the state the
    /// move itself gives.
    #[test]
    fn written_out_talon_moves_replay_to_the_same_position() {
        let mut seed = 7u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for id in ["forty-thieves", "little-forty"] {
            let g = two_decks(id);
            for deal in 1..=3 {
                let mut table = g.deal(deal);
                let mut s = g.pack(&table).expect("deal");
                for _ in 0..40 {
                    let mut succ = Vec::new();
                    g.expand(&s, &mut succ);
                    if succ.is_empty() {
                        break;
                    }
                    for x in &succ {
                        let singles = g.write_out(&s, &[x.mv]);
                        let mut t = table.clone();
                        let mut e = s;
                        for mv in &singles {
                            assert!(!matches!(mv.from, Place::Talon(_)), "{id}: {mv:?}");
                            g.referee_apply(&mut t, mv)
                                .unwrap_or_else(|f| panic!("{id}: {mv:?}: {f}"));
                            e = g.apply(&e, mv);
                        }
                        assert_eq!(e, x.state, "{id}: {:?}", x.mv);
                        assert_eq!(g.pack(&t).expect("packs"), x.state, "{id}: {:?}", x.mv);
                        checked += 1;
                    }
                    let pick = &succ[next() as usize % succ.len()];
                    for mv in g.write_out(&s, &[pick.mv]) {
                        g.referee_apply(&mut table, &mv).expect("legal");
                    }
                    s = pick.state;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
