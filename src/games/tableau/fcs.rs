//! fc-solve's and PySol's board text, read and written, so positions travel between this
//! workbench and those tools.
//!
//! The format: an optional `Foundations:` line (`H-5 C-0 D-A S-K`: each suit's top rank, 0
//! for none), an optional `Freecells:` line (cards in 4-character slots, or tokens with `-`
//! for an empty cell), then one line per tableau pile, bottom card first, optionally
//! preceded by `:`. Tens may be written `T` or `10`.

use super::rules::UNLIMITED;
use super::{cell_label, pile_label, Tableau, Takes, HOMES};
use crate::cards::{parse_card, Card, CardStyle, DeckSpec, Rank, Suit};
use crate::games::BoardError;
use crate::piles::{BoardParseError, Mode, Table};

/// Whether `text` looks like an fc-solve board rather than our own board format. A line
/// of ours with no `:` is a counter (`redeals = 1`), not one of fc-solve's piles.
pub fn looks_like_fc_solve(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';'))
        .any(|l| {
            l.starts_with("Foundations:")
                || l.starts_with("Freecells:")
                || l.starts_with(':')
                || !(l.contains(':') || l.contains('='))
        })
}

fn syntax(line: usize, text: &str) -> BoardError {
    BoardError::Parse(BoardParseError::Syntax {
        line,
        text: text.to_string(),
    })
}

fn card_at(tok: &str, line: usize, position: usize) -> Result<Card, BoardError> {
    parse_card(tok).map_err(|e| {
        BoardError::Parse(BoardParseError::Card {
            line,
            source: e.at(position),
        })
    })
}

/// Reads an fc-solve board for `game`.
pub fn parse<const N: usize, const K: usize>(
    game: &Tableau<N, K>,
    text: &str,
) -> Result<Table, BoardError> {
    let r = game.rules;
    let mut t = Table::new();
    let mut piles = Vec::new();
    let mut cells: Vec<Option<Card>> = Vec::new();
    let mut homes = [0u8; 4];
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim_end();
        let lt = l.trim();
        if lt.is_empty() || lt.starts_with(';') || lt.starts_with('#') {
            continue;
        }
        if let Some(rest) = lt.strip_prefix("Foundations:") {
            for tok in rest.split_whitespace() {
                let (s, v) = tok.split_once('-').ok_or_else(|| syntax(line, lt))?;
                let suit = match s.to_ascii_uppercase().as_str() {
                    "C" => Suit::Clubs,
                    "D" => Suit::Diamonds,
                    "H" => Suit::Hearts,
                    "S" => Suit::Spades,
                    _ => return Err(syntax(line, lt)),
                };
                let rank = match v.to_ascii_uppercase().as_str() {
                    "0" => 0,
                    "A" | "1" => 1,
                    "T" | "10" => 10,
                    "J" => 11,
                    "Q" => 12,
                    "K" => 13,
                    d if d.len() == 1 && ("2"..="9").contains(&d) => d.as_bytes()[0] - b'0',
                    _ => return Err(syntax(line, lt)),
                };
                homes[suit.index()] = rank;
            }
        } else if let Some(rest) = l.trim_start().strip_prefix("Freecells:") {
            let slots: Vec<String> = if rest.len() % 4 == 0 && !rest.contains('-') {
                rest.as_bytes()
                    .chunks(4)
                    .map(|c| String::from_utf8_lossy(c).trim().to_string())
                    .collect()
            } else {
                rest.split_whitespace().map(str::to_string).collect()
            };
            for (k, s) in slots.iter().enumerate() {
                cells.push(match s.as_str() {
                    "" | "-" => None,
                    tok => Some(card_at(tok, line, k + 1)?),
                });
            }
        } else {
            let body = lt.strip_prefix(':').unwrap_or(lt);
            let cards: Result<Vec<Card>, BoardError> = body
                .split_whitespace()
                .enumerate()
                .map(|(k, tok)| card_at(tok, line, k + 1))
                .collect();
            piles.push(cards?);
        }
    }
    if piles.len() != r.piles() {
        return Err(BoardError::Impossible(format!(
            "{} has {} tableau piles, the board has {}",
            r.id,
            r.piles(),
            piles.len()
        )));
    }
    while cells.len() > game.cells() && cells.last() == Some(&None) {
        cells.pop();
    }
    if cells.len() > game.cells() {
        return Err(BoardError::Impossible(format!(
            "{} has {} cells, the board fills {}",
            r.id,
            game.cells(),
            cells.len()
        )));
    }
    for (p, cards) in piles.into_iter().enumerate() {
        let id = t.create_empty(&pile_label(p), Mode::Spread).expect("fresh");
        t.piles[id].cards = cards;
    }
    for c in 0..game.cells() {
        let id = t
            .create_empty(&cell_label(c), Mode::Stacked)
            .expect("fresh");
        if let Some(Some(card)) = cells.get(c) {
            t.piles[id].cards.push(*card);
        }
    }
    for (s, h) in HOMES.iter().enumerate() {
        let id = t.create_empty(h, Mode::Stacked).expect("fresh");
        t.piles[id].cards = (1..=homes[s])
            .map(|v| Card::new(Suit::ALL[s], Rank::from_value(v)))
            .collect();
    }
    crate::games::check_partition(&t, DeckSpec::FULL)?;
    Ok(t)
}

