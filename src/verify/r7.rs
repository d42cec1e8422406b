//! Relais des 7 on the reference piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::{Card, RankOrder, Suit};
use crate::games::r7::{Move, R7, SERIES};
use crate::piles::Table;

fn run_of(card: Card) -> &'static str {
    SERIES[card.suit_unchecked().index()]
}

/// Whether `card` may go onto (or under) its run on `t`.
fn may_join(t: &Table, card: Card, under: bool) -> Result<bool, Foul> {
    let run = &t.piles[pile(t, run_of(card))?];
    if run.height() == 13 {
        return Ok(false);
    }
    let order = RankOrder::Circular;
    let low = crate::cards::Rank::Two;
    let end = if under { run.bottom() } else { run.top() };
    let Some(end) = end else { return Ok(false) };
    let want = if under {
        order.predecessor(end.rank_unchecked(), low)
    } else {
        order.successor(end.rank_unchecked(), low)
    };
    Ok(want == card.rank())
}

fn take_to_run(
    t: &mut Table,
    from: &str,
    card: Card,
    under: bool,
    face_down: bool,
) -> Result<(), Foul> {
    let src = pile(t, from)?;
    let want = if face_down { card.face_down() } else { card };
    if t.piles[src].top() != Some(want) {
        return foul(format!("{card} is not the top card of the {from}"));
    }
    if !may_join(t, card, under)? {
        return foul(format!(
            "{card} does not follow the {} run at that end",
            run_of(card)
        ));
    }
    let dst = pile(t, run_of(card))?;
    if under {
        t.move_top_to_bottom(src, dst)?;
        if face_down {
            t.flip_bottom(dst)?;
        }
    } else {
        t.move_top_to_top(src, dst)?;
        if face_down {
            t.flip_top(dst)?;
        }
    }
    Ok(())
}

impl Referee for R7 {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        match *mv {
            Move::StockToLine { card, under } => {
                take_to_run(t, "stock", card, under, true)?;
                t.set_counter("hit", 1);
            }
            Move::StockToWaste { card } => {
                let stock = pile(t, "stock")?;
                if t.piles[stock].top() != Some(card.face_down()) {
                    return foul(format!("{card} is not the top card of the stock"));
                }
                if may_join(t, card, false)? || may_join(t, card, true)? {
                    return foul(format!(
                        "{card} fits its run, so it may not go to the waste"
                    ));
                }
                let waste = pile(t, "waste")?;
                t.move_top_to_top(stock, waste)?;
                t.flip_top(waste)?;
                t.set_counter("hit", 0);
            }
            Move::WasteToLine { card, under } => {
                if t.counter("hit") != Some(1) {
                    return foul(
                        "the waste may be played only right after a card went to the line",
                    );
                }
                take_to_run(t, "waste", card, under, false)?;
            }
            Move::Redeal => {
                let (stock, waste) = (pile(t, "stock")?, pile(t, "waste")?);
                let pass = t.counter("pass").unwrap_or(1);
                if !t.piles[stock].is_empty() {
                    return foul("the stock is not empty yet");
                }
                if pass >= u32::from(crate::games::r7::PASSES) {
                    return foul("no pass is left");
                }
                t.turn_over(waste)?;
                t.put_pile_on_pile(waste, stock)?;
                t.set_counter("pass", pass + 1);
                t.set_counter("hit", 0);
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let complete = Suit::ALL.iter().all(|s| {
            t.find(SERIES[s.index()])
                .is_some_and(|p| t.piles[p].height() == 13)
        });
        if complete {
            return Status::Won;
        }
        let (Some(stock), Some(waste)) = (t.find("stock"), t.find("waste")) else {
            return Status::Lost;
        };
        if !t.piles[stock].is_empty() {
            return Status::Playing;
        }
        let waste_top = t.piles[waste].top();
        let waste_plays = t.counter("hit") == Some(1)
            && waste_top.is_some_and(|c| {
                may_join(t, c, false).unwrap_or(false) || may_join(t, c, true).unwrap_or(false)
            });
        let redeal = waste_top.is_some()
            && t.counter("pass").unwrap_or(1) < u32::from(crate::games::r7::PASSES);
        if waste_plays || redeal {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
