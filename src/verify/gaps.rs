//! Gaps and its variants on the reference piles: one pile per slot, the rules read from the
//! game's [`Rules`] declaration and the play (the redeal's gathering and dealing too)
//! written again on the piles.

use super::{foul, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::gaps::{slot_label, Gaps, Move, Rules, REDEALS, SEED};
use crate::piles::Table;

/// The grid as the piles hold it: a card or nothing per slot, row by row.
fn grid(t: &Table) -> Result<Vec<Option<Card>>, Foul> {
    (0..52)
        .map(|i| {
            let label = slot_label(i);
            let p = t
                .find(&label)
                .ok_or_else(|| Foul::Rule(format!("no slot '{label}'")))?;
            Ok(t.piles[p].top())
        })
        .collect()
}

fn value(c: Card) -> u8 {
    c.rank_unchecked().value()
}

/// How many slots from the left of `row` hold Two, Three, ... of one suit.
fn in_order(grid: &[Option<Card>], row: usize) -> usize {
    let cells = &grid[row * 13..row * 13 + 13];
    let Some(first) = cells[0].filter(|&c| value(c) == 2) else {
        return 0;
    };
    cells
        .iter()
        .enumerate()
        .take_while(|(i, c)| {
            c.is_some_and(|c| {
                c.suit_unchecked() == first.suit_unchecked() && usize::from(value(c)) == i + 2
            })
        })
        .count()
}

/// Why `card` may not go into the empty slot `to` (None: it may).
fn refusal(rules: &Rules, grid: &[Option<Card>], card: Card, to: usize) -> Option<String> {
    let from = grid.iter().position(|&c| c == Some(card))?;
    if grid[to].is_some() {
        return Some(format!("slot {} is not empty", slot_label(to)));
    }
    if rules.runs_stay && from % 13 < in_order(grid, from / 13) {
        return Some(format!("{card} is in its row's run and stays"));
    }
    if to.is_multiple_of(13) {
        if value(card) != 2 {
            return Some(format!("only a Two goes into {}", slot_label(to)));
        }
        if let Some(suits) = rules.row_suits {
            if suits[to / 13] != card.suit_unchecked() {
                return Some(format!(
                    "row {} takes the Two of {:?} only",
                    to / 13 + 1,
                    suits[to / 13]
                ));
            }
        }
        return None;
    }
    match grid[to - 1] {
        None => Some(format!(
            "nothing goes right of the gap at {}",
            slot_label(to - 1)
        )),
        Some(left)
            if left.suit_unchecked() == card.suit_unchecked() && value(left) + 1 == value(card) =>
        {
            None
        }
        Some(left) => Some(format!("{card} does not follow {left} in suit")),
    }
}

/// Whether some card may move.
fn can_move(rules: &Rules, grid: &[Option<Card>]) -> bool {
    (0..52).filter(|&to| grid[to].is_none()).any(|to| {
        grid.iter()
            .flatten()
            .any(|&c| refusal(rules, grid, c, to).is_none())
    })
}

impl Referee for Gaps {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let rules = self.rules;
        let cells = grid(t)?;
        match *mv {
            Move::Place { card, to } => {
                let to = to as usize;
                if to >= 52 {
                    return foul(format!("no slot {to}"));
                }
                let Some(from) = cells.iter().position(|&c| c == Some(card)) else {
                    return foul(format!("{card} is in no slot"));
                };
                if let Some(why) = refusal(rules, &cells, card, to) {
                    return foul(why);
                }
                let (a, b) = (t.find(&slot_label(from)), t.find(&slot_label(to)));
                t.move_top_to_top(a.expect("found"), b.expect("found"))?;
            }
            Move::Redeal => {
                let done = t.counter(REDEALS).unwrap_or(0);
                if done >= u32::from(rules.redeals) {
                    return foul("no redeal left");
                }
                if (0..4).all(|row| in_order(&cells, row) == 12) {
                    return foul("the game is won");
                }
                if can_move(rules, &cells) {
                    return foul("a card can still move: no redeal yet");
                }
                let k = done + 1;
                // The slots right of the runs, row by row; the first of each row.
                let mut gathered = Vec::new();
                let mut firsts = Vec::new();
                for row in 0..4 {
                    let run = in_order(&cells, row);
                    firsts.push(row * 13 + run);
                    gathered.extend(row * 13 + run..row * 13 + 13);
                }
                let mut cards: Vec<Option<Card>> = gathered
                    .iter()
                    .filter_map(|&i| cells[i])
                    .map(Some)
                    .collect();
                let targets: Vec<usize> = if rules.random_gaps {
                    cards.extend([None; 4]);
                    gathered.clone()
                } else {
                    gathered
                        .iter()
                        .copied()
                        .filter(|i| !firsts.contains(i))
                        .collect()
                };
                let seed = u64::from(t.counter(SEED).unwrap_or(0));
                let mut rng = crate::deals::Rng::new(seed + (u64::from(k) << 32));
                crate::deals::shuffle(&mut cards, &mut rng);
                // Gather onto the Aces (the one pile off the grid), then deal from there.
                let hand = t
                    .find(crate::games::gaps::ACES)
                    .ok_or_else(|| Foul::Rule("no pile 'aces'".into()))?;
                for &i in &gathered {
                    let p = t.find(&slot_label(i)).expect("found");
                    if !t.piles[p].cards.is_empty() {
                        t.move_top_to_top(p, hand)?;
                    }
                }
                for (&i, c) in targets.iter().zip(cards) {
                    if let Some(c) = c {
                        let p = t.find(&slot_label(i)).expect("found");
                        t.move_card(c.suit_unchecked(), c.rank_unchecked(), hand, p)?;
                    }
                }
                t.set_counter(REDEALS, k);
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let Ok(cells) = grid(t) else {
            return Status::Lost;
        };
        if (0..4).all(|row| in_order(&cells, row) == 12) {
            return Status::Won;
        }
        let redeal_left = t.counter(REDEALS).unwrap_or(0) < u32::from(self.rules.redeals);
        if redeal_left || can_move(self.rules, &cells) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
