//! Every game of the registry ([`GameId::all`]: the own-rules games, then the embedded
//! presets of the tableau engine), the same few checks: it deals, its deal packs, it solves
//! a known deal (tests/data/known_deals.csv) or, where it has none, a small search ends
//! with any verdict and a win replays on the referee; a game without choices plays through
//! from the command line; and the command line refuses a bad board with exit status 2 and
//! one error line.

use crate::common;

use common::{data_dir, patience_in};
use patience::games::{Family, Game, GameId};
use patience::study::{self, SolveConfig, Verdict};
use patience::verify::{verify, Referee, Status};

/// States a search may take where the game has no known deal: enough to win some deals of
/// most games, small enough for every game to stay within a fraction of a second.
const SMALL: u64 = 2_000;

/// The first row of tests/data/known_deals.csv for `game`: (deal, verdict, moves).
fn known_deal(game: &str) -> Option<(u64, String, u64)> {
    let text = std::fs::read_to_string(data_dir().join("known_deals.csv")).expect("known deals");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|c| c[0] == game)
        .map(|c| {
            let deal = c[1].parse().expect("deal");
            (deal, c[2].to_string(), c[3].parse().expect("moves"))
        })
}

/// Deals deal 1 and checks that it packs; solves the game's known deal with its default
/// search and no limit (the verdict and line length of the file), or deal 1 within
/// [`SMALL`] states; replays a win (and a proven loss's line) on the referee.
fn deals_packs_and_solves<G: Game + Referee>(g: &G) {
    let id = g.id().to_string();
    let table = g.deal(1);
    g.pack(&table)
        .unwrap_or_else(|e| panic!("{id}: deal 1 does not pack: {e}"));
    let (deal, want, cfg) = match known_deal(&id) {
        Some((deal, verdict, moves)) => (deal, Some((verdict, moves)), SolveConfig::default()),
        None => {
            let mut cfg = SolveConfig::default();
            cfg.limits.max_nodes = Some(SMALL);
            (1, None, cfg)
        }
    };
    let cfg = SolveConfig {
        algorithm: study::default_algorithm(g.id()),
        ..cfg
    };
    let table = g.deal(deal);
    let sol = study::solve(g, &table, &cfg).unwrap_or_else(|e| panic!("{id}: {e}"));
    if let Some((verdict, moves)) = &want {
        assert_eq!(sol.verdict.word(), verdict, "{id} deal {deal}: verdict");
        assert_eq!(
            sol.moves.len() as u64,
            *moves,
            "{id} deal {deal}: line length"
        );
    }
    let notation = |m: &G::Move| g.notation(m);
    match sol.verdict {
        Verdict::Won | Verdict::Solved => {
            verify(g, &table, &sol.moves, Status::Won, notation)
                .unwrap_or_else(|e| panic!("{id} deal {deal}: the win does not replay: {e}"));
        }
        Verdict::Lost => {
            verify(g, &table, &sol.moves, Status::Lost, notation)
                .unwrap_or_else(|e| panic!("{id} deal {deal}: the loss does not replay: {e}"));
        }
        Verdict::Unsolvable => assert!(sol.moves.is_empty(), "{id}"),
        Verdict::Unknown => assert!(
            want.is_none(),
            "{id} deal {deal}: no limit was set, yet the verdict is unknown"
        ),
    }
}

/// Deal 1's board with one card written as another (the first card on the board, which the
/// deck does not hold twice more): a duplicate, and a missing card.
fn bad_board(text: &str) -> String {
    let card = |t: &str| t.trim_start_matches('#').to_string();
    let tokens: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with(';'))
        .flat_map(|(i, l)| {
            l.split_once(':')
                .map_or("", |(_, cards)| cards)
                .split_whitespace()
                .map(move |t| (i, t))
        })
        .collect();
    let first = card(tokens.first().expect("a card on the board").1);
    let &(line, other) = tokens
        .iter()
        .rev()
        .find(|(_, t)| card(t) != first)
        .expect("two different cards on the board");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = lines[line].rfind(other).expect("the token is on its line");
    let face = if other.starts_with('#') { "#" } else { "" };
    lines[line].replace_range(at..at + other.len(), &format!("{face}{first}"));
    lines.join("\n") + "\n"
}

#[test]
fn every_game_deals_packs_solves_and_refuses_a_bad_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Rules files other tests load at run time (`--rules`) join the list in this process;
    // they are not games of the catalogue, and the CLI started here does not know them.
    let games: Vec<GameId> = GameId::all()
        .into_iter()
        .filter(|id| id.family() != Family::Loaded)
        .collect();
    assert!(
        games.len() > GameId::ALL.len(),
        "the presets are listed too"
    );
    for id in games {
        patience::with_game!(id, g => deals_packs_and_solves(g));
        let name = id.to_string();
        let text = patience::with_game!(id, g => g.deal(1).to_text());
        let file = format!("{name}.txt");
        std::fs::write(dir.path().join(&file), bad_board(&text)).expect("write the board");
        let line = patience_in(dir.path(), &["solve", &name, "--board", &file]).one_line_error();
        assert!(
            line.contains("duplicate") || line.contains("missing"),
            "{name}: {line}"
        );
        if id.info().deterministic {
            // No choices: the game plays itself through to its end.
            let out = patience_in(dir.path(), &["play", &name, "--deal", "1"]).ok();
            assert!(!out.trim().is_empty(), "{name}: play printed nothing");
        }
    }
}
