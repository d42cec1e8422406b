//! The games of a line that closes up (Monte Carlo, Neighbor, Quatorze, Accordion) on the
//! reference piles: the rules read from the game's [`Rules`] declaration, the play written
//! again slot by slot as AisleRiot's files play it (cards slid one slot pile at a time over
//! the gaps, the stock dealt onto the slots' piles).

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::compacting::{
    Close, Compacting, Goal, Match, Move, Rules, Touch, LABELS, REMOVED, STOCK,
};
use crate::piles::Table;

/// Whether two cards go together, as the rules declare.
fn go_together(rules: &Rules, a: Card, b: Card) -> bool {
    let (ra, rb) = (a.rank_unchecked(), b.rank_unchecked());
    match rules.matches {
        Match::SameRank => ra == rb,
        Match::Total(t) => ra.value() + rb.value() == t,
        Match::SuitOrRank => ra == rb || a.suit_unchecked() == b.suit_unchecked(),
    }
}

impl Compacting {
    /// The slots' piles, in reading order.
    fn slot_piles(&self, t: &Table) -> Result<Vec<usize>, Foul> {
        LABELS[..self.rules.slots as usize]
            .iter()
            .map(|l| pile(t, l))
            .collect()
    }

    /// The slot (0-based) holding `card`.
    fn slot_of(&self, t: &Table, card: Card) -> Result<usize, Foul> {
        let labels = &LABELS[..self.rules.slots as usize];
        t.piles
            .iter()
            .filter(|p| p.active && p.top() == Some(card))
            .find_map(|p| labels.iter().position(|l| *l == p.label))
            .map_or_else(|| foul(format!("{card} is not on the line")), Ok)
    }

    /// Whether slots `a` and `b` lie where the rules take a pair from: row and column of
    /// each worked out from the grid's width.
    fn placed_for_a_pair(&self, a: usize, b: usize) -> bool {
        let w = self.rules.cols as i64;
        let (ra, ca) = (a as i64 / w, a as i64 % w);
        let (rb, cb) = (b as i64 / w, b as i64 % w);
        match self.rules.touch {
            Touch::Around => (ra - rb).abs() < 2 && (ca - cb).abs() < 2,
            Touch::RowOrColumn => ra == rb || ca == cb,
            Touch::LeftOneOrThree => false,
        }
    }

    /// Slides every card left over the empty slots (one slot pile to the next free one, in
    /// reading order); true if a card moved.
    fn slide(&self, t: &mut Table) -> Result<bool, Foul> {
        let piles = self.slot_piles(t)?;
        let mut free = 0;
        let mut moved = false;
        for i in 0..piles.len() {
            if t.piles[piles[i]].is_empty() {
                continue;
            }
            if free < i {
                t.move_top_to_top(piles[i], piles[free])?;
                moved = true;
            }
            free += 1;
        }
        Ok(moved)
    }

    /// The stock's next card onto the slot pile `slot`, face up; false if the stock is out.
    fn deal_one(&self, t: &mut Table, slot: usize) -> Result<bool, Foul> {
        let Some(stock) = t.find(STOCK) else {
            return Ok(false);
        };
        if t.piles[stock].is_empty() {
            return Ok(false);
        }
        let to = self.slot_piles(t)?[slot];
        t.move_top_to_top(stock, to)?;
        t.flip_top(to)?;
        Ok(true)
    }

    /// The empty slots at the line's end filled from the stock, in reading order, while it
    /// lasts.
    fn fill_end(&self, t: &mut Table) -> Result<(), Foul> {
        let piles = self.slot_piles(t)?;
        for (i, &p) in piles.iter().enumerate() {
            if t.piles[p].is_empty() && !self.deal_one(t, i)? {
                break;
            }
        }
        Ok(())
    }

    /// After slots `emptied` lost their cards (the dragged card's first): the line settled
    /// as the rules say.
    fn settle(&self, t: &mut Table, emptied: &[usize]) -> Result<(), Foul> {
        match self.rules.close {
            Close::OnDeal => Ok(()),
            Close::AtOnce => {
                self.slide(t)?;
                self.fill_end(t)?;
                Ok(())
            }
            Close::RefillThenClose => {
                for &i in emptied {
                    if !self.deal_one(t, i)? {
                        self.slide(t)?;
                        return Ok(());
                    }
                }
                Ok(())
            }
        }
    }

