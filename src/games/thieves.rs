//! Thieves (the AisleRiot manual, "Les Voleurs"; AisleRiot's `thieves.scm`
//! decides the details).
//!
//! A deck of 54 cards, the 52 and two jokers. Seven piles of five cards, all face up; one
//! card face up onto the waste; the other 18 are the stock. A pile's top card goes onto the
//! waste when its rank is one above or one below the waste's top card: Aces are low and
//! King and Ace are not neighbours (`thieves.scm` compares values plus or minus one, Ace 1,
//! King 13), and a Queen goes onto a King. A joker is wild: it goes onto any card and any
//! card goes onto it. The stock turns one card at a time onto the waste whatever lies
//! there, at any time; there is no redeal. The game is won when the seven piles are empty
//! (`thieves.scm`'s `game-won`); the stock need not be. AisleRiot's score (points by rank,
//! none for a joker) does not change the play.

use super::onto_waste::{descriptor, lay_out, OntoWaste, Rules};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::piles::Table;

/// The 52 cards and two jokers.
pub const DECK: DeckSpec = DeckSpec {
    jokers: 2,
    ..DeckSpec::FULL
};

/// Thieves' rules.
pub const RULES: Rules = Rules {
    id: GameId::Thieves,
    piles: 7,
    depth: 5,
    covers: &[],
    face_down: false,
    stock: 18,
    wrap: false,
    king_stops: false,
    empty_takes_any: false,
    waste: "waste",
    deck: DECK,
    deal,
    pysol: None,
};

/// Thieves in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "thieves",
        name: "Thieves",
        summary: "54 cards with two jokers: seven piles of five face up, one card on the waste and a stock of 18; a pile's top card goes onto the waste one rank above or below its top card (Aces low, no wrap, a Queen onto a King), a joker onto anything and anything onto a joker; the stock turns one card at a time, no redeal; won when the piles are empty",
        source: "AisleRiot manual ('Les Voleurs') and AisleRiot's thieves.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the 54 cards shuffled ([`super::shuffled_stock`]), dealt from the top in five
/// rounds over the seven piles, then one card turned onto the waste (as `thieves.scm` deals
/// its 36th card to the waste); the other 18 are the stock.
fn deal(n: u64) -> Table {
    let (t, stock) = super::shuffled_stock(DECK, n);
    lay_out(&RULES, t, stock, None, true)
}
