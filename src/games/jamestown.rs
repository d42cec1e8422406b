//! Jamestown (the AisleRiot manual, "Jamestown"; AisleRiot's jamestown.scm).
//!
//! Nine spots of one card, dealt face up; the other 43 cards are the stock. Two cards of the
//! same rank, from any two spots, are removed together, and each spot emptied is filled at
//! once from the stock (the first card's spot first, as AisleRiot deals to the spot dragged
//! from, then to the one dropped on) while the stock lasts. Won when the nine spots are
//! empty, so the stock too. The manual and the file agree. The stock's order is the deal's:
//! nothing is shuffled again.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Jamestown's rules.
pub const RULES: Rules = Rules {
    id: GameId::Jamestown,
    layout: Layout::Slots(9),
    hidden_until_free: false,
    pairs: Pairs::SameRank,
    alone: None,
    waste: Waste::None,
    goal: Goal::AllGone,
    deal,
};

/// Jamestown in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "jamestown",
        name: "Jamestown",
        summary: "nine spots of one card face up and a stock of 43; two cards of one rank from any two spots are removed together; each spot emptied is filled at once from the stock; won when every card is gone",
        source: "AisleRiot manual ('Jamestown') and AisleRiot's jamestown.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck's first nine cards onto the spots; the rest is the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
