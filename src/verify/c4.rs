//! Les quatre couleurs on the reference piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::games::c4::{Move, C4, PILES};
use crate::piles::Table;

fn next_pile(t: &Table) -> Result<usize, Foul> {
    let k = t.counter("next").unwrap_or(1) as usize;
    match PILES.get(k.wrapping_sub(1)) {
        Some(l) => pile(t, l),
        None => foul(format!("next = {k} names no pile")),
    }
}

fn any_face_down(t: &Table) -> bool {
    t.piles
        .iter()
        .any(|p| p.cards.iter().any(|c| c.is_face_down()))
}

impl Referee for C4 {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        match *mv {
            Move::Turn { card, from } => {
                let p = next_pile(t)?;
                if PILES.get(from as usize) != Some(&t.piles[p].label.as_str()) {
                    return foul(format!("the card to turn comes from {}", t.piles[p].label));
                }
                if t.piles[p].top() != Some(card.face_down()) {
                    return foul(format!(
                        "the top of {} is not the face-down {card}",
                        t.piles[p].label
                    ));
                }
                let suit = card.suit_unchecked();
                let to = pile(t, PILES[suit.index()])?;
                if to == p {
                    t.flip_top(p)?;
                    super::through_hand(t, |t, hand| {
                        t.move_top_to_top(p, hand)?;
                        t.move_top_to_bottom(hand, p)?;
                        Ok(())
                    })?;
                } else {
                    t.move_top_to_bottom(p, to)?;
                    t.flip_bottom(to)?;
                }
                t.set_counter("next", suit.index() as u32 + 1);
            }
            Move::Reveal => {
                let p = next_pile(t)?;
                if t.piles[p].top().is_some_and(|c| c.is_face_down()) {
                    return foul(
                        "the game has not stopped: the next pile still has a face-down card",
                    );
                }
                for l in PILES {
                    let p = pile(t, l)?;
                    // Turn every face-down card up in place, through a hand pile.
                    super::through_hand(t, |t, hand| {
                        while !t.piles[p].is_empty() {
                            if t.piles[p].top().is_some_and(|c| c.is_face_down()) {
                                t.flip_top(p)?;
                            }
                            t.move_top_to_top(p, hand)?;
                        }
                        while !t.piles[hand].is_empty() {
                            t.move_top_to_top(hand, p)?;
                        }
                        Ok(())
                    })?;
                }
                t.set_counter("revealed", 1);
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        if any_face_down(t) || t.counter("revealed") != Some(1) {
            return Status::Playing;
        }
        let sorted = PILES.iter().enumerate().all(|(s, l)| {
            t.find(l).is_some_and(|p| {
                t.piles[p]
                    .cards
                    .iter()
                    .all(|c| c.suit().map(|x| x.index()) == Some(s))
            })
        });
        if sorted {
            Status::Won
        } else {
            Status::Lost
        }
    }
}
