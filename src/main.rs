//! The `patience` command line.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("patience: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
