//! Gay Gordons (the AisleRiot manual, "Les joyeux gordons"; AisleRiot's
//! gay-gordons.scm decides the details).
//!
//! A pile of two cards and ten piles of five, all face up; only pile top cards are in play
//! and empty piles stay empty. Two top cards are removed together when their ranks make 11
//! (Ace 1 to Ten 10), when both are Jacks, or when one is a Queen and the other a King. Won
//! when every pile is empty.
//!
//! The deal is built to be winnable, as gay-gordons.scm builds it (the manual does not say
//! so; the file decides): the shuffled deck is put in pairs, each card followed by the first
//! later card it pairs with; then each pair goes onto two different piles that still have
//! room, the first chosen at random but forced onto the pile with the most room left when
//! the others together have no more room than it, the second at random among the others.
//! Taking the pairs off in the reverse order wins. Our generator draws these choices, after
//! the shuffle, from the same stream (`patience::deals`), so deal `n` is fixed forever; every
//! deal is won.

use super::pairing::{
    descriptor, finish_table, Goal, Layout, Pairing, Pairs, Rules, Waste, LABELS, STOCK,
};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::deals::{shuffle, Rng};
use crate::piles::{Mode, Table};

/// The piles' heights: the pile of two, then the ten of five.
const HEIGHTS: [u8; 11] = [2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];

/// Gay Gordons' rules.
pub const RULES: Rules = Rules {
    id: GameId::GayGordons,
    layout: Layout::Piles(&HEIGHTS),
    hidden_until_free: false,
    pairs: Pairs::ElevenOrCourts,
    alone: None,
    waste: Waste::None,
    goal: Goal::AllGone,
    deal,
};

/// Gay Gordons in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "gay-gordons",
        name: "Gay Gordons",
        summary: "a pile of two and ten piles of five, face up; two pile top cards are removed together when they make 11, are two Jacks, or a Queen and a King; empty piles stay empty; won when the piles are empty; every deal is built winnable, as AisleRiot builds it",
        source: "AisleRiot manual ('Les joyeux gordons') and AisleRiot's gay-gordons.scm (the file decides: its deal is built in pairs, so winnable)",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the deck shuffled as every deal's, put in pairs and laid out pair by pair (see
/// the module doc).
fn deal(n: u64) -> Table {
    let mut rng = Rng::new(n);
    let mut cards = DeckSpec::FULL.cards();
    shuffle(&mut cards, &mut rng);
    // The first card dealt first (a shuffled stock's top is the last card).
    cards.reverse();
    let mut paired = Vec::with_capacity(52);
    let mut rest = std::collections::VecDeque::from(cards);
    while let Some(a) = rest.pop_front() {
        let rank = |c: crate::cards::Card| c.rank_unchecked().value();
        let j = rest
            .iter()
            .position(|&b| RULES.pairs(rank(a), rank(b)))
            .expect("a full deck pairs up");
        rest.swap(0, j);
        let b = rest.pop_front().expect("found");
        paired.extend([a, b]);
    }
    let mut t = Table::new();
    let stock = t.create_empty(STOCK, Mode::Stacked).expect("fresh");
    let piles: Vec<usize> = LABELS[..HEIGHTS.len()]
        .iter()
        .map(|l| t.create_empty(l, Mode::Spread).expect("fresh"))
        .collect();
    let mut room: Vec<u64> = HEIGHTS.iter().map(|&h| u64::from(h)).collect();
    // The `i`-th pile with room, `skip` left out.
    let nth_with_room = |room: &[u64], mut i: u64, skip: Option<usize>| -> usize {
        for (p, &r) in room.iter().enumerate() {
            if r == 0 || Some(p) == skip {
                continue;
            }
            if i == 0 {
                return p;
            }
            i -= 1;
        }
        unreachable!("fewer piles with room than drawn")
    };
    for pair in paired.chunks(2) {
        let most = *room.iter().max().expect("piles");
        let total: u64 = room.iter().sum();
        let open = room.iter().filter(|&&r| r > 0).count() as u64;
        let a = if total <= 2 * most {
            room.iter().position(|&r| r == most).expect("the max")
        } else {
            nth_with_room(&room, rng.below(open), None)
        };
        let b = nth_with_room(&room, rng.below(open - 1), Some(a));
        for (&c, p) in pair.iter().zip([a, b]) {
            t.add_on_top(c.face_up(), piles[p]).expect("active");
            room[p] -= 1;
        }
    }
    finish_table(&RULES, t, stock)
}
