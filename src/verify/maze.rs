//! Maze on the reference piles: one pile per slot, the rules of AisleRiot's maze.scm written
//! again over the cards the piles hold.

use super::{foul, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::maze::{slot_label, Maze, Move, SLOTS};
use crate::piles::Table;

/// The line as the piles hold it: a card or nothing per slot, in reading order.
fn line(t: &Table) -> Result<Vec<Option<Card>>, Foul> {
    (0..SLOTS)
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

/// Whether `b` may come right after `a` along the line: any Ace after any Queen, otherwise
/// the next rank of the same suit.
fn next(a: Card, b: Card) -> bool {
    if value(a) == 12 && value(b) == 1 {
        return true;
    }
    a.suit_unchecked() == b.suit_unchecked() && value(a) + 1 == value(b)
}

/// Why `card` may not go into slot `to` (None: it may).
fn refusal(cells: &[Option<Card>], card: Card, to: usize) -> Option<String> {
    if cells[to].is_some() {
        return Some(format!("slot {} is not empty", slot_label(to)));
    }
    let by_left = if to == 0 {
        value(card) == 1
    } else {
        cells[to - 1].is_some_and(|l| next(l, card))
    };
    let by_right = if to == SLOTS - 1 {
        value(card) == 12
    } else {
        cells[to + 1].is_some_and(|r| next(card, r))
    };
    if by_left || by_right {
        None
    } else {
        Some(format!(
            "{card} neither follows the card left of {} nor comes before the card right of it",
            slot_label(to)
        ))
    }
}

/// Whether the line, gaps skipped, reads Ace to Queen of a suit after another.
fn won(cells: &[Option<Card>]) -> bool {
    let cards: Vec<Card> = cells.iter().flatten().copied().collect();
    cards.first().is_some_and(|&c| value(c) == 1) && cards.windows(2).all(|w| next(w[0], w[1]))
}

fn can_move(cells: &[Option<Card>]) -> bool {
    (0..SLOTS).filter(|&to| cells[to].is_none()).any(|to| {
        cells
            .iter()
            .flatten()
            .any(|&c| refusal(cells, c, to).is_none())
    })
}

impl Referee for Maze {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let cells = line(t)?;
        let to = mv.to as usize;
        if to >= SLOTS {
            return foul(format!("no slot {to}"));
        }
        let Some(from) = cells.iter().position(|&c| c == Some(mv.card)) else {
            return foul(format!("{} is in no slot", mv.card));
        };
        if let Some(why) = refusal(&cells, mv.card, to) {
            return foul(why);
        }
        let (a, b) = (t.find(&slot_label(from)), t.find(&slot_label(to)));
        t.move_top_to_top(a.expect("found"), b.expect("found"))?;
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let Ok(cells) = line(t) else {
            return Status::Lost;
        };
        if won(&cells) {
            Status::Won
        } else if can_move(&cells) {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
