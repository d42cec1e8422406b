//! The tableau engine against its referee: every move the engine generates must be legal on
//! the reference piles and lead to the same position, and its exact keys must identify
//! positions up to the symmetries the rules allow.

use patience::deals::Rng;
use patience::games::tableau::Tableau;
use patience::games::{Family, Game, GameId};
use patience::study::{solve, Algorithm, SolveConfig, Verdict};
use patience::verify::{replay, verify, Referee, Status};
use solvers::{Limits, Space};

fn freecell() -> Tableau {
    match "freecell".parse::<GameId>().unwrap() {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("freecell is {g:?}"),
    }
}

/// Random walks of `steps` moves from `deals`: every successor the engine generates must
/// replay on the reference piles to a position with the same key. Returns the moves checked.
fn walk<G: Game + Referee>(g: &G, deals: std::ops::RangeInclusive<u64>, steps: usize) -> usize {
    let mut rng = Rng::new(42);
    let mut buf = Vec::new();
    let mut checked = 0;
    for deal in deals {
        let mut table = g.deal(deal);
        let mut state = g.pack(&table).unwrap();
        for _ in 0..steps {
            buf.clear();
            g.expand(&state, &mut buf);
            if buf.is_empty() {
                break;
            }
            for succ in &buf {
                let after = replay(g, &table, std::slice::from_ref(&succ.mv), |m| g.notation(m))
                    .unwrap_or_else(|e| panic!("deal {deal}: engine move rejected: {e}"));
                assert!(
                    g.key(&g.pack(&after).unwrap()) == g.key(&succ.state),
                    "deal {deal}: {}",
                    g.notation(&succ.mv)
                );
                checked += 1;
            }
            let pick = rng.below(buf.len() as u64) as usize;
            table = replay(g, &table, std::slice::from_ref(&buf[pick].mv), |m| {
                g.notation(m)
            })
            .unwrap();
            state = buf[pick].state.clone();
        }
    }
    checked
}

/// The Spider family and Mogelpat: stock deals, runs of one suit, runs going home, any
/// face-up group (Scorpion), several decks. Every generated move replays on the referee.
#[test]
fn spider_family_moves_are_legal_and_land_on_the_same_position() {
    let family = GameId::of_family(Family::Spider);
    assert!(family.len() >= 10, "{family:?}");
    for game in family {
        let id = game.to_string();
        let checked = patience::with_game!(game, g => walk(g, 1..=6, 150));
        assert!(checked > 300, "{id}: only {checked} moves checked");
    }
}

#[test]
fn every_generated_move_is_legal_and_lands_on_the_same_position() {
    let checked = walk(&freecell(), 1..=40, 200);
    assert!(checked > 8_000, "only {checked} moves checked");
}

/// King Albert's layout with its piles dealt face down but for the top card, any face-up
/// run moving at once, and no cards back from the foundations: face-down cards alone.
const FACE_DOWN_RULES: &str = r#"
id = "face-down-test"
name = "Face-down test"
summary = "King Albert's piles, face down but the top card; any face-up run moves"
source = "tests/it/tableau_engine.rs"
[tableau]
deal = [9, 8, 7, 6, 5, 4, 3, 2, 1]
face_down = [8, 7, 6, 5, 4, 3, 2, 1, 0]
build = "alternate-color"
moves = "any-sequence"
empty = "any"
[cells]
count = 7
dealt = 7
accept = false
"#;

fn face_down_game() -> Tableau {
    static ID: std::sync::OnceLock<GameId> = std::sync::OnceLock::new();
    let id = *ID.get_or_init(|| {
        let rules = patience::games::tableau::Rules::from_toml(FACE_DOWN_RULES).unwrap();
        patience::games::tableau::register(rules).unwrap()
    });
    match id {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("{g:?}"),
    }
}

