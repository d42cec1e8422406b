//! À la queue leu leu on the reference piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::games::qll::{new_pile_label, Move, Qll};
use crate::piles::{Mode, Table};

/// The line: every active pile but the stock, in table order.
fn line(t: &Table) -> Vec<usize> {
    t.piles
        .iter()
        .enumerate()
        .filter(|(_, p)| p.active && p.label != "stock")
        .map(|(i, _)| i)
        .collect()
}

fn matching(t: &Table, a: usize, b: usize) -> bool {
    match (t.piles[a].top(), t.piles[b].top()) {
        (Some(x), Some(y)) => x.same_suit(y) || x.same_rank(y),
        _ => false,
    }
}

/// Whether the pile at place `m` of the line may be gathered onto its left neighbour.
fn gatherable(t: &Table, line: &[usize], m: usize, circular: bool) -> bool {
    let n = line.len();
    if n < 3 || m >= n {
        return false;
    }
    if !circular && (m == 0 || m + 1 == n) {
        return false;
    }
    let left = line[(m + n - 1) % n];
    let right = line[(m + 1) % n];
    matching(t, left, right)
}

fn stock_empty(t: &Table) -> Result<bool, Foul> {
    Ok(t.piles[pile(t, "stock")?].is_empty())
}

fn any_gatherable(t: &Table) -> Result<bool, Foul> {
    let l = line(t);
    let circular = stock_empty(t)?;
    Ok((0..l.len()).any(|m| gatherable(t, &l, m, circular)))
}

impl Referee for Qll {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        match *mv {
            Move::Deal { card } => {
                let stock = pile(t, "stock")?;
                if t.piles[stock].top() != Some(card.face_down()) {
                    return foul(format!("{card} is not the top card of the stock"));
                }
                if any_gatherable(t)? {
                    return foul("the line is not stable yet");
                }
                let p = t.create_empty(&new_pile_label(t), Mode::Stacked)?;
                t.move_top_to_top(stock, p)?;
                t.flip_top(p)?;
            }
            Move::Gather { pile: m, card } => {
                let l = line(t);
                let m = m as usize;
                if !gatherable(t, &l, m, stock_empty(t)?) {
                    return foul(format!("pile {} is not between two playable piles", m + 1));
                }
                if t.piles[l[m]].top() != Some(card) {
                    return foul(format!("pile {} does not show {card}", m + 1));
                }
                let left = l[(m + l.len() - 1) % l.len()];
                t.put_pile_on_pile(l[m], left)?;
                t.remove_empty(l[m])?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let Some(stock) = t.find("stock") else {
            return Status::Lost;
        };
        if !t.piles[stock].is_empty() || any_gatherable(t).unwrap_or(false) {
            Status::Playing
        } else if line(t).len() == 2 {
            Status::Won
        } else {
            Status::Lost
        }
    }
}
