//! Camelot (the AisleRiot manual, "Camelot"; AisleRiot's camelot.scm decides the details).
//!
//! The whole deck is the stock. A grid of four by four slots: the four corners take only
//! Kings, the two middle slots of the top and bottom rows only Queens, the two middle slots
//! of the left and right columns only Jacks; the four centre slots, like every slot, take
//! any other card. Play alternates between two stages:
//! - **Adding**: the player turns the stock's top card to the waste (when the waste is empty
//!   and a slot is empty) and must place it in an empty slot it may go to; the game is lost
//!   when it has none.
//! - **Removing**: a Ten is taken out alone, two other cards making ten (Ace one) are taken
//!   out together, anywhere on the grid; court cards never leave.
//!
//! Removing starts when the grid is full, or when the stock and the waste are out; turning
//! a card goes back to adding (camelot.scm: while adding, nothing is removed). The game is
//! won when the stock and the waste are out and only the twelve court cards remain (they
//! then fill the border, so the centre is empty: camelot.scm's test).
//!
//! # Board and state
//! The board: `stock` (face down, its top dealt next), `waste`, one pile per slot `a1` to
//! `d4` (column letter, row number; `a1`, `d1`, `a4`, `d4` the corners), `removed`, and the
//! counter `removing` (1 while removing). The stock's order is known to the solver, so a
//! verdict is thoughtful; `hint --fair` deals the face-down stock again in each sample.
//!
//! The engine places a card only in the first empty slot of each kind (corner, top and
//! bottom, left and right, centre), and its key holds each kind's cards sorted: the rules
//! never tell two slots of a kind apart (what a slot takes depends on its kind; a removal
//! takes any cards anywhere; the win looks at the cards left, not where), so swapping two
//! slots of a kind maps the game onto itself, wins to wins (ARCHITECTURE.md).

use super::{
    check_partition, expect_piles, shuffled_stock, BoardError, Game, GameId, GameInfo, OwnGame,
};
use crate::cards::{Card, DeckSpec};
use crate::piles::{Mode, Table};
use serde::{Deserialize, Serialize};
use solvers::{Space, Successor};

/// The number of grid slots.
pub const SLOTS: usize = 16;
/// An empty slot, or no waste card, in the packed state.
pub const EMPTY: u8 = 63;
/// The stock's label.
pub const STOCK: &str = "stock";
/// The waste's label.
pub const WASTE: &str = "waste";
/// The label of the pile of removed cards.
pub const REMOVED: &str = "removed";
/// The board counter that is 1 while removing.
pub const REMOVING: &str = "removing";

/// What a slot takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A corner: Kings (or a card that is not a court card).
    Corner,
    /// A middle slot of the top or bottom row: Queens (or a non-court card).
    TopBottom,
    /// A middle slot of the left or right column: Jacks (or a non-court card).
    LeftRight,
    /// A centre slot: non-court cards only.
    Centre,
}

/// Each slot's kind, row by row from the top left.
pub const KINDS: [Kind; SLOTS] = {
    use Kind::*;
    [
        Corner, TopBottom, TopBottom, Corner, //
        LeftRight, Centre, Centre, LeftRight, //
        LeftRight, Centre, Centre, LeftRight, //
        Corner, TopBottom, TopBottom, Corner,
    ]
};

/// The slots of each kind, in the order the engine fills them.
const BY_KIND: [[usize; 4]; 4] = [[0, 3, 12, 15], [1, 2, 13, 14], [4, 7, 8, 11], [5, 6, 9, 10]];

/// Whether a card of rank `rank` may lie in a slot of kind `kind`.
pub fn fits(rank: u8, kind: Kind) -> bool {
    match rank {
        13 => kind == Kind::Corner,
        12 => kind == Kind::TopBottom,
        11 => kind == Kind::LeftRight,
        _ => true,
    }
}

/// The label of slot `i` (row by row): its column `a` to `d`, its row 1 to 4.
pub fn slot_label(i: usize) -> String {
    super::slot_grid::slot_label(i, 4)
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// The stock's top card is turned to the waste.
    Turn,
    /// The waste card goes into the empty slot `to`.
    Place {
        /// The card.
        card: Card,
        /// The slot (row by row, from 0).
        to: u8,
    },
    /// A Ten leaves the grid.
    Ten(Card),
    /// Two cards making ten leave the grid.
    Pair(Card, Card),
}

