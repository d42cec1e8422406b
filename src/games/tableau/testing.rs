//! Helpers shared by the engine's unit tests: a preset by id, cards, boards, move lists.

use super::{State, Tableau};
use crate::cards::{parse_card, Card};
use crate::games::{Game, GameId};
use crate::piles::Table;
use solvers::Space;

pub(super) fn game(id: &str) -> Tableau {
    match id.parse::<GameId>().expect("preset") {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

pub(super) fn card(s: &str) -> Card {
    parse_card(s).expect("card")
}

pub(super) fn board(g: &Tableau, text: &str) -> State<52> {
    g.pack(&Table::parse(text).expect("board"))
        .expect("position")
}

pub(super) fn moves(g: &Tableau, s: &State<52>) -> Vec<(String, State<52>)> {
    let mut out = Vec::new();
    g.expand(s, &mut out);
    out.into_iter()
        .map(|m| (g.notation(&m.mv), m.state))
        .collect()
}

pub(super) const HOME_DH: &str = "diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
                       hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n";

/// Streets and Alleys' tableau for `streets`: the clubs King to 6 on pile 1, the spades
/// King to 5 on pile 2, the other piles empty.
pub(super) const STREETS_TWO_RUNS: &str =
    "1 (spread): KC QC JC TC 9C 8C 7C 6C\n2 (spread): KS QS JS TS 9S 8S 7S 6S 5S\n\
     3 (spread): \n4 (spread): \n5 (spread): \n6 (spread): \n7 (spread): \n8 (spread): \n";

/// Streets and Alleys with clubs home to the 5 and spades to the 4; 6H... are home too.
pub(super) fn streets(piles: &str) -> (Tableau, State<52>) {
    let g = game("streets-and-alleys");
    let text =
        format!("{piles}clubs (stacked): AC 2C 3C 4C 5C\n{HOME_DH}spades (stacked): AS 2S 3S 4S\n");
    let s = board(&g, &text);
    (g, s)
}
