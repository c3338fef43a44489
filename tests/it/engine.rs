//! `agora engine` and `agora ai match` with outside engines, end to end: the real binary speaks
//! the protocol on its standard streams, Agora's engine plays itself through it, and an engine
//! that stalls, answers wrongly, crashes or cannot start loses its games and is reported.

use agora_rules::Variant;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The time a test allows beyond the promised 50 ms, for a machine busy with other tests.
const SLACK: Duration = Duration::from_millis(400);

struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(crate::AGORA)
            .args(["engine", "--seed", "3"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("agora engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        assert!(self.output.read_line(&mut s).unwrap() > 0, "output ended");
        s.trim_end().to_string()
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.line()
    }

    /// Sends `go …` and returns its `info` lines, the action and the time it took.
    fn go(&mut self, line: &str) -> (Vec<String>, String, Duration) {
        let start = Instant::now();
        self.send(line);
        let mut info = Vec::new();
        loop {
            let l = self.line();
            if let Some(action) = l.strip_prefix("bestmove ") {
                return (info, action.to_string(), start.elapsed());
            }
            assert!(l.starts_with("info "), "{line}: unexpected `{l}`");
            info.push(l);
        }
    }
}

#[test]
fn the_protocol_as_documented() {
    let mut e = Engine::start();
    assert_eq!(e.ask("new agon"), "ok");
    assert_eq!(e.ask("position"), "ok");
    let mut played: Vec<String> = Vec::new();
    let mut p = Variant::Agon.start();
    // A few moves at a time per move: always legal, always on time.
    for ms in [30u64, 120, 30, 250] {
        let (info, action, took) = e.go(&format!("go movetime {ms}"));
        assert!(!info.is_empty());
        let a = p.parse_action(&action).expect("a legal action");
        assert!(
            took < Duration::from_millis(ms + 50) + SLACK,
            "go movetime {ms} took {took:?}"
        );
        p.play(a).unwrap();
        played.push(action);
        assert_eq!(e.ask(&format!("position {}", played.join(" "))), "ok");
    }
    let (_, action, _) = e.go("go playouts 100");
    assert!(p.parse_action(&action).is_ok());
    let (_, action, _) = e.go("go level easy");
    assert!(p.parse_action(&action).is_ok());

    // Errors: one line each, and the position stays.
    assert_eq!(e.ask("hello"), "error unknown command");
    let err = e.ask("position k1-j1 k1-k3");
    assert!(
        err.starts_with("error action 2, `k1-k3` is not legal here: "),
        "{err}"
    );
    assert!(e.ask("go movetime 0").starts_with("error "));
    assert!(e.ask("new agros 9 5").starts_with("error "));
    let (_, action, _) = e.go("go playouts 50");
    assert!(
        p.parse_action(&action).is_ok(),
        "still the position before the errors"
    );

    // Agros, and a finished game.
    assert_eq!(e.ask("new agros 8 3"), "ok");
    assert_eq!(e.ask("position d4 a1,h8"), "ok");
    let (_, action, _) = e.go("go movetime 40");
    assert!(action.contains(','), "the two-farmer placement: {action}");
    assert_eq!(e.ask("position d4 a1,h8 b2,g7 a8 pass pass"), "ok");
    assert_eq!(
        e.ask("go movetime 40"),
        "error the game is over: there is no move to find"
    );

    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

fn ai_match(args: &[&str]) -> (String, String) {
    let out = Command::new(crate::AGORA)
        .args(["ai", "match"])
        .args(args)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    (stdout, stderr)
}

#[test]
fn agoras_engine_plays_itself_through_the_protocol() {
    let engine = format!("engine:{} engine --seed 5", crate::AGORA);
    for game in [
        &["--game", "agon"][..],
        &["--game", "agros", "--board", "8", "--farmers", "3"],
    ] {
        let (stdout, stderr) = ai_match(
            &[
                game,
                &[
                    "--a",
                    &engine,
                    "--b",
                    "engine:agora-never-installed-here",
                    "--games",
                    "1",
                    "--movetime",
                    "20",
                ],
            ]
            .concat(),
        );
        assert!(stdout.contains("1 wins, 0 draws, 0 losses"), "{stdout}");
        assert!(stderr.contains("B forfeited, the engine failed: cannot start"));

        let (stdout, _) = ai_match(
            &[
                game,
                &[
                    "--a",
                    &engine,
                    "--b",
                    &format!("engine:{} engine --seed 6", crate::AGORA),
                    "--games",
                    "2",
                    "--movetime",
                    "20",
                    "--grace",
                    "1000",
                ],
            ]
            .concat(),
        );
        assert!(stdout.contains("in 2 games"), "{stdout}");
        assert!(!stdout.contains("forfeited"), "{stdout}");
    }
}

#[test]
fn a_faulty_engine_loses_and_is_reported() {
    // Each answers `new` and `position`, then fails at `go` in its own way.
    let faults = [
        ("sleep 5", "the engine gave no answer within 80 ms"),
        (
            "echo bestmove a1-a2",
            "the engine answered wrongly: bestmove `a1-a2`",
        ),
        (
            "echo thinking",
            "the engine answered wrongly: `thinking` to `go`",
        ),
        ("exit 3", "the engine failed: its output ended"),
    ];
    for (at_go, report) in faults {
        let script = format!(
            "while read l; do case \"$l\" in go*) {at_go};; quit) exit 0;; *) echo ok;; esac; done"
        );
        let (stdout, stderr) = ai_match(&[
            "--game",
            "agon",
            "--a",
            "easy",
            "--b",
            &format!("engine:sh -c '{script}'"),
            "--games",
            "2",
            "--movetime",
            "30",
        ]);
        assert!(stdout.contains("2 wins, 0 draws, 0 losses"), "{stdout}");
        assert!(
            stdout.contains("forfeited (crash, timeout or wrong answer): A 0, B 2"),
            "{stdout}"
        );
        assert_eq!(
            stderr.matches(report).count(),
            2,
            "{at_go}: every game's forfeit is reported:\n{stderr}"
        );
    }
}
