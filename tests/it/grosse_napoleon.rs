//! Große Napoleon: the re-layout against an example worked by hand from the seed's text, on
//! the engine and on the referee; a constructed position proven lost by the engine and by a
//! plain search over the referee's layouts; a hand-made position won by a line that replays.

use patience::cards::Card;
use patience::games::grosse_napoleon::{GrosseNapoleon, Move, State};
use patience::games::Game;
use patience::piles::Table;
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{verify, Referee, Status};
use solvers::Space;
use std::collections::{HashSet, VecDeque};

fn card(s: &str) -> Card {
    patience::cards::parse_card(s).unwrap()
}

/// `n` cards of `suit` from the Ace up (ascending) or from the King down.
fn run(suit: char, n: usize, descending: bool) -> String {
    let ranks = "A23456789TJQK";
    let mut v: Vec<String> = ranks.chars().map(|r| format!("{r}{suit}")).collect();
    if descending {
        v.reverse();
    }
    v.truncate(n);
    v.join(" ")
}

/// A board: the talon's cards (bottom first, face down), the eleven columns (bottom first),
/// per suit (clubs, diamonds, hearts, spades) the counts on the ascending and descending
/// foundations, and the counters.
fn board(
    talon: &str,
    cols: [&str; 11],
    found: [(usize, usize); 4],
    dealt: u32,
    relayouts: u32,
) -> String {
    let mut s = String::from("talon (stacked):");
    for c in talon.split_whitespace() {
        s += &format!(" #{c}");
    }
    s.push('\n');
    for (i, c) in cols.iter().enumerate() {
        s += &format!("{} (spread): {c}\n", i + 1);
    }
    let suits = [
        ('C', "clubs"),
        ('D', "diamonds"),
        ('H', "hearts"),
        ('S', "spades"),
    ];
    for (i, (l, name)) in suits.iter().enumerate() {
        s += &format!("{name}-up (stacked): {}\n", run(*l, found[i].0, false));
    }
    for (i, (l, name)) in suits.iter().enumerate() {
        s += &format!("{name}-down (stacked): {}\n", run(*l, found[i].1, true));
    }
    s += &format!("dealt = {dealt}\nrelayouts = {relayouts}\n");
    s
}

