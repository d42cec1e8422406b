//! Solvitaire's JSON deals, read and written, so that the same deal can be given to
//! Solvitaire (Blake and Gent, github.com/thecharlieblake/Solvitaire) and to us.
//!
//! The format, as Solvitaire's deal reader, card type and test deals have it:
//! - One JSON object. `"tableau piles"`: one array of cards per pile, in pile order, each
//!   bottom card first; as many piles as the game has.
//! - A card is a string: a rank `1` to `13`, `A`, `J`, `Q` or `K`, then a suit letter `C`,
//!   `D`, `H` or `S`, in either case (Solvitaire writes `AS`, `10H`; there is no `T`). A
//!   lower-case *suit* letter marks a face-down card, in the tableau piles only and only in
//!   games dealt face down (`3d`); anywhere else the case means nothing.
//! - `"stock"`: the stock's cards, its top card (the first dealt) last. A deal onto the
//!   tableau gives that card to pile 1, the next to pile 2, and so on, as our engine deals.
//!   Solvitaire knows the stock's cards; our stock holds them face down.
//! - `"waste"`: the waste's cards, its top card last (read and written as the pile
//!   `waste` for rules with a stock turned onto a waste, which the engine does not play yet).
//! - `"foundations"`: every card on the foundations (not only the top ones), each put on
//!   its suit's foundation in turn, so a suit's cards come bottom first (a Spider run home
//!   King first, as both engines lay it). With two decks every card of a suit goes on the
//!   suit's first foundation, so at most 13 cards of a suit can be written.
//! - `"foundation"` (read, never written): the older form of Solvitaire's deals (2018), which
//!   lonelybot still prints: one array of cards per foundation, each bottom card first; its
//!   cards go home as `"foundations"`' do. A deal gives one form or the other.
//! - `"reserve"`: a reserve of single cards, one per place in order (a stacked reserve: one
//!   pile, top card last). Our cells that take no card (King Albert) are such a reserve;
//!   their places are interchangeable, so empty ones are left out. A reserve of one stack
//!   (`[reserve]` in the rules: Canfield, Kansas, Eagle Wing) is Solvitaire's stacked
//!   reserve, its bottom card first; Solvitaire knows its cards, so they are written face
//!   up and read back face down under the top one where the rules deal them so. Other
//!   reserve stacks are refused both ways: Backbone's two stacks and the card lying across
//!   them are more than one list can say.
//! - No free cells: Solvitaire's reader has code for a `"cells"` key, but its schema refuses
//!   every key but `tableau piles`, `foundations`, `stock`, `waste`, `reserve`, `hole`,
//!   `sequences` and `accordion`, so a position with cards in free cells (or Eight Off's
//!   deal) cannot be given to it. No counters either (such as the redeals used), and no
//!   game: Solvitaire takes the rules from its `--type` or `--custom-rules`.
//! - The deal does not name its game: it is read for the game given, its cards checked to be
//!   that game's deck (its faces and foundations then by [`crate::games::Game::pack`]).
//! - A key left out is an empty pile (Solvitaire fills the foundations with their base
//!   cards when its rules start them so; we write them out).

use super::{cell_label, pile_label, reserve_label, StockRules, Tableau, BASE, STOCK};
use crate::cards::{Card, Rank, Suit};
use crate::games::{check_partition, BoardError};
use crate::piles::{Mode, Table};
use serde_json::Value;

/// The label of the waste, for games whose stock turns onto one.
pub const WASTE: &str = "waste";

/// The keys of Solvitaire's deal schema.
const KEYS: [&str; 8] = [
    "tableau piles",
    "foundations",
    "stock",
    "waste",
    "reserve",
    "hole",
    "sequences",
    "accordion",
];

