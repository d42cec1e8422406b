//! The heuristic and the guide: a lower bound on the moves left for A* and IDA*, and the
//! guide that orders the best-first searches (its terms, weights and per-pile shares, which
//! `order.rs` and the compound scans update move by move).

use super::rules::{Direction, FoundationBase, GroupMoves, Takes};
use super::state::{State, DOWN, EMPTY};
use super::Tableau;
use crate::cards::{Color, Suit};
#[cfg(doc)]
use solvers::Space;

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// A lower bound on the moves left: every stock deal still to come, and every card not
    /// home (one move each), or with runs going home every run not home (one move each).
    pub(super) fn lower_bound(&self, s: &State<N>) -> u32 {
        let not_home = u32::from(self.feat.cards) - s.home_count();
        let homing = match (self.feat.takes, self.feat.won_in_runs) {
            (Takes::Cards, false) => not_home,
            (Takes::Runs, false) => not_home / 13,
            _ => 0,
        };
        homing + self.deals_left(s)
    }

    /// Whether [`Tableau::blocked_bound`] is a lower bound here: one deck, single cards
    /// going home onto foundations built up from the Ace without wrapping, the game won
    /// with every card home.
    pub(super) fn blocked_bound_holds(&self) -> bool {
        let f = &self.rules.foundations;
        self.feat.takes == Takes::Cards
            && !self.feat.won_in_runs
            && self.rules.decks == 1
            && f.base == FoundationBase::Ace
            && f.direction == Direction::Up
            && !f.wrap
    }

    /// A lower bound on the moves left ([`Tableau::lower_bound`]) that also counts the
    /// cards lying above a lower card of their own suit in their pile. Such a card cannot go
    /// home before that card (one deck: its foundation needs every lower card of its suit),
    /// and that card cannot go home while it lies on it, so it must first leave the pile by a
    /// move that is not home, then go home: one move more than the bound counts. Where cards
    /// move one at a time each such card needs its own move; where groups move, one move
    /// takes cards from one pile only, so each pile holding such a card needs one. Valid
    /// where [`Tableau::blocked_bound_holds`].
    pub(super) fn blocked_bound(&self, s: &State<N>) -> u32 {
        let single = self.rules.tableau.moves == GroupMoves::Single;
        let mut extra = 0;
        for p in 0..self.rules.piles() {
            // The lowest rank of each suit below the card looked at.
            let mut lowest = [u8::MAX; 4];
            let mut blocked = 0;
            for &b in s.pile(p) {
                let c = b & !DOWN;
                let (suit, rank) = (usize::from(c / 13), c % 13);
                if lowest[suit] < rank {
                    blocked += 1;
                }
                lowest[suit] = lowest[suit].min(rank);
            }
            extra += if single { blocked } else { blocked.min(1) };
        }
        self.lower_bound(s) + extra
    }

    /// Cards not home, four times the cards lying above a lower card of their pile (each
    /// must move before that card can go home), occupied cells, how deep the next card of
    /// each foundation lies, less a bonus for empty piles. Weights chosen for the fewest
    /// states expanded on FreeCell deals, and checked on others. Games of runs have
    /// their own guide (`Tableau::guide_runs`), as have games with a waste
    /// (`Tableau::guide_waste`).
    pub(super) fn guide_of(&self, s: &State<N>) -> u32 {
        if self.guides_dealt_runs() {
            return self.guide_dealt_runs(s);
        }
        if self.feat.takes != Takes::Cards {
            return self.guide_runs(s);
        }
        if self.guides_waste() {
            return self.guide_waste(s);
        }
        let next = self.next_cards_home(s);
        let (out_of_order, depth) = self.guide_sums(s, next);
        self.guide_from(s, out_of_order, depth)
    }

    /// The guide for games with a waste (the Forty Thieves family): three per card not
    /// home; two per card not lying on a card it may be built on (each such break must be
    /// mended or moved before the cards beneath it are free); four per card lying above a
    /// lower card of its own suit in its pile (it must leave before that card goes home,
    /// and in these games it leaves only onto its own parent, an empty pile or home); one
    /// per card above the next card of a foundation, in a pile or in the waste; one per
    /// card in the waste (each covers the ones turned before it); less six per empty pile.
    /// In games of two decks without a redeal (the Forty Thieves family but Little Forty
    /// and Backbone) the waste only ever gives up its top card: there eight per card in the
    /// waste, and four per waste card above a lower card of its suit, as in a pile. Those
    /// two terms win more of those games' deals; other games whose redeals are used up
    /// win more deals by them too but lose known ones, so they wait for a check there.
    /// Weights chosen on the family's first deals, where the FreeCell guide wins few.
    /// A reserve's stacks count as piles for the cards above a lower one of their suit and
    /// for the depth of the next cards home (the cover's cards lying above every stack),
    /// not for breaks: nothing builds there; and one more per card lying above each reserve
    /// card (which leaves only home or onto its own parent). Where a chosen or dealt card is
    /// the foundations' base, "lower" and "next" follow the foundations' order from it
    /// (`home_order`, `next_cards_home`), not plain ranks, which mislead the search there.
    fn guide_waste(&self, s: &State<N>) -> u32 {
        let next = self.next_cards_home(s);
        let mut piles = WastePileTerms::default();
        let mut start = 0;
        for &len in &s.len[..self.rules.piles()] {
            let pile = &s.cards[start..start + usize::from(len)];
            start += pile.len();
            piles.add(self.waste_pile_terms(s, pile, next));
        }
        self.guide_waste_from(s, next, piles)
    }

    /// [`Tableau::guide_waste`]'s terms of one tableau pile, `next` the next cards home:
    /// they depend on the pile, `next` and the foundations' base only, so a successor that
    /// keeps those keeps the pile's terms (`order::guided_moves` reuses them).
    pub(super) fn waste_pile_terms(&self, s: &State<N>, pile: &[u8], next: u64) -> WastePileTerms {
        let mut t = WastePileTerms {
            empty: u32::from(pile.is_empty()),
            ..WastePileTerms::default()
        };
        let len = pile.len();
        // The lowest rank of each suit seen so far, from the bottom.
        let mut lowest = [14u8; 4];
        for (i, &b) in pile.iter().enumerate() {
            let id = b & !DOWN;
            if i > 0 && self.feat.fits[usize::from(id)] >> (pile[i - 1] & !DOWN) & 1 == 0 {
                t.breaks += 1;
            }
            t.inverted += u32::from(self.above_lower_of_suit(s, id, &mut lowest));
            if next >> id & 1 != 0 {
                t.depth += (len - 1 - i) as u32;
            }
        }
        t
    }

    /// [`Tableau::guide_waste`] from the sum of its tableau piles' terms (`piles`, with
    /// `next` the next cards home): the reserve's and the waste's terms and the weights.
    pub(super) fn guide_waste_from(&self, s: &State<N>, next: u64, piles: WastePileTerms) -> u32 {
        let waste = self.waste_terms(s, next, usize::from(s.waste));
        self.guide_waste_with(s, next, piles, waste)
    }

    /// [`Tableau::guide_waste`]'s terms of the waste were it the first `waste` cards of
    /// `s`'s talon, `next` the next cards home. Each card's share depends only on the
    /// cards turned before it, so the terms of every such prefix come from one walk of
    /// the talon ([`TalonPrefixes`]).
    pub(super) fn waste_terms(&self, s: &State<N>, next: u64, waste: usize) -> WasteTerms {
        let mut t = WasteTerms::default();
        self.each_talon_card(s, next, waste, |i, is_next, inverted| {
            if is_next {
                t.depth += (waste - 1 - i) as u32;
            }
            t.inverted += u32::from(inverted);
        });
        t
    }

    /// Calls `f(i, is_next, inverted)` for each of the first `len` cards of `s`'s talon
    /// from its bottom: its place, whether it is a next card home (in `next`), and whether
    /// it lies above a lower card of its suit where the waste counts those
    /// (`waste_for_good`; false elsewhere).
    fn each_talon_card(
        &self,
        s: &State<N>,
        next: u64,
        len: usize,
        mut f: impl FnMut(usize, bool, bool),
    ) {
        let mut lowest = [14u8; 4];
        let for_good = self.waste_for_good();
        for (i, &b) in s.talon()[..len].iter().enumerate() {
            let id = b & !DOWN;
            let inverted = for_good && self.above_lower_of_suit(s, id, &mut lowest);
            f(i, next >> id & 1 != 0, inverted);
        }
    }

    /// In the games of two decks without a redeal (the Forty Thieves family) the waste is
    /// a pile that gives up only its top card, for good: it weighs more per card, and its
    /// cards above a lower one of their suit count as in a pile.
    pub(super) fn waste_for_good(&self) -> bool {
        self.rules.decks == 2 && self.feat.waste_redeals == 0
    }

    /// [`Tableau::guide_waste_from`] with the waste's terms given (`waste`).
    pub(super) fn guide_waste_with(
        &self,
        s: &State<N>,
        next: u64,
        piles: WastePileTerms,
        waste: WasteTerms,
    ) -> u32 {
        let WastePileTerms {
            breaks,
            mut depth,
            mut inverted,
            empty,
        } = piles;
        let mut start = s.start(self.rules.piles());
        // The reserve's stacks count as piles that take no card, each under the cover's
        // cards while any lie across them.
        let first = self.rules.piles();
        let stacks = usize::from(self.feat.reserve);
        let cover = if self.feat.cover {
            s.len[first + stacks] as usize
        } else {
            0
        };
        let mut buried = 0u32;
        for p in first..first + self.reserve_piles() {
            let pile = &s.cards[start..start + s.len[p] as usize];
            start += pile.len();
            let above = if p < first + stacks { cover } else { 0 };
            let mut lowest = [14u8; 4];
            for (i, &b) in pile.iter().enumerate() {
                inverted += u32::from(self.above_lower_of_suit(s, b & !DOWN, &mut lowest));
                // Every reserve card waits for the cards above it (a reserve card leaves
                // only home or onto its own parent), the next cards home counted again.
                let over = (pile.len() - 1 - i + above) as u32;
                buried += over;
                if next >> (b & !DOWN) & 1 != 0 {
                    depth += over;
                }
            }
        }
        depth += waste.depth;
        inverted += waste.inverted;
        let waste_weight = if self.waste_for_good() { 8 } else { 1 };
        let not_home = u32::from(self.feat.cards) - s.home_count();
        // The offset bounds the empty-pile bonus (13 piles at most).
        (3 * not_home
            + 2 * breaks
            + 4 * inverted
            + depth
            + buried
            + waste_weight * u32::from(s.waste)
            + 100)
            .saturating_sub(6 * empty)
    }

    /// Whether card `id`, the next one up a pile (or a reserve stack, or the waste), lies
    /// above a lower card of its own suit, `lowest` holding each suit's lowest rank so far
    /// (in the foundations' order, `home_order`) and taking `id`'s.
    fn above_lower_of_suit(&self, s: &State<N>, id: u8, lowest: &mut [u8; 4]) -> bool {
        let r = self.home_order(s, RANK_OF[usize::from(id)]);
        let suit = usize::from(id / 13);
        let above = r > lowest[suit];
        lowest[suit] = lowest[suit].min(r);
        above
    }

    /// Whether the guide is [`Tableau::guide_waste`]: a game of single cards home with a
    /// waste, but [`Tableau::guides_dealt_runs`]' games.
    pub(super) fn guides_waste(&self) -> bool {
        !self.guides_dealt_runs() && self.feat.takes == Takes::Cards && self.feat.draw > 0
    }

    /// Whether the game moves any run, with two decks and a stock dealt onto the piles
    /// (Gypsy): its guide is [`Tableau::guide_dealt_runs`], and its focused searches leave
    /// out the cards taken back from the foundations (`Tableau::seldom_helps`). Not with
    /// one deck (Agnes, Easthaven), where the same guide and searches decide fewer deals.
    /// Such a game sends single cards home (`feat.second`), so `order::guided_moves` never
    /// takes its guide for the per-pile sum of `guide_runs`.
    pub(super) fn guides_dealt_runs(&self) -> bool {
        self.rules.tableau.moves == GroupMoves::AnySequence
            && self.feat.deal_to != 0
            && self.feat.second
    }

    /// The guide of [`Tableau::guides_dealt_runs`]' games: [`Tableau::guide_waste`]'s
    /// terms, six per face-down card (as in `guide_runs`) and two per card in the stock.
    /// Weights chosen with a beam over Gypsy's deals, on which the FreeCell guide won
    /// nothing.
    fn guide_dealt_runs(&self, s: &State<N>) -> u32 {
        let in_piles: usize = s.len[..self.rules.piles()]
            .iter()
            .map(|&l| l as usize)
            .sum();
        let down = s.cards[..in_piles]
            .iter()
            .filter(|&&b| b & DOWN != 0)
            .count() as u32;
        self.guide_waste(s) + 6 * down + 2 * u32::from(s.stock)
    }

    /// Stock deals still to come.
    fn deals_left(&self, s: &State<N>) -> u32 {
        if self.feat.deal_to == 0 {
            0
        } else {
            u32::from(s.stock).div_ceil(u32::from(self.feat.deal_to))
        }
    }

    /// The guide for games of runs (Spider, Scorpion, Mogelpat): face-down cards weigh most
    /// (6 each: each hides what the line needs), then every break a run must mend (4 each):
    /// a face-up card not lying on the card of its suit one rank higher, the lowest face-up
    /// card of a pile being one unless it is a King alone on its pile; then the cards still
    /// in the stock (2 each: each deal covers every pile), the cards not home (1 each),
    /// less 5 per empty pile. Weights chosen on Spider (four suits) deals, where a heavier
    /// stock (dealing early) or heavier face-down cards lose most deals.
    fn guide_runs(&self, s: &State<N>) -> u32 {
        let mut t = RunTerms::default();
        for p in 0..self.rules.piles() {
            t.add(RunTerms::of_pile(s.pile(p)));
        }
        self.guide_runs_from(s, t)
    }

    /// [`Tableau::guide_runs`] from the sum of its piles' terms.
    pub(super) fn guide_runs_from(&self, s: &State<N>, t: RunTerms) -> u32 {
        let home = if self.feat.takes == Takes::Runs && !self.feat.won_in_runs {
            u32::from(self.feat.cards) - s.home_count()
        } else {
            0
        };
        (6 * t.down + 4 * t.breaks + 2 * u32::from(s.stock) + home + 300)
            .saturating_sub(5 * t.empty)
    }
}

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The identities of the cards the foundations take next, as a set: [`next_home`], and
    /// with two foundations a suit the lower ones' too; where they build in alternate
    /// colours (Zebra), both suits of the colour and rank each foundation takes next.
    pub(super) fn next_cards_home(&self, s: &State<N>) -> u64 {
        if self.feat.colour_home {
            let mut next = 0u64;
            for class in 0..2 {
                for h in s.colour_heights(class) {
                    if h >= 13 {
                        continue;
                    }
                    // A black Ace's foundation (class 0) takes black cards at odd ranks.
                    let black = (class == 0) == ((h + 1) % 2 == 1);
                    for suit in Suit::ALL {
                        if (suit.color() == Color::Black) == black {
                            next |= 1 << (suit.index() * 13 + usize::from(h));
                        }
                    }
                }
            }
            return next;
        }
        if self.feat.chosen_base {
            // From a chosen or dealt base the h-th card home is the h-th rank from it
            // (none is known while the base is still to be chosen).
            let mut next = 0u64;
            if s.base != 0 {
                for (suit, &h) in s.home.iter().enumerate() {
                    if h < 13 {
                        let rank = super::state::nth_rank(s.base, h);
                        next |= 1 << (suit * 13 + usize::from(rank - 1));
                    }
                }
            }
            return next;
        }
        let mut next = next_home(s);
        if self.feat.second {
            next |= next_home_second(s);
        }
        next
    }

    /// A rank's place in the order the foundations take it: from the base where a chosen or
    /// dealt card fixes it (wrapping King to Ace), else the rank itself.
    fn home_order(&self, s: &State<N>, rank: u8) -> u8 {
        if self.feat.chosen_base && s.base != 0 {
            (rank + 13 - s.base) % 13 + 1
        } else {
            rank
        }
    }
}

