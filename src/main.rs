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
            eprintln!("patience: error: {}", one_line(&e));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes on one line, leaving out a cause whose text the message already
/// holds (typed errors often print their source themselves).
fn one_line(e: &anyhow::Error) -> String {
    let mut msg = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if msg.contains(&text) {
            continue;
        }
        if !msg.is_empty() {
            msg.push_str(": ");
        }
        msg.push_str(&text);
    }
    msg.replace('\n', " ")
}
