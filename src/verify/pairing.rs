//! The pairing games (Thirteen, Treize, Fourteen, Gay Gordons, Isabel, Helsinki, Jamestown,
//! Block Ten, Cover) on the reference piles: the rules read from the
//! game's [`Rules`] declaration, the play written again on the piles, slot by slot as
//! AisleRiot plays it (Treize's `first` spot refilled from the bottom of the waste, Thirteen's
//! pyramid cards turned face up when the two cards overlapping them are gone).

use super::{foul, pile, Foul, Referee, Status};
use crate::cards::Card;
use crate::games::pairing::{
    Goal, Layout, Move, Pairing, Pairs, Rules, Waste, FIRST, LABELS, REMOVED, STOCK, WASTE,
};
use crate::piles::Table;

/// Whether two ranks go together, as the rules declare.
fn make_a_pair(rules: &Rules, a: Card, b: Card) -> bool {
    let (x, y) = (a.rank_unchecked().value(), b.rank_unchecked().value());
    match rules.pairs {
        Pairs::Total(t) => x + y == t,
        Pairs::ElevenOrCourts => {
            x + y == 11 || (x == 11 && y == 11) || matches!((x, y), (12, 13) | (13, 12))
        }
        Pairs::SameRank => a.rank_unchecked() == b.rank_unchecked(),
        Pairs::SameSuit => a.suit_unchecked() == b.suit_unchecked(),
        Pairs::TenOrCourts => x + y == 10 || (x == y && x >= 11),
    }
}

/// The pyramid places (1-based labels) lying over place `k` (1-based): the two of the next
/// row at the same column and the one after; none in the last row.
fn overlapping(rows: u8, k: usize) -> Vec<usize> {
    let (mut row, mut first) = (1usize, 1usize);
    while first + row <= k {
        first += row;
        row += 1;
    }
    if row == rows as usize {
        return vec![];
    }
    let col = k - first;
    let next = first + row;
    vec![next + col, next + col + 1]
}

/// Where a card may be taken from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Spot {
    /// The top of this layout pile, free.
    Layout(usize),
    /// Treize's first spot.
    First,
    /// The top of the waste.
    WasteTop,
    /// The card right under the waste's top.
    WasteSecond,
}

impl Pairing {
    fn layout_piles(&self, t: &Table) -> Result<Vec<usize>, Foul> {
        let n = match self.rules.layout {
            Layout::Pyramid { rows } => rows as usize * (rows as usize + 1) / 2,
            Layout::Piles(h) => h.len(),
            Layout::Slots(n) => n as usize,
        };
        LABELS[..n].iter().map(|l| pile(t, l)).collect()
    }

    /// Whether the top card of layout pile `i` (0-based) is in play.
    fn in_play(&self, t: &Table, piles: &[usize], i: usize) -> bool {
        let Some(c) = t.piles[piles[i]].top() else {
            return false;
        };
        match self.rules.layout {
            Layout::Piles(_) | Layout::Slots(_) => c.is_face_up(),
            Layout::Pyramid { rows } => {
                c.is_face_up()
                    && overlapping(rows, i + 1)
                        .iter()
                        .all(|&k| t.piles[piles[k - 1]].is_empty())
            }
        }
    }

    /// Every card in play and where it lies.
    fn spots(&self, t: &Table) -> Result<Vec<(Card, Spot)>, Foul> {
        let piles = self.layout_piles(t)?;
        let mut v: Vec<(Card, Spot)> = (0..piles.len())
            .filter(|&i| self.in_play(t, &piles, i))
            .map(|i| (t.piles[piles[i]].top().expect("in play"), Spot::Layout(i)))
            .collect();
        if self.rules.waste == Waste::BothEnds {
            if let Some(c) = t.piles[pile(t, FIRST)?].top() {
                v.push((c, Spot::First));
            }
        }
        if self.rules.waste != Waste::None {
            let w = &t.piles[pile(t, WASTE)?].cards;
            if let Some(&c) = w.last() {
                v.push((c, Spot::WasteTop));
            }
            if w.len() >= 2 {
                v.push((w[w.len() - 2], Spot::WasteSecond));
            }
            // Thirteen's waste of one card has nothing under it; of two or more, the card
            // under the top. Treize's: the waste pile's own second card (its `first` spot
            // holds the oldest turned card apart).
        }
        Ok(v)
    }

    /// Takes the card at `spot` to the removed pile.
    fn take(&self, t: &mut Table, spot: Spot) -> Result<(), Foul> {
        let removed = pile(t, REMOVED)?;
        let from = match spot {
            Spot::Layout(i) => self.layout_piles(t)?[i],
            Spot::First => pile(t, FIRST)?,
            Spot::WasteTop => pile(t, WASTE)?,
            Spot::WasteSecond => return foul("the card under the waste's top goes only with it"),
        };
        t.move_top_to_top(from, removed)?;
        Ok(())
    }

    /// Where emptied spots are refilled (Helsinki, Jamestown, Block Ten, Cover): the stock's
    /// next card onto each spot of `spots` in turn, face up, while the stock lasts; AisleRiot
    /// deals to the spot a card was dragged from, then to the one it was dropped on.
    fn refill(&self, t: &mut Table, spots: &[Spot]) -> Result<(), Foul> {
        if !matches!(self.rules.layout, Layout::Slots(_)) {
            return Ok(());
        }
        let piles = self.layout_piles(t)?;
        let stock = pile(t, STOCK)?;
        for spot in spots {
            let Spot::Layout(i) = *spot else {
                return foul("a spot game has no waste");
            };
            if t.piles[stock].is_empty() {
                break;
            }
            t.move_top_to_top(stock, piles[i])?;
            t.flip_top(piles[i])?;
        }
        Ok(())
    }