/// One tableau pile's share of [`Tableau::guide_waste`] (`Tableau::waste_pile_terms`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct WastePileTerms {
    breaks: u32,
    depth: u32,
    inverted: u32,
    empty: u32,
}

impl WastePileTerms {
    /// Adds `t` in.
    pub(super) fn add(&mut self, t: WastePileTerms) {
        self.breaks += t.breaks;
        self.depth += t.depth;
        self.inverted += t.inverted;
        self.empty += t.empty;
    }

    /// Takes `t` out (it was added before).
    pub(super) fn sub(&mut self, t: WastePileTerms) {
        self.breaks -= t.breaks;
        self.depth -= t.depth;
        self.inverted -= t.inverted;
        self.empty -= t.empty;
    }
}

/// The waste's share of [`Tableau::guide_waste`] (`Tableau::waste_terms`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct WasteTerms {
    depth: u32,
    inverted: u32,
}

/// The waste's terms ([`WasteTerms`]) of every prefix of a state's talon, from one walk of
/// it: a successor whose waste is a prefix of its parent's talon, with the same next cards
/// home and base (a card played from the talon leaves the cards turned before it as the
/// waste; a move elsewhere leaves the talon as it is), reads its waste's terms here instead
/// of walking its waste.
pub(super) struct TalonPrefixes {
    /// Per prefix length: the next cards home among its cards.
    next: [u8; TALON_ROOM],
    /// Per prefix length: the sum of those cards' places in the talon.
    places: [u16; TALON_ROOM],
    /// Per prefix length: its cards lying above a lower card of their suit (where the
    /// waste counts those, `Tableau::waste_for_good`).
    inverted: [u8; TALON_ROOM],
}

