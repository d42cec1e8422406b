//! Treize (the AisleRiot manual, "Treize"; AisleRiot's treize.scm decides the details).
//!
//! A pyramid of 28 cards in seven rows, all face up; a card is available when the two cards
//! overlapping it are gone. The other 24 cards are the stock, turned one at a time, no
//! redeal. AisleRiot turns the stock onto a spot of one card (`first`) when it is empty, else
//! onto the waste beside it; when the card on `first` goes, the waste's oldest card moves
//! there. So the turned cards form one line, oldest first, of which the oldest (on `first`)
//! and the newest (the waste's top) are available, and the waste's top also pairs with the
//! card under it. Kings are removed alone; other cards in pairs of available cards whose
//! ranks make 13 (Ace 1, Jack 11, Queen 12). A card never pairs with a card overlapping it
//! (treize.scm's `available?` refuses it). Won when every card is removed.
//!
//! The manual calls the available waste cards "the top card and the one under it"; the file
//! makes them the top card and the oldest, with the card under the top paired only with the
//! top: we follow the file.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Treize's rules.
pub const RULES: Rules = Rules {
    id: GameId::Treize,
    layout: Layout::Pyramid { rows: 7 },
    hidden_until_free: false,
    pairs: Pairs::Total(13),
    alone: Some(13),
    waste: Waste::BothEnds,
    goal: Goal::AllGone,
    deal,
};

/// Treize in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "treize",
        name: "Treize",
        summary: "a pyramid of 28 face up and a stock of 24 turned one at a time, no redeal; Kings go alone, other available cards in pairs making 13; of the turned cards the oldest (on its own spot) and the newest are available, and the newest also pairs with the card under it; won when every card is gone",
        source: "AisleRiot manual ('Treize') and AisleRiot's treize.scm (the file decides: the oldest turned card is available, not the one under the top)",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt onto the pyramid from the apex, place by place, all face
/// up; the other 24 cards are the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