/// The packed state (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each slot's card index, or [`EMPTY`].
    grid: [u8; SLOTS],
    /// The stock in dealing order (the same in every state of a search).
    stock: [u8; 52],
    /// The stock's length at the start: cards `stock[dealt..len]` are still in it.
    len: u8,
    /// Cards turned so far.
    dealt: u8,
    /// The waste card, or [`EMPTY`].
    waste: u8,
    /// Whether the player is removing.
    removing: bool,
}

fn rank(c: u8) -> u8 {
    c % 13 + 1
}

/// Camelot, the engine.
#[derive(Clone, Copy, Debug)]
pub struct Camelot;

/// Camelot in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Camelot> = OwnGame {
    info: GameInfo {
        id: "camelot",
        name: "Camelot",
        summary: "the deck is the stock, turned one card at a time onto a 4x4 grid: Kings in the corners, Queens in the middles of the top and bottom rows, Jacks in the middles of the side columns, other cards anywhere; when the grid is full (or the stock out), Tens leave alone and pairs making ten together; won when only the court cards are left",
        source: "AisleRiot manual ('Camelot') and AisleRiot's camelot.scm",
        deterministic: false,
        rules_version: 1,
    },
    deck: DeckSpec::FULL,
    game: Camelot,
};

impl State {
    fn full(&self) -> bool {
        self.grid.iter().all(|&c| c != EMPTY)
    }
    fn stock_out(&self) -> bool {
        self.dealt == self.len
    }
}

impl Camelot {
    fn removal(s: &State, cards: &[u8]) -> State {
        let mut n = *s;
        for c in &mut n.grid {
            if cards.contains(c) {
                *c = EMPTY;
            }
        }
        n
    }
}

/// The key: the ranks in each kind's four slots, sorted (4 bits each), then the cards left
/// in the stock, the waste card's rank and the stage.
impl Space for Camelot {
    type State = State;
    type Key = u128;
    type Move = Move;

    fn is_goal(&self, s: &State) -> bool {
        s.stock_out() && s.waste == EMPTY && s.grid.iter().all(|&c| c == EMPTY || rank(c) > 10)
    }

    fn key(&self, s: &State) -> u128 {
        // A card's rank, 0 for none: suits play no part in Camelot.
        let rank_or_0 = |c: u8| if c == EMPTY { 0 } else { rank(c) };
        let mut k = 0u128;
        for slots in BY_KIND {
            let mut ranks = slots.map(|i| rank_or_0(s.grid[i]));
            ranks.sort_unstable();
            for r in ranks {
                k = k << 4 | u128::from(r);
            }
        }
        k = k << 6 | u128::from(s.len - s.dealt);
        k = k << 4 | u128::from(rank_or_0(s.waste));
        k << 1 | u128::from(s.removing)
    }

    fn expand(&self, s: &State, out: &mut Vec<Successor<Move, State>>) {
        if self.is_goal(s) {
            return;
        }
        let step = |mv, state| Successor { mv, state, cost: 1 };
        if s.waste != EMPTY {
            for slots in &BY_KIND {
                if !fits(rank(s.waste), KINDS[slots[0]]) {
                    continue;
                }
                if let Some(&to) = slots.iter().find(|&&i| s.grid[i] == EMPTY) {
                    let mut n = *s;
                    n.grid[to] = s.waste;
                    n.waste = EMPTY;
                    n.removing = n.full() || n.stock_out();
                    out.push(step(
                        Move::Place {
                            card: Card::from_index(s.waste),
                            to: to as u8,
                        },
                        n,
                    ));
                }
            }
            return;
        }
        if s.removing {
            let numbers: smallvec::SmallVec<[u8; SLOTS]> = s
                .grid
                .iter()
                .copied()
                .filter(|&c| c != EMPTY && rank(c) <= 10)
                .collect();
            // Removing a card leads to the same key as removing another of its rank from
            // a slot of the same kind: such a move is listed once.
            let mut keys: smallvec::SmallVec<[u128; 16]> = smallvec::SmallVec::new();
            let mut push = |mv, state: State, out: &mut Vec<Successor<Move, State>>| {
                let k = self.key(&state);
                if !keys.contains(&k) {
                    keys.push(k);
                    out.push(step(mv, state));
                }
            };
            for (i, &a) in numbers.iter().enumerate() {
                if rank(a) == 10 {
                    push(Move::Ten(Card::from_index(a)), Self::removal(s, &[a]), out);
                }
                for &b in &numbers[i + 1..] {
                    if rank(a) + rank(b) == 10 {
                        push(
                            Move::Pair(Card::from_index(a), Card::from_index(b)),
                            Self::removal(s, &[a, b]),
                            out,
                        );
                    }
                }
            }
        }
        if !s.stock_out() && !s.full() {
            let mut n = *s;
            n.waste = s.stock[s.dealt as usize];
            n.dealt += 1;
            n.removing = false;
            out.push(step(Move::Turn, n));
        }
    }