/// Room for every prefix of the longest talon (`Rules::check` keeps a talon within the
/// 127 turns a [`Place::Talon`](super::Place::Talon) code counts).
const TALON_ROOM: usize = 128;

impl TalonPrefixes {
    /// The prefixes of `s`'s talon, `next` the next cards home.
    pub(super) fn of<const N: usize, const K: usize>(
        g: &Tableau<N, K>,
        s: &State<N>,
        next: u64,
    ) -> Self {
        let mut p = TalonPrefixes {
            next: [0; TALON_ROOM],
            places: [0; TALON_ROOM],
            inverted: [0; TALON_ROOM],
        };
        g.each_talon_card(s, next, s.talon().len(), |i, is_next, inverted| {
            p.next[i + 1] = p.next[i] + u8::from(is_next);
            p.places[i + 1] = p.places[i] + if is_next { i as u16 } else { 0 };
            p.inverted[i + 1] = p.inverted[i] + u8::from(inverted);
        });
        p
    }

    /// The waste's terms were it the first `waste` cards of the talon.
    pub(super) fn terms(&self, waste: usize) -> WasteTerms {
        let n = u32::from(self.next[waste]);
        WasteTerms {
            // Each next card's depth is `waste - 1` less its place.
            depth: if n == 0 {
                0
            } else {
                n * (waste as u32 - 1) - u32::from(self.places[waste])
            },
            inverted: u32::from(self.inverted[waste]),
        }
    }
}

