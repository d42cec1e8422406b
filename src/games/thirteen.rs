//! Thirteen (the AisleRiot manual, "Thirteen (13)"; AisleRiot's thirteen.scm
//! decides the details).
//!
//! A pyramid of 28 cards in seven rows: the last row face up, the others face down, each
//! card turning face up when the two cards overlapping it are gone. The other 24 cards are
//! the stock, turned one at a time onto the waste, no redeal. A face-up pyramid card is
//! available, and so is the waste's top card. Kings are removed alone; other cards in pairs
//! of available cards whose ranks make 13 (Ace 1, Jack 11, Queen 12), and the waste's top
//! card also pairs with the card under it. A card pairs only with cards available before
//! the move: never with a card overlapping it (AisleRiot turns a card face up only after
//! the move that clears it).
//!
//! Won when every card is removed: the pyramid, the stock and the waste all empty. Here we
//! read the manual, not the file: thirteen.scm's win test looks at its slot 3, which in its
//! layout is the left card of the pyramid's second row (in treize.scm, whose test it copies,
//! slot 3 is the apex), so AisleRiot would end a game as won with that card gone, the stock
//! and the waste empty, and cards left on the right of the pyramid; we count that a slip.

use super::pairing::{descriptor, our_deal, Goal, Layout, Pairing, Pairs, Rules, Waste};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Thirteen's rules.
pub const RULES: Rules = Rules {
    id: GameId::Thirteen,
    layout: Layout::Pyramid { rows: 7 },
    hidden_until_free: true,
    pairs: Pairs::Total(13),
    alone: Some(13),
    waste: Waste::Stack,
    goal: Goal::AllGone,
    deal,
};

/// Thirteen in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Pairing> = descriptor(
    GameInfo {
        id: "thirteen",
        name: "Thirteen (13)",
        summary: "a pyramid of 28, only its last row face up (a card turns up when both cards on it are gone), a stock of 24 turned one at a time onto a waste, no redeal; Kings go alone, other available cards in pairs making 13 (the waste's top, also with the card under it); won when every card is gone (thirteen.scm's win test reads one card of the second row: we take the manual's whole pyramid)",
        source: "AisleRiot manual ('Thirteen (13)') and AisleRiot's thirteen.scm (the file decides, but for its win test: see the module doc)",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt onto the pyramid from the apex, place by place, the
/// last row face up; the other 24 cards are the stock.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