fn table(text: &str) -> Table {
    Table::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Plays `mv` on the engine (it must be one of the moves listed) and on the referee, and
/// checks that both land on the same position.
fn play(s: &State, t: &mut Table, mv: Move) -> State {
    let g = GrosseNapoleon;
    let mut succ = Vec::new();
    g.expand(s, &mut succ);
    let next = succ
        .into_iter()
        .find(|x| x.mv == mv)
        .unwrap_or_else(|| panic!("the engine does not list {}", g.notation(&mv)))
        .state;
    g.referee_apply(t, &mv)
        .unwrap_or_else(|e| panic!("the referee refuses {}: {e}", g.notation(&mv)));
    assert_eq!(
        g.pack(t).expect("a position"),
        next,
        "after {}",
        g.notation(&mv)
    );
    next
}

fn listed(s: &State) -> Vec<Move> {
    let mut succ = Vec::new();
    GrosseNapoleon.expand(s, &mut succ);
    succ.into_iter().map(|x| x.mv).collect()
}

fn up(c: &str, column: u8, descending: bool) -> Move {
    Move::Up {
        card: card(c),
        column,
        descending,
    }
}

/// The hand-worked example. In play, 14 cards (hearts all home; clubs up to the King and
/// down K..4; diamonds up A..Q and down K..5; spades up A..7 and down K..A):
///
/// ```text
/// column  1: 3C 9S        column  6: AC 8S
/// column  2: KD           column  7: JS 3D
/// column  3: (empty)      column  8: KS
/// column  4: 2C QS 4D     column  9: 2D
/// column  5: TS           column 10: AD
///                         column 11: (empty)
/// ```
///
/// The re-layout, by the seed: from the rightmost column, each column pushed together and
/// turned over onto the new talon, so column 1's packet is on top, its bottom card first.
/// Dealt from the top: 3C 9S | KD | 2C QS 4D | TS | AC 8S | JS 3D | KS | 2D | AD (the
/// empty columns 3 and 11 give nothing). As a pile, bottom to top: AD 2D KS 3D JS 8S AC TS
/// 4D QS 2C KD 9S 3C.
///
/// New first row, columns 1 to 11: 3C 9S KD 2C QS 4D TS AC 8S JS 3D; the talon keeps
/// KS 2D AD (KS on top). With the first row out, the cards that fit are 3C (clubs down,
/// after the 4C), KD (diamonds up, after the QD), 4D (diamonds down, after the 5D) and 8S
/// (spades up, after the 7S). 3C up lets 2C (column 4) follow, then AC (column 8); 8S up
/// lets 9S (column 2) follow. KD, 4D and now TS (after the 9S) could go up too; we leave
/// them. Then the rest: KS to column 1, 2D to column 2, AD to column 3 (onto KD). Once that
/// has begun only columns 1 and 11 may send a card up: 4D (column 6) and TS (column 7) fit
/// but must wait, and KS and 3D do not fit, so nothing goes up. After AD the talon is empty
/// and play begins.
#[test]
fn relayout_matches_the_hand_worked_example() {
    let g = GrosseNapoleon;
    let found = [(13, 10), (12, 9), (13, 13), (7, 13)];
    let start = board(
        "",
        [
            "3C 9S", "KD", "", "2C QS 4D", "TS", "AC 8S", "JS 3D", "KS", "2D", "AD", "",
        ],
        found,
        0,
        0,
    );
    let mut t = table(&start);
    let mut s = g.pack(&t).expect("a play position");
    assert!(listed(&s).contains(&Move::Relayout { nth: 1 }));
    s = play(&s, &mut t, Move::Relayout { nth: 1 });
    let gathered = board(
        "AD 2D KS 3D JS 8S AC TS 4D QS 2C KD 9S 3C",
        [""; 11],
        found,
        0,
        1,
    );
    assert_eq!(t.to_text(), table(&gathered).to_text(), "the new talon");

    // The first row: one card to each column in turn, and nothing else may be done.
    let row = [
        "3C", "9S", "KD", "2C", "QS", "4D", "TS", "AC", "8S", "JS", "3D",
    ];
    for (i, c) in row.iter().enumerate() {
        let deal = Move::Deal {
            card: card(c),
            column: i as u8,
        };
        assert_eq!(listed(&s), vec![deal], "dealing the first row");
        s = play(&s, &mut t, deal);
    }
    let first_row = board("AD 2D KS", row, found, 11, 1);
    assert_eq!(t.to_text(), table(&first_row).to_text(), "the first row");

    // The first row's cards that fit, and the deal.
    assert_eq!(
        listed(&s),
        vec![
            up("3C", 0, true),
            up("KD", 2, false),
            up("4D", 5, true),
            up("8S", 8, false),
            Move::Deal {
                card: card("KS"),
                column: 0
            },
        ]
    );
    for mv in [
        up("3C", 0, true),
        up("2C", 3, true),
        up("AC", 7, true),
        up("8S", 8, false),
        up("9S", 1, false),
    ] {
        s = play(&s, &mut t, mv);
    }
    // Before the rest is dealt, any first-row card that fits may still go up.
    let ks = Move::Deal {
        card: card("KS"),
        column: 0,
    };
    assert_eq!(
        listed(&s),
        vec![
            up("KD", 2, false),
            up("4D", 5, true),
            up("TS", 6, false),
            ks
        ]
    );
    s = play(&s, &mut t, ks);
    // The rest of the talon, round the columns: only columns 1 and 11 may send a card up.
    for (c, col) in [("2D", 1), ("AD", 2)] {
        let deal = Move::Deal {
            card: card(c),
            column: col,
        };
        assert_eq!(
            listed(&s),
            vec![deal],
            "only columns 1 and 11 may send cards up"
        );
        s = play(&s, &mut t, deal);
    }
    let dealt = board(
        "",
        [
            "KS", "2D", "KD AD", "", "QS", "4D", "TS", "", "", "JS", "3D",
        ],
        [(13, 13), (12, 9), (13, 13), (9, 13)],
        0,
        1,
    );
    assert_eq!(t.to_text(), table(&dealt).to_text(), "after the deal");
    // Play: every top card that fits may go up now (4D, TS; KS waits for JS and QS).
    let ups: Vec<Move> = listed(&s)
        .into_iter()
        .filter(|m| matches!(m, Move::Up { .. }))
        .collect();
    assert_eq!(ups, vec![up("4D", 5, true), up("TS", 6, false)]);
    assert!(listed(&s).contains(&Move::Relayout { nth: 2 }));
}

/// Every layout the referee reaches from `start` (moves tried blindly: every deal, every
/// card up either way, every column onto every column, both re-layouts), and whether one is
/// won. Nothing is canonicalised: a layout is its board text.
fn referee_search(start: &Table, max: usize) -> (usize, bool) {
    let g = GrosseNapoleon;
    let mut seen = HashSet::from([start.to_text()]);
    let mut queue = VecDeque::from([start.clone()]);
    let mut won = false;
    while let Some(t) = queue.pop_front() {
        if g.referee_status(&t) == Status::Won {
            won = true;
            continue;
        }
        for n in referee_successors(&t) {
            if seen.insert(n.to_text()) {
                assert!(
                    seen.len() <= max,
                    "the referee's space is larger than {max}"
                );
                queue.push_back(n);
            }
        }
    }
    (seen.len(), won)
}

fn up_card(card: Card, column: u8, descending: bool) -> Move {
    Move::Up {
        card,
        column,
        descending,
    }
}

/// The constructed deadlock below (see the proof there), with `relayouts` re-layouts used.
fn deadlock(relayouts: u32) -> String {
    board(
        "",
        [
            "6C 5C 7H", "4C 3C 6H", "2C AC 5H", "6D 5D", "4D 3D", "2D AD", "6S 5S", "4S 3S",
            "2S AS", "8H 4H 3H", "2H AH",
        ],
        [(13, 7), (13, 7), (13, 5), (13, 7)],
        0,
        relayouts,
    )
}

/// Lost: clubs, diamonds and spades are all up from the Ace and down to the 7, hearts up and
/// down to the 9, so the 26 cards in play are A-6 of clubs, diamonds and spades and A-8 of
/// hearts, and each suit goes on only down from its 6 (hearts from the 8H). Both re-layouts
/// are used.
///
/// ```text
/// column 1: 6C 5C 7H     column 5: 4D 3D     column  9: 2S AS
/// column 2: 4C 3C 6H     column 6: 2D AD     column 10: 8H 4H 3H
/// column 3: 2C AC 5H     column 7: 6S 5S     column 11: 2H AH
/// column 4: 6D 5D        column 8: 4S 3S
/// ```
///
/// The cards under 7H, 6H, 5H (5C, 3C, AC) and the tops of the other columns can never
/// move: each waits for a card lying under one of them to go up first, and its neighbours
/// (same suit, a rank apart) all lie under such cards, so nothing can be built on it and it
/// can be built on nothing. So no column ever empties, and 5H, 6H, 7H can only shuffle
/// onto one another: the 8H stays buried and the hearts never go on.
#[test]
fn a_constructed_deadlock_is_proven_lost_by_engine_and_referee() {
    let g = GrosseNapoleon;
    let text = deadlock(2);
    let t = table(&text);
    let start = g.pack(&t).expect("a play position");
    assert_eq!(
        listed(&start).len(),
        4,
        "7H onto 6H, 6H onto 7H or 5H, 5H onto 6H"
    );
    for algorithm in [Algorithm::Dfs, Algorithm::Portfolio] {
        let cfg = SolveConfig {
            algorithm,
            ..SolveConfig::default()
        };
        let sol = solve(&g, &t, &cfg).expect("solves");
        assert_eq!(sol.verdict, Verdict::Unsolvable, "{algorithm:?}");
    }
    let dfs = solvers::dfs(&g, start, &solvers::Limits::default());
    assert_eq!(dfs.outcome, solvers::Outcome::Unsolvable);
    // The referee's own search finds no win either, over as many layouts as the engine's
    // exhaustive search stored (the key is the whole position: nothing is merged).
    let (layouts, won) = referee_search(&t, 10_000);
    assert!(!won);
    assert_eq!(layouts as u64, dfs.stats.stored);
    assert!(
        layouts > 5,
        "the proof is more than the first layout: {layouts}"
    );
}

/// Won after a re-layout: the same deadlock with one re-layout left. The re-layout deals
/// the columns again, the first row being 6C 5C 7H 4C 3C 6H 2C AC 5H 6D 5D, so the clubs
/// go up from 6C to AC and 6D, 5D follow; the line found replays on the referee.
#[test]
fn a_relayout_wins_the_deadlock() {
    let g = GrosseNapoleon;
    let text = deadlock(1);
    let t = table(&text);
    let cfg = SolveConfig {
        algorithm: Algorithm::Portfolio,
        ..SolveConfig::default()
    };
    let sol = solve(&g, &t, &cfg).expect("solves");
    assert_eq!(sol.verdict, Verdict::Solved);
    // Without the re-layout the position is the lost one above.
    let relayouts: Vec<&Move> = sol
        .moves
        .iter()
        .filter(|m| matches!(m, Move::Relayout { .. }))
        .collect();
    assert_eq!(relayouts, vec![&Move::Relayout { nth: 2 }]);
    verify(&g, &t, &sol.moves, Status::Won, |m| g.notation(m)).expect("replays");
}

/// Random walks from deals 1 to 50, re-layouts included: at every position each move the
/// engine lists is legal on the referee and lands on the engine's successor, the referee
/// accepts no move of the blind list that the engine does not list (up to the same layout),
/// and the referee says "lost" exactly when the engine lists nothing.
#[test]
fn random_walks_engine_and_referee_agree_move_by_move() {
    let g = GrosseNapoleon;
    let mut rng = patience::deals::Rng::new(2024);
    let (mut checked, mut relayouts, mut lost) = (0, 0, 0);
    for deal in 1..=50 {
        let mut t = g.deal(deal);
        for _ in 0..900 {
            let s = g.pack(&t).expect("a position");
            let mut succ = Vec::new();
            g.expand(&s, &mut succ);
            let mut engine_layouts = HashSet::new();
            for x in &succ {
                let mut n = t.clone();
                g.referee_apply(&mut n, &x.mv)
                    .unwrap_or_else(|e| panic!("deal {deal}: {}: {e}", g.notation(&x.mv)));
                assert_eq!(g.pack(&n).expect("a position"), x.state);
                engine_layouts.insert(n.to_text());
                checked += 1;
            }
            let status = g.referee_status(&t);
            assert_eq!(status == Status::Lost, succ.is_empty(), "deal {deal}");
            // The referee's blind moves from here reach only the engine's successors.
            for n in referee_successors(&t) {
                assert!(
                    engine_layouts.contains(&n.to_text()),
                    "deal {deal}: the referee allows a move the engine does not list:\n{}",
                    n.to_text()
                );
            }
            if succ.is_empty() {
                lost += 1;
                break;
            }
            // A re-layout mostly only when nothing else is left, so walks play on longer.
            let mut pick = &succ[rng.below(succ.len() as u64) as usize];
            if matches!(pick.mv, Move::Relayout { .. }) && succ.len() > 1 && rng.below(10) > 0 {
                pick = &succ[0];
            }
            if matches!(pick.mv, Move::Relayout { .. }) {
                relayouts += 1;
            }
            g.referee_apply(&mut t, &pick.mv).unwrap();
        }
    }
    // Most walks end lost, stuck with both re-layouts used.
    assert!(checked > 20_000, "only {checked} moves checked");
    assert!(
        relayouts > 20 && lost > 10,
        "{relayouts} re-layouts, {lost} walks lost"
    );
}

/// The layouts the referee accepts from `t` over the blind move list of [`referee_search`].
fn referee_successors(t: &Table) -> Vec<Table> {
    let g = GrosseNapoleon;
    let top = |l: &str| t.piles[t.find(l).unwrap()].top();
    let mut tries = vec![Move::Relayout { nth: 1 }, Move::Relayout { nth: 2 }];
    for i in 0..11u8 {
        if let Some(c) = top("talon") {
            tries.push(Move::Deal {
                card: c.face_up(),
                column: i,
            });
        }
        let Some(c) = top(&(i + 1).to_string()) else {
            continue;
        };
        tries.push(up_card(c, i, false));
        tries.push(up_card(c, i, true));
        for to in 0..11u8 {
            tries.push(Move::Build {
                card: c,
                from: i,
                to,
            });
        }
    }
    tries
        .into_iter()
        .filter_map(|mv| {
            let mut n = t.clone();
            g.referee_apply(&mut n, &mv).is_ok().then_some(n)
        })
        .collect()
}