/// Whether `text` is JSON (a Solvitaire deal) rather than a board text.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// What of a game the format describes.
struct Shape {
    id: String,
    piles: usize,
    cells: usize,
    /// The cells take no card: they are a reserve.
    reserve: bool,
    /// A reserve of one stack (Canfield): Solvitaire's stacked reserve.
    stacked: bool,
    /// The stack's cards under its top one lie face down.
    stacked_down: bool,
    homes: Vec<Suit>,
    /// Every foundation's label: the suits', then with two decks built card by card the
    /// second ones.
    home_labels: Vec<String>,
    stock: bool,
    waste: bool,
    /// The rules deal tableau cards face down.
    face_down: bool,
}

impl Shape {
    fn of<const N: usize, const K: usize>(g: &Tableau<N, K>) -> Shape {
        let r = g.rules;
        let waste = matches!(r.stock, StockRules::Waste { .. });
        Shape {
            id: r.id.clone(),
            piles: r.piles(),
            cells: g.cells(),
            reserve: g.cells() > 0 && !r.cells.accept,
            stacked: r.reserve.piles.len() == 1 && r.reserve.cover == 0,
            stacked_down: r.reserve.face_down,
            homes: g.home_suits(),
            home_labels: g.home_labels(),
            stock: g.feat.deal_to != 0 || waste,
            waste,
            face_down: r.tableau.deals_face_down(),
        }
    }

    fn has(&self, key: &str) -> bool {
        match key {
            "tableau piles" | "foundations" => true,
            "stock" => self.stock,
            "waste" => self.waste,
            "reserve" => self.reserve || self.stacked,
            _ => false,
        }
    }
}

fn error(what: impl Into<String>) -> BoardError {
    BoardError::Solvitaire(what.into())
}

/// Refuses a game with more than one reserve stack (our `[reserve]`, not cells that take
/// no card): Solvitaire's `"reserve"` is one list (places of one card each, or one stack),
/// with nothing that lies across other cards, so Backbone's two stacks and the card across
/// them have no place in it.
fn reserve_stacks<const N: usize, const K: usize>(g: &Tableau<N, K>) -> Result<(), BoardError> {
    let v = &g.rules.reserve;
    if v.piles.len() <= 1 && v.cover == 0 {
        return Ok(());
    }
    let id = &g.rules.id;
    Err(error(if v.cover > 0 {
        format!(
            "{id}'s reserve has {} stack(s) and {} card(s) lying across them: Solvitaire's deal \
             has one \"reserve\" (places of one card, or one stack) and nothing that covers \
             other cards, so it cannot hold {id}'s deals",
            v.piles.len(),
            v.cover
        )
    } else {
        format!(
            "{id}'s reserve has {} stacks: Solvitaire's deal has one \"reserve\" (places of \
             one card, or one stack), so it cannot hold {id}'s deals",
            v.piles.len()
        )
    }))
}

/// Solvitaire's name of a card; `down` writes its suit letter in lower case.
fn card_name(c: Card, down: bool) -> Option<String> {
    let (suit, rank) = (c.suit()?, c.rank()?);
    let rank = match rank.value() {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        v => v.to_string(),
    };
    let suit = suit.letter();
    Some(format!(
        "{rank}{}",
        if down {
            suit.to_ascii_lowercase()
        } else {
            suit
        }
    ))
}

/// Reads one card string as Solvitaire does: `down_possible` where a lower-case suit letter
/// means face down. `place` names where it lies, for errors.
fn read_card(v: &Value, down_possible: bool, place: &str) -> Result<Card, BoardError> {
    let bad = |what: String| error(format!("{place}: {what}"));
    let s = v
        .as_str()
        .ok_or_else(|| bad(format!("expected a card such as \"10H\", found {v}")))?;
    let unknown = || {
        bad(format!(
            "unknown card \"{s}\" (a rank 1 to 13, A, J, Q or K and a suit C, D, H or S, \
             such as \"10H\"; lower-case suit: face down)"
        ))
    };
    if !s.is_ascii() || s.len() < 2 || s.len() > 3 {
        return Err(unknown());
    }
    let (rank, suit) = s.split_at(s.len() - 1);
    let suit_char = suit.as_bytes()[0];
    let suit = match suit_char.to_ascii_uppercase() {
        b'C' => Suit::Clubs,
        b'D' => Suit::Diamonds,
        b'H' => Suit::Hearts,
        b'S' => Suit::Spades,
        _ => return Err(unknown()),
    };
    let rank = match rank.to_ascii_uppercase().as_str() {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        d if d.len() == 1 || d.starts_with('1') => match d.parse::<u8>() {
            Ok(v @ 1..=13) => v,
            _ => return Err(unknown()),
        },
        _ => return Err(unknown()),
    };
    let card = Card::new(suit, Rank::from_value(rank));
    Ok(if down_possible && suit_char.is_ascii_lowercase() {
        card.face_down()
    } else {
        card
    })
}

