//! patience: a solver and research workbench for patience (solitaire) card games.
//!
//! Three levels, as in the French course: [`cards`] and [`piles`] (cards, decks, the reference
//! pile model) and [`deals`] (portable shuffles); [`games`] (each game's rules, a packed
//! engine state and its moves); and [`study`] (solving, hints, batch statistics and
//! datasets). [`verify`] replays every solution on the reference piles before it is shown.
//!
//! # Solving a deal from Rust
//!
//! A game is a value: a preset of the tableau engine (FreeCell, Spider, Forty Thieves and
//! their relatives, by catalogue id) or an own-rules game ([`games::md::Md`], ...). Deal it,
//! solve it with [`study::solve`], and read the verdict and the verified line:
//!
//! ```
//! use patience::games::tableau::Tableau;
//! use patience::games::{Game, GameId};
//! use patience::study::{self, Algorithm, SolveConfig, Verdict};
//! use solvers::Limits;
//!
//! let GameId::Tableau(index) = "freecell".parse::<GameId>().unwrap() else {
//!     panic!("FreeCell is a preset of the tableau engine")
//! };
//! let freecell: Tableau = Tableau::preset(index);
//! let deal = freecell.deal(1); // Microsoft deal 1
//! let cfg = SolveConfig {
//!     algorithm: Algorithm::Portfolio,
//!     limits: Limits::none().with_nodes(100_000),
//! };
//! let solution = study::solve(&freecell, &deal, &cfg).unwrap();
//! assert_eq!(solution.verdict, Verdict::Solved); // replayed by the referee already
//! let hint = freecell.notation(&solution.hint().unwrap());
//! assert!(!hint.is_empty());
//! ```
//!
//! # Your own heuristic beside the game's
//!
//! [`study::bench`] runs a matrix of searches × heuristics, as `patience bench` does; a
//! heuristic of your own is a function of the game and a state ([`study::bench::Heuristic::new`]),
//! and the searches see it through [`solvers::Scored`], so no fork is needed. Here the game's
//! admissible estimate doubled, against the game's own `h` and `guide`, with greedy
//! best-first search on Montée-Descente deals 1 to 5:
//!
//! ```
//! use patience::games::md::Md;
//! use patience::games::Game;
//! use patience::study::bench::{self, Heuristic};
//! use patience::study::Algorithm;
//! use solvers::{Limits, Space};
//!
//! let mut heuristics = bench::heuristics(&Md); // h, guide, blind
//! heuristics.push(Heuristic::new("double-h", false, |game: &Md, state| {
//!     2 * game.heuristic(state)
//! }));
//! let configs = bench::matrix(&[Algorithm::BestFirst], &heuristics);
//! let limits = Limits::none().with_nodes(200_000);
//! let mut records = Vec::new();
//! for deal in 1..=5 {
//!     records.extend(bench::run_deal(&Md, deal, &configs, &heuristics, &limits).unwrap());
//! }
//! let rows = bench::table(&records, &configs, &limits);
//! println!("{}", bench::render(&rows)); // the table `patience bench` prints
//! let names: Vec<String> = rows.iter().map(|r| r.config.to_string()).collect();
//! assert_eq!(names, ["best-first/h", "best-first/guide", "best-first/double-h"]);
//! assert!(rows.iter().all(|r| r.deals == 5 && r.wrong == 0));
//! ```

#![warn(missing_docs)]

pub mod cards;
pub mod deals;
pub mod games;
pub mod piles;
pub mod study;
pub mod verify;
