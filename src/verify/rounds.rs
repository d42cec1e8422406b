//! First Law on the reference piles: AisleRiot's clicks, written again from
//! `first-law.scm` (the stock's deal onto the four piles, a click on a pile moving its top
//! card leftwards or removing four of a rank, the empty stock's click gathering the piles)
//! on the piles, without the engine's code.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::rounds::{Move, Rounds, PILES, REMOVED, STOCK};
use crate::piles::Table;

/// The four piles' ids.
fn piles(t: &Table) -> Result<[usize; 4], Foul> {
    Ok([
        pile(t, PILES[0])?,
        pile(t, PILES[1])?,
        pile(t, PILES[2])?,
        pile(t, PILES[3])?,
    ])
}

/// Whether First Law's four piles all hold cards with top cards of one rank.
fn four_alike(t: &Table, ids: &[usize; 4]) -> bool {
    let tops: Vec<Option<Card>> = ids.iter().map(|&i| t.piles[i].top()).collect();
    tops.iter().all(|c| c.is_some())
        && tops
            .iter()
            .all(|c| c.map(|c| c.rank()) == tops[0].map(|c| c.rank()))
}

/// The pile First Law moves pile `from`'s top card onto: the leftmost before it whose top
/// card has that card's rank.
fn leftmost_alike(t: &Table, ids: &[usize; 4], from: usize) -> Option<usize> {
    let c = t.piles[ids[from]].top()?;
    (0..from).find(|&q| t.piles[ids[q]].top().is_some_and(|d| d.rank() == c.rank()))
}

/// Whether any click does something on `t`: the stock's (a deal, or gathering piles that
/// hold cards), or a pile's (removing four of a rank, or moving a top card leftwards).
fn any_move(t: &Table) -> Result<bool, Foul> {
    let ids = piles(t)?;
    let stock = pile(t, STOCK)?;
    let held = ids.iter().any(|&i| !t.piles[i].cards.is_empty());
    Ok(!t.piles[stock].cards.is_empty()
        || held
        || four_alike(t, &ids)
        || (1..4).any(|p| leftmost_alike(t, &ids, p).is_some()))
}

impl Referee for Rounds {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let ids = piles(t)?;
        let stock = pile(t, STOCK)?;
        let removed = pile(t, REMOVED)?;
        match *mv {
            Move::Deal => {
                if t.piles[stock].cards.len() < 4 {
                    return foul("the stock holds fewer than four cards");
                }
                for &p in &ids {
                    t.move_top_to_top(stock, p)?;
                    t.flip_top(p)?;
                }
            }
            Move::Gather => {
                if !t.piles[stock].cards.is_empty() {
                    return foul("the stock still holds cards");
                }
                if ids.iter().all(|&p| t.piles[p].cards.is_empty()) {
                    return foul("the piles are empty");
                }
                for &p in ids.iter().rev() {
                    while !t.piles[p].cards.is_empty() {
                        t.move_top_to_top(p, stock)?;
                        t.flip_top(stock)?;
                    }
                }
            }
            Move::RemoveFour { card } => {
                if !four_alike(t, &ids) || t.piles[ids[0]].top() != Some(card) {
                    return foul(format!(
                        "the four top cards are not of one rank with {card} on the first"
                    ));
                }
                for &p in &ids {
                    t.move_top_to_top(p, removed)?;
                }
            }
            Move::Shift { from, to, card } => {
                let (Some(&f), Some(&d)) = (ids.get(from as usize), ids.get(to as usize)) else {
                    return foul("no such pile");
                };
                if t.piles[f].top() != Some(card) {
                    return foul(format!("{card} is not on top of pile {}", from + 1));
                }
                if four_alike(t, &ids) {
                    return foul("the four top cards are of one rank: a click removes them");
                }
                if leftmost_alike(t, &ids, from as usize) != Some(to as usize) {
                    return foul(format!(
                                "pile {} is not the leftmost pile before {} with a top card of {card}'s rank",
                                to + 1,
                                from + 1
                            ));
                }
                t.move_top_to_top(f, d)?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let Ok(ids) = piles(t) else {
            return Status::Lost;
        };
        let stock_out = t.find(STOCK).is_some_and(|s| t.piles[s].cards.is_empty());
        if stock_out && ids.iter().all(|&i| t.piles[i].cards.is_empty()) {
            Status::Won
        } else if any_move(t).unwrap_or(false) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