/// An array of cards at `key`, or an error naming it.
fn card_array<'a>(v: &'a Value, place: &str) -> Result<&'a Vec<Value>, BoardError> {
    v.as_array()
        .ok_or_else(|| error(format!("{place}: expected an array of cards, found {v}")))
}

/// Reads a Solvitaire JSON deal as a position of `game`. The cards are checked to be the
/// game's deck; [`crate::games::Game::pack`] checks the rest (faces, foundations) as for any board.
pub fn parse<const N: usize, const K: usize>(
    game: &Tableau<N, K>,
    text: &str,
) -> Result<Table, BoardError> {
    reserve_stacks(game)?;
    let shape = Shape::of(game);
    let id = &shape.id;
    let doc: Value = serde_json::from_str(text).map_err(|e| error(format!("not JSON: {e}")))?;
    let obj = doc
        .as_object()
        .ok_or_else(|| error("expected a JSON object such as {\"tableau piles\": [...]}"))?;
    for key in obj.keys() {
        if shape.has(key) || (key == "foundation" && shape.has("foundations")) {
            continue;
        }
        return Err(error(if KEYS.contains(&key.as_str()) {
            format!("{id} has no {key}")
        } else if key == "cells" {
            "\"cells\" is not in Solvitaire's deal schema (Solvitaire refuses it), so a deal \
             with cards in free cells cannot be written"
                .to_string()
        } else {
            format!(
                "unknown key \"{key}\" (Solvitaire's deal keys: {})",
                KEYS.join(", ")
            )
        }));
    }
    let piles = obj
        .get("tableau piles")
        .ok_or_else(|| error("no \"tableau piles\""))?;
    let piles = piles.as_array().ok_or_else(|| {
        error(format!(
            "\"tableau piles\": expected an array of piles, found {piles}"
        ))
    })?;
    if piles.len() != shape.piles {
        return Err(error(format!(
            "{id} has {} tableau piles, the deal has {}",
            shape.piles,
            piles.len()
        )));
    }
    let list = |key: &str, down: bool| -> Result<Vec<Card>, BoardError> {
        let Some(v) = obj.get(key) else {
            return Ok(Vec::new());
        };
        card_array(v, key)?
            .iter()
            .enumerate()
            .map(|(i, c)| read_card(c, down, &format!("{key}, card {}", i + 1)))
            .collect()
    };

    let mut t = Table::new();
    if shape.stock {
        let id = t.create_empty(STOCK, Mode::Stacked).expect("fresh");
        t.piles[id].cards = list("stock", false)?
            .into_iter()
            .map(Card::face_down)
            .collect();
    }
    for (p, pile) in piles.iter().enumerate() {
        let place = format!("tableau pile {}", p + 1);
        let cards = card_array(pile, &place)?
            .iter()
            .enumerate()
            .map(|(i, c)| read_card(c, shape.face_down, &format!("{place}, card {}", i + 1)))
            .collect::<Result<Vec<Card>, BoardError>>()?;
        let id = t.create_empty(&pile_label(p), Mode::Spread).expect("fresh");
        t.piles[id].cards = cards;
    }
    let reserve = list("reserve", false)?;
    if shape.stacked {
        // Bottom card first; under the top one face down where the rules deal them so.
        let id = t
            .create_empty(&reserve_label(0), Mode::Spread)
            .expect("fresh");
        let n = reserve.len();
        t.piles[id].cards = reserve
            .iter()
            .copied()
            .enumerate()
            .map(|(i, c)| {
                if shape.stacked_down && i + 1 < n {
                    c.face_down()
                } else {
                    c
                }
            })
            .collect();
    } else if reserve.len() > shape.cells {
        return Err(error(format!(
            "{id}'s reserve has {} places, the deal gives it {} cards",
            shape.cells,
            reserve.len()
        )));
    }
    for c in 0..shape.cells {
        let id = t
            .create_empty(&cell_label(c), Mode::Stacked)
            .expect("fresh");
        t.piles[id].cards.extend(reserve.get(c));
    }
    let homes: Vec<usize> = shape
        .home_labels
        .iter()
        .map(|l| t.create_empty(l, Mode::Stacked).expect("fresh"))
        .collect();
    if shape.waste {
        let id = t.create_empty(WASTE, Mode::Stacked).expect("fresh");
        t.piles[id].cards = list("waste", false)?;
    }
    let mut found = list("foundations", false)?;
    if let Some(v) = obj.get("foundation") {
        if obj.contains_key("foundations") {
            return Err(error(
                "both \"foundations\" and the older \"foundation\": give one of them",
            ));
        }
        let homes = v.as_array().ok_or_else(|| {
            error(format!(
                "\"foundation\": expected an array of foundations (arrays of cards), found {v}"
            ))
        })?;
        for (h, home) in homes.iter().enumerate() {
            let place = format!("foundation {}", h + 1);
            for (i, c) in card_array(home, &place)?.iter().enumerate() {
                found.push(read_card(c, false, &format!("{place}, card {}", i + 1))?);
            }
        }
    }
    if shape.homes.is_empty() && !found.is_empty() {
        return Err(error(format!("{id} has no foundations")));
    }
    for c in found {
        let suit = c.suit_unchecked();
        let Some(i) = shape.homes.iter().position(|&s| s == suit) else {
            return Err(BoardError::Foreign {
                card: c.to_string(),
                pile: "foundations".into(),
                deck: game.rules.deck().describe(),
            });
        };
        // As Solvitaire reads it: every card of a suit on its first foundation (a second
        // one, with two decks, stays empty; `pack` then names a card out of order).
        let home = &mut t.piles[homes[i]].cards;
        if home.len() == 13 {
            return Err(error(format!(
                "foundations: more than 13 {} (Solvitaire puts every card of a suit on one \
                 foundation)",
                suit.name()
            )));
        }
        home.push(c);
    }
    // Where the base card may come back, the board also gives the base as a counter: the
    // rank of the foundations' bottom card (none: `pack` names what is missing).
    if game.base_may_leave() {
        if let Some(b) = homes.iter().find_map(|&h| t.piles[h].bottom()) {
            t.set_counter(BASE, u32::from(b.rank_unchecked().value()));
        }
    }
    check_partition(&t, game.rules.deck())?;
    Ok(t)
}

