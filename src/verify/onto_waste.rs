//! Golf, Black Hole, All in a Row, Triple Peaks, Elevator, Escalator and Thieves on the
//! reference piles: the rules read from the game's [`Rules`] declaration (the cover graph as
//! its lists of places lying on each place), the play written again on the piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::onto_waste::{Move, OntoWaste, Rules, PILE_LABELS, STOCK};
use crate::piles::Table;

/// Whether `card` may go from the layout onto `top` (None: an empty waste). A joker goes
/// onto any card and takes any card.
fn may_go_onto(rules: &Rules, card: Card, top: Option<Card>) -> Result<(), String> {
    let Some(top) = top else {
        return if rules.empty_takes_any {
            Ok(())
        } else {
            Err(format!(
                "the {} is empty: only the stock starts it",
                rules.waste
            ))
        };
    };
    if card.is_joker() || top.is_joker() {
        return Ok(());
    }
    let (c, t) = (card.rank_unchecked().value(), top.rank_unchecked().value());
    if rules.king_stops && t == 13 {
        return Err(format!("nothing goes onto a King ({top})"));
    }
    let neighbours =
        c + 1 == t || t + 1 == c || (rules.wrap && ((c, t) == (1, 13) || (c, t) == (13, 1)));
    if neighbours {
        Ok(())
    } else {
        Err(format!("{card} is not a rank next to {top}"))
    }
}

/// The layout piles' ids.
fn layout(t: &Table, rules: &Rules) -> Vec<Option<usize>> {
    PILE_LABELS[..rules.piles as usize]
        .iter()
        .map(|l| t.find(l))
        .collect()
}

/// In a cover graph, the first place lying on place `p` that still holds a card; None for
/// piles (only a pile's top card is ever offered) or an uncovered place.
fn lying_on(t: &Table, rules: &Rules, p: usize) -> Option<&'static str> {
    let on = rules.covers.get(p)?;
    on.iter()
        .map(|&q| PILE_LABELS[q as usize])
        .find(|l| t.find(l).is_some_and(|i| !t.piles[i].cards.is_empty()))
}

/// Whether the top card of layout pile `p` may be picked up: face up, and in a cover graph
/// with no card lying on it.
fn may_pick_up(t: &Table, rules: &Rules, p: usize, c: Card) -> Result<(), String> {
    if c.is_face_down() {
        return Err(format!(
            "the card of pile {} lies face down",
            PILE_LABELS[p]
        ));
    }
    match lying_on(t, rules, p) {
        Some(l) => Err(format!("pile {l} lies on {c} (pile {})", PILE_LABELS[p])),
        None => Ok(()),
    }
}

/// After place `gone` of a cover graph empties, turns face up each face-down card it lay on
/// that nothing covers any more (AisleRiot turns a card as its last cover leaves).
fn turn_uncovered(t: &mut Table, rules: &Rules, gone: usize) -> Result<(), Foul> {
    for (p, on) in rules.covers.iter().enumerate() {
        if !on.contains(&(gone as u8)) || lying_on(t, rules, p).is_some() {
            continue;
        }
        let i = pile(t, PILE_LABELS[p])?;
        if t.piles[i].top().is_some_and(|c| c.is_face_down()) {
            t.flip_top(i)?;
        }
    }
    Ok(())
}

impl Referee for OntoWaste {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let rules = self.rules;
        let waste = pile(t, rules.waste)?;
        let top = t.piles[waste].top();
        match *mv {
            Move::Play { pile: p, card } => {
                let Some(label) = PILE_LABELS.get(p as usize).filter(|_| p < rules.piles) else {
                    return foul(format!("no layout pile {}", p + 1));
                };
                let from = pile(t, label)?;
                let Some(c) = t.piles[from].top() else {
                    return foul(format!("pile {label} is empty"));
                };
                may_pick_up(t, rules, p as usize, c).or_else(foul)?;
                if c != card {
                    return foul(format!("{card} is not on top of pile {label}"));
                }
                may_go_onto(rules, card, top).or_else(foul)?;
                t.move_top_to_top(from, waste)?;
                turn_uncovered(t, rules, p as usize)?;
            }
            Move::Turn { card } => {
                let stock = pile(t, STOCK)?;
                match t.piles[stock].top() {
                    Some(c) if c.face_up() == card => {}
                    Some(c) => {
                        return foul(format!(
                            "the stock's top card is {}, not {card}",
                            c.face_up()
                        ))
                    }
                    None => return foul("the stock is empty"),
                }
                t.move_top_to_top(stock, waste)?;
                t.flip_top(waste)?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let rules = self.rules;
        let piles = layout(t, rules);
        if piles.iter().flatten().all(|&p| t.piles[p].cards.is_empty()) {
            return Status::Won;
        }
        let tops: Vec<Card> = piles
            .iter()
            .enumerate()
            .filter_map(|(p, i)| {
                let c = t.piles[(*i)?].top()?;
                may_pick_up(t, rules, p, c).is_ok().then_some(c)
            })
            .collect();
        let top = t.find(rules.waste).and_then(|w| t.piles[w].top());
        let stock_left = t.find(STOCK).is_some_and(|s| !t.piles[s].cards.is_empty());
        if stock_left || tops.iter().any(|&c| may_go_onto(rules, c, top).is_ok()) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