/// Writes `t` (a position of `game`) as an fc-solve board.
pub fn write<const N: usize, const K: usize>(game: &Tableau<N, K>, t: &Table) -> String {
    let style = CardStyle::BOARD;
    let height = |label: &str| t.find(label).map_or(0, |i| t.piles[i].height());
    let rank = |h: usize| match h {
        0 => "0".to_string(),
        h => Rank::from_value(h as u8).letter().to_string(),
    };
    let mut s = format!(
        "Foundations: H-{} C-{} D-{} S-{}\nFreecells:",
        rank(height(HOMES[2])),
        rank(height(HOMES[0])),
        rank(height(HOMES[1])),
        rank(height(HOMES[3]))
    );
    for c in 0..game.cells() {
        match t.find(&cell_label(c)).and_then(|i| t.piles[i].top()) {
            Some(card) => s += &format!(" {:<3}", style.format(card)),
            None => s += " -  ",
        }
    }
    s = s.trim_end().to_string();
    s.push('\n');
    for p in 0..game.rules.piles() {
        s.push(':');
        if let Some(i) = t.find(&pile_label(p)) {
            for c in &t.piles[i].cards {
                s += &format!(" {}", style.format(*c));
            }
        }
        s.push('\n');
    }
    s
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether fc-solve's board text describes this game's positions: its `Foundations:`
    /// line gives heights from the Ace, and it has no counters.
    pub(super) fn fc_solve_format(&self) -> bool {
        !self.feat.chosen_base
            && (self.feat.redeal == 0 || self.feat.redeals == UNLIMITED)
            && self.feat.deal_to == 0
            && self.feat.takes == Takes::Cards
            && !self.feat.repeats
            && self.feat.reserve == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameId};

    fn freecell() -> Tableau {
        match "freecell".parse::<GameId>().unwrap() {
            GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
            _ => unreachable!(),
        }
    }

    #[test]
    fn reads_make_microsoft_freecell_board_output() {
        // Deal 24 as printed by make-microsoft-freecell-board -t.
        let text = "4C 2C 9C 8C QS 4S 2H\n5H QH 3C AC 3H 4H QD\nQC 9S 6H 9H 3S KS 3D\n5D 2S JC 5C JH 6D AS\n\
                    2D KD TH TC TD 8D\n7H JS KH TS KC 7C\nAH 5S 6S AD 8H JD\n7S 6C 7D 4D 8S 9D\n";
        assert!(looks_like_fc_solve(text));
        let g = freecell();
        let t = parse(&g, text).unwrap();
        assert_eq!(g.pack(&t).unwrap(), g.pack(&g.deal(24)).unwrap());
    }

    #[test]
    fn round_trips_a_mid_game_position() {
        let text = "Foundations: H-0 C-0 D-0 S-A\nFreecells:  JD            \n: 4C 2C 9C 8C QS 4S 2H\n: 5H QH 3C AC 3H 4H QD\n\
                    : QC 9S 6H 9H 3S KS 3D\n: 5D 2S JC 5C JH 6D\n: 2D KD TH TC TD 8D\n: 7H JS KH TS KC 7C\n\
                    : AH 5S 6S AD 8H\n: 7S 6C 7D 4D 8S 9D\n";
        let g = freecell();
        let t = parse(&g, text).unwrap();
        let again = parse(&g, &write(&g, &t)).unwrap();
        assert_eq!(again, t);
        assert_eq!(
            t.piles[t.find("a").unwrap()].cards,
            vec![parse_card("JD").unwrap()]
        );
        assert_eq!(t.piles[t.find("spades").unwrap()].height(), 1);
        assert!(!looks_like_fc_solve(&t.to_text()));
        // Our boards' counters (a Klondike position's redeals used) are no fc-solve pile:
        // such a board was read as fc-solve's and refused with a wrong line.
        assert!(!looks_like_fc_solve(
            "1 (spread): KH\nstock (stacked): #QS\nwaste (stacked):\nredeals = 1\n"
        ));
    }

    #[test]
    fn errors_name_the_line() {
        let g = freecell();
        let e = parse(&g, "4C 2C 9X\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1:"), "{e}");
        let e = parse(&g, "4C 2C\n").unwrap_err();
        assert!(e.to_string().contains("8 tableau piles"), "{e}");
    }
}
