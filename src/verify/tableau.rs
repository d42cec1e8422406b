//! The tableau engine's games on the reference piles, with the rules read afresh from the
//! preset (no code shared with the engine's move generator).

use super::{foul, pile, through_hand, Foul, Referee, Status};
use crate::cards::{Card, Color};
use crate::games::tableau::rules::{
    Build, Direction, EmptyFill, FoundationBase, FoundationBuild, GroupMoves, OnBaseRank,
    ReserveRules, StockRules, Takes, Won, UNLIMITED,
};
use crate::games::tableau::{
    cell_label, pile_label, Move, Place, Tableau, BASE, COVER, HOMES, REDEALS, STOCK, WASTE,
};
use crate::piles::Table;

/// Whether `card` may lie on `base` under `t`'s tableau rules.
fn may_lie_on<const N: usize, const K: usize>(t: &Tableau<N, K>, card: Card, base: Card) -> bool {
    let rules = &t.rules.tableau;
    let (cs, bs) = (card.suit_unchecked(), base.suit_unchecked());
    let suits = match rules.build {
        Build::AlternateColor => (cs.color() == Color::Red) != (bs.color() == Color::Red),
        Build::Suit => cs == bs,
        Build::AnySuit => true,
        Build::SameColor => cs.color() == bs.color(),
        Build::NotOwnSuit => cs != bs,
        Build::None => false,
    };
    let (c, b) = (
        i32::from(card.rank_unchecked().value()),
        i32::from(base.rank_unchecked().value()),
    );
    let step = |d: i32| c - b == d || (rules.wrap && (c - b).rem_euclid(13) == d.rem_euclid(13));
    let ranks = match rules.direction {
        Direction::Down => step(-1),
        Direction::Up => step(1),
        Direction::UpOrDown => step(-1) || step(1),
    };
    suits && ranks
}

/// The labels of the tableau piles and the cells, written out once so that a replay looks
/// them up without building strings (a test checks them against the board's own labels).
const PILE_LABELS: [&str; 13] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
];
const CELL_LABELS: [&str; 10] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
/// The labels of the reserve's stacks (the pile across them is [`COVER`]).
const RESERVE_LABELS: [&str; 9] = [
    "reserve1", "reserve2", "reserve3", "reserve4", "reserve5", "reserve6", "reserve7", "reserve8",
    "reserve9",
];

fn place_label(p: Place, card: Card, reserve: &ReserveRules) -> Result<&'static str, Foul> {
    let label = match p {
        Place::Pile(i) => PILE_LABELS.get(i as usize),
        Place::Cell(i) => CELL_LABELS.get(i as usize),
        // The stacks from the first, then the pile across them.
        Place::Reserve(i) => {
            let i = usize::from(i);
            let stacks = reserve.piles.len();
            if i == stacks && reserve.cover > 0 {
                return Ok(COVER);
            }
            if i >= stacks {
                return foul(format!("the reserve has no pile {}", i + 1));
            }
            RESERVE_LABELS.get(i)
        }
        Place::Home => return Ok(card.suit_unchecked().name()),
        Place::Waste => return Ok(WASTE),
        Place::Talon(_) => {
            return foul("a card from deep in the talon is a solver's shorthand, not a move")
        }
        Place::Stock | Place::Piles => {
            return foul("only the deal and the redeal involve the stock")
        }
    };
    label
        .copied()
        .ok_or_else(|| Foul::Rule(format!("no place {p:?}")))
}

/// The rank a foundation must take next: from the Ace, or from the base chosen by the first
/// card sent home to any foundation (any rank while none is) or dealt onto one, wrapping
/// King to Ace.
fn next_on_foundation<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &Table,
    label: &str,
) -> Result<Option<i32>, Foul> {
    let f = &t.rules.foundations;
    let pile = &table.piles[pile(table, label)?];
    let Some(top) = pile.top() else {
        return Ok(match f.base {
            FoundationBase::Chosen | FoundationBase::FirstDealt => base_rank(table),
            _ => Some(1),
        });
    };
    let after = i32::from(top.rank_unchecked().value()) + 1;
    Ok(if after <= 13 {
        Some(after)
    } else if f.wrap {
        Some(1)
    } else {
        Some(14)
    })
}

