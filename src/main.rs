//! The `patience` command line.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`| head`) would panic; the
    // default action ends the process quietly, as command-line tools are expected to.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("patience: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
