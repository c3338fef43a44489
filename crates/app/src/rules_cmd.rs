//! `agora rules …`: the scriptable face of the rules engine (replay, perft, bench).

use agora_rules::record::MAX_RECORD_BYTES;
use agora_rules::{AnyAction, AnyPosition, GameKind, Record, Seat, Variant, agon, agros};
use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use cpu_time::ThreadTime;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Subcommand)]
pub enum RulesCommand {
    /// Read one action per line from stdin, or a game record with --record, and print one JSON
    /// object per action, then the result.
    Replay(ReplayArgs),
    /// Count the leaves of the game tree from the start position.
    Perft {
        #[arg(long, value_parser = parse_kind)]
        game: GameKind,
        #[arg(long)]
        depth: u32,
    },
    /// Measure seeded random playouts per second and plies per second on one thread.
    Bench {
        /// CPU seconds to spend on each game.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only this game.
        #[arg(long, value_parser = parse_kind)]
        game: Option<GameKind>,
    },
}

/// Which game and variant; shared by every command that starts a game.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// agon or agros.
    #[arg(long, value_parser = parse_kind)]
    pub game: GameKind,
    /// Agros board size: 8, 10 or 12 (default 10).
    #[arg(long)]
    pub board: Option<u32>,
    /// Agros farmers per side: 3, 5 or 7 (default 5).
    #[arg(long)]
    pub farmers: Option<u32>,
}

impl GameArgs {
    pub fn variant(&self) -> anyhow::Result<Variant> {
        Ok(Variant::new(self.game, self.board, self.farmers)?)
    }
}

/// Which game, or a game record that says which: for the commands that read either a list of
/// actions or a record.
#[derive(Args, Clone, Debug)]
pub struct GameOrRecord {
    /// agon or agros.
    #[arg(long, value_parser = parse_kind, required_unless_present = "record")]
    pub game: Option<GameKind>,
    /// Agros board size: 8, 10 or 12 (default 10).
    #[arg(long, conflicts_with = "record")]
    pub board: Option<u32>,
    /// Agros farmers per side: 3, 5 or 7 (default 5).
    #[arg(long, conflicts_with = "record")]
    pub farmers: Option<u32>,
    /// A game record (docs/records.md) to read instead of a list of actions; `-` reads standard
    /// input. Its tags give the game and its options.
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    pub record: Option<PathBuf>,
}

impl GameOrRecord {
    /// The variant given by `--game`, `--board` and `--farmers` (not by a record).
    pub fn variant(&self) -> anyhow::Result<Variant> {
        let Some(game) = self.game else {
            bail!("--game is needed (or --record)");
        };
        Ok(Variant::new(game, self.board, self.farmers)?)
    }
}

#[derive(Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameOrRecord,
    /// Also list every legal action before each action.
    #[arg(long)]
    legal: bool,
}

/// Reads and checks a game record from a file, or from standard input for `-`. At most
/// [`MAX_RECORD_BYTES`] are read, so a huge file is refused without being loaded.
pub fn read_record(path: &Path) -> anyhow::Result<Record> {
    let name = path.display();
    let limit = MAX_RECORD_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .context("reading the record from standard input")?;
    } else {
        std::fs::File::open(path)
            .with_context(|| format!("opening {name}"))?
            .take(limit)
            .read_to_end(&mut bytes)
            .with_context(|| format!("reading {name}"))?;
    }
    if bytes.len() > MAX_RECORD_BYTES {
        bail!("{name}: the record is over {MAX_RECORD_BYTES} bytes (1 MB), more than is read");
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{name}: the record is not UTF-8 text ({e})"))?;
    Record::parse(&text).with_context(|| format!("{name}"))
}

pub fn parse_kind(s: &str) -> Result<GameKind, String> {
    s.parse()
}

pub fn run(cmd: RulesCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        RulesCommand::Replay(args) => {
            let stdout = std::io::stdout();
            match &args.game.record {
                Some(path) => replay_record(&read_record(path)?, args.legal, &mut stdout.lock()),
                None => replay(
                    args.game.variant()?,
                    args.legal,
                    std::io::stdin().lock(),
                    &mut stdout.lock(),
                ),
            }
        }
        RulesCommand::Perft { game, depth } => {
            let count = match game {
                GameKind::Agon => agon::perft(&agon::Position::start(), depth),
                GameKind::Agros => agros_perft(&agros::Position::new(Default::default())?, depth),
            };
            println!("{count}");
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Bench {
            seconds,
            seed,
            game,
        } => {
            bench(Duration::from_secs_f64(seconds), seed, game);
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn agros_perft(p: &agros::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = p.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = p.clone();
            next.play_unchecked(a);
            agros_perft(&next, depth - 1)
        })
        .sum()
}

/// The lines of a replay as the user typed them: blank lines and `#` comments dropped.
pub fn action_lines(input: impl BufRead) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for line in input.lines() {
        let line = line.context("reading the actions")?;
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('#') {
            out.push(t.to_string());
        }
    }
    Ok(out)
}

