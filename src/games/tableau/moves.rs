//! Moves: where a card is ([`Place`]), what a move carries ([`Move`]), and how moves are
//! written (the engine's notation, fc-solve's verbose sentences, the labels of piles, cells
//! and foundations).

use super::Tableau;
use crate::cards::Card;
use serde::{Deserialize, Serialize};

/// Where a card is, for moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// Tableau pile (0-based).
    Pile(u8),
    /// Cell (0-based).
    Cell(u8),
    /// The foundation of the card's suit.
    Home,
    /// The stock. A move from it to itself is the redeal (the tableau gathered into it and
    /// dealt out again); a move from it to [`Place::Piles`] deals one card onto each pile.
    Stock,
    /// Every pile the stock deals to (the destination of a deal from the stock).
    Piles,
    /// The waste (games whose stock turns onto one): a move from it plays its top card; a
    /// move from the stock to it turns cards over; a move from it to the stock turns the
    /// waste back into the stock (a redeal).
    Waste,
    /// The searches' shorthand for a card deep in the talon ([`Tableau::write_out`]): the
    /// card that the code's turns of the stock bring to the top of the waste, after the
    /// stock is turned to its end and the waste turned back when the code has
    /// [`AFTER_REDEAL`](super::talon::AFTER_REDEAL). Written out as the player's moves
    /// before any line is shown or replayed; code 0 is the waste's top card.
    Talon(u8),
    /// A reserve pile (0-based): the stacks from the first, then the pile lying across
    /// them (the cover), when the rules have one. Cards only leave the reserve.
    Reserve(u8),
}

/// A move: `count` cards from `from` to `to`; `card` is the lowest of them (the one that
/// lands on the destination). A move from the foundations plays their top card back onto the
/// tableau; the redeal ([`Move::redeal`]) goes from the stock to the stock, the deal
/// ([`Move::deal`]) from the stock to the piles. A complete run going home is `count` 13
/// cards landing with their King.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Where the cards come from.
    pub from: Place,
    /// Where they go.
    pub to: Place,
    /// How many cards.
    pub count: u8,
    /// The card that lands on the destination.
    pub card: Card,
}

impl Move {
    /// One card from `from` to `to`.
    pub fn single(from: Place, to: Place, card: Card) -> Move {
        Move {
            from,
            to,
            count: 1,
            card,
        }
    }

    /// The redeal of `count` cards, `first` being the first card dealt (the bottom card of
    /// the first pile that holds any): both are checked when the move is replayed.
    pub fn redeal(count: u8, first: Card) -> Move {
        Move {
            from: Place::Stock,
            to: Place::Stock,
            count,
            card: first,
        }
    }

    /// The deal of `count` cards from the stock, one onto each pile from the first; `first`
    /// is the stock's top card (the one the first pile gets).
    pub fn deal(count: u8, first: Card) -> Move {
        Move {
            from: Place::Stock,
            to: Place::Piles,
            count,
            card: first,
        }
    }

    /// Whether this is the redeal.
    pub fn is_redeal(&self) -> bool {
        self.from == Place::Stock && self.to == Place::Stock
    }

    /// Whether this is a deal from the stock onto the piles.
    pub fn is_deal(&self) -> bool {
        self.to == Place::Piles
    }
}

/// Labels of the foundations, in suit order.
pub const HOMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// The label of tableau pile `p` (1-based numbers, as in FreeCell notation).
pub fn pile_label(p: usize) -> String {
    (p + 1).to_string()
}

/// The label of reserve stack `i` (0-based) on the board: `reserve1`, `reserve2`, ...
pub fn reserve_label(i: usize) -> String {
    format!("reserve{}", i + 1)
}

/// The label on the board of the reserve's pile lying across its stacks.
pub const COVER: &str = "cover";