#[test]
fn face_down_cards_are_dealt_under_the_top_card_and_turned_when_uncovered() {
    let g = face_down_game();
    let table = g.deal(5);
    for p in 0..9 {
        let pile = &table.piles[table.find(&(p + 1).to_string()).unwrap()].cards;
        assert_eq!(pile.len(), 9 - p);
        let down = pile.iter().filter(|c| c.is_face_down()).count();
        assert_eq!(down, 8 - p, "pile {}", p + 1);
        assert!(!pile.last().unwrap().is_face_down());
    }
    // Engine and referee turn the same cards: their keys agree after every move.
    let checked = walk(&g, 1..=30, 150);
    assert!(checked > 2_000, "only {checked} moves checked");
}

#[test]
fn face_down_deals_are_solved_and_replayed() {
    let g = face_down_game();
    let cfg = SolveConfig {
        algorithm: Algorithm::Portfolio,
        limits: Limits::none().with_nodes(2_000_000),
    };
    let mut solved = 0;
    for deal in 1..=20 {
        let table = g.deal(deal);
        let sol = solve(&g, &table, &cfg).unwrap();
        if sol.verdict == Verdict::Solved {
            verify(&g, &table, &sol.moves, Status::Won, |m| g.notation(m)).unwrap();
            solved += 1;
        }
    }
    assert!(solved > 0, "no deal of 1..20 solved");
}

#[test]
fn a_face_down_card_on_a_face_up_one_is_refused() {
    let g = face_down_game();
    let mut table = g.deal(3);
    let p = table.find("1").unwrap();
    // Turn the top card face down over face-up ones... the top must be face up.
    table.flip_top(p).unwrap();
    let e = g.pack(&table).unwrap_err().to_string();
    assert!(
        e.contains("pile '1'") && e.contains("top card is face down"),
        "{e}"
    );
    // A face-down card above a face-up one.
    let mut table = g.deal(3);
    let p = table.find("9").unwrap();
    table.flip_top(p).unwrap();
    let q = table.find("8").unwrap();
    table.move_top_to_top(p, q).unwrap();
    let e = g.pack(&table).unwrap_err().to_string();
    assert!(
        e.contains("pile '8'") && e.contains("lies on a face-up card"),
        "{e}"
    );
}

#[test]
fn forced_moves_are_legal_foundation_moves() {
    let g = freecell();
    let cfg = SolveConfig {
        algorithm: Algorithm::BestFirst,
        limits: Limits::default(),
    };
    let sol = solve(&g, &g.deal(1), &cfg).unwrap();
    assert_eq!(sol.verdict, Verdict::Solved);
    let mut table = g.deal(1);
    let mut state = g.pack(&table).unwrap();
    let mut forced = 0;
    for mv in &sol.moves {
        if let Some(f) = g.forced(&state) {
            assert_eq!(f.mv.to, patience::games::tableau::Place::Home);
            let mut all = Vec::new();
            g.expand(&state, &mut all);
            assert!(
                all.iter().any(|s| s.mv == f.mv),
                "forced move not among the legal ones"
            );
            forced += 1;
        }
        let mut all = Vec::new();
        g.expand(&state, &mut all);
        let next = all
            .into_iter()
            .find(|s| s.mv == *mv)
            .expect("solution move is generated");
        table = replay(&g, &table, std::slice::from_ref(mv), |m| g.notation(m)).unwrap();
        state = next.state;
    }
    assert!(forced > 0);
    assert_eq!(g.referee_status(&table), Status::Won);
}

#[test]
fn keys_ignore_the_order_of_piles_and_cells_only() {
    let g = freecell();
    let t = g.deal(7);
    let s = g.pack(&t).unwrap();
    // Swap two piles on the board: same key.
    let mut swapped = t.clone();
    let (a, b) = (swapped.find("1").unwrap(), swapped.find("5").unwrap());
    let cards_a = swapped.piles[a].cards.clone();
    swapped.piles[a].cards = swapped.piles[b].cards.clone();
    swapped.piles[b].cards = cards_a;
    assert_eq!(g.key(&g.pack(&swapped).unwrap()), g.key(&s));
    // Move a card from one pile to another: a different key.
    let mut moved = t.clone();
    let c = moved.piles[a].cards.pop().unwrap();
    moved.piles[b].cards.push(c);
    assert_ne!(g.key(&g.pack(&moved).unwrap()), g.key(&s));
}