/// With two foundations a suit: the identities of the next card of each lower foundation
/// (`next_home` gives the higher ones).
fn next_home_second<const N: usize>(s: &State<N>) -> u64 {
    let mut next = 0u64;
    for (suit, &lo) in s.second.iter().enumerate() {
        if lo < 13 {
            next |= 1 << (suit * 13 + usize::from(lo));
        }
    }
    next
}

/// One pile's share of [`Tableau::guide_runs`] (or the sum over several piles): face-down
/// cards, breaks, empty piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct RunTerms {
    down: u32,
    breaks: u32,
    empty: u32,
}

impl RunTerms {
    pub(super) fn of_pile(pile: &[u8]) -> RunTerms {
        let mut t = RunTerms {
            empty: u32::from(pile.is_empty()),
            ..RunTerms::default()
        };
        for (i, &b) in pile.iter().enumerate() {
            if b & DOWN != 0 {
                t.down += 1;
            } else if i == 0 || pile[i - 1] & DOWN != 0 {
                // The lowest face-up card: a break unless it is a King alone on its pile.
                t.breaks += u32::from(!(i == 0 && b % 13 == 12));
            } else if !(pile[i - 1] % 13 == b % 13 + 1 && pile[i - 1] / 13 == b / 13) {
                t.breaks += 1;
            }
        }
        t
    }

