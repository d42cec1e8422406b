//! Große Napoleon on the reference piles: the rules of `games/grosse_napoleon.rs` written
//! again from the seed's text, on [`Table`] and its primitives only.
//!
//! The board's counters carry what the piles do not show: `dealt`, the cards dealt since
//! the layout began (the talon holds cards exactly while dealing; the counter is 0 in
//! play), and `relayouts`, the re-layouts used.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::{Card, Rank, RankOrder};
use crate::games::grosse_napoleon::{
    GrosseNapoleon, Move, COLUMNS, DEALT, DOWN, MAX_RELAYOUTS, RELAYOUTS, TALON, UP,
};
use crate::piles::{Mode, Table};

fn column(t: &Table, i: u8) -> Result<usize, Foul> {
    match COLUMNS.get(i as usize) {
        Some(l) => pile(t, l),
        None => foul(format!("no column {}", i + 1)),
    }
}

fn foundation(t: &Table, c: Card, descending: bool) -> Result<usize, Foul> {
    let s = c.suit_unchecked().index();
    pile(t, if descending { DOWN[s] } else { UP[s] })
}

/// Whether `c` continues its suit's ascending (from the Ace) or descending (from the King)
/// foundation.
fn continues(t: &Table, c: Card, descending: bool) -> Result<bool, Foul> {
    let f = foundation(t, c, descending)?;
    let want = match (t.piles[f].top(), descending) {
        (None, false) => Some(Rank::Ace),
        (None, true) => Some(Rank::King),
        (Some(top), false) => RankOrder::AceLow.successor(top.rank_unchecked(), Rank::Two),
        (Some(top), true) => RankOrder::AceLow.predecessor(top.rank_unchecked(), Rank::Two),
    };
    Ok(want.is_some() && c.rank() == want)
}

/// Whether `c` may lie on `on` in a column: same suit, next rank up or down, no wrap.
fn may_lie_on(c: Card, on: Card) -> bool {
    let (r, o) = (c.rank_unchecked(), on.rank_unchecked());
    c.suit() == on.suit()
        && (RankOrder::AceLow.successor(o, Rank::Two) == Some(r)
            || RankOrder::AceLow.predecessor(o, Rank::Two) == Some(r))
}

fn dealt(t: &Table) -> u32 {
    t.counter(DEALT).unwrap_or(0)
}

/// The column (1-based) that receives the card dealt after `dealt` cards of this layout:
/// the first row goes to columns 1 to 11, then the rest round the columns from column 1.
fn receiving_column(dealt: u32) -> u32 {
    if dealt < 11 {
        dealt + 1
    } else {
        (dealt - 11) % 11 + 1
    }
}

/// Whether column `i` (1-based) may send its top card up now.
fn may_send_up(t: &Table, talon: usize, i: u32) -> bool {
    if t.piles[talon].is_empty() {
        return true; // play
    }
    match dealt(t) {
        // The first row is being dealt: nothing goes up yet.
        0..=10 => false,
        // The first row is out and nothing more is dealt: any of its cards.
        11 => true,
        // The rest is being dealt: the outer columns only.
        _ => i == 1 || i == 11,
    }
}

impl Referee for GrosseNapoleon {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let talon = pile(t, TALON)?;
        let dealing = !t.piles[talon].is_empty();
        match *mv {
            Move::Deal { card, column: i } => {
                if !dealing {
                    return foul("the talon is empty");
                }
                if t.piles[talon].top() != Some(card.face_down()) {
                    return foul(format!("{card} is not the talon's top card"));
                }
                let turn = receiving_column(dealt(t));
                if u32::from(i) + 1 != turn {
                    return foul(format!("the next card goes to column {turn}"));
                }
                let p = column(t, i)?;
                t.move_top_to_top(talon, p)?;
                t.flip_top(p)?;
                let n = if t.piles[talon].is_empty() {
                    0
                } else {
                    dealt(t) + 1
                };
                t.set_counter(DEALT, n);
            }
            Move::Up {
                card,
                column: i,
                descending,
            } => {
                let p = column(t, i)?;
                if t.piles[p].top() != Some(card) {
                    return foul(format!("{card} is not on top of column {}", i + 1));
                }
                if !may_send_up(t, talon, u32::from(i) + 1) {
                    return foul(format!(
                        "column {} may not send a card up while dealing now",
                        i + 1
                    ));
                }
                if !continues(t, card, descending)? {
                    return foul(format!("{card} does not continue that foundation"));
                }
                let f = foundation(t, card, descending)?;
                t.move_top_to_top(p, f)?;
            }
            Move::Build { card, from, to } => {
                if dealing {
                    return foul("no building while the talon is dealt");
                }
                let (a, b) = (column(t, from)?, column(t, to)?);
                if a == b {
                    return foul("a card cannot move onto its own column");
                }
                if t.piles[a].top() != Some(card) {
                    return foul(format!("{card} is not on top of column {}", from + 1));
                }
                if let Some(on) = t.piles[b].top() {
                    if !may_lie_on(card, on) {
                        return foul(format!("{card} may not lie on {on}"));
                    }
                }
                t.move_top_to_top(a, b)?;
            }
            Move::Relayout { nth } => {
                if dealing {
                    return foul("no re-layout while the talon is dealt");
                }
                let used = t.counter(RELAYOUTS).unwrap_or(0);
                if used >= u32::from(MAX_RELAYOUTS) {
                    return foul("both re-layouts are used");
                }
                if u32::from(nth) != used + 1 {
                    return foul(format!("this would be re-layout {}", used + 1));
                }
                // From the rightmost column: push it together, turn it over, lay it on the
                // new talon.
                let mode = t.piles[talon].mode;
                for i in (0..COLUMNS.len() as u8).rev() {
                    let p = column(t, i)?;
                    if t.piles[p].is_empty() {
                        continue;
                    }
                    t.set_mode(p, mode)?;
                    t.turn_over(p)?;
                    t.put_pile_on_pile(p, talon)?;
                    t.set_mode(p, Mode::Spread)?;
                }
                t.set_counter(RELAYOUTS, used + 1);
                t.set_counter(DEALT, 0);
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let home: usize = UP
            .iter()
            .chain(DOWN.iter())
            .filter_map(|l| t.find(l))
            .map(|p| t.piles[p].height())
            .sum();
        if home == 104 {
            return Status::Won;
        }
        let (Ok(talon), Ok(cols)) = (
            pile(t, TALON),
            (0..COLUMNS.len() as u8)
                .map(|i| column(t, i))
                .collect::<Result<Vec<_>, _>>(),
        ) else {
            return Status::Lost;
        };
        if !t.piles[talon].is_empty() {
            return Status::Playing; // a card can always be dealt
        }
        if t.counter(RELAYOUTS).unwrap_or(0) < u32::from(MAX_RELAYOUTS) {
            return Status::Playing;
        }
        let tops: Vec<Option<Card>> = cols.iter().map(|&p| t.piles[p].top()).collect();
        let up = tops.iter().flatten().any(|&c| {
            continues(t, c, false).unwrap_or(false) || continues(t, c, true).unwrap_or(false)
        });
        let cards = tops.iter().flatten().count();
        let to_empty = cards > 0 && tops.iter().any(Option::is_none);
        let build = tops.iter().enumerate().any(|(i, a)| {
            tops.iter()
                .enumerate()
                .any(|(j, b)| i != j && matches!((a, b), (Some(a), Some(b)) if may_lie_on(*a, *b)))
        });
        if up || to_empty || build {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}