    /// The number of cards on the line and in the stock.
    fn cards_in_game(&self, t: &Table) -> usize {
        t.piles
            .iter()
            .filter(|p| p.label != REMOVED)
            .map(|p| p.cards.len())
            .sum()
    }
}

impl Referee for Compacting {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let rules = self.rules;
        let removed = pile(t, REMOVED)?;
        match *mv {
            Move::Deal => {
                if rules.close != Close::OnDeal {
                    return foul(format!(
                        "{} has no deal: its line closes up by itself",
                        rules.id
                    ));
                }
                let before = t.to_text();
                self.slide(t)?;
                self.fill_end(t)?;
                if t.to_text() == before {
                    return foul("the deal would change nothing");
                }
            }
            Move::Single { card } => {
                if rules.alone != Some(card.rank_unchecked().value()) {
                    return foul(format!("{card} does not go alone"));
                }
                let i = self.slot_of(t, card)?;
                let p = self.slot_piles(t)?[i];
                t.move_top_to_top(p, removed)?;
                self.settle(t, &[i])?;
            }
            Move::Pair { first, second } => {
                if rules.touch == Touch::LeftOneOrThree {
                    return foul("cards leave this line only when covered");
                }
                let (a, b) = (self.slot_of(t, first)?, self.slot_of(t, second)?);
                if a == b {
                    return foul("a card does not pair with itself");
                }
                if !self.placed_for_a_pair(a, b) {
                    return foul(format!(
                        "{first} and {second} do not lie where a pair is taken"
                    ));
                }
                if !go_together(rules, first, second) {
                    return foul(format!("{first} and {second} do not go together"));
                }
                let piles = self.slot_piles(t)?;
                t.move_top_to_top(piles[a], removed)?;
                t.move_top_to_top(piles[b], removed)?;
                self.settle(t, &[a, b])?;
            }
            Move::Onto { card, covered } => {
                if rules.touch != Touch::LeftOneOrThree {
                    return foul("no card covers another in this game");
                }
                if !go_together(rules, card, covered) {
                    return foul(format!("{card} and {covered} share neither suit nor rank"));
                }
                let (from, to) = (self.slot_of(t, card)?, self.slot_of(t, covered)?);
                if !(from == to + 1 || from == to + 3) {
                    return foul(format!(
                        "{covered} is not one or three slots left of {card}"
                    ));
                }
                let piles = self.slot_piles(t)?;
                t.move_top_to_top(piles[to], removed)?;
                t.move_top_to_top(piles[from], piles[to])?;
                self.settle(t, &[from])?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let left = self.cards_in_game(t);
        let won = match self.rules.goal {
            Goal::AllGone => left == 0,
            Goal::OneLeft => left == 1,
        };
        if won {
            return Status::Won;
        }
        // Any move the rules allow: a card alone, two cards placed and matched as the rules
        // say (a pair, or a covering one or three slots to the left), or a deal that changes
        // the line.
        let Ok(piles) = self.slot_piles(t) else {
            return Status::Lost;
        };
        let rules = self.rules;
        let slots: Vec<(usize, Card)> = piles
            .iter()
            .enumerate()
            .filter_map(|(i, &p)| t.piles[p].top().map(|c| (i, c)))
            .collect();
        let alone = slots
            .iter()
            .any(|(_, c)| rules.alone == Some(c.rank_unchecked().value()));
        let two = slots.iter().any(|&(i, a)| {
            slots.iter().any(|&(j, b)| {
                i < j
                    && go_together(rules, a, b)
                    && match rules.touch {
                        Touch::LeftOneOrThree => j == i + 1 || j == i + 3,
                        _ => self.placed_for_a_pair(i, j),
                    }
            })
        });
        let deal =
            rules.close == Close::OnDeal && self.referee_apply(&mut t.clone(), &Move::Deal).is_ok();
        if alone || two || deal {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
