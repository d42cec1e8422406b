//! Accordion (the AisleRiot manual, "Accordéon"; AisleRiot's accordion.scm), the
//! open variant: all 52 cards dealt face up on one line.
//!
//! AisleRiot shows the line in rows of nine (the last of seven); the rows are only a way to
//! show it, the manual says, and accordion.scm's slots are one line. A card may be moved
//! onto the card one slot to its left or three slots to its left when the two share a suit
//! or a rank; the covered card leaves the game and the moved card takes its slot, and the
//! cards to the right close up at once. The manual's "dans les 3 cases de gauche" reads as
//! the three slots to the left; accordion.scm's `droppable?` allows exactly one or three, and
//! that is the reading taken. Won when one card is left.

use super::compacting::{descriptor, our_deal, Close, Compacting, Goal, Match, Rules, Touch};
use super::{GameId, GameInfo, OwnGame};
use crate::piles::Table;

/// Accordion's rules.
pub const RULES: Rules = Rules {
    id: GameId::Accordion,
    slots: 52,
    cols: 52,
    matches: Match::SuitOrRank,
    touch: Touch::LeftOneOrThree,
    alone: None,
    close: Close::AtOnce,
    goal: Goal::OneLeft,
    deal,
};

/// Accordion in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<Compacting> = descriptor(
    GameInfo {
        id: "accordion",
        name: "Accordion (Accordéon)",
        summary: "all 52 cards face up on one line; a card moves onto the card one or three slots to its left of its suit or rank, which leaves the game, and the line closes up; won when one card is left",
        source: "AisleRiot manual ('Accordéon') and AisleRiot's accordion.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt onto the line's 52 slots, face up.
fn deal(n: u64) -> Table {
    our_deal(&RULES, n)
}
