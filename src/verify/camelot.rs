//! Camelot on the reference piles: the stock, the waste, a pile per grid slot and the
//! removed cards, with camelot.scm's rules written again over them.

use super::{foul, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::camelot::{slot_label, Camelot, Move, REMOVED, REMOVING, STOCK, WASTE};
use crate::piles::Table;

fn value(c: Card) -> u8 {
    c.rank_unchecked().value()
}

fn pile(t: &Table, label: &str) -> Result<usize, Foul> {
    t.find(label)
        .ok_or_else(|| Foul::Rule(format!("no pile '{label}'")))
}

/// Which court card slot `i` takes (its row and column decide): 13 in a corner, 12 in the
/// middle of the top or bottom row, 11 in the middle of the left or right column, none in
/// the centre.
fn court_of(i: usize) -> Option<u8> {
    let (row, col) = (i / 4, i % 4);
    let edge_row = row == 0 || row == 3;
    let edge_col = col == 0 || col == 3;
    match (edge_row, edge_col) {
        (true, true) => Some(13),
        (true, false) => Some(12),
        (false, true) => Some(11),
        (false, false) => None,
    }
}

/// Why `card` may not go into slot `i` as far as its rank goes (None: it may).
fn slot_refuses(card: Card, i: usize) -> Option<String> {
    let v = value(card);
    if v > 10 && court_of(i) != Some(v) {
        return Some(format!("{card} may not go into {}", slot_label(i)));
    }
    None
}

/// The grid: each slot's card, row by row.
fn grid(t: &Table) -> Result<Vec<Option<Card>>, Foul> {
    (0..16)
        .map(|i| Ok(t.piles[pile(t, &slot_label(i))?].top()))
        .collect()
}

fn removing(t: &Table) -> bool {
    t.counter(REMOVING).unwrap_or(0) == 1
}

/// Every move the rules allow now, as the referee finds them among all it could try.
fn any_move(g: &Camelot, t: &Table) -> bool {
    let Ok(cells) = grid(t) else { return false };
    let mut tries = vec![Move::Turn];
    for (i, a) in cells.iter().enumerate() {
        let Some(a) = a else { continue };
        tries.push(Move::Ten(*a));
        for b in cells[i + 1..].iter().flatten() {
            tries.push(Move::Pair(*a, *b));
        }
    }
    if let Some(w) = pile(t, WASTE).ok().and_then(|p| t.piles[p].top()) {
        for to in 0..16 {
            tries.push(Move::Place { card: w, to });
        }
    }
    tries
        .iter()
        .any(|m| g.referee_apply(&mut t.clone(), m).is_ok())
}

impl Referee for Camelot {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let cells = grid(t)?;
        let (stock, waste, removed) = (pile(t, STOCK)?, pile(t, WASTE)?, pile(t, REMOVED)?);
        let waste_card = t.piles[waste].top();
        match *mv {
            Move::Turn => {
                if waste_card.is_some() {
                    return foul("the waste card must be placed first");
                }
                if t.piles[stock].cards.is_empty() {
                    return foul("the stock is out");
                }
                if cells.iter().all(Option::is_some) {
                    return foul("the grid is full: no card can be turned");
                }
                t.move_top_to_top(stock, waste)?;
                t.flip_top(waste)?;
                t.set_counter(REMOVING, 0);
            }
            Move::Place { card, to } => {
                let to = to as usize;
                if waste_card != Some(card) {
                    return foul(format!("{card} is not the waste card"));
                }
                if to >= 16 {
                    return foul(format!("no slot {to}"));
                }
                if cells[to].is_some() {
                    return foul(format!("{} is not empty", slot_label(to)));
                }
                if let Some(why) = slot_refuses(card, to) {
                    return foul(why);
                }
                let p = pile(t, &slot_label(to))?;
                t.move_top_to_top(waste, p)?;
                let full = (0..16).all(|i| i == to || cells[i].is_some());
                if full || t.piles[stock].cards.is_empty() {
                    t.set_counter(REMOVING, 1);
                }
            }
            Move::Ten(c) | Move::Pair(c, _) => {
                if !removing(t) {
                    return foul("cards are removed only once the grid is full or the stock out");
                }
                let cards: Vec<Card> = match *mv {
                    Move::Pair(a, b) => vec![a, b],
                    _ => vec![c],
                };
                let total: u8 = cards.iter().map(|&c| value(c)).sum();
                if cards.iter().any(|&c| value(c) > 10) {
                    return foul("court cards never leave");
                }
                if total != 10 || (cards.len() == 2 && cards[0] == cards[1]) {
                    return foul(format!("{cards:?} do not make ten"));
                }
                for c in cards {
                    let Some(i) = cells.iter().position(|&x| x == Some(c)) else {
                        return foul(format!("{c} is not on the grid"));
                    };
                    let p = pile(t, &slot_label(i))?;
                    t.move_top_to_top(p, removed)?;
                }
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let (Ok(stock), Ok(waste), Ok(cells)) = (pile(t, STOCK), pile(t, WASTE), grid(t)) else {
            return Status::Lost;
        };
        let out = t.piles[stock].cards.is_empty() && t.piles[waste].cards.is_empty();
        if out && cells.iter().flatten().all(|&c| value(c) > 10) {
            Status::Won
        } else if any_move(self, t) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
