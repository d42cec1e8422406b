//! Dominance: the moves home that keep every win (autoplay), played as forced moves.

use super::moves::{Move, Place};
use super::rules::{Direction, FoundationBase, UNLIMITED};
use super::state::{State, DOWN};
use super::Tableau;
use crate::cards::{Card, Rank, Suit};
use solvers::Successor;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether sending `c` home, every copy of each suit's cards up to `home[suit]` being
    /// home (the lower foundation's height with two a suit), keeps every win: no card that could ever be built on `c` in the tableau is still in
    /// play. With building up or down, or wrapping, the next card of
    /// `c`'s suit could be built on `c` and only goes home after it, so no move home is
    /// proven safe (the last card of a suit would be, too small a gain to write); with a
    /// chosen base the ranks below do not follow from the heights this test reads. With one
    /// deck the cards that could be built on `c` may also be in play as their suits' next
    /// cards (`guests_next_home`).
    pub(super) fn safe_home(&self, home: &[u8; 4], c: Card) -> bool {
        let t = &self.rules.tableau;
        if t.direction != Direction::Down
            || t.wrap
            || self.feat.chosen_base
            || self.feat.colour_home
        {
            return false;
        }
        if self.feat.returns {
            return self.safe_home_returning(home, c);
        }
        let r = c.rank_unchecked().value();
        if r == 1 {
            return true;
        }
        let two_decks = self.feat.second
            && self.rules.foundations.base == FoundationBase::Ace
            && self.rules.foundations.direction == Direction::Up;
        Suit::ALL.iter().all(|&suit| {
            let below = Card::new(suit, Rank::from_value(r - 1));
            !t.build.suits_fit(below, c)
                || home[suit.index()] >= r - 1
                || (two_decks && self.goes_home_unhosted(home, below))
        }) || self.guests_next_home(home, c)
    }

    /// With two decks (foundations from the Ace up, no returns, `home` the lower
    /// foundations' heights): whether a copy of `card` still in play can always go home the
    /// moment it can move, and nothing still in play can ever be built on it. Then `card`
    /// never needs a card of the tableau to lie on, so a card it could lie on may go home
    /// (`safe_home`). Proof, for `card` of rank `y`: with the lower foundation of its suit
    /// at `y - 1` or more, a copy of `card` in play finds a foundation at `y - 1` whenever it
    /// is free (the lower one cannot pass `y - 1` while a copy is out, and the higher one
    /// holds the other copy or is at `y - 1` too), and with every card that fits on it
    /// (rank `y - 1`, of a suit the build allows) home in both copies, a winning line that puts it on a card `c` can send it home instead and
    /// drop its later moves: nothing ever lay on it, a move of it as a group's bottom
    /// carried nothing else, and a foundation higher sooner only lets more cards home
    /// (each card's turn home comes when its rank's copies home fall short of the rank
    /// below's, which cards home early only help). Written out in ARCHITECTURE.md
    /// ("Reductions").
    fn goes_home_unhosted(&self, home: &[u8; 4], card: Card) -> bool {
        let r = card.rank_unchecked().value();
        if home[card.suit_unchecked().index()] + 1 < r {
            return false;
        }
        r == 1
            || Suit::ALL.iter().all(|&suit| {
                let guest = Card::new(suit, Rank::from_value(r - 1));
                !self.rules.tableau.build.suits_fit(guest, card) || home[suit.index()] >= r - 1
            })
    }

    /// `safe_home` when foundation cards may come back (tableau built down, no wrap, Aces
    /// first). A card at home is no longer out of play: it may come back as a base for lower
    /// cards, themselves brought back. So take the smallest set of cards `low` that holds `c`,
    /// holds for each suit all ranks up to some height (like a foundation), and holds every
    /// card that could be built on one of its cards. If every card of `low` but `c` is home,
    /// sending `c` home keeps every win. Proof: take a winning line from the position with
    /// `c` in play and drop from it every move of a `low` card (a group moved keeps its cards
    /// outside `low`: those form its bottom, since a card built on a `low` card is in `low`).
    /// Played from the position with `c` home, the rest stays legal: each position reached
    /// is the original one with the `low` cards taken out of the tableau and cells and put
    /// home, so a card outside `low` that was on top is still on top, a card it lands on is
    /// outside `low` (a card built on a `low` card is in `low`), an empty pile or cell is
    /// still empty, free cells and empty piles (which limit group moves) are no fewer, and
    /// each foundation holds the original one's cards or its `low` prefix, whichever is
    /// higher, so a card outside `low` goes home, or comes back, on the same top card. The
    /// line ends with every card home.
    ///
    /// With two foundations a suit `home` holds the lower ones' heights, so "home" means
    /// both copies home, and the caller also asks for the other copy of `c` to be home
    /// (`other_copy_home`): then after the move every `low` card is home in both copies and
    /// the same argument holds foundation by foundation, each of a suit holding its original
    /// cards or its `low` prefix, whichever is higher.
    ///
    /// With one deck (every card distinct) and no stock dealt onto the piles, the top card
    /// of `low` in each suit may also be in play when it is that suit's next card home (its
    /// foundation one below it): then no card of `low` needs a base. Proof, with `c` free and its foundation one below it: the cards of `low` below
    /// each suit's top (`H`) are home, and `H` is itself foundation-shaped and closed under
    /// "may be built on" (a card built on a card of `H` lies at most at its suit's
    /// top - 1, its foundation at least there), so by the argument above a winning line
    /// `L` may leave `H` alone. Then each of `low`'s top cards (`U`, one a suit) is its
    /// suit's next card whenever it is in play, and only `U` cards can be built on `U`
    /// cards. Play `L` from the position with `c` home, keeping a set `M` of `U` cards in
    /// play in `L`'s position and home in ours, every card above one of them being in `M`
    /// too (at first `{c}`): a move of `M` cards is dropped (one going home leaves `M`); a
    /// run put on an `M` card is made of `U` cards not in `M` (those above them are in `M`),
    /// each its suit's next card, so they go home instead, top down, and join `M`; any
    /// other move is played as it is (a run loses its `M` cards at its top; a pile's top,
    /// a foundation a card goes home to or comes back from, and the talon are the same in
    /// both, but for `M` cards). Our positions are `L`'s with `M` home, so the line ends
    /// with every card home. ARCHITECTURE.md ("Reductions": autoplay with returns, one
    /// deck).
    fn safe_home_returning(&self, home: &[u8; 4], c: Card) -> bool {
        // Every card distinct (one deck): each suit's top card of `low` may still be in play
        // as its next card. Not where the stock deals onto the piles: a dealt card may lie
        // on a card of `M` without being built on it, which the argument does not follow.
        let short = u8::from(self.next_cards_may_stay());
        self.low_set_home(home, c, short)
    }

    /// Whether every card of `c`'s `low` set ([`Features::hosts`]) but those of its own suit
    /// is home, or `short` ranks short of it in its suit.
    ///
    /// [`Features::hosts`]: super::features::Features::hosts
    fn low_set_home(&self, home: &[u8; 4], c: Card, short: u8) -> bool {
        let low = self.feat.hosts[c.index()];
        let own = c.suit_unchecked().index();
        (0..4).all(|x| x == own || home[x] + short >= low[x])
    }

    /// Whether the one-deck relaxation of the autoplay holds (`safe_home_returning`'s
    /// `short`): every card distinct, no stock dealt onto the piles.
    fn next_cards_may_stay(&self) -> bool {
        !self.feat.repeats && self.feat.deal_to == 0
    }

    /// Without returns, one deck: `c` goes home when each card of its `low` set (see
    /// `safe_home_returning`) is home or is its suit's next card. The returns argument's
    /// second half holds as it is where no card comes back (it never uses a card coming
    /// back); its first half, that a line may leave the cards of `low` below the tops
    /// alone, is plain here: they are home for good. ARCHITECTURE.md ("Reductions":
    /// autoplay without returns, one deck).
    fn guests_next_home(&self, home: &[u8; 4], c: Card) -> bool {
        self.next_cards_may_stay() && self.low_set_home(home, c, 1)
    }

    /// With two foundations a suit and cards coming back: whether the other copy of `c` is
    /// home already (the higher foundation reaches its rank), as `safe_home_returning`
    /// needs. Always true otherwise.
    fn other_copy_home(&self, s: &State<N>, c: Card) -> bool {
        let suit = c.suit_unchecked().index();
        !(self.feat.returns && self.feat.second)
            || s.home[suit] - s.second[suit] >= c.rank_unchecked().value()
    }

    /// Safe moves to the foundations (see `safe_home`): sending home a card on which no card
    /// still in play could be built never loses a win, since cards leave the tableau only
    /// to be built on or to go home. Not with a redeal: a card kept in the tableau changes
    /// how the redeal cuts the gathered cards into piles (every later card shifts by one), so
    /// keeping it can win where sending it home loses; no move is forced there. Not when the
    /// stock may not be dealt onto an empty pile or waits while one could be filled (the card
    /// kept may be what lets it deal),
    /// nor when any face-up group moves (a group may carry the card with others on it).
    /// A complete run going home is never forced: it can lose a won game, with or without
    /// cards in the stock (tests/it/runs_home.rs). The waste's top card is forced home too
    /// when the stock turns one card at a time or no redeal is left: taking it out of the
    /// talon early changes no card any later turn brings up (with one card a turn every
    /// card stays reachable; without a redeal the stock's cards stay as they are), so each
    /// move of a winning line stays legal with it gone; with three at a time and a redeal
    /// left the next pass would turn up other cards, so it is not forced there. A stock
    /// dealt onto the reserve deals the same cards onto the same stacks whatever the tableau
    /// holds, so it leaves the argument as it is.
    pub(super) fn forced_home(&self, s: &State<N>) -> Option<Successor<Move, State<N>>> {
        if !self.autoplays() {
            return None;
        }
        // With two foundations a suit, a card is home in both copies up to the lower one.
        let all_home = if self.feat.second { &s.second } else { &s.home };
        // The waste's top card leaves the talon early; with three cards turned at a time
        // and a redeal left that changes which cards the next pass turns up, so it waits.
        let waste_ok = self.feat.draw <= 1 || !self.waste_redeal_left(s);
        let safe = |c: Card| self.safe_home(all_home, c) && self.other_copy_home(s, c);
        self.home_candidates(s)
            .into_iter()
            .find(|&(from, c)| (waste_ok || from != Place::Waste) && safe(c))
            .or_else(|| self.safe_from_the_talon(s, safe))
            .map(|(from, c)| {
                self.succ(
                    s,
                    Move {
                        from,
                        to: Place::Home,
                        count: 1,
                        card: c,
                    },
                )
            })
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// Whether the rules let [`Tableau::forced_home`] force anything: the conditions of its
    /// argument. A reserve (or Zebra's talon) that fills emptied piles changes more than
    /// the card sent home when that card was a pile's last: the argument does not cover it.
    fn autoplays(&self) -> bool {
        !(self.feat.redeal != 0
            || self.feat.no_empty
            || self.feat.fill_first
            || self.feat.face_up_groups
            || self.feat.reserve_fills
            || self.feat.talon_fills)
    }

    /// Whether the move of `c`, a foundation's top card in a position `s` whose foundations
    /// stand at `home`, back onto a pile is left out ([`Tableau::each_move`]) because the
    /// autoplay would send it straight home: every card distinct, the autoplay on, and `c`
    /// safe home ([`Tableau::safe_home`]) at the heights of the position after the move, `t`. The searches ask a position for its moves only when
    /// it has no forced move, and then `t`'s forced move is `c` home, back to `s` (a card
    /// safe in `t` would be safe in `s`, whose foundations are as high or higher): the move
    /// only closes a cycle. ARCHITECTURE.md ("Reductions": "cards back from home that the
    /// autoplay sends straight back").
    pub(super) fn comes_straight_back(&self, home: &[u8; 4], c: Card) -> bool {
        if self.feat.repeats || !self.autoplays() {
            return false;
        }
        let suit = c.suit_unchecked().index();
        let mut after = *home;
        after[suit] -= 1;
        self.safe_home(&after, c)
    }

    /// With one card turned at a time, a card of the talon other than the waste's top that
    /// `safe` lets home (its move from the talon, [`Place::Talon`]), where taking it out of
    /// the talon leaves every other card as playable as before: the stock's next card
    /// (code 1: one turn, then the card goes home, and the waste is as it was), and with no
    /// limit on redeals any card (every card of the talon is playable in every position,
    /// `reachable_in_talon` listing this pass's from the waste's end on and the next pass's
    /// before it, and the waste's ends are keyed alike, `keyed_waste`). The autoplay argument
    /// of the tableau's cards then holds for it (ARCHITECTURE.md, "Reductions": "talon cards
    /// forced home"). Not deeper with a limit on redeals (the cards turned past would need a
    /// redeal to come back), nor with three cards a turn (a turn moves the waste's end past
    /// other cards too). The waste's top card is `home_candidates`' (code 0).
    fn safe_from_the_talon(
        &self,
        s: &State<N>,
        safe: impl Fn(Card) -> bool,
    ) -> Option<(Place, Card)> {
        if self.feat.draw != 1 {
            return None;
        }
        let talon = s.talon();
        let mask = self.home_mask(s);
        let goes = |c: Card| self.goes_home_by(mask, s, c) && safe(c);
        if self.feat.waste_redeals != UNLIMITED {
            // The stock's next card only: looked at alone, not by walking the talon (a
            // Forty Thieves stock holds 64 cards, and this runs at every expansion).
            let next = talon.get(s.waste_len()).map(|&b| Card::from_index(b));
            return next.filter(|&c| goes(c)).map(|c| (Place::Talon(1), c));
        }
        let mut found = None;
        self.reachable_in_talon(s, |i, code| {
            let c = Card::from_index(talon[i]);
            if found.is_none() && code != 0 && goes(c) {
                found = Some((Place::Talon(code), c));
            }
        });
        found
    }

    /// Whether `s` can no longer be won because the one suit with a foundation
    /// (`FoundationRules::suit`, Diamond Mine) is stuck: its cards never move onto a pile,
    /// so each pile holds the ones dealt there, in the order dealt, and one leaves only from
    /// the top of its pile to the foundation. Each pile's cards of that suit therefore go
    /// home from its top down, while the foundation takes them in the order of the ranks
    /// from its base (wrapping). When no base (the chosen one, or any of the 13 while none
    /// is chosen) puts every pile's cards, top down, in that order, no win is left.
    pub fn home_suit_stuck(&self, s: &State<N>) -> bool {
        let only = self.feat.home_only;
        if only == 0 {
            return false;
        }
        let fits = |base: u8| {
            (0..self.rules.piles()).all(|p| {
                // Each card's place in the foundation's order, from the pile's top down.
                let mut last = None;
                s.pile(p).iter().rev().all(|&b| {
                    let c = b & !DOWN;
                    if only >> c & 1 == 0 {
                        return true;
                    }
                    let place = (c % 13 + 13 - (base - 1)) % 13;
                    let ok = last.is_none_or(|l| place > l);
                    last = Some(place);
                    ok
                })
            })
        };
        if s.base != 0 {
            !fits(s.base)
        } else {
            !(1..=13).any(fits)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::tableau::state::DOWN;
    use crate::games::tableau::testing::{
        board, card, diamond_mine_board, game, gypsy, gypsy_hearts, streets, STREETS_TWO_RUNS,
    };
    use solvers::Space;

    /// Diamond Mine: a pile whose diamonds, top down, are out of the foundation's order
    /// leaves no win and no move; in order (or apart), the position plays on.
    #[test]
    fn diamonds_out_of_the_foundations_order_in_a_pile_lose() {
        let g = game("diamond-mine");
        // 2D under 3D: 3D must go home first, and cannot.
        let stuck = board(&g, &diamond_mine_board("2D 3D", ""));
        assert!(g.home_suit_stuck(&stuck));
        let mut out = Vec::new();
        g.expand(&stuck, &mut out);
        assert!(out.is_empty());
        // 3D under 2D: 2D goes home, then 3D.
        let fine = board(&g, &diamond_mine_board("3D 2D", ""));
        assert!(!g.home_suit_stuck(&fine));
    }

    #[test]
    fn autoplay_with_returns_waits_for_the_cards_that_could_come_back_as_bases() {
        // Streets and Alleys builds regardless of suit: 6C may go home only once every 5 is
        // home and every 4 (which could come back onto a returned 5), and so on.
        let (g, s) = streets(STREETS_TWO_RUNS);
        // 5S: every 4 is home, and the 3s below: forced. 6C: 5S is in play but is the
        // spades' next card (one deck), so it never needs 6C as a base: forced too.
        assert!(g.safe_home(&s.home, card("5S")));
        assert!(g.safe_home(&s.home, card("6C")));
        let f = g.forced(&s).expect("a card goes home");
        assert!([card("5S"), card("6C")].contains(&f.mv.card));
        // Foundations by suit: clubs, diamonds, hearts, spades. With the spades at 3, 4S
        // and 5S are in play and 5S is not the next spade: 4S could come to lie on it, so
        // 6C waits.
        assert!(!g.safe_home(&[5, 13, 13, 3], card("6C")));
        // Without returns (the classic rules) the same: the next cards need no base.
        let classic = game("streets-and-alleys-classic");
        assert!(classic.safe_home(&s.home, card("6C")));
        assert!(!classic.safe_home(&[5, 13, 13, 3], card("6C")));
    }

    #[test]
    fn two_decks_autoplay_waits_for_guests_that_could_not_go_home_on_their_own() {
        // Forty Thieves builds in suit: 5H's only guest is the other 4H, which goes home on
        // its own once the lower hearts foundation is at 3 (and both 3Hs are home).
        // Foundations by suit: clubs, diamonds, hearts, spades (the lower ones' heights).
        let forty = game("forty-thieves");
        assert!(forty.safe_home(&[0, 0, 4, 0], card("5H")), "both 4Hs home");
        assert!(
            forty.safe_home(&[0, 0, 3, 0], card("5H")),
            "the 4H left goes home alone"
        );
        assert!(
            !forty.safe_home(&[0, 0, 2, 0], card("5H")),
            "the 4H left may need 5H"
        );
        assert!(
            forty.safe_home(&[0, 0, 0, 0], card("2H")),
            "Aces always go home"
        );
        // Maria builds in alternate colours: 5H's guests are the black 4s, whose guests are
        // the red 3s; each black 4 goes home alone only with both red 3s home.
        let maria = game("maria");
        assert!(maria.safe_home(&[3, 3, 3, 3], card("5H")));
        assert!(
            !maria.safe_home(&[3, 3, 2, 3], card("5H")),
            "a red 3 could lie on a 4"
        );
        assert!(
            !maria.safe_home(&[2, 4, 4, 4], card("5H")),
            "the 4C could need a 5"
        );
        assert!(
            maria.safe_home(&[4, 0, 0, 4], card("5H")),
            "both black 4s home"
        );
    }

    #[test]
    fn two_decks_with_returns_send_a_card_home_only_with_its_other_copy_home() {
        let g = gypsy();
        let up = "KH QH JH TH 9H 8H 7H 6H";
        // The other 5H is home (hearts at 5 and 4), every black 4 too: 5H goes home.
        let s = board(&g, &gypsy_hearts(5, 4, &["5H", up, up]));
        let f = g.forced(&s).expect("5H goes home");
        assert_eq!(f.mv.card, card("5H"));
        // Both 5Hs in play (hearts at 4 and 4): neither is forced.
        let s = board(&g, &gypsy_hearts(4, 4, &["5H", up, &format!("{up} 5H")]));
        assert!(g.forced(&s).is_none());
        // The closure of cards that could lie on 5H once brought back: with a red 3 out
        // (diamonds at 2 in one copy), a black 4 could come back for it, and 5H for that.
        assert!(g.safe_home(&[13, 3, 0, 13], card("5H")));
        assert!(!g.safe_home(&[13, 2, 0, 13], card("5H")));
    }

    /// Klondike with clubs and diamonds home, spades to the Eight, hearts to the Five: 6H
    /// is safe (every card that could lie on it, or on those, is home), 9S is not (8H is in
    /// play). `stock` lists the stock bottom first, its last card turned first.
    fn klondike_with_6h_in_the_stock(stock: &str) -> String {
        format!(
            "1 (spread): KS QH JS TH 9S\n2 (spread): KH QS JH TS\n3 (spread): \n\
             4 (spread): \n5 (spread): \n6 (spread): \n7 (spread): \n\
             clubs (stacked): AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n\
             diamonds (stacked): AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n\
             hearts (stacked): AH 2H 3H 4H 5H\n\
             spades (stacked): AS 2S 3S 4S 5S 6S 7S 8S\n\
             stock (stacked): {stock}\nwaste (stacked): \n"
        )
    }

    #[test]
    fn one_card_a_turn_forces_a_safe_card_home_from_the_talon_where_no_other_card_moves() {
        use crate::games::tableau::moves::Place;
        use crate::games::Game;
        let forced_from = |id: &str, stock: &str| {
            let g = game(id);
            let s = board(&g, &klondike_with_6h_in_the_stock(stock));
            g.forced(&s).map(|f| {
                assert_eq!(f.mv.card, card("6H"), "{id}: only 6H is safe");
                assert_eq!(f.mv.to, Place::Home);
                // The position after it is the talon without 6H, the rest as it was.
                assert_eq!(f.state.home_count(), 40);
                assert_eq!(f.state.talon().len(), 3);
                assert!(f
                    .state
                    .talon()
                    .iter()
                    .all(|&b| b & !DOWN != card("6H").byte()));
                (f.mv.from, g.notation(&f.mv))
            })
        };
        // 6H turned last of four: with no limit on redeals every card stays playable, so it
        // goes home from deep in the talon (four turns); with a limit the three turned past
        // would need a redeal to come back, and with three a turn a turn moves the waste's
        // end past other cards: not forced.
        let deep = "#6H #9H #8H #7H";
        assert_eq!(
            forced_from("klondike-draw1", deep).map(|(from, _)| from),
            Some(Place::Talon(4))
        );
        for id in ["klondike-draw1-3passes", "klondike-draw1-1pass", "klondike"] {
            assert_eq!(forced_from(id, deep), None, "{id}");
        }
        // 6H turned next: one turn and it goes home, the waste as it was, whatever the
        // redeals; with three a turn the turn would bury two cards, so not then.
        let next = "#9H #8H #7H #6H";
        for id in [
            "klondike-draw1",
            "klondike-draw1-3passes",
            "klondike-draw1-1pass",
        ] {
            assert_eq!(
                forced_from(id, next).map(|(from, _)| from),
                Some(Place::Talon(1)),
                "{id}"
            );
        }
        assert_eq!(forced_from("klondike", next), None);
    }

    #[test]
    fn autoplay_with_returns_needs_the_bases_of_the_bases_home() {
        // King Albert builds in alternate colours and takes cards back. The classic rule
        // sends 5S home once both red 4s are; with returns the 3C must be home too, or be
        // the clubs' next card: a red 4 brought back could take a 3C that could not go
        // home, and then 5S would be wanted as the red 4's base.
        let returns = game("king-albert");
        let classic = game("king-albert-classic");
        // Foundations by suit: clubs, diamonds, hearts, spades.
        assert!(classic.safe_home(&[1, 4, 4, 4], card("5S")));
        assert!(classic.safe_home(&[0, 4, 4, 4], card("5S")));
        assert!(!returns.safe_home(&[1, 4, 4, 4], card("5S")));
        assert!(returns.safe_home(&[2, 4, 4, 4], card("5S")));
        assert!(returns.safe_home(&[3, 4, 4, 4], card("5S")));
        // The red 4s may be in play as their suits' next cards (red 3s home), not deeper.
        assert!(returns.safe_home(&[2, 3, 3, 4], card("5S")));
        assert!(!returns.safe_home(&[2, 2, 3, 4], card("5S")));
        assert!(!returns.safe_home(&[2, 3, 2, 4], card("5S")));
        // Without returns the red 4s may be next cards too, with the 3C home or next: the
        // plain rule or the one-deck one, whichever lets the card go.
        assert!(classic.safe_home(&[2, 3, 3, 4], card("5S")));
        assert!(!classic.safe_home(&[1, 3, 3, 4], card("5S")));
        assert!(!classic.safe_home(&[2, 2, 3, 4], card("5S")));
        // With two decks (Gypsy: alternate colours, returns) only the whole set home will
        // do: a suit's next card is two cards there, and the argument needs one.
        assert!(!gypsy().safe_home(&[2, 3, 3, 4], card("5S")));
        assert!(gypsy().safe_home(&[3, 4, 4, 4], card("5S")));
    }
}
