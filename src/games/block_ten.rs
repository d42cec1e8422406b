//! Block Ten (the AisleRiot manual, "Bloc 10"; AisleRiot's block-ten.scm decides).
//!
//! Nine spots of one card, dealt face up; the other 43 cards are the stock. Two cards from any
//! two spots are removed together when they make 10 (Ace 1), or are two Jacks, two Queens or
//! two Kings; Tens never go. Each spot emptied is filled at once from the stock (the first
//! card's spot first, as AisleRiot deals to the spot dragged from, then to the one dropped on)
//! while the stock lasts. The manual says "remove every card", which the Tens forbid; the
//! file's win test decides: won when every spot is empty or holds a Ten (so the stock is out:
//! while it has cards, all nine spots are full and only four Tens exist). The stock's order is
//! the deal's: nothing is shuffled again.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Block Ten's rules.
pub const RULES: Rules = Rules {
    id: GameId::BlockTen,
    layout: Layout::Slots(9),
    hidden_until_free: false,
    pairs: Pairs::TenOrCourts,
    alone: None,
    waste: Waste::None,
    goal: Goal::OnlyRankLeft(10),
    deal,
};

/// Block Ten in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "block-ten",
        name: "Block Ten",
        summary: "nine spots of one card face up and a stock of 43; two cards from any two spots making 10, or two Jacks, two Queens or two Kings, are removed together; Tens never go; each spot emptied is filled at once from the stock; won when the stock is out and only Tens are left",
        source: "AisleRiot manual ('Bloc 10') and AisleRiot's block-ten.scm (the file decides: won with the Tens left, as its win test says)",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck's first nine cards onto the spots; the rest is the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