/// The foundations' base rank where it is not the Ace: the bottom card of a foundation
/// that holds one, else the board's `base` line (the dealt base card may have come back);
/// None while the player has not chosen it.
fn base_rank(table: &Table) -> Option<i32> {
    HOMES
        .iter()
        .find_map(|h| table.find(h).and_then(|i| table.piles[i].bottom()))
        .map(|b| i32::from(b.rank_unchecked().value()))
        .or_else(|| table.counter(BASE).map(|b| b as i32))
}

/// The labels of the foundations of `suit`: its own, and with two decks its second one
/// (`clubs2`), tried in that order.
fn foundations_of(suit: usize, decks: u8) -> Vec<String> {
    let mut v = vec![HOMES[suit].to_string()];
    if decks == 2 {
        v.push(format!("{}2", HOMES[suit]));
    }
    v
}

/// The labels of every foundation of the game.
fn all_foundations(decks: u8) -> Vec<String> {
    (0..4).flat_map(|s| foundations_of(s, decks)).collect()
}

/// Where the foundations build in alternate colours (Zebra): the first foundation `card`
/// may go onto, as a player of these rules sees it: one whose top card is one rank lower
/// and of the other colour, or for an Ace an empty one labelled with a suit of its colour.
fn colour_foundation_for(table: &Table, card: Card, decks: u8) -> Result<Option<usize>, Foul> {
    let colour = card.suit_unchecked().color();
    for label in all_foundations(decks) {
        let id = pile(table, &label)?;
        let fits = match table.piles[id].top() {
            Some(top) => {
                top.suit_unchecked().color() != colour
                    && top.rank_unchecked().value() + 1 == card.rank_unchecked().value()
            }
            None => {
                let own = HOMES
                    .iter()
                    .position(|h| label.starts_with(h))
                    .map(|i| crate::cards::Suit::ALL[i].color());
                card.rank_unchecked().value() == 1 && own == Some(colour)
            }
        };
        if fits {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// The ids of the first `n` tableau piles, in order.
fn tableau_piles(table: &Table, n: usize) -> Result<Vec<usize>, Foul> {
    (0..n).map(|p| pile(table, &pile_label(p))).collect()
}

/// The redeal: the tableau piles gathered into a hand from the last (each turned over onto
/// it, so the first pile's bottom card ends on top, as the stock in the rules), then dealt
/// from the hand `per` cards onto each pile in turn from the first.
fn redeal<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &mut Table,
    mv: &Move,
) -> Result<(), Foul> {
    let r = t.rules;
    let StockRules::Redeal { per_pile, redeals } = r.stock else {
        return foul("this game has no redeal");
    };
    if redeals != UNLIMITED {
        let used = table.counter(REDEALS).unwrap_or(0);
        if used >= u32::from(redeals) {
            return foul(format!("all {redeals} redeals are used"));
        }
        table.set_counter(REDEALS, used + 1);
    }
    let piles = tableau_piles(table, r.piles())?;
    let cards: usize = piles.iter().map(|&p| table.piles[p].height()).sum();
    let first = piles.iter().find_map(|&p| table.piles[p].bottom());
    if cards != mv.count as usize || first != Some(mv.card) {
        return foul(format!(
            "the redeal deals {cards} cards from {}, not {} from {}",
            first.map_or("none".to_string(), |c| c.to_string()),
            mv.count,
            mv.card
        ));
    }
    through_hand(table, |table, hand| {
        for &p in piles.iter().rev() {
            while !table.piles[p].is_empty() {
                table.move_top_to_top(p, hand)?;
            }
        }
        for &p in &piles {
            for _ in 0..per_pile {
                if table.piles[hand].is_empty() {
                    break;
                }
                table.move_top_to_top(hand, p)?;
            }
        }
        if !table.piles[hand].is_empty() {
            return foul("the piles cannot hold the cards dealt again");
        }
        Ok(())
    })
}

/// Easthaven's rule (`fill_first`): a pile is empty, the tableau `piles` hold as many cards
/// as there are piles or more, and a card that may start a pile lies in a pile's top run of
/// face-up cards (each lying on the one below as the rules build) above its bottom card.
fn empty_pile_fillable<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &Table,
    piles: &[usize],
) -> bool {
    let cards: usize = piles.iter().map(|&i| table.piles[i].height()).sum();
    if !piles.iter().any(|&i| table.piles[i].is_empty()) || cards < piles.len() {
        return false;
    }
    let base = base_rank(table);
    piles.iter().any(|&i| {
        let c = &table.piles[i].cards;
        // Cards above the bottom one, from the top, while each lies on the one below.
        for at in (1..c.len()).rev() {
            if c[at].is_face_down() {
                return false;
            }
            if starts_empty_pile(t, c[at], base) {
                return true;
            }
            if !may_lie_on(t, c[at], c[at - 1]) || ends_run(t, c[at - 1], base) {
                return false;
            }
        }
        false
    })
}

/// Whether `card` may start an empty tableau pile, the foundations' base rank being `base`.
fn starts_empty_pile<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    card: Card,
    base: Option<i32>,
) -> bool {
    let rank = i32::from(card.rank_unchecked().value());
    match t.rules.tableau.empty {
        EmptyFill::Any => true,
        EmptyFill::Kings => rank == 13,
        EmptyFill::None => false,
        // The rank below the base, King below Ace.
        EmptyFill::BelowBase => base.is_some_and(|b| rank == if b == 1 { 13 } else { b - 1 }),
    }
}

