//! Ctrl-C during `stats`: the run stops cleanly, keeps every finished record, and
//! `--resume` finishes the range without duplicates.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `stats md` over a range far too long to finish, writing its dataset to `out` (and `more`
/// arguments), interrupted with SIGINT once some records are on disk (the header alone is
/// under 100 bytes).
fn interrupted_stats(out: &std::path::Path, more: &[&std::ffi::OsStr]) -> std::process::Output {
    let child = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args([
            "stats",
            "md",
            "--deals",
            "1..2000000",
            "--threads",
            "2",
            "--out",
        ])
        .arg(out)
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(out).map(|m| m.len()).unwrap_or(0) < 2_000 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no records written"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: sending SIGINT to our own child process.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_keeps_finished_records_and_resume_completes_the_range() {
    let bin = env!("CARGO_BIN_EXE_patience");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("md.bin");
    let result = interrupted_stats(&out, &[]);
    assert!(
        result.status.success(),
        "interrupted run failed: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");

    let export = |path: &std::path::Path| {
        let o = Command::new(bin)
            .args(["dataset", "export"])
            .arg(path)
            .args(["--format", "csv"])
            .output()
            .unwrap();
        assert!(o.status.success());
        String::from_utf8(o.stdout).unwrap()
    };
    let kept = export(&out);
    let kept_deals: Vec<u64> = kept
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(!kept_deals.is_empty());
    assert!(kept_deals.len() < 2_000_000);
    // Every kept record is a finished deal: decided, numbered once.
    let mut sorted = kept_deals.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), kept_deals.len(), "duplicate records");
    assert!(
        kept.lines().skip(1).all(|l| !l.contains(",unknown,")),
        "a cancelled deal was stored"
    );

    // Resume over a smaller range that includes the kept deals and more.
    let last = kept_deals.iter().max().unwrap() + 50;
    let o = Command::new(bin)
        .args(["stats", "md", "--deals", &format!("1..{last}"), "--out"])
        .arg(&out)
        .arg("--resume")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let all = export(&out);
    let mut deals: Vec<u64> = all
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse().unwrap())
        .collect();
    deals.sort_unstable();
    let expected: Vec<u64> = (1..=last).collect();
    assert_eq!(
        deals, expected,
        "resume must complete the range exactly once"
    );
}

/// Ctrl-C with `--csv`: the CSV keeps the deals finished before the stop (the same ones
/// the dataset of the same run keeps), none twice and none cancelled, and says so.
#[test]
fn ctrl_c_keeps_the_finished_deals_in_the_csv() {
    let dir = tempfile::tempdir().unwrap();
    let (out, csv) = (dir.path().join("md.bin"), dir.path().join("md.csv"));
    let result = interrupted_stats(&out, &["--csv".as_ref(), csv.as_os_str()]);
    assert!(result.status.success());
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("holds only the"), "{stderr}");
    let text = std::fs::read_to_string(&csv).expect("the CSV is kept");
    let deals: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().parse().unwrap())
        .collect();
    assert!(!deals.is_empty() && deals.len() < 2_000_000);
    assert!(deals.windows(2).all(|w| w[0] < w[1]), "sorted, none twice");
    assert!(!text.contains(",unknown,"), "a cancelled deal was written");
    let o = Command::new(env!("CARGO_BIN_EXE_patience"))
        .args(["dataset", "export"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), text);
}
