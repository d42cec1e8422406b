//! Clock on the reference piles.

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Rank;
use crate::games::clock::{Clock, Move, CENTRE, PILES};
use crate::piles::Table;

impl Referee for Clock {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let centre = pile(t, PILES[CENTRE])?;
        let top = t.piles[centre].top();
        match *mv {
            Move::Play { card } => {
                if top != Some(card) {
                    return foul(format!("{card} is not face up on top of the centre"));
                }
                let rank = card.rank_unchecked();
                if rank == Rank::King {
                    return foul("a King has no hour");
                }
                let hour = pile(t, PILES[rank.value() as usize - 1])?;
                t.move_top_to_top(centre, hour)?;
                t.move_bottom_to_top(hour, centre)?;
                if t.piles[centre].top().is_some_and(|c| c.is_face_down()) {
                    t.flip_top(centre)?;
                }
            }
            Move::King { card } => {
                if top != Some(card) || card.rank() != Some(Rank::King) {
                    return foul(format!("{card} is not a King face up on top of the centre"));
                }
                if t.piles[centre].bottom().is_some_and(|c| c.is_face_up()) {
                    return foul("the game is over: the fourth King is up");
                }
                // Bottom card to the top of the same pile, through a hand pile.
                super::through_hand(t, |t, hand| {
                    t.move_bottom_to_top(centre, hand)?;
                    t.move_top_to_top(hand, centre)?;
                    Ok(())
                })?;
                t.flip_top(centre)?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        if t.piles
            .iter()
            .all(|p| p.cards.iter().all(|c| c.is_face_up()))
        {
            return Status::Won;
        }
        let Some(centre) = t.find(PILES[CENTRE]) else {
            return Status::Lost;
        };
        let p = &t.piles[centre];
        let king_up = p
            .top()
            .is_some_and(|c| c.is_face_up() && c.rank() == Some(Rank::King));
        if king_up && p.bottom().is_some_and(|c| c.is_face_up()) {
            Status::Lost
        } else {
            Status::Playing
        }
    }
}