    fn guide(&self, s: &State) -> u32 {
        // Cards still to turn or to remove.
        u32::from(s.len - s.dealt)
            + s.grid
                .iter()
                .filter(|&&c| c != EMPTY && rank(c) <= 10)
                .count() as u32
    }
}

impl Game for Camelot {
    fn id(&self) -> GameId {
        GameId::Camelot
    }

    fn deal(&self, n: u64) -> Table {
        let (mut t, _stock) = shuffled_stock(DeckSpec::FULL, n);
        t.create_empty(WASTE, Mode::Stacked).expect("fresh");
        for i in 0..SLOTS {
            t.create_empty(&slot_label(i), Mode::Stacked)
                .expect("fresh");
        }
        t.create_empty(REMOVED, Mode::Stacked).expect("fresh");
        t.set_counter(REMOVING, 0);
        t
    }

    fn pack(&self, t: &Table) -> Result<State, BoardError> {
        let mut labels = vec![STOCK.to_string(), WASTE.to_string()];
        labels.extend((0..SLOTS).map(slot_label));
        labels.push(REMOVED.to_string());
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let ids = expect_piles(t, &refs)?;
        check_partition(t, DeckSpec::FULL)?;
        let bad = |why: String| Err(BoardError::Impossible(why));
        let stock = &t.piles[ids[0]].cards;
        if let Some(c) = stock.iter().find(|c| !c.is_face_down()) {
            return bad(format!("card {c} in the stock should lie face down"));
        }
        let mut s = State {
            grid: [EMPTY; SLOTS],
            stock: [0; 52],
            len: stock.len() as u8,
            dealt: 0,
            waste: EMPTY,
            removing: false,
        };
        // The stock's top is dealt first.
        for (k, c) in stock.iter().rev().enumerate() {
            s.stock[k] = c.index() as u8;
        }
        match t.piles[ids[1]].cards[..] {
            [] => {}
            [c] if !c.is_face_down() => s.waste = c.index() as u8,
            [c] if c.is_face_down() => {
                return bad(format!(
                    "card {} on the waste should lie face up",
                    c.face_up()
                ))
            }
            _ => return bad("the waste holds one card at most".to_string()),
        }
        for i in 0..SLOTS {
            match t.piles[ids[2 + i]].cards[..] {
                [] => {}
                [c] if c.is_face_down() => {
                    return bad(format!(
                        "card {} in slot '{}' should lie face up",
                        c.face_up(),
                        slot_label(i)
                    ))
                }
                [c] if !fits(rank(c.index() as u8), KINDS[i]) => {
                    return bad(format!("{c} may not lie in slot '{}'", slot_label(i)))
                }
                [c] => s.grid[i] = c.index() as u8,
                _ => return bad(format!("slot '{}' holds more than one card", slot_label(i))),
            }
        }
        let removed = &t.piles[ids[2 + SLOTS]].cards;
        if let Some(c) = removed.iter().find(|c| rank(c.index() as u8) > 10) {
            return bad(format!(
                "{} is in 'removed': court cards never leave",
                c.face_up()
            ));
        }
        // Cards leave in pairs making ten (or Tens alone): as many of each rank as of the
        // rank that makes ten with it, and the Fives two by two.
        let mut count = [0usize; 11];
        for c in removed {
            count[rank(c.index() as u8) as usize] += 1;
        }
        if let Some(r) = (1..5).find(|&r| count[r] != count[10 - r]) {
            return bad(format!(
                "'removed' holds {} cards of rank {r} and {} of rank {}: cards leave in pairs \
                 making ten",
                count[r],
                count[10 - r],
                10 - r
            ));
        }
        if count[5] % 2 == 1 {
            return bad(format!(
                "'removed' holds {} Fives: they leave two by two",
                count[5]
            ));
        }
        s.removing = match t.counter(REMOVING).unwrap_or(0) {
            0 => false,
            1 => true,
            v => return bad(format!("removing = {v}: it is 0 or 1")),
        };
        if s.removing && s.waste != EMPTY {
            return bad("removing = 1 with a card on the waste, which must be placed first".into());
        }
        Ok(s)
    }

