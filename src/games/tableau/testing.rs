//! Helpers shared by the engine's unit tests (and, for Backbone's boards, the referee's): a preset by id, cards, boards, move lists.

use super::{State, Tableau, TwoDecks};
use crate::cards::{parse_card, Card};
use crate::games::{Game, GameId};
use crate::piles::Table;
use solvers::Space;

pub(crate) fn game(id: &str) -> Tableau {
    match id.parse::<GameId>().expect("preset") {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

/// A two-deck preset by id.
pub(crate) fn two_decks(id: &str) -> TwoDecks {
    match id.parse::<GameId>().expect("preset") {
        GameId::Tableau(i) => TwoDecks::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

/// Every position of a random line of up to `moves` moves from each of `g`'s deals
/// `1..=deals`, the moves drawn by a fixed generator from `seed` (the same lines each run),
/// to `visit`.
pub(super) fn along_random_lines<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    deals: u64,
    moves: usize,
    mut seed: u64,
    mut visit: impl FnMut(&State<N>),
) {
    for deal in 1..=deals {
        let mut s = g.pack(&g.deal(deal)).expect("a deal packs");
        for _ in 0..moves {
            visit(&s);
            let mut out = Vec::new();
            g.expand(&s, &mut out);
            if out.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            s = out.swap_remove((seed >> 33) as usize % out.len()).state;
        }
    }
}

pub(super) fn card(s: &str) -> Card {
    parse_card(s).expect("card")
}

pub(super) fn board<const N: usize, const K: usize>(g: &Tableau<N, K>, text: &str) -> State<N> {
    g.pack(&Table::parse(text).expect("board"))
        .expect("position")
}

pub(super) fn moves<const N: usize, const K: usize>(
    g: &Tableau<N, K>,
    s: &State<N>,
) -> Vec<(String, State<N>)> {
    let mut out = Vec::new();
    g.expand(s, &mut out);
    out.into_iter()
        .map(|m| (g.notation(&m.mv), m.state))
        .collect()
}

/// Backbone with KS alone on pile 1, QH under QS on the first reserve stack, KH on the
/// second, JS across both, and every other card home (the lower hearts foundation at the
/// Jack, the lower spades one at the Ten): only JS is free in the reserve.
pub(crate) const BACKBONE_COVERED: &str = "1 (spread): KS\n2 (spread): \n3 (spread): \n\
     4 (spread): \n5 (spread): \n6 (spread): \n7 (spread): \n8 (spread): \n\
     reserve1 (spread): QH QS\nreserve2 (spread): KH\ncover (spread): JS\n\
     clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n\
     diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
     hearts (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n\
     spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\n\
     clubs2 (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n\
     diamonds2 (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
     hearts2 (stacked): AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH\n\
     spades2 (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS\n\
     stock (stacked): \nwaste (stacked): \n";

/// [`BACKBONE_COVERED`] once JS has gone home: QS and KH are free.
pub(crate) fn backbone_uncovered() -> String {
    BACKBONE_COVERED
        .replace("cover (spread): JS", "cover (spread): ")
        .replace(
            "spades2 (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
            "spades2 (stacked): AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        )
}

/// The preset `id` with a free reserve card allowed into an empty pile (`to_empty`).
pub(crate) fn reserve_to_empty(id: &str) -> TwoDecks {
    let mut rules = two_decks(id).rules.clone();
    rules.id = format!("{id}-to-empty");
    rules.reserve.to_empty = true;
    let rules: &'static super::Rules = Box::leak(Box::new(rules));
    Tableau::of_rules(rules, 0)
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

/// Gypsy's rules (AisleRiot: two decks, eight piles of three, alternate colours, any
/// built run moves, any card fills an empty pile, foundation cards come back, the stock
/// dealt onto the piles): not a preset yet, as no deal is solved in test time.
pub(super) fn gypsy() -> TwoDecks {
    let rules = super::Rules::from_toml(
        "id = \"gypsy-rules\"\nname = \"Gypsy\"\nsummary = \"\"\nsource = \"\"\ndecks = 2\n\
         [tableau]\ndeal = [3, 3, 3, 3, 3, 3, 3, 3]\nface_down = [2, 2, 2, 2, 2, 2, 2, 2]\n\
         build = \"alternate-color\"\nmoves = \"any-sequence\"\nempty = \"any\"\n\
         [foundations]\nmay_return = true\n[stock]\nkind = \"deal-to-piles\"\n",
    )
    .expect("Gypsy's rules");
    let rules: &'static super::Rules = Box::leak(Box::new(rules));
    Tableau::of_rules(rules, 0)
}

/// A [`gypsy`] board (two decks, cards coming back) with every club, diamond and spade home in
/// both copies, the two hearts foundations `high` and `low` cards high, and `piles` (each a
/// pile's cards, bottom first) on the first piles; the rest of the eight piles empty.
pub(super) fn gypsy_hearts(high: usize, low: usize, piles: &[&str]) -> String {
    const RANKS: &str = "A23456789TJQK";
    let run = |suit: char, n: usize| -> String {
        RANKS
            .chars()
            .take(n)
            .map(|r| format!("{r}{suit} "))
            .collect()
    };
    let mut text = String::new();
    for p in 0..8 {
        text += &format!("{} (spread): {}\n", p + 1, piles.get(p).unwrap_or(&""));
    }
    for copy in ["", "2"] {
        let hearts = if copy.is_empty() { high } else { low };
        text += &format!("clubs{copy} (stacked): {}\n", run('C', 13));
        text += &format!("diamonds{copy} (stacked): {}\n", run('D', 13));
        text += &format!("hearts{copy} (stacked): {}\n", run('H', hearts));
        text += &format!("spades{copy} (stacked): {}\n", run('S', 13));
    }
    text + "stock (stacked): \n"
}

/// Lady Jane's rules on four piles and three reserve stacks (the preset's seven and seven are
/// more piles than the engine's thirteen): 10 cards on the piles, 3 on the reserve, the
/// base, and 38 in the stock, twelve deals onto the reserve and the last two into two cells.
pub(super) fn lady_jane_small() -> Tableau {
    let rules = super::Rules::from_toml(
        "id = \"lady-jane-small\"\nname = \"Lady Jane\"\nsummary = \"\"\nsource = \"\"\n\
         [tableau]\ndeal = [1, 2, 3, 4]\nface_down = [0, 1, 2, 3]\nbuild = \"alternate-color\"\n\
         wrap = true\nmoves = \"any-sequence\"\nempty = \"below-base\"\n\
         on_base_rank = \"takes-nothing\"\n[cells]\ncount = 2\naccept = false\n\
         [reserve]\npiles = [1, 1, 1]\n[foundations]\nbase = \"first-dealt\"\nwrap = true\n\
         may_return = true\n[stock]\nkind = \"deal-to-reserve\"\n",
    )
    .expect("Lady Jane's rules");
    Tableau::of_rules(Box::leak(Box::new(rules)), 0)
}

/// The moves between tableau piles of the board `text`, as (from, to, cards), piles
/// numbered from 1.
pub(super) fn pile_moves(g: &Tableau, text: &str) -> Vec<(u8, u8, u8)> {
    let mut out = Vec::new();
    g.expand(&board(g, text), &mut out);
    out.iter()
        .filter_map(|m| match (m.mv.from, m.mv.to) {
            (super::Place::Pile(a), super::Place::Pile(b)) => Some((a + 1, b + 1, m.mv.count)),
            _ => None,
        })
        .collect()
}

/// A Diamond Mine board: the three other suits done or nearly (3H, 2H and AH loose), the
/// foundation from Five to Ace, so 2D goes next; 4D under 3H on pile 7, `pile4` and
/// `pile8` on piles 4 and 8 (the diamonds 2D and 3D between them), piles 9 to 13 empty.
pub(super) fn diamond_mine_board(pile4: &str, pile8: &str) -> String {
    let mut text = String::from(
        "1 (spread): KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC\n\
         2 (spread): KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\n\
         3 (spread): KH QH JH TH 9H 8H 7H 6H 5H 4H\n",
    );
    text += &format!("4 (spread): {pile4}\n5 (spread): 2H\n6 (spread): AH\n");
    text += &format!("7 (spread): 4D 3H\n8 (spread): {pile8}\n");
    for p in 9..=13 {
        text += &format!("{p} (spread):\n");
    }
    text + "diamonds (stacked): 5D 6D 7D 8D 9D TD JD QD KD AD\n"
}

/// `g`'s rules changed by `edit`, as a game of their own.
pub(super) fn with_rules(g: &Tableau, edit: impl FnOnce(&mut super::Rules)) -> Tableau {
    let mut rules = g.rules.clone();
    edit(&mut rules);
    Tableau::of_rules(Box::leak(Box::new(rules)), 0)
}