#[test]
fn microsoft_deal_11982_is_proven_unsolvable_and_a_tampered_win_is_rejected() {
    let g = freecell();
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits::default(),
    };
    assert_eq!(
        solve(&g, &g.deal(11982), &cfg).unwrap().verdict,
        Verdict::Unsolvable
    );
    let sol = solve(
        &g,
        &g.deal(3),
        &SolveConfig {
            algorithm: Algorithm::BestFirst,
            limits: Limits::default(),
        },
    )
    .unwrap();
    assert_eq!(sol.verdict, Verdict::Solved);
    let mut bad = sol.moves.clone();
    bad.remove(bad.len() / 2);
    assert!(verify(&g, &g.deal(3), &bad, Status::Won, |m| g.notation(m)).is_err());
}

#[test]
fn with_a_node_limit_the_verdict_is_unknown_never_unsolvable() {
    let g = freecell();
    let cfg = SolveConfig {
        algorithm: Algorithm::Dfs,
        limits: Limits {
            max_nodes: Some(1000),
            ..Limits::default()
        },
    };
    assert_eq!(
        solve(&g, &g.deal(11982), &cfg).unwrap().verdict,
        Verdict::Unknown
    );
}

#[test]
fn pysol_numbered_presets_lay_out_pysols_deals() {
    use patience::cards::Card;
    use patience::games::tableau::{pile_label, presets, pysol_layouts, STOCK};
    let mut checked = 0;
    for (i, rules) in presets().iter().enumerate() {
        let Some(name) = rules.pysol.as_deref() else {
            continue;
        };
        // Gypsy's two decks need the larger state.
        let one_deck = Tableau::<52, 80>::preset(i as u16);
        let two_decks = patience::games::tableau::TwoDecks::preset(i as u16);
        for n in [1, 617, 100_000] {
            let packed = if rules.decks == 2 {
                let t = two_decks
                    .pysol_deal(n)
                    .expect("numbered")
                    .expect("valid number");
                two_decks.pack(&t).map(|_| t)
            } else {
                let t = one_deck
                    .pysol_deal(n)
                    .expect("numbered")
                    .expect("valid number");
                one_deck.pack(&t).map(|_| t)
            };
            let t = packed.unwrap_or_else(|e| panic!("{} PySol deal {n}: {e}", rules.id));
            let want = pysol_layouts::layout(name, n).unwrap().unwrap();
            assert_eq!(want.piles.len(), rules.piles(), "{}", rules.id);
            for p in 0..want.piles.len() {
                assert_eq!(
                    t.piles[t.find(&pile_label(p)).unwrap()].cards,
                    want.dealt_pile(p),
                    "{} deal {n} pile {}",
                    rules.id,
                    p + 1
                );
            }
            // The stock's top card (its last) is the talon's first.
            let stock: Vec<Card> = t
                .find(STOCK)
                .map(|i| t.piles[i].cards.iter().rev().copied().collect())
                .unwrap_or_default();
            let talon: Vec<Card> = want.stock.iter().map(|c| c.face_down()).collect();
            assert_eq!(stock, talon, "{} deal {n} stock", rules.id);
        }
        checked += 1;
    }
    assert_eq!(checked, 19, "presets with PySol numbering");
}

