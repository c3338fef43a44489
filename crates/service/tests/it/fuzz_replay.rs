//! The fuzz targets' inputs replayed as ordinary tests, on the stable toolchain: the hand-written
//! seeds (`fuzz/seeds/<target>/`, in git, crashes found and fixed among them) and, where the
//! fuzzer has run on this machine, the corpus it grew (`fuzz/corpus/<target>/`, not in git). Each
//! input goes through the same function the target calls (`agora_fuzzcheck`), so a crash that
//! comes back fails the test run, naming the input.
//!
//! Not fuzzing: nothing new is tried here. Finding new inputs is `cargo +nightly fuzz run`'s work
//! (`fuzz/README.md`).

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// The fuzz workspace, beside the crates.
fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of a directory in name order; none when it does not exist.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs every seed and corpus input of `target` through `check`, and fails naming each input that
/// panicked, with its message.
fn replay(target: &str, check: fn(&[u8])) {
    let fuzz = fuzz_dir();
    let seeds = inputs(&fuzz.join("seeds").join(target));
    assert!(!seeds.is_empty(), "fuzz/seeds/{target}/ holds no seeds");
    let corpus = inputs(&fuzz.join("corpus").join(target));
    let mut failures = Vec::new();
    for path in seeds.iter().chain(&corpus) {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("(a panic without a message)");
            let name = path.strip_prefix(&fuzz).unwrap_or(path);
            failures.push(format!("fuzz/{}: {message}", name.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} inputs of target {target} panic:\n{}",
        failures.len(),
        seeds.len() + corpus.len(),
        failures.join("\n")
    );
}

/// One test per target, and the list the test below holds against the fuzz workspace.
macro_rules! targets {
    ($($target:ident),* $(,)?) => {
        const TARGETS: &[&str] = &[$(stringify!($target)),*];
        $(
            #[test]
            fn $target() {
                replay(stringify!($target), agora_fuzzcheck::$target);
            }
        )*
    };
}

targets!(
    mail_parse,
    command,
    agon_notation,
    agros_notation,
    agon_position,
    agros_position,
    record,
    clean_name,
);

/// Every target in `fuzz/fuzz_targets/` has seeds and is replayed above, and every seed folder
/// belongs to a target.
#[test]
fn every_target_is_replayed() {
    let fuzz = fuzz_dir();
    let stems = |dir: &str, files: bool| -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(fuzz.join(dir))
            .unwrap_or_else(|e| panic!("fuzz/{dir}: {e}"))
            .map(|e| e.expect("a readable directory entry").path())
            .filter(|p| p.is_file() == files)
            .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
            .collect();
        names.sort();
        names
    };
    let mut replayed: Vec<String> = TARGETS.iter().map(|t| t.to_string()).collect();
    replayed.sort();
    assert_eq!(stems("fuzz_targets", true), replayed);
    assert_eq!(stems("seeds", false), replayed);
}