/// Whether a movable run ends at `card` (Agnes, Lady Jane: a card of the base rank).
fn ends_run<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    card: Card,
    base: Option<i32>,
) -> bool {
    t.rules.tableau.on_base_rank != OnBaseRank::Builds
        && Some(i32::from(card.rank_unchecked().value())) == base
}

/// The deal from the stock: its top card face up onto each of the piles it deals to, in
/// order, as long as it holds cards.
fn deal<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &mut Table,
    mv: &Move,
) -> Result<(), Foul> {
    let r = t.rules;
    let stock = pile(table, STOCK)?;
    if r.stock == StockRules::DealToReserve {
        // One card onto each reserve stack while the stock has one for each; what is left
        // then, one card into each cell.
        let stacks = r.reserve.piles.len();
        let held = table.piles[stock].height();
        let targets: Vec<&str> = if held >= stacks {
            RESERVE_LABELS[..stacks].to_vec()
        } else {
            CELL_LABELS[..held].to_vec()
        };
        let top = table.piles[stock].top().map(|c| c.face_up());
        if held == 0 || targets.len() != mv.count as usize || top != Some(mv.card) {
            return foul(format!(
                "the stock deals {} cards from {}, not {} from {}",
                targets.len(),
                top.map_or("none".to_string(), |c| c.to_string()),
                mv.count,
                mv.card
            ));
        }
        for label in targets {
            let to = pile(table, label)?;
            if held < stacks && !table.piles[to].is_empty() {
                return foul(format!("cell {label} holds a card already"));
            }
            table.move_top_to_top(stock, to)?;
            table.flip_top(to)?;
        }
        return Ok(());
    }
    let StockRules::DealToPiles {
        no_empty,
        piles,
        fill_first,
    } = r.stock
    else {
        return foul("this game has no stock to deal onto the piles");
    };
    let all = tableau_piles(table, r.piles())?;
    let targets = &all[..if piles == 0 {
        all.len()
    } else {
        piles as usize
    }];
    if no_empty && all.iter().any(|&i| table.piles[i].is_empty()) {
        return foul("the stock may not be dealt while a pile is empty");
    }
    if fill_first && empty_pile_fillable(t, table, &all) {
        return foul("an empty pile must be filled before the stock is dealt");
    }
    let count = targets.len().min(table.piles[stock].height());
    let top = table.piles[stock].top().map(|c| c.face_up());
    if count == 0 || count != mv.count as usize || top != Some(mv.card) {
        return foul(format!(
            "the stock deals {count} cards from {}, not {} from {}",
            top.map_or("none".to_string(), |c| c.to_string()),
            mv.count,
            mv.card
        ));
    }
    for &p in &targets[..count] {
        table.move_top_to_top(stock, p)?;
        table.flip_top(p)?;
    }
    Ok(())
}