#[test]
fn stats_with_pysol_numbering_plays_pysols_deals() {
    let bin = env!("CARGO_BIN_EXE_patience");
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let o = std::process::Command::new(bin)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let states = |json: &str| -> u64 {
        let key = "\"expanded\":";
        let at = json.find(key).unwrap() + key.len();
        json[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let pysol = states(&run(&["solve", "freecell", "--pysol", "100000", "--json"]));
    let microsoft = states(&run(&["solve", "freecell", "--deal", "100000", "--json"]));
    assert_ne!(
        pysol, microsoft,
        "the two numberings should give different deals here"
    );
    run(&[
        "stats",
        "freecell",
        "--pysol",
        "--deals",
        "100000..100000",
        "--csv",
        "p.csv",
    ]);
    let csv = std::fs::read_to_string(dir.path().join("p.csv")).unwrap();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(
        row[5].parse::<u64>().unwrap(),
        pysol,
        "stats --pysol must solve PySol's deal"
    );
    assert!(row.last().unwrap().contains("numbering=pysol"));
}

#[test]
fn engine_states_equal_the_packed_position_exactly() {
    // Not only the keys: the states themselves, so derived equality means same position.
    let g = freecell();
    let mut buf = Vec::new();
    for deal in [5, 6, 7] {
        let table = g.deal(deal);
        let mut state = g.pack(&table).unwrap();
        let mut t = table.clone();
        for _ in 0..40 {
            buf.clear();
            g.expand(&state, &mut buf);
            let Some(pick) = buf.iter().find(|s| s.mv.count > 1).or(buf.first()) else {
                break;
            };
            t = replay(&g, &t, std::slice::from_ref(&pick.mv), |m| g.notation(m)).unwrap();
            state = pick.state;
            assert_eq!(
                g.pack(&t).unwrap(),
                state,
                "deal {deal} after {}",
                g.notation(&pick.mv)
            );
        }
    }
}

/// The stock's moves are exactly the deal (stock to the piles) and the redeal (stock to the
/// stock): the referee refuses any other move naming the stock or "every pile", in a redeal
/// game (Cruel) and in a stock game (Spider) alike.
#[test]
fn the_referee_plays_the_stock_only_as_deal_or_redeal() {
    use patience::cards::Card;
    use patience::games::tableau::{pile_label, Move, Place, TwoDecks};
    // Count and card as the real redeal (every tableau card, the first pile's bottom card)
    // or deal (one card per pile, the stock's top) would name them, so only the places
    // can be wrong.
    fn refuses<const N: usize, const K: usize>(g: &Tableau<N, K>, id: &str, deal: bool) {
        let table = g.deal(1);
        let piles = (0..g.rules.piles()).map(|p| &table.piles[table.find(&pile_label(p)).unwrap()]);
        let (count, card) = if deal {
            let stock = &table.piles[table.find("stock").unwrap()];
            (g.rules.piles(), stock.top().unwrap().face_up())
        } else {
            let cards: Vec<Card> = piles.flat_map(|p| p.cards.iter().copied()).collect();
            (cards.len(), cards[0])
        };
        for (from, to) in [
            (Place::Piles, Place::Piles),
            (Place::Piles, Place::Stock),
            (Place::Stock, Place::Pile(0)),
            (Place::Pile(0), Place::Stock),
            (Place::Pile(0), Place::Piles),
        ] {
            let mv = Move {
                from,
                to,
                count: count as u8,
                card,
            };
            let mut t = table.clone();
            assert!(
                g.referee_apply(&mut t, &mv).is_err(),
                "{id}: {from:?} to {to:?} accepted"
            );
        }
    }
    let index = |id: &str| match id.parse::<GameId>().unwrap() {
        GameId::Tableau(i) => i,
        g => panic!("{g:?}"),
    };
    refuses(&Tableau::<52, 80>::preset(index("cruel")), "cruel", false);
    refuses(
        &TwoDecks::preset(index("spider-1suit")),
        "spider-1suit",
        true,
    );
}

/// The compound dive wins FreeCell deal 1, and its line replays in the verifier. (Here and
/// not beside the compound scans: the games do not depend on the referee.)
#[test]
fn compound_dive_wins_a_deal_with_a_line_the_referee_accepts() {
    let g = freecell();
    let table = g.deal(1);
    let s = g.pack(&table).expect("deal");
    let limits = Limits {
        max_nodes: Some(5_000),
        ..Default::default()
    };
    let r = g
        .compound_dive(&s, 0, &limits)
        .expect("FreeCell has compound moves");
    let solvers::Outcome::Solved(line) = r.outcome else {
        panic!("deal 1 not won: {:?}", r.outcome);
    };
    verify(&g, &table, &line, Status::Won, |m| g.notation(m)).expect("the line replays");
}
