//! Helsinki (the AisleRiot manual, "Helsinki"; AisleRiot's helsinki.scm).
//!
//! Ten spots of one card, dealt face up; the other 42 cards are the stock. Kings are removed
//! alone; other cards in pairs making 13 (Ace 1, Jack 11, Queen 12), any two spots. Each spot
//! emptied is filled at once from the stock (a pair's first card's spot first, as AisleRiot
//! deals to the spot dragged from, then to the one dropped on) while the stock lasts. Won when
//! the ten spots are empty, so the stock too. The manual and the file agree. The stock's order
//! is the deal's: nothing is shuffled again.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Helsinki's rules.
pub const RULES: Rules = Rules {
    id: GameId::Helsinki,
    layout: Layout::Slots(10),
    hidden_until_free: false,
    pairs: Pairs::Total(13),
    alone: Some(13),
    waste: Waste::None,
    goal: Goal::AllGone,
    deal,
};

/// Helsinki in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "helsinki",
        name: "Helsinki",
        summary: "ten spots of one card face up and a stock of 42; Kings go alone, other cards in pairs making 13, from any two spots; each spot emptied is filled at once from the stock; won when every card is gone",
        source: "AisleRiot manual ('Helsinki') and AisleRiot's helsinki.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck's first ten cards onto the spots; the rest is the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