/// A turn of the stock onto the waste: `draw` cards (fewer if the stock holds fewer), one
/// at a time, each face up; the last one turned is the card named.
fn turn<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &mut Table,
    mv: &Move,
) -> Result<(), Foul> {
    let StockRules::Waste { draw, .. } = t.rules.stock else {
        return foul("this game has no waste");
    };
    let (stock, waste) = (pile(table, STOCK)?, pile(table, WASTE)?);
    let height = table.piles[stock].height();
    let count = usize::from(draw).min(height);
    let last = (count > 0).then(|| table.piles[stock].cards[height - count].face_up());
    if count == 0 || count != usize::from(mv.count) || last != Some(mv.card) {
        return foul(format!(
            "the stock turns {count} cards ending with {}, not {} ending with {}",
            last.map_or("none".to_string(), |c| c.to_string()),
            mv.count,
            mv.card
        ));
    }
    for _ in 0..count {
        table.move_top_to_top(stock, waste)?;
        table.flip_top(waste)?;
    }
    Ok(())
}

/// The waste turned over into the empty stock (its bottom card becomes the stock's top),
/// if a redeal is left; the card named is the waste's bottom card.
fn turn_back<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &mut Table,
    mv: &Move,
) -> Result<(), Foul> {
    let StockRules::Waste { redeals, .. } = t.rules.stock else {
        return foul("this game has no waste");
    };
    let (stock, waste) = (pile(table, STOCK)?, pile(table, WASTE)?);
    if !table.piles[stock].is_empty() {
        return foul("the waste goes back only once the stock is empty");
    }
    let count = table.piles[waste].height();
    let bottom = table.piles[waste].bottom();
    if count == 0 || count != usize::from(mv.count) || bottom != Some(mv.card) {
        return foul(format!(
            "the waste holds {count} cards from {}, not {} from {}",
            bottom.map_or("none".to_string(), |c| c.to_string()),
            mv.count,
            mv.card
        ));
    }
    if redeals != UNLIMITED {
        let used = table.counter(REDEALS).unwrap_or(0);
        if used >= u32::from(redeals) {
            return foul(format!("all {redeals} redeals are used"));
        }
        table.set_counter(REDEALS, used + 1);
    }
    // One card at a time from the waste's top: the order turns over, as when the waste is
    // picked up and turned face down.
    for _ in 0..count {
        table.move_top_to_top(waste, stock)?;
        table.flip_top(stock)?;
    }
    Ok(())
}

/// Checks that the reserve's card moved by `mv` (from reserve pile `i`) is free and goes
/// where a reserve card may: no stack's top card is free while a card lies across the
/// stacks, and a reserve card goes home or onto a tableau card it builds on (into an empty
/// tableau pile only where the rules let it), never into a cell. The card being the pile's
/// top, and the destination taking it, are checked with every other move.
fn reserve_move<const N: usize, const K: usize>(
    t: &Tableau<N, K>,
    table: &Table,
    i: u8,
    mv: &Move,
) -> Result<(), Foul> {
    let reserve = &t.rules.reserve;
    if usize::from(i) < reserve.piles.len()
        && reserve.cover > 0
        && !table.piles[pile(table, COVER)?].is_empty()
    {
        return foul(format!(
            "{} is covered: a card lies across the reserve",
            RESERVE_LABELS[usize::from(i)]
        ));
    }
    if reserve.last_card_plays {
        let stack = &table.piles[pile(table, RESERVE_LABELS[usize::from(i)])?];
        if stack.height() > 1 {
            return foul(format!(
                "{} holds {} cards: only its last one plays",
                stack.label,
                stack.height()
            ));
        }
    }
    match mv.to {
        Place::Home => Ok(()),
        Place::Pile(p) => {
            let to = pile(table, place_label(mv.to, mv.card, reserve)?)?;
            if table.piles[to].is_empty() && !reserve.to_empty {
                return foul(format!(
                    "a reserve card may not fill an empty pile ({})",
                    pile_label(usize::from(p))
                ));
            }
            Ok(())
        }
        _ => foul("a reserve card goes home or onto the tableau only"),
    }
}

/// Whether `cards` (bottom first) are a complete run: King to Ace of one suit, face up.
fn is_complete_run(cards: &[Card]) -> bool {
    cards.len() == 13
        && cards.iter().enumerate().all(|(i, c)| {
            !c.is_face_down()
                && c.suit() == cards[0].suit()
                && c.rank_unchecked().value() as usize == 13 - i
        })
}

