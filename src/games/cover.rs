//! Cover (the AisleRiot manual, "Couvercle"; AisleRiot's cover.scm).
//!
//! Four spots of one card, dealt face up; the other 48 cards are the stock. Two cards of the
//! same suit, from any two spots, are removed together, and each spot emptied is filled at
//! once from the stock (the first card's spot first, as AisleRiot deals to the spot dragged
//! from, then to the one dropped on). Won when the stock is out, whatever is left in the
//! spots; lost when the four spots show four suits with the stock not out. The manual and the
//! file agree. The stock's order is the deal's: nothing is shuffled again.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Cover's rules.
pub const RULES: Rules = Rules {
    id: GameId::Cover,
    layout: Layout::Slots(4),
    hidden_until_free: false,
    pairs: Pairs::SameSuit,
    alone: None,
    waste: Waste::None,
    goal: Goal::StockOut,
    deal,
};

/// Cover in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "cover",
        name: "Cover",
        summary: "four spots of one card face up and a stock of 48; two cards of one suit from any two spots are removed together; each spot emptied is filled at once from the stock; won when the stock is out",
        source: "AisleRiot manual ('Couvercle') and AisleRiot's cover.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck's first four cards onto the spots; the rest is the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
