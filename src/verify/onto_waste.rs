//! Golf, Black Hole and All in a Row on the reference piles: the rules read from the game's
//! [`Rules`] declaration, the play written again on the piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::onto_waste::{Move, OntoWaste, Rules, PILE_LABELS, STOCK};
use crate::piles::Table;

/// Whether `card` may go from the layout onto `top` (None: an empty waste).
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
                if t.piles[from].top() != Some(card) {
                    return foul(format!("{card} is not on top of pile {label}"));
                }
                may_go_onto(rules, card, top).or_else(foul)?;
                t.move_top_to_top(from, waste)?;
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
        let tops: Vec<Card> = piles
            .iter()
            .flatten()
            .filter_map(|&p| t.piles[p].top())
            .collect();
        if tops.is_empty() {
            return Status::Won;
        }
        let top = t.find(rules.waste).and_then(|w| t.piles[w].top());
        let stock_left = t.find(STOCK).is_some_and(|s| !t.piles[s].cards.is_empty());
        if stock_left || tops.iter().any(|&c| may_go_onto(rules, c, top).is_ok()) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
