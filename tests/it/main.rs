//! The integration tests: one test binary, a module per area, so that a change relinks the
//! crate into one binary rather than one per file.

mod common;

mod bench_corpus;
mod camelot;
mod cli;
mod compacting;
mod deal_numbers;
mod differential;
mod every_game;
mod freecell_dataset;
mod fuzz_corpus;
mod gaps;
mod grosse_napoleon;
mod interrupt;
mod klondike_datasets;
mod known_deals;
mod maze;
mod onto_waste;
mod pairing;
mod presets;
mod pysol_layouts;
mod readme_examples;
mod repository;
mod rounds;
mod runs_home;
mod solvitaire_format;
mod soundness;
mod tableau_engine;
mod tableau_features;
