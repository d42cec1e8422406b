//! Montée-Descente on the reference piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::{Card, Rank, RankOrder};
use crate::games::md::{Md, Move, SERIES, STORES};
use crate::piles::Table;

fn series_of(t: &Table, c: Card) -> Result<usize, Foul> {
    pile(t, SERIES[c.suit_unchecked().index()])
}

/// Whether `c` may go onto its series: a 7 on an empty series, otherwise the next rank.
fn may_go_up(t: &Table, c: Card) -> Result<bool, Foul> {
    let s = series_of(t, c)?;
    Ok(match t.piles[s].top() {
        None => c.rank() == Some(Rank::Seven),
        Some(top) => RankOrder::AceHigh.successor(top.rank_unchecked(), Rank::Seven) == c.rank(),
    })
}

/// Whether `c` may go onto storage pile `p`: empty, or a top of equal or higher rank.
fn may_go_down(t: &Table, c: Card, p: usize) -> bool {
    match t.piles[p].top() {
        None => true,
        Some(top) => {
            let pos = |x: Card| RankOrder::AceHigh.position(x.rank_unchecked(), Rank::Seven);
            pos(c) <= pos(top)
        }
    }
}

fn stores(t: &Table) -> Result<Vec<usize>, Foul> {
    STORES.iter().map(|l| pile(t, l)).collect()
}

impl Referee for Md {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let stock = pile(t, "stock")?;
        match *mv {
            Move::Up { card } => {
                if t.piles[stock].top() != Some(card.face_down()) {
                    return foul(format!("{card} is not the top card of the stock"));
                }
                if !may_go_up(t, card)? {
                    return foul(format!("{card} does not follow on its series"));
                }
                let s = series_of(t, card)?;
                t.move_top_to_top(stock, s)?;
                t.flip_top(s)?;
                t.set_counter("raise", 1);
            }
            Move::Down { card, store } => {
                if t.piles[stock].top() != Some(card.face_down()) {
                    return foul(format!("{card} is not the top card of the stock"));
                }
                let p = *stores(t)?
                    .get(store as usize)
                    .ok_or_else(|| Foul::Rule(format!("no storage pile {}", store + 1)))?;
                if !may_go_down(t, card, p) {
                    return foul(format!("{card} may not go onto a lower card"));
                }
                t.move_top_to_top(stock, p)?;
                t.flip_top(p)?;
                t.set_counter("raise", 0);
            }
            Move::Raise { card, store } => {
                if t.counter("raise") != Some(1) {
                    return foul("cards may be raised only after a card went up");
                }
                let p = *stores(t)?
                    .get(store as usize)
                    .ok_or_else(|| Foul::Rule(format!("no storage pile {}", store + 1)))?;
                if t.piles[p].top() != Some(card) {
                    return foul(format!(
                        "{card} is not on top of {}",
                        STORES[store as usize]
                    ));
                }
                if !may_go_up(t, card)? {
                    return foul(format!("{card} does not follow on its series"));
                }
                let s = series_of(t, card)?;
                t.move_top_to_top(p, s)?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let full = SERIES
            .iter()
            .all(|l| t.find(l).is_some_and(|p| t.piles[p].height() == 8));
        if full {
            return Status::Won;
        }
        let (Ok(stock), Ok(st)) = (pile(t, "stock"), stores(t)) else {
            return Status::Lost;
        };
        let raise = t.counter("raise") == Some(1)
            && st.iter().any(|&p| {
                t.piles[p]
                    .top()
                    .is_some_and(|c| may_go_up(t, c).unwrap_or(false))
            });
        let turn = t.piles[stock].top().is_some_and(|c| {
            let c = c.face_up();
            may_go_up(t, c).unwrap_or(false) || st.iter().any(|&p| may_go_down(t, c, p))
        });
        if raise || turn {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