/// The label of cell `c` (letters, as in FreeCell notation).
pub fn cell_label(c: usize) -> String {
    ((b'a' + c as u8) as char).to_string()
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The notation of `mv` ([`Game::notation`](crate::games::Game::notation)): pile numbers,
    /// cell letters, `h` for the foundations, `s` for the stock, `r` for the redeal, `w` for
    /// the waste, `R1` to `R9` for the reserve's stacks and `Rc` for its cover.
    pub(super) fn move_notation(&self, mv: &Move) -> String {
        if mv.is_redeal() {
            return "r".to_string();
        }
        if mv.is_deal() || (mv.from, mv.to) == (Place::Stock, Place::Waste) {
            return "s".to_string();
        }
        if (mv.from, mv.to) == (Place::Waste, Place::Stock) {
            return "r".to_string();
        }
        let place = |p: Place| match p {
            Place::Pile(i) => pile_label(i as usize),
            Place::Cell(i) => cell_label(i as usize),
            Place::Home => "h".to_string(),
            Place::Stock | Place::Piles => "s".to_string(),
            Place::Waste => "w".to_string(),
            Place::Reserve(i) if usize::from(i) == usize::from(self.feat.reserve) => {
                "Rc".to_string()
            }
            Place::Reserve(i) => format!("R{}", i + 1),
            // Never shown to a player (lines are written out first): `w+` the turns, `r` a
            // redeal first.
            Place::Talon(code) => format!(
                "w+{}{}",
                if code & super::talon::AFTER_REDEAL != 0 {
                    "r"
                } else {
                    ""
                },
                code & super::talon::MAX_TURNS
            ),
        };
        // A card coming back names its foundation: `h` and the suit's capital letter
        // (cells are lower-case letters).
        let from = match mv.from {
            Place::Home => format!("h{}", mv.card.suit_unchecked().letter()),
            p => place(p),
        };
        // Where runs of one suit or any face-up group move, a group onto an empty pile may
        // have any length (one card or all face-up ones, where only those move): the count
        // is written (`15x3`), so the notation names one move.
        let count = if (self.feat.suit_runs || self.feat.face_up_groups || self.feat.all_face_up)
            && mv.count > 1
            && matches!(mv.to, Place::Pile(_))
        {
            format!("x{}", mv.count)
        } else {
            String::new()
        };
        format!("{from}{}{count}", place(mv.to))
    }
}

/// fc-solve's verbose notation of a move ("Move a card from stack 3 to freecell 0"), with
/// our own sentences for the moves fc-solve does not know (cards back from the foundations,
/// the redeal).
pub fn verbose(mv: &Move) -> String {
    match (mv.from, mv.to) {
        (Place::Pile(a), Place::Pile(b)) if mv.count > 1 => {
            format!("Move {} cards from stack {a} to stack {b}", mv.count)
        }
        (Place::Pile(a), Place::Pile(b)) => format!("Move a card from stack {a} to stack {b}"),
        (Place::Pile(a), Place::Cell(b)) => format!("Move a card from stack {a} to freecell {b}"),
        (Place::Pile(a), Place::Home) if mv.count > 1 => {
            format!("Move {} cards from stack {a} to the foundations", mv.count)
        }
        (Place::Pile(a), Place::Home) => format!("Move a card from stack {a} to the foundations"),
        (Place::Cell(a), Place::Pile(b)) => format!("Move a card from freecell {a} to stack {b}"),
        (Place::Cell(a), Place::Home) => {
            format!("Move a card from freecell {a} to the foundations")
        }
        (Place::Cell(a), Place::Cell(b)) => {
            format!("Move a card from freecell {a} to freecell {b}")
        }
        (Place::Home, Place::Pile(b)) => format!(
            "Move a card from the {} foundation to stack {b}",
            mv.card.suit_unchecked().name()
        ),
        (Place::Stock, Place::Piles) => format!("Deal {} cards from the stock", mv.count),
        (Place::Stock, Place::Waste) => format!("Turn {} cards onto the waste", mv.count),
        (Place::Waste, Place::Stock) => {
            format!("Turn the waste's {} cards back into the stock", mv.count)
        }
        (Place::Waste, Place::Pile(b)) => format!("Move a card from the waste to stack {b}"),
        (Place::Waste, Place::Home) => "Move a card from the waste to the foundations".into(),
        (Place::Reserve(a), Place::Pile(b)) => format!("Move a card from reserve {a} to stack {b}"),
        (Place::Reserve(a), Place::Home) => {
            format!("Move a card from reserve {a} to the foundations")
        }
        (Place::Stock, _) => format!("Redeal the {} cards of the stacks", mv.count),
        (Place::Home, _)
        | (_, Place::Stock)
        | (_, Place::Piles)
        | (Place::Piles, _)
        | (Place::Waste | Place::Talon(_), _)
        | (_, Place::Waste | Place::Talon(_))
        | (Place::Reserve(_), _)
        | (_, Place::Reserve(_)) => {
            format!("Move {} (not a legal move)", mv.card)
        }
    }
}
