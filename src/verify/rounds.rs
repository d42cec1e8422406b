//! Fortunes and First Law on the reference piles: AisleRiot's clicks and drags, written
//! again from `fortunes.scm` and `first-law.scm` (the stock's deal onto the four piles, the
//! removals, the moves between piles, First Law's gathering) on the piles, reading the
//! game's [`Rules`] only for which of the rules it plays.

use super::{foul, pile, through_hand, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::rounds::{Move, Removal, Rounds, Rules, Shifts, Won, PILES, REMOVED, STOCK};
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

/// A card's value, Aces high (Fortunes: `set-ace-high`).
fn high(c: Card) -> u8 {
    match c.rank_unchecked().value() {
        1 => 14,
        v => v,
    }
}

/// Whether First Law's four piles all hold cards with top cards of one rank.
fn four_alike(t: &Table, ids: &[usize; 4]) -> bool {
    let tops: Vec<Option<Card>> = ids.iter().map(|&i| t.piles[i].top()).collect();
    tops.iter().all(|c| c.is_some())
        && tops
            .iter()
            .all(|c| c.map(|c| c.rank()) == tops[0].map(|c| c.rank()))
}

/// Whether `card`, the top of pile `p`, may be removed under Fortunes' rule: another pile's
/// top card of its suit is higher.
fn lower_of_suit(t: &Table, ids: &[usize; 4], p: usize, card: Card) -> bool {
    ids.iter().enumerate().any(|(q, &i)| {
        q != p
            && t.piles[i]
                .top()
                .is_some_and(|d| d.suit() == card.suit() && high(d) > high(card))
    })
}

/// The pile First Law moves pile `from`'s top card onto: the leftmost before it whose top
/// card has that card's rank.
fn leftmost_alike(t: &Table, ids: &[usize; 4], from: usize) -> Option<usize> {
    let c = t.piles[ids[from]].top()?;
    (0..from).find(|&q| t.piles[ids[q]].top().is_some_and(|d| d.rank() == c.rank()))
}

/// Whether `rules` allow any move on `t` (the stock's click included).
fn any_move(rules: &Rules, t: &Table) -> Result<bool, Foul> {
    let ids = piles(t)?;
    let stock = pile(t, STOCK)?;
    if !t.piles[stock].cards.is_empty() {
        return Ok(true);
    }
    let held = ids.iter().any(|&i| !t.piles[i].cards.is_empty());
    if rules.gather && held {
        return Ok(true);
    }
    let removal = match rules.removal {
        Removal::LowerOfSuit => (0..4).any(|p| {
            t.piles[ids[p]]
                .top()
                .is_some_and(|c| lower_of_suit(t, &ids, p, c))
        }),
        Removal::FourOfARank => four_alike(t, &ids),
    };
    let shift = match rules.shifts {
        Shifts::RunsToEmpty => held && ids.iter().any(|&i| t.piles[i].cards.is_empty()),
        Shifts::SameRankLeftmost => (1..4).any(|p| leftmost_alike(t, &ids, p).is_some()),
    };
    Ok(removal || shift)
}

impl Referee for Rounds {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let rules = self.rules;
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
                if !rules.gather {
                    return foul("the stock is not gathered again in this game");
                }
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
            Move::Remove { pile: p, card } => {
                if rules.removal != Removal::LowerOfSuit {
                    return foul("cards leave four of a rank at a time in this game");
                }
                let Some(&from) = ids.get(p as usize) else {
                    return foul(format!("no pile {}", p + 1));
                };
                if t.piles[from].top() != Some(card) {
                    return foul(format!("{card} is not on top of pile {}", p + 1));
                }
                if !lower_of_suit(t, &ids, p as usize, card) {
                    return foul(format!("no top card of {card}'s suit is higher"));
                }
                t.move_top_to_top(from, removed)?;
            }
            Move::RemoveFour { card } => {
                if rules.removal != Removal::FourOfARank {
                    return foul("cards leave one at a time in this game");
                }
                if !four_alike(t, &ids) || t.piles[ids[0]].top() != Some(card) {
                    return foul(format!(
                        "the four top cards are not of one rank with {card} on the first"
                    ));
                }
                for &p in &ids {
                    t.move_top_to_top(p, removed)?;
                }
            }
            Move::Shift {
                from,
                to,
                card,
                count,
            } => {
                let (Some(&f), Some(&d)) = (ids.get(from as usize), ids.get(to as usize)) else {
                    return foul("no such pile");
                };
                match rules.shifts {
                    Shifts::RunsToEmpty => {
                        if from == to || !t.piles[d].cards.is_empty() {
                            return foul(format!("pile {} is not another, empty pile", to + 1));
                        }
                        let h = t.piles[f].height();
                        let n = count as usize;
                        if n == 0 || n > h || t.piles[f].cards[h - n] != card {
                            return foul(format!(
                                "{card} does not lie {n} cards from the top of pile {}",
                                from + 1
                            ));
                        }
                        through_hand(t, |t, hand| {
                            for _ in 0..n {
                                t.move_top_to_top(f, hand)?;
                            }
                            for _ in 0..n {
                                t.move_top_to_top(hand, d)?;
                            }
                            Ok(())
                        })?;
                    }
                    Shifts::SameRankLeftmost => {
                        if count != 1 || t.piles[f].top() != Some(card) {
                            return foul(format!("{card} is not on top of pile {}", from + 1));
                        }
                        if four_alike(t, &ids) {
                            return foul(
                                "the four top cards are of one rank: a click removes them",
                            );
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
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let Ok(ids) = piles(t) else {
            return Status::Lost;
        };
        let stock_out = t.find(STOCK).is_some_and(|s| t.piles[s].cards.is_empty());
        let won = stock_out
            && match self.rules.won {
                Won::OneCardEach => ids.iter().all(|&i| t.piles[i].height() == 1),
                Won::AllRemoved => ids.iter().all(|&i| t.piles[i].cards.is_empty()),
            };
        if won {
            Status::Won
        } else if any_move(self.rules, t).unwrap_or(false) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