impl<const N: usize, const K: usize> Referee for Tableau<N, K> {
    fn referee_apply(&self, t: &mut Table, mv: &Move) -> Result<(), Foul> {
        let r = self.rules;
        match (mv.from, mv.to) {
            (Place::Stock, Place::Piles) => return deal(self, t, mv),
            (Place::Stock, Place::Stock) => return redeal(self, t, mv),
            (Place::Stock, Place::Waste) => return turn(self, t, mv),
            (Place::Waste, Place::Stock) => return turn_back(self, t, mv),
            (_, Place::Waste) => return foul("only the stock turns cards onto the waste"),
            (Place::Stock | Place::Piles, _) | (_, Place::Stock | Place::Piles) => {
                return foul("the stock only deals onto the piles, or redeals them");
            }
            (_, Place::Reserve(_)) => return foul("no card is ever put onto the reserve"),
            (Place::Reserve(i), _) => reserve_move(self, t, i, mv)?,
            _ => {}
        }
        // Glenwood: until a reserve card goes home, choosing the base, only reserve cards
        // move.
        if r.foundations.from_reserve
            && base_rank(t).is_none()
            && !matches!(mv.from, Place::Reserve(_))
        {
            return foul(
                "until a reserve card goes home and chooses the base, only reserve cards move",
            );
        }
        let k = mv.count as usize;
        let from = if mv.from == Place::Home {
            // A card coming back comes off a foundation of its suit that has it on top (with
            // two a suit, either: the copies are the same card); with none, the first one,
            // and the check of the cards moved below names the fault.
            let labels = foundations_of(mv.card.suit_unchecked().index(), r.decks);
            let on_top = labels
                .iter()
                .find(|l| t.find(l).is_some_and(|p| t.piles[p].top() == Some(mv.card)));
            pile(t, on_top.unwrap_or(&labels[0]))?
        } else {
            pile(t, place_label(mv.from, mv.card, &r.reserve)?)?
        };
        // A card going home goes onto the first foundation of its suit it follows on.
        let to = if mv.to == Place::Home && r.foundations.takes == Takes::Cards {
            // Diamond Mine: one suit has a foundation.
            if let Some(only) = r.foundations.suit {
                if mv.card.suit() != Some(only) {
                    return foul(format!("only the {} have a foundation", only.name()));
                }
            }
            let suit = mv.card.suit_unchecked().index();
            let rank = i32::from(mv.card.rank_unchecked().value());
            let mut to = None;
            if r.foundations.build == FoundationBuild::AlternateColor {
                to = colour_foundation_for(t, mv.card, r.decks)?;
            }
            for label in foundations_of(suit, r.decks) {
                if r.foundations.build == FoundationBuild::AlternateColor {
                    break;
                }
                // None: the player has not chosen the base yet, so any rank starts one.
                if next_on_foundation(self, t, &label)?.is_none_or(|n| n == rank) {
                    to = Some(pile(t, &label)?);
                    break;
                }
            }
            match to {
                Some(to) => to,
                None => return foul(format!("{} does not follow on its foundation", mv.card)),
            }
        } else {
            pile(t, place_label(mv.to, mv.card, &r.reserve)?)?
        };
        if from == to || k == 0 {
            return foul("a move goes from one place to another, with at least one card");
        }
        let src = &t.piles[from].cards;
        if src.len() < k {
            return foul(format!(
                "{} holds fewer than {k} cards",
                t.piles[from].label
            ));
        }
        let group = &src[src.len() - k..];
        if group[0] != mv.card || group.iter().any(|c| c.is_face_down()) {
            return foul(format!(
                "the cards moved from {} do not start with {}",
                t.piles[from].label, mv.card
            ));
        }
        // Any face-up group moves in Scorpion; otherwise a built sequence, in one suit when
        // only suit sequences move (and always for a run going home).
        let one_suit = r.tableau.moves == GroupMoves::SuitSequences
            || (mv.to == Place::Home && r.foundations.takes == Takes::Runs);
        if r.tableau.moves != GroupMoves::FaceUpGroups
            && group
                .windows(2)
                .any(|w| !may_lie_on(self, w[1], w[0]) || (one_suit && w[0].suit() != w[1].suit()))
        {
            return foul("the cards moved are not a built sequence");
        }
        // Agnes, Lady Jane: a card on one of the base rank does not move with it.
        let base = base_rank(t);
        if group[..k - 1].iter().any(|&c| ends_run(self, c, base)) {
            return foul("a run ends at a card of the foundations' base rank");
        }
        let piles = r.piles();
        // Cards moved one at a time may rest on an empty pile only if any card may start one
        // (counted only for groups: a single card needs no room).
        let empty_piles =
            if k > 1 && r.tableau.empty == EmptyFill::Any && !r.tableau.empty_from_waste {
                (0..piles)
                    .filter(|&p| {
                        t.find(PILE_LABELS[p])
                            .is_some_and(|i| t.piles[i].is_empty() && i != to)
                    })
                    .count()
            } else {
                0
            };
        let free_cells = if k > 1 && r.cells.accept {
            (0..r.cells.count as usize)
                .filter(|&c| {
                    t.find(CELL_LABELS[c])
                        .is_some_and(|i| t.piles[i].is_empty())
                })
                .count()
        } else {
            0
        };
        let run_home = matches!(mv.to, Place::Home) && r.foundations.takes == Takes::Runs;
        if run_home {
            if !matches!(mv.from, Place::Pile(_)) || !is_complete_run(group) {
                return foul("only a complete run, King to Ace of one suit, goes home");
            }
        } else if k > 1 {
            let allowed = match (mv.from, r.tableau.moves) {
                (Place::Pile(_), GroupMoves::FreecellSequences) => {
                    (free_cells + 1) << empty_piles.min(10)
                }
                (
                    Place::Pile(_),
                    GroupMoves::AnySequence | GroupMoves::SuitSequences | GroupMoves::FaceUpGroups,
                ) => usize::MAX,
                // Only the whole pile.
                (Place::Pile(_), GroupMoves::WholePile) if k == src.len() => usize::MAX,
                // Every face-up card of the pile, or one.
                (Place::Pile(_), GroupMoves::SingleOrAllFaceUp) => {
                    let below = src.len() - k;
                    if below == 0 || src[below - 1].is_face_down() {
                        usize::MAX
                    } else {
                        1
                    }
                }
                _ => 1,
            };
            if k > allowed || !matches!(mv.to, Place::Pile(_)) {
                return foul(format!(
                    "{k} cards may not move together here (at most {allowed})"
                ));
            }
        }
        // Glenwood: between piles only a whole pile moves, even one card.
        if r.tableau.moves == GroupMoves::WholePile
            && matches!((mv.from, mv.to), (Place::Pile(_), Place::Pile(_)))
            && k != src.len()
        {
            return foul(format!(
                "only a whole pile moves onto another, not {k} of the {} cards of {}",
                src.len(),
                t.piles[from].label
            ));
        }
        if matches!(mv.from, Place::Home) {
            let f = &r.foundations;
            if !f.may_return {
                return foul("cards do not come back from the foundations");
            }
            if f.base_stays && t.piles[from].height() == 1 {
                return foul("a foundation's first card stays there");
            }
            if !matches!(mv.to, Place::Pile(_)) {
                return foul("cards from the foundations come back to the tableau piles only");
            }
        }
        // Diamond Mine: the suit with a foundation plays only there; nothing lies on it.
        if let (Some(only), Place::Pile(_)) = (r.foundations.suit, mv.to) {
            if let Some(c) = group.iter().find(|c| c.suit() == Some(only)) {
                return foul(format!("{c} plays only to its foundation"));
            }
            if let Some(top) = t.piles[to].top().filter(|c| c.suit() == Some(only)) {
                return foul(format!("nothing lies on {top}"));
            }
        }
        match mv.to {
            Place::Home if r.foundations.takes == Takes::Nothing => {
                return foul("this game has no foundations");
            }
            Place::Home if run_home => {}
            // Checked above, where the foundation was chosen.
            Place::Home => {}
            Place::Cell(_) => {
                if !r.cells.accept || !t.piles[to].is_empty() {
                    return foul(format!("cell {} does not take a card", t.piles[to].label));
                }
            }
            Place::Stock | Place::Piles | Place::Waste | Place::Talon(_) | Place::Reserve(_) => {
                return foul("only the deal and the redeal involve the stock")
            }
            Place::Pile(_)
                if r.tableau.max_cards > 0
                    && t.piles[to].height() + k > usize::from(r.tableau.max_cards) =>
            {
                return foul(format!(
                    "pile {} would hold more than {} cards",
                    t.piles[to].label, r.tableau.max_cards
                ));
            }
            Place::Pile(_) => match t.piles[to].top() {
                Some(top) => {
                    if !may_lie_on(self, mv.card, top) {
                        return foul(format!("{} may not lie on {top}", mv.card));
                    }
                    // Lady Jane: nothing on a card of the base rank.
                    if r.tableau.on_base_rank == OnBaseRank::TakesNothing
                        && Some(i32::from(top.rank_unchecked().value())) == base
                    {
                        return foul(format!("{top} is of the base rank: nothing lies on it"));
                    }
                    // Solvitaire's rule: a run goes onto a card of its own suit only.
                    if k > 1 && r.tableau.groups_onto_suit && mv.card.suit() != top.suit() {
                        return foul(format!(
                            "a run of {k} cards goes only onto a card of its suit, not {top}"
                        ));
                    }
                }
                None => {
                    if r.tableau.waste_fills_last
                        && mv.from == Place::Waste
                        && (0..r.reserve.piles.len()).any(|i| {
                            t.find(RESERVE_LABELS[i])
                                .is_some_and(|p| !t.piles[p].is_empty())
                        })
                    {
                        return foul(
                            "the waste fills an empty pile only once the reserve is empty",
                        );
                    }
                    if r.tableau.empty_from_waste && mv.from != Place::Waste {
                        return foul(format!(
                            "only the waste's top card fills an empty pile, not {}",
                            mv.card
                        ));
                    }
                    if !starts_empty_pile(self, mv.card, base) {
                        return foul(format!("{} may not start an empty pile", mv.card));
                    }
                }
            },
        }
        // Move the group keeping its order: through a hand, which reverses it twice (a
        // single card goes straight).
        if k == 1 {
            t.move_top_to_top(from, to)?;
        } else {
            through_hand(t, |t, hand| {
                for _ in 0..k {
                    t.move_top_to_top(from, hand)?;
                }
                for _ in 0..k {
                    t.move_top_to_top(hand, to)?;
                }
                Ok(())
            })?;
        }
        // The card a move uncovers on a tableau pile or a reserve stack is turned face up.
        let uncover = |t: &mut Table, p: usize| match t.piles[p].top() {
            Some(c) if c.is_face_down() => t.flip_top(p),
            _ => Ok(()),
        };
        if matches!(mv.from, Place::Pile(_) | Place::Reserve(_)) {
            uncover(t, from)?;
        }
        // Zebra: a tableau pile the move emptied takes the waste's top card at once, else
        // the stock's, turned face up.
        if r.tableau.fill_from_talon
            && matches!(mv.from, Place::Pile(_))
            && t.piles[from].is_empty()
        {
            let (stock, waste) = (pile(t, STOCK)?, pile(t, WASTE)?);
            if !t.piles[waste].is_empty() {
                t.move_top_to_top(waste, from)?;
            } else if !t.piles[stock].is_empty() {
                t.move_top_to_top(stock, from)?;
                t.flip_top(from)?;
            }
        }
        // Canfield: a tableau pile the move emptied takes the reserve's top card at once.
        if r.reserve.fills_empty && matches!(mv.from, Place::Pile(_)) && t.piles[from].is_empty() {
            let reserve = pile(t, RESERVE_LABELS[0])?;
            if !t.piles[reserve].is_empty() {
                t.move_top_to_top(reserve, from)?;
                uncover(t, reserve)?;
            }
        }
        Ok(())
    }

