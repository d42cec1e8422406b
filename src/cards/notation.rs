//! Text notation of cards: `AS`, `TH` or `10H`, `kd`, `7♠`; a leading `#` marks a card lying
//! face down; `RJ` and `BJ` are the two jokers.

use super::{Card, Rank, Suit};
use thiserror::Error;

/// Why a card could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardParseError {
    /// The token has no valid rank.
    #[error("bad rank in card '{token}' at position {position}")]
    BadRank {
        /// The offending token.
        token: String,
        /// Its position: 1-based index of the token in the list (or character column).
        position: usize,
    },
    /// The token has no valid suit.
    #[error("bad suit in card '{token}' at position {position}")]
    BadSuit {
        /// The offending token.
        token: String,
        /// Its 1-based position.
        position: usize,
    },
    /// Nothing where a card was expected.
    #[error("empty card at position {position}")]
    Empty {
        /// Its 1-based position.
        position: usize,
    },
}

impl CardParseError {
    /// The same error, placed at another position.
    pub fn at(self, position: usize) -> Self {
        match self {
            CardParseError::BadRank { token, .. } => CardParseError::BadRank { token, position },
            CardParseError::BadSuit { token, .. } => CardParseError::BadSuit { token, position },
            CardParseError::Empty { .. } => CardParseError::Empty { position },
        }
    }
}

/// Reads one card. The position in errors is 1.
pub fn parse_card(token: &str) -> Result<Card, CardParseError> {
    let t = token.trim();
    let (down, body) = match t.strip_prefix('#') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    if body.is_empty() {
        return Err(CardParseError::Empty { position: 1 });
    }
    let upper = body.to_uppercase();
    let card = match upper.as_str() {
        "RJ" => Card::joker(0),
        "BJ" => Card::joker(1),
        _ => {
            let mut chars: Vec<char> = upper.chars().collect();
            let suit_char = chars.pop().expect("non-empty");
            let suit = match suit_char {
                'C' | '♣' | '♧' => Suit::Clubs,
                'D' | '♦' | '♢' => Suit::Diamonds,
                'H' | '♥' | '♡' => Suit::Hearts,
                'S' | '♠' | '♤' => Suit::Spades,
                _ => {
                    return Err(CardParseError::BadSuit {
                        token: token.to_string(),
                        position: 1,
                    })
                }
            };
            let rank_text: String = chars.into_iter().collect();
            let rank = match rank_text.as_str() {
                "A" | "1" => Rank::Ace,
                "T" | "10" => Rank::Ten,
                "J" => Rank::Jack,
                "Q" => Rank::Queen,
                "K" => Rank::King,
                s if s.len() == 1 && ("2"..="9").contains(&s) => {
                    Rank::from_value(s.as_bytes()[0] - b'0')
                }
                _ => {
                    return Err(CardParseError::BadRank {
                        token: token.to_string(),
                        position: 1,
                    })
                }
            };
            Card::new(suit, rank)
        }
    };
    Ok(if down { card.face_down() } else { card })
}

/// Reads a whitespace-separated list of cards; errors give the 1-based index of the token.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardParseError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, tok)| parse_card(tok).map_err(|e| e.at(i + 1)))
        .collect()
}

/// How cards are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardStyle {
    /// Write tens as `10` instead of `T`.
    pub ten_as_10: bool,
    /// Write suits as ♣♦♥♠ instead of CDHS.
    pub unicode: bool,
    /// Write face-down cards as `#` followed by the card (otherwise as `##`, hiding it).
    pub reveal: bool,
}

impl CardStyle {
    /// The notation used in board files: ASCII, `T` for ten, face-down cards shown with `#`.
    pub const BOARD: CardStyle = CardStyle {
        ten_as_10: false,
        unicode: false,
        reveal: true,
    };

    /// Writes `cards` in this style, separated by single spaces.
    pub fn join(self, cards: &[Card]) -> String {
        cards
            .iter()
            .map(|&c| self.format(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Writes `card` in this style.
    pub fn format(self, card: Card) -> String {
        let mut s = String::with_capacity(4);
        if card.is_face_down() {
            s.push('#');
            if !self.reveal {
                s.push('#');
                return s;
            }
        }
        match (card.rank(), card.suit()) {
            (Some(r), Some(su)) => {
                if r == Rank::Ten && self.ten_as_10 {
                    s.push_str("10");
                } else {
                    s.push(r.letter());
                }
                s.push(if self.unicode {
                    su.symbol()
                } else {
                    su.letter()
                });
            }
            _ => s.push_str(if card.index() == 52 { "RJ" } else { "BJ" }),
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_common_spellings() {
        let ah = Card::new(Suit::Hearts, Rank::Ace);
        for t in ["AH", "ah", "1H", "A♥"] {
            assert_eq!(parse_card(t), Ok(ah), "{t}");
        }
        let ts = Card::new(Suit::Spades, Rank::Ten);
        for t in ["TS", "10S", "10s", "t♠"] {
            assert_eq!(parse_card(t), Ok(ts), "{t}");
        }
        assert_eq!(
            parse_card("#KD"),
            Ok(Card::new(Suit::Diamonds, Rank::King).face_down())
        );
        assert_eq!(parse_card("rj"), Ok(Card::joker(0)));
    }

    #[test]
    fn errors_name_the_token_and_position() {
        let e = parse_cards("AS KD 1X 7C").unwrap_err();
        assert_eq!(
            e,
            CardParseError::BadSuit {
                token: "1X".into(),
                position: 3
            }
        );
        let e = parse_cards("AS ZD").unwrap_err();
        assert_eq!(
            e,
            CardParseError::BadRank {
                token: "ZD".into(),
                position: 2
            }
        );
        assert!(e.to_string().contains("position 2"));
        assert_eq!(parse_card("#"), Err(CardParseError::Empty { position: 1 }));
    }

    #[test]
    fn every_card_round_trips_in_every_style() {
        for i in 0..54u8 {
            for down in [false, true] {
                let c = if down {
                    Card::from_index(i).face_down()
                } else {
                    Card::from_index(i)
                };
                for ten_as_10 in [false, true] {
                    for unicode in [false, true] {
                        let st = CardStyle {
                            ten_as_10,
                            unicode,
                            reveal: true,
                        };
                        assert_eq!(parse_card(&st.format(c)), Ok(c));
                    }
                }
            }
        }
    }
}