fn replay(
    variant: Variant,
    with_legal: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    let actions = action_lines(input)?;
    Ok(
        match replay_actions(variant, with_legal, &actions, |_| None, out)? {
            Some(_) => ExitCode::SUCCESS,
            None => ExitCode::from(2),
        },
    )
}

/// Replays a record as [`replay`] replays lines: an error line also gives the record's line, and
/// a `Result` tag that contradicts the rules' ending adds a last error line.
fn replay_record(
    record: &Record,
    with_legal: bool,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    let variant = record.variant()?;
    let line = |i: usize| record.action_line(i);
    let Some(last) = replay_actions(variant, with_legal, record.actions(), line, out)? else {
        return Ok(ExitCode::from(2));
    };
    if let Err(e) = record.check_result(&last) {
        writeln!(out, "{}", json!({"error": e.to_string()}))?;
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a line per action and the final line; returns the last position, or `None` after the
/// error line of the first action that cannot be read or is not legal. `line_of` gives the line
/// of an action in its file, where there is one worth naming.
fn replay_actions(
    variant: Variant,
    with_legal: bool,
    actions: &[String],
    line_of: impl Fn(usize) -> Option<usize>,
    out: &mut impl Write,
) -> anyhow::Result<Option<AnyPosition>> {
    let kind = variant.kind();
    let name = |s: Seat| kind.seat_name(s);
    // The first failure to write; the replay goes on without writing more.
    let mut written = Ok(());
    let replayed = variant.replay(actions, |i, position, action| {
        if written.is_err() {
            return;
        }
        let mut line = json!({
            "ply": i + 1,
            "to_act": name(position.to_act()),
            "legal_count": position.legal_count(),
            "action": position.notation(action),
            "captures": position.captures(action),
        });
        if with_legal {
            line["legal"] = json!(sorted_legal(position));
        }
        written = writeln!(out, "{line}");
    });
    written?;
    match replayed {
        Ok(position) => {
            writeln!(out, "{}", final_line(&position))?;
            Ok(Some(position))
        }
        Err(e) => {
            let mut line = json!({"ply": e.ply(), "error": e.error.to_string()});
            if let Some(n) = line_of(e.index) {
                line["line"] = json!(n);
            }
            writeln!(out, "{line}")?;
            Ok(None)
        }
    }
}

/// Every legal action in canonical form, in plain string order.
pub fn sorted_legal(position: &AnyPosition) -> Vec<String> {
    let mut v: Vec<String> = position
        .legal_actions()
        .into_iter()
        .map(|a: AnyAction| position.notation(a))
        .collect();
    v.sort();
    v
}

fn final_line(position: &AnyPosition) -> Value {
    let kind = position.kind();
    let outcome = position.outcome();
    let score = match position {
        AnyPosition::Agon(_) => Value::Null,
        AnyPosition::Agros(p) => agros_score_json(p),
    };
    json!({
        "final": true,
        "status": if outcome.is_some() { "finished" } else { "ongoing" },
        "to_act": kind.seat_name(position.to_act()),
        "legal_count": if outcome.is_some() { 0 } else { position.legal_count() },
        "winner": outcome.and_then(|o| o.winner).map(|s| kind.seat_name(s)),
        "draw": outcome.is_some_and(|o| o.is_draw()),
        "reason": outcome.map(|o| o.reason.code()),
        "score": score,
    })
}

/// The AR-14 score report as JSON.
pub fn agros_score_json(p: &agros::Position) -> Value {
    let score = p.score();
    let fields: Vec<Value> = score
        .fields
        .iter()
        .map(|f| {
            json!({
                "squares": f.squares.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "light": f.harvests[0],
                "dark": f.harvests[1],
                "controller": f.controller.map(agros::seat_name),
                "value": f.value,
            })
        })
        .collect();
    json!({
        "light": score.total(Seat::First),
        "dark": score.total(Seat::Second),
        "half_point": score.half_point.map(agros::seat_name),
        "fields": fields,
    })
}

/// Random playouts as the computer opponent runs them: list the legal actions, pick one, play it,
/// detect the end (Agon repetition included). Time is the thread's CPU time, so other load on a
/// shared machine does not count against the rules engine.
fn bench(budget: Duration, seed: u64, only: Option<GameKind>) {
    println!(
        "random playouts on one thread, {:.1} CPU s per game, seed {seed}",
        budget.as_secs_f64()
    );
    let mut rng = SmallRng::seed_from_u64(seed);
    if only != Some(GameKind::Agros) {
        let template = agon::Position::start();
        let mut buf = Vec::with_capacity(64);
        let (mut games, mut plies, start) = (0u64, 0u64, ThreadTime::now());
        while start.elapsed() < budget {
            let mut p = template.clone();
            loop {
                buf.clear();
                p.legal_actions_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                p.play_unchecked(buf[rng.random_range(0..buf.len())]);
                plies += 1;
            }
            games += 1;
        }
        report("agon", games, plies, start.elapsed());
    }
    if only == Some(GameKind::Agon) {
        return;
    }
    for setup in [
        agros::Setup {
            board: 10,
            farmers: 5,
        },
        agros::Setup {
            board: 8,
            farmers: 3,
        },
        agros::Setup {
            board: 12,
            farmers: 7,
        },
    ] {
        let template = agros::Position::new(setup).expect("an offered variant");
        let mut buf = Vec::with_capacity(64);
        let (mut games, mut plies, start) = (0u64, 0u64, ThreadTime::now());
        while start.elapsed() < budget {
            let mut p = template.clone();
            loop {
                buf.clear();
                p.legal_actions_into(&mut buf);
                if buf.is_empty() {
                    break;
                }
                p.play_unchecked(buf[rng.random_range(0..buf.len())]);
                plies += 1;
            }
            games += 1;
        }
        report(
            &format!(
                "agros {}x{} {} farmers",
                setup.board, setup.board, setup.farmers
            ),
            games,
            plies,
            start.elapsed(),
        );
    }
}

fn report(name: &str, games: u64, plies: u64, took: Duration) {
    let s = took.as_secs_f64();
    println!(
        "{name:<24} {:>10.0} playouts/s {:>12.0} plies/s  ({games} games, {:.1} plies/game)",
        games as f64 / s,
        plies as f64 / s,
        plies as f64 / games.max(1) as f64
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_replay(variant: Variant, input: &str, legal: bool) -> (Vec<Value>, ExitCode) {
        let mut out = Vec::new();
        let code = replay(variant, legal, input.as_bytes(), &mut out).unwrap();
        let lines = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (lines, code)
    }

    #[test]
    fn replay_reports_captures_and_final_state() {
        let (lines, code) = run_replay(Variant::Agon, "# a capture\n\na4-a5\na6-b7\na5-a6\n", true);
        assert_eq!(code, ExitCode::SUCCESS);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["legal_count"], 27);
        assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 27);
        assert_eq!(lines[2]["action"], "a5-a6xb7");
        assert_eq!(lines[2]["captures"], json!(["b7"]));
        assert_eq!(lines[3]["final"], true);
        assert_eq!(lines[3]["to_act"], "black");
        assert_eq!(lines[3]["status"], "ongoing");
        assert_eq!(lines[3]["score"], Value::Null);
    }

    #[test]
    fn replay_stops_at_the_first_bad_action() {
        let (lines, code) = run_replay(Variant::Agon, "k1-j1\nk3-k9\nk1-k2\n", false);
        assert_eq!(code, ExitCode::from(2));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["ply"], 2);
        assert_eq!(
            lines[1]["error"],
            "`k9` is not a cell: row k has cells k1 to k6"
        );
    }

    #[test]
    fn replay_scores_agros() {
        let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).unwrap();
        let (lines, code) = run_replay(variant, "d4\na1,h8\nb2,g7\na8\npass\npass\n", false);
        assert_eq!(code, ExitCode::SUCCESS);
        let last = lines.last().unwrap();
        assert_eq!(last["status"], "finished");
        assert_eq!(last["reason"], "two-passes");
        assert_eq!(last["legal_count"], 0);
        assert!(last["score"]["fields"].as_array().unwrap().len() == 1);
        let light = last["score"]["light"].as_f64().unwrap();
        let dark = last["score"]["dark"].as_f64().unwrap();
        let winner = if light > dark {
            json!("light")
        } else if dark > light {
            json!("dark")
        } else {
            Value::Null
        };
        assert_eq!(last["winner"], winner);
    }

    fn run_record(text: &str) -> (Vec<Value>, ExitCode) {
        let record = Record::parse(text).expect("a well-formed record");
        let mut out = Vec::new();
        let code = replay_record(&record, false, &mut out).unwrap();
        let lines = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (lines, code)
    }

    const AGROS_RECORD: &str = "[Game \"agros\"]\n[Board \"8\"]\n[Farmers \"3\"]\n\n\
        1. d4 a1,h8 {placed} 2. b2,g7 a8 ; the opening is over\n3. pass pass\n";

    #[test]
    fn replays_a_record_as_it_replays_lines() {
        let (from_record, code) = run_record(AGROS_RECORD);
        assert_eq!(code, ExitCode::SUCCESS);
        let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).unwrap();
        let (from_lines, _) = run_replay(variant, "d4\na1,h8\nb2,g7\na8\npass\npass\n", false);
        assert_eq!(from_record, from_lines);
        assert_eq!(from_record.last().unwrap()["reason"], "two-passes");
    }

    #[test]
    fn a_record_names_the_line_of_a_bad_action() {
        let (lines, code) = run_record("[Game \"agon\"]\n\n1. k1-j1 a6-b6\n2. k3-k9 *\n");
        assert_eq!(code, ExitCode::from(2));
        assert_eq!(lines.len(), 3);
        assert_eq!(
            lines[2],
            json!({"ply": 3, "line": 4, "error": "`k9` is not a cell: row k has cells k1 to k6"})
        );
    }

    #[test]
    fn a_result_tag_against_the_rules_fails_the_replay() {
        let (lines, _) = run_record(AGROS_RECORD);
        let winner = &lines.last().unwrap()["winner"];
        let wrong = if winner == "light" { "0-1" } else { "1-0" };
        let text = AGROS_RECORD.replacen("\n\n", &format!("\n[Result \"{wrong}\"]\n\n"), 1);
        let (lines, code) = run_record(&text);
        assert_eq!(code, ExitCode::from(2));
        let error = lines.last().unwrap()["error"].as_str().unwrap().to_string();
        assert!(
            error.starts_with(&format!("tag Result is `{wrong}`")),
            "{error}"
        );
    }

    /// A file of its own in the temporary directory, removed when dropped.
    struct TempFile(PathBuf);

    impl TempFile {
        fn with(name: &str, bytes: &[u8]) -> TempFile {
            let path = std::env::temp_dir().join(format!("agora-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).unwrap();
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn reading_a_record_file_says_what_is_wrong() {
        let good = TempFile::with("good.txt", AGROS_RECORD.as_bytes());
        assert_eq!(read_record(&good.0).unwrap().actions().len(), 6);

        let bad = TempFile::with("bad.txt", b"[Game \"agon\"]\n[Game \"agros\"]\n");
        let error = format!("{:#}", read_record(&bad.0).unwrap_err());
        assert!(
            error.ends_with("bad.txt: line 2: tag Game is given twice (first on line 1)"),
            "{error}"
        );

        let huge = TempFile::with("huge.txt", &vec![b' '; MAX_RECORD_BYTES + 10]);
        let error = format!("{:#}", read_record(&huge.0).unwrap_err());
        assert!(error.contains("over 1000000 bytes"), "{error}");

        let binary = TempFile::with("binary.txt", &[0xff, 0xfe, 0]);
        let error = format!("{:#}", read_record(&binary.0).unwrap_err());
        assert!(error.contains("not UTF-8"), "{error}");

        let missing = std::env::temp_dir().join("agora-no-such-record.txt");
        assert!(read_record(&missing).is_err());
    }

    #[derive(clap::Parser)]
    struct Cli {
        #[command(subcommand)]
        command: RulesCommand,
    }

    #[test]
    fn replay_takes_a_game_or_a_record() {
        use clap::Parser;
        let parses =
            |args: &[&str]| Cli::try_parse_from(["rules", "replay"].iter().chain(args)).is_ok();
        assert!(parses(&["--game", "agon"]));
        assert!(parses(&["--game", "agros", "--board", "8"]));
        assert!(parses(&["--record", "game.txt", "--legal"]));
        assert!(!parses(&[]));
        assert!(!parses(&["--record", "game.txt", "--game", "agon"]));
        assert!(!parses(&["--record", "game.txt", "--board", "8"]));
    }
}