    /// After a removal: Treize's first spot takes the waste's oldest card; Isabel's new pile
    /// tops and Thirteen's pyramid cards no longer overlapped turn face up.
    fn settle(&self, t: &mut Table) -> Result<(), Foul> {
        if self.rules.waste == Waste::BothEnds {
            let (first, waste) = (pile(t, FIRST)?, pile(t, WASTE)?);
            if t.piles[first].is_empty() && !t.piles[waste].is_empty() {
                t.move_bottom_to_top(waste, first)?;
            }
        }
        if let Layout::Piles(_) | Layout::Slots(_) = self.rules.layout {
            // A pile's new top card turns face up (Isabel's are dealt face down).
            for p in self.layout_piles(t)? {
                if t.piles[p].top().is_some_and(|c| c.is_face_down()) {
                    t.flip_top(p)?;
                }
            }
        }
        if let Layout::Pyramid { rows } = self.rules.layout {
            let piles = self.layout_piles(t)?;
            for i in 0..piles.len() {
                let clear = overlapping(rows, i + 1)
                    .iter()
                    .all(|&k| t.piles[piles[k - 1]].is_empty());
                if clear && t.piles[piles[i]].top().is_some_and(|c| c.is_face_down()) {
                    t.flip_top(piles[i])?;
                }
            }
        }
        Ok(())
    }
}

impl Referee for Pairing {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let rules = self.rules;
        match *mv {
            Move::Turn => {
                if rules.waste == Waste::None {
                    return foul(format!("{} has no stock", rules.id));
                }
                let stock = pile(t, STOCK)?;
                if t.piles[stock].is_empty() {
                    return foul("the stock is empty");
                }
                let to = if rules.waste == Waste::BothEnds && t.piles[pile(t, FIRST)?].is_empty() {
                    pile(t, FIRST)?
                } else {
                    pile(t, WASTE)?
                };
                t.move_top_to_top(stock, to)?;
                t.flip_top(to)?;
            }
            Move::Single { card } => {
                let spots = self.spots(t)?;
                let Some(&(_, spot)) = spots
                    .iter()
                    .find(|(c, s)| *c == card && *s != Spot::WasteSecond)
                else {
                    return foul(format!("{card} is not in play"));
                };
                if Some(card.rank_unchecked().value()) != rules.alone {
                    return foul(format!("{card} does not go alone"));
                }
                self.take(t, spot)?;
                self.refill(t, &[spot])?;
            }
            Move::Pair { first, second } => {
                let spots = self.spots(t)?;
                let find = |card: Card| spots.iter().find(|(c, _)| *c == card).map(|x| x.1);
                let (Some(a), Some(b)) = (find(first), find(second)) else {
                    return foul(format!("{first} and {second} are not both in play"));
                };
                if a == b {
                    return foul("a card does not pair with itself");
                }
                let with_top = |x: Spot, y: Spot| x == Spot::WasteSecond && y == Spot::WasteTop;
                if (a == Spot::WasteSecond || b == Spot::WasteSecond)
                    && !(with_top(a, b) || with_top(b, a))
                {
                    return foul("the card under the waste's top goes only with it");
                }
                if !make_a_pair(rules, first, second) {
                    return foul(format!("{first} and {second} do not make a pair"));
                }
                // Spots refill in the move's order.
                let order = [a, b];
                // The top first: the card under it is then the top.
                let (a, b) = if a == Spot::WasteSecond {
                    (b, a)
                } else {
                    (a, b)
                };
                let b = if b == Spot::WasteSecond {
                    Spot::WasteTop
                } else {
                    b
                };
                self.take(t, a)?;
                self.take(t, b)?;
                self.refill(t, &order)?;
            }
        }
        self.settle(t)
    }

    fn referee_status(&self, t: &Table) -> Status {
        let left: Vec<Card> = t
            .piles
            .iter()
            .filter(|p| p.label != REMOVED)
            .flat_map(|p| p.cards.iter().map(|c| c.face_up()))
            .collect();
        let stock_out = t.find(STOCK).is_none_or(|s| t.piles[s].is_empty());
        let won = match self.rules.goal {
            Goal::AllGone => left.is_empty(),
            Goal::StockOut => stock_out,
            Goal::OnlyRankLeft(r) => {
                stock_out && left.iter().all(|c| c.rank_unchecked().value() == r)
            }
        };
        if won {
            return Status::Won;
        }
        let Ok(spots) = self.spots(t) else {
            return Status::Lost;
        };
        let rules = self.rules;
        let stock_left =
            rules.waste != Waste::None && t.find(STOCK).is_some_and(|s| !t.piles[s].is_empty());
        let single = spots.iter().any(|(c, s)| {
            *s != Spot::WasteSecond && Some(c.rank_unchecked().value()) == rules.alone
        });
        let pair = spots.iter().enumerate().any(|(i, &(a, sa))| {
            spots[i + 1..].iter().any(|&(b, sb)| {
                let second_ok = (sa != Spot::WasteSecond && sb != Spot::WasteSecond)
                    || (sa == Spot::WasteTop || sb == Spot::WasteTop);
                second_ok && make_a_pair(rules, a, b)
            })
        });
        if stock_left || single || pair {
            Status::Playing
        } else {
            Status::Lost
        }
    }
}

#[cfg(test)]
mod tests {
    use super::overlapping;

    #[test]
    fn pyramid_places_are_overlapped_by_the_next_row() {
        assert_eq!(overlapping(7, 1), vec![2, 3]);
        assert_eq!(overlapping(7, 3), vec![5, 6]);
        assert_eq!(overlapping(7, 21), vec![27, 28]);
        assert_eq!(overlapping(7, 22), Vec::<usize>::new());
    }
}
