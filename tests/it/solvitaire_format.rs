//! Solvitaire's JSON deals (`games/tableau/solvitaire.rs`): every preset's deals written and
//! read back, a deal written by hand in Solvitaire's style, the errors, and the command line
//! (`deal --solvitaire`, `--board FILE.json`). Solvitaire itself is not needed:
//! benches/vs-solvitaire.py --check-layout checks what it reads.

use crate::common;

use common::{arg, json, patience, patience_in, patience_stdin};
use patience::cards::{parse_card, Card};
use patience::games::tableau::{presets, solvitaire, Move, Tableau, TwoDecks};
use patience::games::{BoardError, Game, GameId};
use patience::piles::Table;
use patience::verify::Referee;
use solvers::Space;

fn game(id: &str) -> Tableau {
    match id.parse::<GameId>().unwrap() {
        GameId::Tableau(i) => Tableau::<52, 80>::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

fn two_decks(id: &str) -> TwoDecks {
    match id.parse::<GameId>().unwrap() {
        GameId::Tableau(i) => TwoDecks::preset(i),
        g => panic!("{id} is {g:?}"),
    }
}

fn card(s: &str) -> Card {
    parse_card(s).unwrap()
}

/// The error of reading `text` as a Solvitaire deal of `g`.
fn read_error<G: Game>(g: &G, text: &str) -> String {
    match g.read_solvitaire(text).expect("a tableau game") {
        Ok(_) => panic!("read without error: {text}"),
        Err(e) => e.to_string(),
    }
}

/// The presets whose deals the format must hold (the rest put cards in free cells).
const WRITTEN: [&str; 18] = [
    "canfield",
    "kansas",
    "eagle-wing",
    "agnes",
    "freecell",
    "bakers-game",
    "king-albert",
    "king-albert-classic",
    "beleaguered-castle",
    "bakers-dozen",
    "cruel",
    "chessboard",
    "spider-1suit",
    "spider-4suits",
    "spider-3decks",
    "spiderette-solvitaire",
    "scorpion",
    "mogelpat-hard",
];

#[test]
fn every_preset_deal_round_trips_or_is_refused_for_its_cells() {
    let mut written = Vec::new();
    for (i, rules) in presets().iter().enumerate() {
        let id = GameId::Tableau(i as u16);
        for n in 1..=3u64 {
            patience::with_game!(id, g => {
                let t = g.deal(n);
                match g.solvitaire_board(&t).expect("a tableau game") {
                    Ok(text) => {
                        let back = g
                            .read_solvitaire(&text)
                            .unwrap()
                            .unwrap_or_else(|e| panic!("{} deal {n}: {e}\n{text}", rules.id));
                        // The same board file, and the same position.
                        assert_eq!(back, Table::parse(&t.to_text()).unwrap(), "{} deal {n}", rules.id);
                        assert_eq!(g.pack(&back).unwrap(), g.pack(&t).unwrap(), "{} deal {n}", rules.id);
                        assert_eq!(g.solvitaire_board(&back).unwrap().unwrap(), text);
                        assert!(solvitaire::looks_like_json(&text));
                        if n == 1 {
                            written.push(rules.id.clone());
                        }
                    }
                    Err(e) if !rules.reserve.piles.is_empty() => {
                        // Several reserve stacks (Backbone's, with a card lying across them,
                        // or random rules' registered by other tests): refused. One stack
                        // is Solvitaire's stacked reserve.
                        assert!(rules.reserve.piles.len() > 1 || rules.reserve.cover > 0, "{e}");
                        let why = if rules.reserve.cover > 0 {
                            "lying across them"
                        } else {
                            "stacks"
                        };
                        assert!(e.to_string().contains(why), "{e}");
                    }
                    Err(e) if rules.tableau.aces_home && rules.decks == 2 => {
                        // Lucas: an Ace on each of a suit's two foundations.
                        assert!(e.to_string().contains("second foundation"), "{e}");
                    }
                    Err(e) => {
                        assert!(
                            rules.cells.dealt > 0 && rules.cells.accept,
                            "{} deal {n} refused: {e}",
                            rules.id
                        );
                        assert!(e.to_string().contains("no free cells"), "{e}");
                    }
                }
            });
        }
    }
    for id in WRITTEN {
        assert!(
            written.iter().any(|w| w == id),
            "{id} not written: {written:?}"
        );
    }
    // Eight Off deals cards into its cells: refused.
    assert!(!written.iter().any(|w| w == "eight-off"));
}

/// Spiderette (Solvitaire's rules) deal 1, written by hand in Solvitaire's style: ranks in
/// either case, `1` for an Ace, lower-case suit letters for the cards dealt face down.
const SPIDERETTE_1: &str = r#"{
  "tableau piles": [
    ["8S"],
    ["10h", "5C"],
    ["3s","2c","kH"],
    ["4h","4s","Ks","6C"],
    ["Jc","4d","7h","2s","5S"],
    ["9c","10d","1s","8c","Kc","JD"],
    ["3h","Kd","2h","7c","9s","Qs","JS"]
  ],
  "stock": [
    "8D","10C","5D","9H","9D","6S","QD","7D","10S","QC","6D","AD",
    "4C","3D","QH","6H","8H","5H","3C","2D","7S","ac","AH","JH"
  ]
}"#;

/// The same layout as our board text.
const SPIDERETTE_1_BOARD: &str = "\
stock (stacked): #8D #TC #5D #9H #9D #6S #QD #7D #TS #QC #6D #AD #4C #3D #QH #6H #8H #5H #3C #2D #7S #AC #AH #JH
1 (spread): 8S
2 (spread): #TH 5C
3 (spread): #3S #2C KH
4 (spread): #4H #4S #KS 6C
5 (spread): #JC #4D #7H #2S 5S
6 (spread): #9C #TD #AS #8C #KC JD
7 (spread): #3H #KD #2H #7C #9S #QS JS
clubs (stacked):
diamonds (stacked):
hearts (stacked):
spades (stacked):
";

#[test]
fn a_deal_in_solvitaires_style_reads_as_written() {
    let g = game("spiderette-solvitaire");
    let t = g.read_solvitaire(SPIDERETTE_1).unwrap().unwrap();
    assert_eq!(t, Table::parse(SPIDERETTE_1_BOARD).unwrap());
    assert_eq!(g.pack(&t).unwrap(), g.pack(&g.deal(1)).unwrap());

    // The stock's last card is dealt first, onto pile 1; the next onto pile 2.
    let s = g.pack(&t).unwrap();
    let mut next = Vec::new();
    g.expand(&s, &mut next);
    let deal = next
        .iter()
        .map(|n| n.mv)
        .find(Move::is_deal)
        .expect("the stock deals");
    let mut after = t.clone();
    g.referee_apply(&mut after, &deal).unwrap();
    let top = |label: &str| after.piles[after.find(label).unwrap()].top().unwrap();
    assert_eq!(top("1"), card("JH"));
    assert_eq!(top("2"), card("AH"));
    assert_eq!(top("7"), card("5H"));

    // In a game dealt face up, the case of a suit letter means nothing (as in Solvitaire).
    let fc = game("freecell");
    let text = fc.solvitaire_board(&fc.deal(24)).unwrap().unwrap();
    let lower = text.replace("4C\"", "4c\"").replace("\"QS", "\"qs");
    assert_ne!(lower, text);
    assert_eq!(
        fc.read_solvitaire(&lower).unwrap().unwrap(),
        fc.read_solvitaire(&text).unwrap().unwrap()
    );
}

#[test]
fn king_alberts_cells_are_solvitaires_reserve() {
    let g = game("king-albert");
    let text = g.solvitaire_board(&g.deal(2)).unwrap().unwrap();
    assert!(
        text.contains(r#""reserve": ["AH","3D","8H","6H","5C","4S","KH"]"#),
        "{text}"
    );
    assert!(
        text.contains(r#"["10h","6d","Qc","9h","6s","Jc","Kc","7c","JD"]"#),
        "{text}"
    );
    // Played-out reserve places are left out (they are interchangeable), and read back
    // into the first cells.
    let mut t = g.deal(2);
    let b = t.find("b").unwrap();
    let d3 = t.piles[b].cards.pop().unwrap();
    let p9 = t.find("9").unwrap();
    t.piles[p9].cards.push(d3);
    let text = g.solvitaire_board(&t).unwrap().unwrap();
    assert!(
        text.contains(r#""reserve": ["AH","8H","6H","5C","4S","KH"]"#),
        "{text}"
    );
    let back = g.read_solvitaire(&text).unwrap().unwrap();
    assert_eq!(back.piles[back.find("b").unwrap()].cards, vec![card("8H")]);
    assert!(back.piles[back.find("g").unwrap()].cards.is_empty());
    let e = read_error(&g, &text.replace(r#""AH","8H""#, r#""AH","3D","8H""#));
    assert!(e.contains("duplicate card 3D"), "{e}");
}

#[test]
fn canfields_reserve_is_solvitaires_stacked_reserve() {
    // As Solvitaire's own Canfield deals have it: one list, bottom card first, every card
    // named face up (Solvitaire sees them); read back face down under the top one, as dealt.
    let g = game("canfield");
    let t = g.deal(3);
    let text = g.solvitaire_board(&t).unwrap().unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let reserve: Vec<&str> = v["reserve"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let stack = &t.piles[t.find("reserve1").unwrap()].cards;
    assert_eq!(reserve.len(), 13);
    assert_eq!(reserve[0], "8C");
    assert_eq!(reserve[12], "10H");
    assert!(stack[..12].iter().all(|c| c.is_face_down()) && !stack[12].is_face_down());
    let back = g.read_solvitaire(&text).unwrap().unwrap();
    assert_eq!(&back.piles[back.find("reserve1").unwrap()].cards, stack);
    assert_eq!(v["foundations"], serde_json::json!(["6D"]));
    // Solvitaire's own test deal (src/test/resources/canfield) has the same keys; a deal
    // whose reserve repeats a card is named.
    let e = read_error(&g, &text.replace(r#""8C","#, r#""8C","8C","#));
    assert!(e.contains("8C"), "{e}");
}

#[test]
fn foundation_cards_are_all_listed() {
    let g = game("bakers-game");
    let mut t = Table::parse(&g.deal(5).to_text()).unwrap();
    // Send the four Aces and the Two of clubs home wherever they lie.
    for (c, home) in [
        ("AC", "clubs"),
        ("2C", "clubs"),
        ("AD", "diamonds"),
        ("AH", "hearts"),
        ("AS", "spades"),
    ] {
        let c = card(c);
        let from = t.piles.iter().position(|p| p.cards.contains(&c)).unwrap();
        t.piles[from].cards.retain(|&x| x != c);
        let to = t.find(home).unwrap();
        t.piles[to].cards.push(c);
    }
    let text = g.solvitaire_board(&t).unwrap().unwrap();
    assert!(
        text.contains(r#""foundations": ["AC","2C","AD","AH","AS"]"#),
        "{text}"
    );
    assert_eq!(g.read_solvitaire(&text).unwrap().unwrap(), t);
    // Listed in another order, each card still goes onto its suit.
    let shuffled = text.replace(
        r#"["AC","2C","AD","AH","AS"]"#,
        r#"["AS","AC","AH","2C","AD"]"#,
    );
    assert_eq!(g.read_solvitaire(&shuffled).unwrap().unwrap(), t);
    // A foundation out of order is read as written, and refused as a position.
    let wrong = text.replace(
        r#"["AC","2C","AD","AH","AS"]"#,
        r#"["2C","AC","AD","AH","AS"]"#,
    );
    let back = g.read_solvitaire(&wrong).unwrap().unwrap();
    assert!(g
        .pack(&back)
        .unwrap_err()
        .to_string()
        .contains("foundation 'clubs'"));
}

#[test]
fn a_spider_run_home_is_written_king_first_and_two_are_refused() {
    let g = two_decks("spider-1suit");
    let mut t = Table::parse(&g.deal(1).to_text()).unwrap();
    let home = t.find("spades").unwrap();
    for _ in 0..2 {
        for r in [
            "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS",
        ] {
            let c = card(r);
            let from = (0..t.piles.len())
                .find(|&i| i != home && t.piles[i].cards.iter().any(|x| x.face_up() == c))
                .unwrap();
            let at = t.piles[from]
                .cards
                .iter()
                .position(|x| x.face_up() == c)
                .unwrap();
            t.piles[from].cards.remove(at);
            t.piles[home].cards.push(c);
        }
        if t.piles[home].height() == 13 {
            let text = g.solvitaire_board(&t).unwrap().unwrap();
            assert!(
                text.contains(r#""foundations": ["KS","QS","JS","10S","9S","8S","7S","6S","5S","4S","3S","2S","AS"]"#),
                "{text}"
            );
            assert_eq!(g.read_solvitaire(&text).unwrap().unwrap(), t);
        }
    }
    let e = g.solvitaire_board(&t).unwrap().unwrap_err().to_string();
    assert!(e.contains("foundation 'spades' holds 26 cards"), "{e}");
    let mut runs: Vec<String> = [
        "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS",
    ]
    .iter()
    .map(|c| format!("\"{c}\""))
    .collect();
    runs.extend(runs.clone());
    let text = format!(
        "{{\"tableau piles\": [{}], \"foundations\": [{}]}}",
        ["[]"; 10].join(","),
        runs.join(",")
    );
    let e = read_error(&g, &text);
    assert!(e.contains("more than 13 spades"), "{e}");
}

#[test]
fn malformed_deals_are_named() {
    let g = game("freecell");
    let good = g.solvitaire_board(&g.deal(24)).unwrap().unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("{\"tableau piles\": [".into(), "not JSON"),
        ("{\"tableau piles\": [[]]} trailing".into(), "not JSON"),
        ("[1, 2]".into(), "expected a JSON object"),
        ("{}".into(), "no \"tableau piles\""),
        (
            "{\"tableau piles\": 3}".into(),
            "expected an array of piles",
        ),
        (
            "{\"tableau piles\": [[], []]}".into(),
            "freecell has 8 tableau piles, the deal has 2",
        ),
        (
            good.replacen("\"QD\"", "\"TD\"", 1),
            "tableau pile 2, card 7: unknown card \"TD\"",
        ),
        (good.replacen("\"QD\"", "\"0D\"", 1), "unknown card \"0D\""),
        (
            good.replacen("\"QD\"", "12", 1),
            "tableau pile 2, card 7: expected a card",
        ),
        (
            good.replacen(r#"["5H","QH","3C","AC","3H","4H","QD"]"#, "7", 1),
            "tableau pile 2: expected an array of cards",
        ),
        (good.replacen("\"QD\"", "\"QC\"", 1), "duplicate card QC"),
        (good.replacen(",\"QD\"", "", 1), "missing card QD"),
        (
            good.replacen("{", "{\"cells\": [\"QD\"],", 1),
            "\"cells\" is not in Solvitaire's deal schema",
        ),
        (
            good.replacen("{", "{\"stock\": [],", 1),
            "freecell has no stock",
        ),
        (
            good.replacen("{", "{\"hole\": \"AS\",", 1),
            "freecell has no hole",
        ),
        (
            good.replacen("{", "{\"tableau\": [],", 1),
            "unknown key \"tableau\"",
        ),
        (
            good.replacen("{", "{\"foundations\": \"AS\",", 1),
            "foundations: expected an array of cards",
        ),
    ];
    for (text, want) in cases {
        let e = read_error(&g, &text);
        assert!(e.contains(want), "{want:?} not in {e:?}");
    }
    // Every error of the format itself says it is about a Solvitaire deal.
    assert!(read_error(&g, "{}").starts_with("Solvitaire deal: "));

    // A suit the game's deck lacks, a reserve too long, foundations a game has none of.
    let spider = two_decks("spider-1suit");
    let text = spider.solvitaire_board(&spider.deal(1)).unwrap().unwrap();
    let e = read_error(&spider, &text.replacen("S\"", "H\"", 1));
    assert!(e.contains("not in this game's deck"), "{e}");
    let ka = game("king-albert");
    let text = ka.solvitaire_board(&ka.deal(2)).unwrap().unwrap();
    let e = read_error(&ka, &text.replace("\"KH\"]", "\"KH\",\"KS\"]"));
    assert!(
        e.contains("king-albert's reserve has 7 places, the deal gives it 8 cards"),
        "{e}"
    );
    let scorpion = game("scorpion");
    let text = scorpion
        .solvitaire_board(&scorpion.deal(1))
        .unwrap()
        .unwrap();
    let e = read_error(
        &scorpion,
        &text.replacen("{", "{\"foundations\": [\"AS\"],", 1),
    );
    assert!(e.contains("scorpion has no foundations"), "{e}");
    assert!(scorpion.read_solvitaire(&text).unwrap().is_ok());
}

#[test]
fn positions_the_format_cannot_hold_are_refused() {
    let err = |g: &Tableau, t: &Table| match g.solvitaire_board(t).unwrap() {
        Ok(text) => panic!("written: {text}"),
        Err(BoardError::Solvitaire(e)) => e,
        Err(e) => panic!("another error: {e}"),
    };
    // Cards in free cells.
    let fc = game("freecell");
    let mut t = fc.deal(1);
    let p = t.find("1").unwrap();
    let c = t.piles[p].cards.pop().unwrap();
    let a = t.find("a").unwrap();
    t.piles[a].cards.push(c);
    assert!(err(&fc, &t).contains("cell 'a' holds a card"));
    // A counter (here on a game that keeps none: the format has none at all).
    let mut t = fc.deal(1);
    t.set_counter("redeals", 1);
    assert!(err(&fc, &t).contains("redeals = 1"));
    // A face-down card where Solvitaire reads every card face up.
    let mut t = fc.deal(1);
    let p = t.find("3").unwrap();
    t.piles[p].cards[0] = t.piles[p].cards[0].face_down();
    assert!(err(&fc, &t).contains("lies face down"));
    // A pile the game does not have.
    let mut t = fc.deal(1);
    let p = t.find("8").unwrap();
    let c = t.piles[p].cards.pop().unwrap();
    let w = t
        .create_empty("waste", patience::piles::Mode::Stacked)
        .unwrap();
    t.piles[w].cards.push(c);
    assert!(err(&fc, &t).contains("no place for pile 'waste'"));
}

#[test]
fn cli_deal_solvitaire_and_json_boards() {
    let dir = tempfile::tempdir().unwrap();
    let text = patience(&["deal", "freecell", "--deal", "24", "--solvitaire"]).ok();
    let v = json(&text);
    assert_eq!(v["tableau piles"].as_array().unwrap().len(), 8);
    assert_eq!(v["tableau piles"][0][0], "4C");
    std::fs::write(dir.path().join("fc24.json"), &text).unwrap();
    let solved = patience_in(
        dir.path(),
        &["solve", "freecell", "--board", "fc24.json", "--json"],
    )
    .ok();
    assert_eq!(json(&solved)["verdict"], "solved");
    // From standard input too, and the same first move as from the deal.
    let hint = patience_stdin(&["hint", "freecell", "--board", "-", "--json"], &text).ok();
    let from_deal = patience(&["hint", "freecell", "--deal", "24", "--json"]).ok();
    assert_eq!(json(&hint)["hint"], json(&from_deal)["hint"]);

    // A spider deal with face-down cards and a stock.
    let text = patience(&[
        "deal",
        "spiderette-solvitaire",
        "--deal",
        "1",
        "--solvitaire",
    ])
    .ok();
    assert_eq!(
        json(&text),
        json(
            SPIDERETTE_1
                .replace("kH", "KH")
                .replace("1s", "As")
                .replace("ac", "AC")
                .as_str()
        )
    );
    let p = dir.path().join("s1.json");
    std::fs::write(&p, SPIDERETTE_1).unwrap();
    patience(&[
        "solve",
        "spiderette-solvitaire",
        "--board",
        arg(&p),
        "--max-nodes",
        "2000",
    ])
    .ok();

    // Errors: one line, status 2, naming the file and the place.
    let bad = SPIDERETTE_1.replace("\"JD\"", "\"JX\"");
    std::fs::write(dir.path().join("bad.json"), bad).unwrap();
    let e = patience_in(
        dir.path(),
        &["solve", "spiderette-solvitaire", "--board", "bad.json"],
    )
    .one_line_error();
    assert!(
        e.contains("'bad.json'") && e.contains("tableau pile 6, card 6") && e.contains("\"JX\""),
        "{e}"
    );
    let e = patience(&["deal", "eight-off", "--deal", "1", "--solvitaire"]).one_line_error();
    assert!(
        e.contains("eight-off, deal 1") && e.contains("no free cells"),
        "{e}"
    );
    // Backbone: its reserve's two stacks and the card lying across them.
    let e = patience(&["deal", "backbone", "--deal", "1", "--solvitaire"]).one_line_error();
    assert!(
        e.contains("backbone, deal 1") && e.contains("lying across them"),
        "{e}"
    );
    let e =
        patience_in(dir.path(), &["solve", "backbone", "--board", "fc24.json"]).one_line_error();
    assert!(e.contains("lying across them"), "{e}");
    let e = patience(&["deal", "md", "--deal", "1", "--solvitaire"]).one_line_error();
    assert!(e.contains("md has no Solvitaire deal format"), "{e}");
    let e = patience_in(dir.path(), &["solve", "md", "--board", "fc24.json"]).one_line_error();
    assert!(
        e.contains("'fc24.json'") && e.contains("md has no Solvitaire deal format"),
        "{e}"
    );
    // A JSON board of the wrong game: its piles do not fit.
    let e = patience_in(
        dir.path(),
        &["solve", "bakers-dozen", "--board", "fc24.json"],
    )
    .one_line_error();
    assert!(
        e.contains("bakers-dozen has 13 tableau piles, the deal has 8"),
        "{e}"
    );
}