    pub(super) fn add(&mut self, o: RunTerms) {
        self.down += o.down;
        self.breaks += o.breaks;
        self.empty += o.empty;
    }

    pub(super) fn sub(&mut self, o: RunTerms) {
        self.down -= o.down;
        self.breaks -= o.breaks;
        self.empty -= o.empty;
    }
}

/// The rank (1 to 13) of each card identity of one deck, by table: cheaper than dividing in
/// the guide's inner loop (128 entries, so that any byte without its face-down bit indexes
/// it without a bounds check).
pub(super) const RANK_OF: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    t
};

/// The weights of [`Tableau::guide`]'s terms: cards not home, cards above a lower card,
/// occupied cells, depth of the next cards home, and (subtracted) empty piles.
pub(super) const GUIDE_WEIGHTS: [u32; 5] = [1, 4, 1, 1, 6];

impl<const N: usize, const K: usize> Tableau<N, K> {
    /// The sums over the piles of [`pile_guide_terms`], `next` being the next cards home.
    pub(super) fn guide_sums(&self, s: &State<N>, next: u64) -> (u32, u32) {
        let (mut out_of_order, mut depth) = (0, 0);
        let mut start = 0;
        for p in 0..self.rules.piles() {
            let len = s.len[p] as usize;
            let (o, d) = pile_guide_terms(&s.cards[start..start + len], next);
            start += len;
            out_of_order += o;
            depth += d;
        }
        (out_of_order, depth)
    }

