//! Triple Peaks (the AisleRiot manual, "Jeu de tuiles"; AisleRiot's
//! `triple-peaks.scm` decides the details).
//!
//! Three peaks of three rows (one card, two, three) stand on a bottom row of ten: 28 places.
//! The 18 cards of the peaks are dealt face down, the bottom row face up, one card face up
//! onto the waste, and the other 23 are the stock. A card is free when no card lies on it
//! (a face-down card is turned as its last cover leaves); a free card goes onto the waste
//! when its rank is one above or one below the waste's top card, King and Ace neighbours.
//! The stock turns one card at a time onto the waste; no redeal. Won when the layout is
//! empty. AisleRiot's options change the score (multiplier scoring) or deal a new round
//! after a win (progressive rounds), not the play of a round.
//!
//! The places, numbered from the peaks down, left to right (AisleRiot's slots 3 to 30):
//!
//! ```text
//!           1           2           3
//!         4   5       6   7       8   9
//!      10  11  12  13  14  15  16  17  18
//!    19  20  21  22  23  24  25  26  27  28
//! ```
//!
//! Each card lies under the two cards of the next row down on either side of it: place 1
//! under 4 and 5, place 4 under 10 and 11, place 5 under 11 and 12, place `10 + j` under
//! `19 + j` and `20 + j`. The peaks share no card; the bottom row joins them.

use super::onto_waste::{descriptor, lay_out, OntoWaste, Rules};
use super::{GameId, GameInfo, OwnGame};
use crate::cards::DeckSpec;
use crate::piles::Table;

/// The cover graph (from 0): `COVERS[p]` lists the places lying on place `p`.
pub const COVERS: [&[u8]; 28] = [
    // The three peaks.
    &[3, 4],
    &[5, 6],
    &[7, 8],
    // Their second rows.
    &[9, 10],
    &[10, 11],
    &[12, 13],
    &[13, 14],
    &[15, 16],
    &[16, 17],
    // Their third rows (nine places), on the bottom row of ten.
    &[18, 19],
    &[19, 20],
    &[20, 21],
    &[21, 22],
    &[22, 23],
    &[23, 24],
    &[24, 25],
    &[25, 26],
    &[26, 27],
    // The bottom row.
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
    &[],
];

/// Triple Peaks' rules.
pub const RULES: Rules = Rules {
    id: GameId::TriplePeaks,
    piles: 28,
    depth: 1,
    covers: &COVERS,
    face_down: true,
    stock: 23,
    wrap: true,
    king_stops: false,
    empty_takes_any: false,
    waste: "waste",
    deck: DeckSpec::FULL,
    deal,
    pysol: None,
};

/// Triple Peaks in the registry of own-rules games ([`own_games!`](crate::own_games)).
pub const GAME: OwnGame<OntoWaste> = descriptor(
    GameInfo {
        id: "triple-peaks",
        name: "Triple Peaks",
        summary: "three peaks of 18 cards face down on a row of ten face up, one card on the waste and a stock of 23; an uncovered card goes onto the waste one rank above or below its top card, King and Ace neighbours; the stock turns one card at a time, no redeal; won when the layout is empty",
        source: "AisleRiot manual ('Jeu de tuiles') and AisleRiot's triple-peaks.scm",
        deterministic: false,
        rules_version: 1,
    },
    &RULES,
);

/// Deal `n`: the shuffled deck dealt onto the 28 places in order, then one card turned onto
/// the waste; the rest is the stock.
fn deal(n: u64) -> Table {
    let (t, stock) = super::shuffled_stock(DeckSpec::FULL, n);
    lay_out(&RULES, t, stock, None, true)
}