/// Writes `t`, a position of `game`, as a Solvitaire JSON deal; an error names what of the
/// position the format cannot hold.
pub fn write<const N: usize, const K: usize>(
    game: &Tableau<N, K>,
    t: &Table,
) -> Result<String, BoardError> {
    reserve_stacks(game)?;
    let shape = Shape::of(game);
    let id = &shape.id;
    // The base's counter is written as the foundations' bottom card when one holds it.
    let base_shown = |v: u32| {
        shape.home_labels.iter().any(|h| {
            t.find(h)
                .and_then(|i| t.piles[i].bottom())
                .is_some_and(|b| u32::from(b.rank_unchecked().value()) == v)
        })
    };
    if let Some((name, v)) = t
        .counters
        .iter()
        .find(|(n, v)| *v != 0 && !(n == BASE && base_shown(*v)))
    {
        return Err(error(format!(
            "the format has no counters, so {name} = {v} cannot be written"
        )));
    }
    let cells: Vec<String> = (0..shape.cells).map(cell_label).collect();
    let tableau: Vec<String> = (0..shape.piles).map(pile_label).collect();
    let known = |l: &str| {
        tableau.iter().any(|p| p == l)
            || cells.iter().any(|c| c == l)
            || shape.home_labels.iter().any(|h| h == l)
            || (shape.stock && l == STOCK)
            || (shape.waste && l == WASTE)
            || (shape.stacked && l == reserve_label(0))
    };
    if let Some(p) = t
        .piles
        .iter()
        .find(|p| p.active && !p.is_empty() && !known(&p.label))
    {
        return Err(error(format!(
            "{id}'s deal has no place for pile '{}'",
            p.label
        )));
    }
    let cards_of = |label: &str| -> &[Card] {
        t.find(label)
            .map(|i| &t.piles[i])
            .filter(|p| p.active)
            .map_or(&[], |p| p.cards.as_slice())
    };
    // A face-down card is written only in the tableau of a game dealt face down (the stock
    // is hidden anyway).
    let names = |label: &str, down_ok: bool| -> Result<Vec<String>, BoardError> {
        cards_of(label)
            .iter()
            .map(|&c| {
                if c.is_face_down() && !down_ok && label != STOCK {
                    return Err(error(format!(
                        "pile '{label}': card {} lies face down, which Solvitaire's deal \
                         says only of tableau cards in games dealt face down",
                        c.face_up()
                    )));
                }
                card_name(c.face_up(), c.is_face_down() && down_ok).ok_or_else(|| {
                    error(format!(
                        "pile '{label}': card {c} has no name in the format"
                    ))
                })
            })
            .collect()
    };
    let quoted = |v: &[String]| {
        let v: Vec<String> = v.iter().map(|s| format!("\"{s}\"")).collect();
        format!("[{}]", v.join(","))
    };

    let mut fields = Vec::new();
    let mut rows = Vec::new();
    for p in &tableau {
        rows.push(format!("    {}", quoted(&names(p, shape.face_down)?)));
    }
    fields.push(format!("  \"tableau piles\": [\n{}\n  ]", rows.join(",\n")));
    let mut homes = Vec::new();
    for (i, s) in shape.home_labels.iter().enumerate() {
        let cards = names(s, false)?;
        // Solvitaire puts every card of a suit on one foundation: a second one's cards
        // would land on the first (Lucas's eight Aces, say), so they are refused.
        if i >= shape.homes.len() && !cards.is_empty() {
            return Err(error(format!(
                "second foundation '{s}' holds cards: Solvitaire's deal puts every card of a \
                 suit on one foundation, so it cannot say which of two a card is on"
            )));
        }
        if cards.len() > 13 {
            return Err(error(format!(
                "foundation '{}' holds {} cards: Solvitaire's deal puts every card of a suit \
                 on one foundation, so it holds 13 at most",
                s,
                cards.len()
            )));
        }
        homes.extend(cards);
    }
    if !homes.is_empty() {
        fields.push(format!("  \"foundations\": {}", quoted(&homes)));
    }
    let mut in_cells = Vec::new();
    for c in &cells {
        in_cells.extend(names(c, false)?);
    }
    if shape.stacked {
        // Solvitaire sees every reserve card: written face up, bottom first.
        let stack: Vec<String> = cards_of(&reserve_label(0))
            .iter()
            .map(|c| card_name(c.face_up(), false).expect("a card of the deck"))
            .collect();
        fields.push(format!("  \"reserve\": {}", quoted(&stack)));
    } else if shape.reserve {
        fields.push(format!("  \"reserve\": {}", quoted(&in_cells)));
    } else if let Some(c) = cells.iter().find(|c| !cards_of(c).is_empty()) {
        return Err(error(format!(
            "cell '{c}' holds a card, and Solvitaire reads no free cells (its deal schema \
             refuses a \"cells\" key)"
        )));
    }
    if shape.stock {
        fields.push(format!("  \"stock\": {}", quoted(&names(STOCK, false)?)));
    }
    if shape.waste {
        fields.push(format!("  \"waste\": {}", quoted(&names(WASTE, false)?)));
    }
    Ok(format!("{{\n{}\n}}\n", fields.join(",\n")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    fn game(id: &str) -> Tableau {
        match id.parse::<GameId>().unwrap() {
            GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
            _ => unreachable!(),
        }
    }

    #[test]
    fn card_names_follow_solvitaire() {
        let c = |s: &str, down: bool| read_card(&Value::from(s), down, "here");
        let ten = Card::new(Suit::Hearts, Rank::Ten);
        assert_eq!(c("10H", false), Ok(ten));
        assert_eq!(c("10h", false), Ok(ten));
        assert_eq!(c("10h", true), Ok(ten.face_down()));
        assert_eq!(c("1s", false), c("AS", false));
        assert_eq!(c("aS", true), Ok(Card::new(Suit::Spades, Rank::Ace)));
        assert_eq!(c("13C", false), c("kc", false));
        for bad in ["TH", "0S", "14S", "01S", "10X", "H", "10", "", "1 0H"] {
            assert!(c(bad, false).is_err(), "{bad}");
        }
        assert_eq!(card_name(ten, false).unwrap(), "10H");
        assert_eq!(card_name(ten, true).unwrap(), "10h");
        assert!(card_name(Card::joker(0), false).is_none());
    }

    /// lonelybot prints Klondike deals with Solvitaire's older `"foundation"`: one array per
    /// foundation. It reads as the same position as the flat `"foundations"`.
    #[test]
    fn reads_the_older_foundation_form_lonelybot_prints() {
        let g = game("klondike");
        let t = g.deal(5);
        let flat = write(&g, &t).unwrap();
        let v: Value = serde_json::from_str(&flat).unwrap();
        let mut older = v.as_object().unwrap().clone();
        older.remove("foundations");
        older.insert("foundation".into(), serde_json::json!([[], [], [], []]));
        let older = serde_json::to_string(&older).unwrap();
        assert_eq!(parse(&g, &older).unwrap().to_text(), t.to_text());
        // Cards on the foundations, one array each, go home as the flat list's do.
        let mut played = v.as_object().unwrap().clone();
        let both = format!(
            "{{\"tableau piles\": {}, \"foundations\": [], \"foundation\": [[]]}}",
            played["tableau piles"]
        );
        assert!(parse(&g, &both)
            .unwrap_err()
            .to_string()
            .contains("give one of them"));
        played.remove("foundations");
        played.insert("foundation".into(), serde_json::json!([["AH"], [], [], []]));
        let err = parse(&g, &serde_json::to_string(&played).unwrap()).unwrap_err();
        // AH is in the deal's piles or stock already: a duplicate, named.
        assert!(err.to_string().contains("AH"), "{err}");
    }

    #[test]
    fn reads_solvitaire_simple_freecell_deal() {
        // Solvitaire's own style, four piles of FreeCell with four piles.
        let g = game("freecell-4piles");
        let mut text = String::from("{\n  \"tableau piles\": [\n");
        let suits = ["C", "D", "H", "S"];
        let piles: Vec<String> = suits
            .iter()
            .map(|s| {
                let cards: Vec<String> = [
                    "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A",
                ]
                .iter()
                .map(|r| format!("\"{r}{s}\""))
                .collect();
                format!("    [{}]", cards.join(","))
            })
            .collect();
        text += &piles.join(",\n");
        text += "\n  ]\n}\n";
        let t = parse(&g, &text).unwrap();
        assert_eq!(
            t.piles[t.find("1").unwrap()].top(),
            Some(Card::new(Suit::Clubs, Rank::Ace))
        );
        assert_eq!(write(&g, &t).unwrap(), text);
        g.pack(&t).unwrap();
    }
}