    /// [`Tableau::guide`] (one deck, cards going home) from its sums over the piles: cards
    /// above a lower card, and how deep the next cards home lie.
    fn guide_from(&self, s: &State<N>, out_of_order: u32, depth: u32) -> u32 {
        self.guide_weighted(s, out_of_order, depth, GUIDE_WEIGHTS)
    }

    /// [`Tableau::guide_from`] with the weights `w` (of the same terms, in the same order).
    pub(super) fn guide_weighted(
        &self,
        s: &State<N>,
        out_of_order: u32,
        depth: u32,
        w: [u32; 5],
    ) -> u32 {
        let cells = s.cells[..self.cells()]
            .iter()
            .filter(|&&c| c != EMPTY)
            .count() as u32;
        let empty = (0..self.rules.piles()).filter(|&p| s.len[p] == 0).count() as u32;
        let not_home = u32::from(self.feat.cards) - s.home_count();
        weigh_guide(w, not_home, out_of_order, cells, depth, empty)
    }
}

/// The guide from its terms (cards not home, cards above a lower card, occupied cells,
/// depth of the next cards home, empty piles) and their weights `w`, in that order.
pub(super) fn weigh_guide(
    w: [u32; 5],
    not_home: u32,
    ooo: u32,
    cells: u32,
    depth: u32,
    empty: u32,
) -> u32 {
    // The offset bounds the empty-pile bonus (13 piles at most): 100 with the default
    // weights.
    let offset = 100.max(13 * w[4]);
    (w[0] * not_home + w[1] * ooo + w[2] * cells + w[3] * depth + offset) - w[4] * empty
}

/// The identities (`suit * 13 + rank - 1`) of the next card of each foundation, as a set.
pub(super) fn next_home<const N: usize>(s: &State<N>) -> u64 {
    let mut next = 0u64;
    for (suit, &h) in s.home.iter().enumerate() {
        // The higher foundation, with two a suit.
        let h = h - s.second[suit];
        if h < 13 {
            next |= 1 << (suit * 13 + usize::from(h));
        }
    }
    next
}

/// One pile's share of [`Tableau::guide`]'s sums: its cards lying above a lower card, and
/// the cards above each of the `next` cards home it holds.
fn pile_guide_terms(pile: &[u8], next: u64) -> (u32, u32) {
    let (mut out_of_order, mut depth) = (0, 0);
    let mut lowest = 14u8;
    for (i, &b) in pile.iter().enumerate() {
        let id = b & !DOWN;
        let r = RANK_OF[usize::from(id)];
        out_of_order += u32::from(r > lowest);
        lowest = lowest.min(r);
        if next >> id & 1 != 0 {
            depth += (pile.len() - 1 - i) as u32;
        }
    }
    (out_of_order, depth)
}