    fn referee_status(&self, t: &Table) -> Status {
        let r = self.rules;
        let won = match r.won {
            Won::AllHome => {
                let home: usize = all_foundations(r.decks)
                    .iter()
                    .filter_map(|h| t.find(h))
                    .map(|i| t.piles[i].height())
                    .sum();
                home == r.deck().len()
            }
            Won::AllInRuns => {
                let tableau = (0..r.piles()).all(|p| {
                    t.find(&pile_label(p)).is_some_and(|i| {
                        t.piles[i].is_empty() || is_complete_run(&t.piles[i].cards)
                    })
                });
                let cells = (0..r.cells.count as usize)
                    .all(|c| t.find(&cell_label(c)).is_none_or(|i| t.piles[i].is_empty()));
                let stock = t.find(STOCK).is_none_or(|i| t.piles[i].is_empty());
                tableau && cells && stock
            }
        };
        if won {
            Status::Won
        } else {
            Status::Playing
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card;
    use crate::games::tableau::reserve_label;
    use crate::games::tableau::rules::{MAX_CELLS, MAX_RESERVE_STACKS, MAX_TABLEAU_PILES};
    use crate::games::tableau::testing::{
        backbone_uncovered, reserve_to_empty, two_decks, BACKBONE_COVERED,
    };

    /// Backbone's reserve (the engine's unit tests use the same boards): QH under QS on the
    /// first stack, KH on the second, JS lying across both (or, uncovered, gone home), KS
    /// alone on pile 1, every other card home.
    fn reserve_board(covered: bool) -> Table {
        let text = if covered {
            BACKBONE_COVERED.to_string()
        } else {
            backbone_uncovered()
        };
        Table::parse(&text).expect("board")
    }

    fn one(from: Place, to: Place, card: &str) -> Move {
        Move::single(from, to, parse_card(card).expect("card"))
    }

    /// While a card lies across the reserve no stack's top card may be played; the card
    /// across may, and once it is gone each stack's top card may.
    #[test]
    fn the_card_across_the_reserve_covers_both_stacks() {
        let g = two_decks("backbone");
        let t = reserve_board(true);
        for mv in [
            one(Place::Reserve(0), Place::Home, "QS"),
            one(Place::Reserve(0), Place::Pile(0), "QS"),
            one(Place::Reserve(1), Place::Home, "KH"),
        ] {
            let e = g.referee_apply(&mut t.clone(), &mv).expect_err("covered");
            assert!(e.to_string().contains("covered"), "{e}");
        }
        let mut after = t.clone();
        g.referee_apply(&mut after, &one(Place::Reserve(2), Place::Home, "JS"))
            .expect("the card across goes home");
        assert_eq!(after, reserve_board(false));
        for mv in [
            one(Place::Reserve(0), Place::Home, "QS"),
            one(Place::Reserve(0), Place::Pile(0), "QS"),
        ] {
            g.referee_apply(&mut after.clone(), &mv)
                .unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        // Only the top card of a stack: QH lies under QS.
        assert!(g
            .referee_apply(
                &mut after.clone(),
                &one(Place::Reserve(0), Place::Home, "QH")
            )
            .is_err());
    }

    /// A reserve card never fills an empty tableau pile in Backbone (with `to_empty` it
    /// may), never goes into a cell or onto the reserve, and nothing is put onto the reserve.
    #[test]
    fn a_reserve_card_fills_no_empty_pile_unless_the_rules_say() {
        let g = two_decks("backbone");
        let t = reserve_board(false);
        let into_empty = one(Place::Reserve(1), Place::Pile(1), "KH");
        let e = g
            .referee_apply(&mut t.clone(), &into_empty)
            .expect_err("no reserve card fills an empty pile");
        assert!(e.to_string().contains("empty pile"), "{e}");
        let open = reserve_to_empty("backbone");
        let mut after = t.clone();
        open.referee_apply(&mut after, &into_empty)
            .expect("with to_empty it may");
        assert_eq!(
            after.piles[after.find("2").unwrap()].cards,
            vec![parse_card("KH").unwrap()]
        );
        // A tableau card fills an empty pile; nothing goes onto the reserve.
        g.referee_apply(&mut t.clone(), &one(Place::Pile(0), Place::Pile(1), "KS"))
            .expect("a tableau card fills an empty pile");
        for mv in [
            one(Place::Pile(0), Place::Reserve(1), "KS"),
            one(Place::Reserve(0), Place::Reserve(1), "QS"),
        ] {
            assert!(g.referee_apply(&mut t.clone(), &mv).is_err(), "{mv:?}");
        }
    }

    /// The referee's written-out labels are the board's labels of every pile, cell and
    /// reserve stack.
    #[test]
    fn written_out_labels_are_the_boards_labels() {
        assert_eq!(PILE_LABELS.len(), MAX_TABLEAU_PILES);
        assert_eq!(CELL_LABELS.len(), MAX_CELLS);
        assert_eq!(RESERVE_LABELS.len(), MAX_RESERVE_STACKS);
        for (i, label) in RESERVE_LABELS.iter().enumerate() {
            assert_eq!(*label, reserve_label(i));
        }
        for (p, label) in PILE_LABELS.iter().enumerate() {
            assert_eq!(*label, pile_label(p));
        }
        for (c, label) in CELL_LABELS.iter().enumerate() {
            assert_eq!(*label, cell_label(c));
        }
    }
}