    fn notation(&self, mv: &Move) -> String {
        match *mv {
            Move::Turn => "turn".to_string(),
            Move::Place { card, to } => format!("{card} to {}", slot_label(to as usize)),
            Move::Ten(c) => format!("{c} out"),
            Move::Pair(a, b) => format!("{a}+{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_match_their_lists() {
        for (k, slots) in BY_KIND.iter().enumerate() {
            for &i in slots {
                assert_eq!(KINDS[i] as usize, k, "slot {i}");
            }
        }
        assert_eq!(slot_label(0), "a1");
        assert_eq!(slot_label(15), "d4");
    }

    #[test]
    fn a_deal_starts_with_a_turn_only() {
        let s = Camelot.pack(&Camelot.deal(3)).unwrap();
        let mut out = Vec::new();
        Camelot.expand(&s, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].mv, Move::Turn);
        // Its card is the stock's top.
        let t = Camelot.deal(3);
        let top = t.piles[t.find(STOCK).unwrap()].top().unwrap().face_up();
        assert_eq!(out[0].state.waste, top.index() as u8);
    }

    /// Two states whose slots of a kind hold the same cards in another order have one key;
    /// any other change of the grid changes it.
    #[test]
    fn the_key_forgets_order_within_a_kind_only() {
        let mut s = Camelot.pack(&Camelot.deal(1)).unwrap();
        s.grid[5] = 3;
        s.grid[10] = 20;
        let mut swapped = s;
        swapped.grid.swap(5, 10);
        assert_eq!(Camelot.key(&s), Camelot.key(&swapped));
        let mut moved = s;
        moved.grid[0] = moved.grid[5];
        moved.grid[5] = EMPTY;
        assert_ne!(Camelot.key(&s), Camelot.key(&moved));
    }

    /// The key's reduction (ranks, not cards; a kind's slots as a set) keeps the game: over
    /// every state reachable from deal 8 (states compared whole, 384,671 of them), any two
    /// with one key have successors of the same keys, and are both goals or neither.
    #[test]
    fn states_of_one_key_have_successors_of_the_same_keys() {
        use std::collections::{HashMap, HashSet};
        let start = Camelot.pack(&Camelot.deal(8)).unwrap();
        let mut seen: HashSet<State> = HashSet::from([start]);
        let mut todo = vec![start];
        let mut by_key: HashMap<u128, (bool, Vec<u128>)> = HashMap::new();
        let mut shared = 0;
        while let Some(s) = todo.pop() {
            let mut out = Vec::new();
            Camelot.expand(&s, &mut out);
            let mut next: Vec<u128> = out.iter().map(|x| Camelot.key(&x.state)).collect();
            next.sort_unstable();
            next.dedup();
            let here = (Camelot.is_goal(&s), next);
            match by_key.get(&Camelot.key(&s)) {
                Some(v) => {
                    assert_eq!(v, &here, "{s:?}");
                    shared += 1;
                }
                None => {
                    by_key.insert(Camelot.key(&s), here);
                }
            }
            for x in out {
                if seen.insert(x.state) {
                    todo.push(x.state);
                }
            }
        }
        assert_eq!(seen.len(), 384_671);
        assert_eq!(by_key.len(), 20_753);
        assert!(shared > 300_000);
    }
}
