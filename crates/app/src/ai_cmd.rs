//! `agora ai …`: matches between computer levels, a random player and outside engines (through
//! `agora engine`'s protocol), a ladder of the levels, and a benchmark of the search, for
//! measuring and tuning the computer opponent. No search logic lives here.

use crate::rules_cmd::GameArgs;
use agora_ai::{Level, choose_action, random_action};
use agora_rules::AnyAction;
use agora_rules::{AnyPosition, GameKind, Seat, Variant};
use anyhow::bail;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ExitCode, Stdio};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Subcommand)]
pub enum AiCommand {
    /// Play a match between two players, alternating who moves first, and print the result for A.
    Match(MatchArgs),
    /// Play every level against its neighbours and estimate each level's Elo rating.
    Ladder(LadderArgs),
    /// Measure playouts per second and the average time per move at each level.
    Bench(BenchArgs),
    /// Analyse a whole game as the service does after it ends (a record, or a game the easy
    /// level plays against itself), and print its largest mistakes and how long it took.
    Analyse(AnalyseArgs),
}

#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: crate::rules_cmd::GameOrRecord,
    /// Milliseconds the search has for each position (the service's `[ai] analysis_ms`).
    #[arg(long, default_value_t = 500)]
    ms: u64,
    /// Threads (the service's `[ai] analysis_threads`).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A: easy, normal, hard, random, playouts:N (a search of exactly N playouts) or
    /// engine:COMMAND (an outside program speaking `agora engine`'s protocol).
    #[arg(long)]
    a: Player,
    /// Player B, as A.
    #[arg(long)]
    b: Player,
    /// Games to play; A moves first in the even-numbered ones.
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    common: MatchOptions,
}

/// What every match of a command shares: how long a move may take, seeds and threads.
#[derive(Args, Clone)]
pub struct MatchOptions {
    /// Milliseconds each side may think about a move: the levels think this long (`hard` all of
    /// it), engines are sent `go movetime MS`.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Milliseconds an engine may take beyond --movetime before its game is lost.
    #[arg(long, default_value_t = 50)]
    grace: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, one thread each (an engine is started once per thread).
    #[arg(long, default_value_t = 1)]
    jobs: u32,
    /// A game still running after this many plies is counted as a draw.
    #[arg(long, default_value_t = 1500)]
    max_plies: u32,
}

#[derive(Args)]
pub struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Games of each match between neighbours.
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    common: MatchOptions,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Positions searched per game and level.
    #[arg(long, default_value_t = 4)]
    positions: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds the levels may think about a move (`hard` uses all of them).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Skip the hard level (it takes the longest).
    #[arg(long)]
    no_hard: bool,
}

/// A match participant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level of the computer, thinking for the match's movetime.
    Computer(Level),
    /// The uniformly random player.
    Random,
    /// A search of exactly this many playouts, whatever the time, with today's playouts (the old
    /// `hard` is [`Player::Classic`]).
    Playouts(u32),
    /// How `hard` played when the levels were playout counts ([`agora_ai::classic`]): the
    /// yardstick of the levels' strength.
    Classic,
    /// An outside program speaking the engine protocol: its command line.
    Engine(String),
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Player, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if t.eq_ignore_ascii_case("classic") {
            return Ok(Player::Classic);
        }
        if let Some(command) = t.strip_prefix("engine:") {
            return match shlex::split(command) {
                Some(words) if !words.is_empty() => Ok(Player::Engine(command.to_string())),
                _ => Err(format!("engine:`{command}` is not a command line")),
            };
        }
        if let Some(n) = t.strip_prefix("playouts:") {
            return match n.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Player::Playouts(n)),
                _ => Err(format!("playouts:N takes a number of playouts, not `{n}`")),
            };
        }
        t.parse()
            .map(Player::Computer)
            .map_err(|e| format!("{e} (or random, classic, playouts:N, engine:COMMAND)"))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Computer(l) => l.fmt(f),
            Player::Random => f.write_str("random"),
            Player::Playouts(n) => write!(f, "playouts:{n}"),
            Player::Classic => f.write_str("classic"),
            Player::Engine(command) => write!(f, "engine:{command}"),
        }
    }
}

/// Why a side lost a game without the rules deciding it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Forfeit {
    /// The engine could not be started, or its process ended or closed its output.
    Crash(String),
    /// No answer within the move's time and the grace.
    Timeout(Duration),
    /// An answer that is not what the protocol asks, or an illegal action.
    WrongAnswer(String),
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Forfeit::Crash(why) => write!(f, "the engine failed: {why}"),
            Forfeit::Timeout(t) => {
                write!(f, "the engine gave no answer within {} ms", t.as_millis())
            }
            Forfeit::WrongAnswer(what) => write!(f, "the engine answered wrongly: {what}"),
        }
    }
}

/// An outside engine's process: started once and kept for the games that follow, unless it
/// fails, when the next game starts it again.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

/// How long an engine may take to start and to answer `new` and `position`.
const SETUP_TIME: Duration = Duration::from_secs(10);

impl EngineProcess {
    fn start(command: &str) -> Result<EngineProcess, Forfeit> {
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| Forfeit::Crash(format!("`{command}` is not a command line")))?;
        let mut child = std::process::Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Forfeit::Crash(format!("cannot start `{command}`: {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Forfeit> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Forfeit::Crash(format!("cannot write to it: {e}")))
    }

    /// The next line within `limit` of `since`.
    fn line(&mut self, since: Instant, limit: Duration) -> Result<String, Forfeit> {
        let left = limit.saturating_sub(since.elapsed());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Forfeit::Timeout(limit)),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Err(Forfeit::Crash("its output ended".into()))
            }
        }
    }

    /// Sends `line` and expects `ok`.
    fn expect_ok(&mut self, line: &str) -> Result<(), Forfeit> {
        self.send(line)?;
        let answer = self.line(Instant::now(), SETUP_TIME)?;
        if answer.trim() == "ok" {
            Ok(())
        } else {
            Err(Forfeit::WrongAnswer(format!("`{answer}` to `{line}`")))
        }
    }

    /// The engine's action in the position after `actions`, thinking for `movetime`.
    fn best(
        &mut self,
        position: &AnyPosition,
        actions: &[String],
        movetime: Duration,
        grace: Duration,
    ) -> Result<AnyAction, Forfeit> {
        let mut line = String::from("position");
        for a in actions {
            line.push(' ');
            line.push_str(a);
        }
        self.expect_ok(&line)?;
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let asked = Instant::now();
        loop {
            let answer = self.line(asked, movetime + grace)?;
            let answer = answer.trim();
            if answer.starts_with("info") {
                continue;
            }
            let Some(text) = answer.strip_prefix("bestmove ") else {
                return Err(Forfeit::WrongAnswer(format!("`{answer}` to `go`")));
            };
            return position
                .parse_action(text.trim())
                .map_err(|e| Forfeit::WrongAnswer(format!("bestmove `{}`: {e}", text.trim())));
        }
    }

    fn stop(mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A side of one game: the player, and its engine's process while it runs.
struct Side {
    player: Player,
    engine: Option<EngineProcess>,
}

impl Side {
    fn new(player: Player) -> Side {
        Side {
            player,
            engine: None,
        }
    }

    /// Gets ready for a new game of `variant`: an engine is started if need be and told.
    fn begin(&mut self, variant: Variant) -> Result<(), Forfeit> {
        let Player::Engine(command) = &self.player else {
            return Ok(());
        };
        if self.engine.is_none() {
            self.engine = Some(EngineProcess::start(command)?);
        }
        let line = match variant {
            Variant::Agon => "new agon".to_string(),
            Variant::Agros { board, farmers } => format!("new agros {board} {farmers}"),
        };
        let engine = self.engine.as_mut().expect("started above");
        engine.expect_ok(&line)
    }

    fn act(
        &mut self,
        p: &AnyPosition,
        actions: &[String],
        seed: u64,
        options: &MatchOptions,
    ) -> Result<AnyAction, Forfeit> {
        let movetime = Duration::from_millis(options.movetime);
        let chosen = match &self.player {
            Player::Computer(level) => choose_action(p, *level, movetime, seed),
            Player::Random => random_action(p, seed),
            Player::Playouts(n) => agora_ai::search(p, *n, seed).0,
            Player::Classic => agora_ai::classic(p, seed).0,
            Player::Engine(_) => {
                let engine = self.engine.as_mut().expect("started by begin");
                return engine.best(p, actions, movetime, Duration::from_millis(options.grace));
            }
        };
        Ok(chosen.expect("an unfinished game has an action"))
    }

    /// After a forfeit the engine is stopped, so a late answer cannot be taken for the next one.
    fn failed(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.stop();
        }
    }

    fn finish(&mut self) {
        self.failed();
    }
}

pub fn run(cmd: AiCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        AiCommand::Match(args) => {
            play_match(
                &args.game.variant()?,
                [&args.a, &args.b],
                args.games,
                &args.common,
                true,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        AiCommand::Ladder(args) => ladder(&args),
        AiCommand::Bench(args) => {
            bench(&args);
            Ok(ExitCode::SUCCESS)
        }
        AiCommand::Analyse(args) => analyse(&args),
    }
}

/// `agora ai analyse`: the game's positions, the time the analysis took and its mistakes.
fn analyse(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let (start, actions) = match &args.game.record {
        Some(path) => {
            let record = crate::rules_cmd::read_record(path)?;
            let start = record.variant()?.start();
            let mut p = start.clone();
            let mut actions = Vec::new();
            for text in record.actions() {
                let a = p.parse_action(text)?;
                p.play_unchecked(a);
                actions.push(a);
            }
            (start, actions)
        }
        None => {
            // The easy level against itself: a whole game, quickly.
            let start = args.game.variant()?.start();
            let mut p = start.clone();
            let mut actions = Vec::new();
            while !p.is_finished() && actions.len() < 1500 {
                let seed = args.seed ^ actions.len() as u64;
                let Some(a) = choose_action(&p, Level::Easy, Duration::from_secs(1), seed) else {
                    break;
                };
                p.play_unchecked(a);
                actions.push(a);
            }
            (start, actions)
        }
    };
    let started = Instant::now();
    let analysis = agora_ai::analyse(
        &start,
        &actions,
        agora_ai::Budget::time(Duration::from_millis(args.ms)),
        args.threads,
        args.seed,
    );
    let took = started.elapsed();
    println!(
        "{} positions, {} ms each on {} thread(s): {:.1} s",
        actions.len() + 1,
        args.ms,
        args.threads.max(1),
        took.as_secs_f64()
    );
    let mut positions = vec![start.clone()];
    for &a in &actions {
        let mut p = positions.last().expect("the start").clone();
        p.play_unchecked(a);
        positions.push(p);
    }
    for m in &analysis.mistakes {
        let before = &positions[m.ply as usize - 1];
        println!(
            "ply {:>4} {:<6} played {:<10} {:>3.0} % -> {:>3.0} %  better {}",
            m.ply,
            start.kind().seat_name(m.seat),
            before.notation(m.played),
            100.0 * m.before,
            100.0 * m.after,
            before.notation(m.better)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// How one game ended, seen from A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// Mixes the match seed and a number into an independent-looking seed (splitmix64).
fn mix(seed: u64, n: u64) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

struct GameReport {
    result: Result3,
    plies: u32,
    capped: bool,
    /// Why a side lost without the rules deciding: (0 for A, 1 for B, the reason).
    forfeit: Option<(usize, Forfeit)>,
    /// Time spent choosing actions, per player (A, B), the actions chosen and the longest.
    thinking: [(Duration, u32, Duration); 2],
}

fn play_game(
    variant: Variant,
    sides: &mut [Side; 2],
    a_first: bool,
    seed: u64,
    options: &MatchOptions,
) -> GameReport {
    let mut p = variant.start();
    // seat_of_a: the seat A sits in.
    let seat_of_a = if a_first { Seat::First } else { Seat::Second };
    let mut thinking = [(Duration::ZERO, 0u32, Duration::ZERO); 2];
    let mut actions: Vec<String> = Vec::new();
    let mut plies = 0;
    let mut forfeit = None;
    for (k, side) in sides.iter_mut().enumerate() {
        if let Err(why) = side.begin(variant) {
            side.failed();
            forfeit = Some((k, why));
            break;
        }
    }
    while forfeit.is_none() && !p.is_finished() && plies < options.max_plies {
        let who = usize::from(p.to_act() != seat_of_a);
        let start = Instant::now();
        let chosen = sides[who].act(&p, &actions, mix(seed, u64::from(plies)), options);
        let took = start.elapsed();
        thinking[who].0 += took;
        thinking[who].1 += 1;
        thinking[who].2 = thinking[who].2.max(took);
        match chosen {
            Ok(action) => {
                actions.push(p.notation(action));
                p.play(action).expect("players only choose legal actions");
                plies += 1;
            }
            Err(why) => {
                sides[who].failed();
                forfeit = Some((who, why));
            }
        }
    }
    let result = match (&forfeit, p.outcome().map(|o| o.winner)) {
        (Some((0, _)), _) => Result3::Loss,
        (Some(_), _) => Result3::Win,
        (None, Some(Some(s))) if s == seat_of_a => Result3::Win,
        (None, Some(Some(_))) => Result3::Loss,
        _ => Result3::Draw,
    };
    GameReport {
        result,
        plies,
        capped: forfeit.is_none() && !p.is_finished(),
        forfeit,
        thinking,
    }
}

/// A match's totals, seen from A.
struct MatchResult {
    wins: usize,
    draws: usize,
    losses: usize,
}

impl MatchResult {
    fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }
}

/// The Wilson score interval at 95 % for a proportion `p` of `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn play_match(
    variant: &Variant,
    players: [&Player; 2],
    games: u32,
    options: &MatchOptions,
    verbose: bool,
) -> anyhow::Result<MatchResult> {
    let variant = *variant;
    if games == 0 {
        bail!("--games must be at least 1");
    }
    if options.movetime == 0 {
        bail!("--movetime must be at least 1 ms");
    }
    println!(
        "{variant}: A = {} vs B = {}, {games} games, {} ms per move, seed {}",
        players[0], players[1], options.movetime, options.seed
    );
    let bar = ProgressBar::new(u64::from(games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
            .expect("a valid template"),
    );
    let next = AtomicU32::new(0);
    let reports: Mutex<Vec<(u32, GameReport)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                let mut sides = [Side::new(players[0].clone()), Side::new(players[1].clone())];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let report = play_game(
                        variant,
                        &mut sides,
                        i.is_multiple_of(2),
                        mix(options.seed, u64::from(i)),
                        options,
                    );
                    let line = format!(
                        "game {}: A ({}) {} in {} plies{}{}",
                        i + 1,
                        variant.kind().seat_name(if i.is_multiple_of(2) {
                            Seat::First
                        } else {
                            Seat::Second
                        }),
                        match report.result {
                            Result3::Win => "won",
                            Result3::Draw => "drew",
                            Result3::Loss => "lost",
                        },
                        report.plies,
                        if report.capped { " (stopped)" } else { "" },
                        match &report.forfeit {
                            Some((k, why)) => {
                                format!(": {} forfeited, {why}", ["A", "B"][*k])
                            }
                            None => String::new(),
                        }
                    );
                    // A hidden bar (output not a terminal) prints nothing, so a log still
                    // shows how the match goes.
                    if verbose || report.forfeit.is_some() {
                        if bar.is_hidden() {
                            eprintln!("{line}");
                        } else {
                            bar.println(line);
                        }
                    }
                    let mut all = reports.lock().expect("no panics while held");
                    all.push((i, report));
                    let count = |r| all.iter().filter(|(_, g)| g.result == r).count();
                    bar.set_message(format!(
                        "A: {} won, {} drawn, {} lost",
                        count(Result3::Win),
                        count(Result3::Draw),
                        count(Result3::Loss)
                    ));
                    bar.inc(1);
                }
                for side in &mut sides {
                    side.finish();
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut reports = reports.into_inner().expect("threads done");
    reports.sort_by_key(|(i, _)| *i);
    let n = reports.len() as f64;
    let count = |r| reports.iter().filter(|(_, g)| g.result == r).count();
    let result = MatchResult {
        wins: count(Result3::Win),
        draws: count(Result3::Draw),
        losses: count(Result3::Loss),
    };
    let score = result.score();
    let (lo, hi) = wilson(score, n);
    let first_wins = reports
        .iter()
        .filter(|(i, g)| {
            g.forfeit.is_none()
                && g.result != Result3::Draw
                && (g.result == Result3::Win) == (i % 2 == 0)
        })
        .count();
    let capped = reports.iter().filter(|(_, g)| g.capped).count();
    let forfeits: [usize; 2] = [0, 1].map(|k| {
        reports
            .iter()
            .filter(|(_, g)| matches!(&g.forfeit, Some((f, _)) if *f == k))
            .count()
    });
    let plies: u32 = reports.iter().map(|(_, g)| g.plies).sum();
    let per_move = |k: usize| {
        let (t, m) = reports.iter().fold((Duration::ZERO, 0u32), |acc, (_, g)| {
            (acc.0 + g.thinking[k].0, acc.1 + g.thinking[k].1)
        });
        t.as_secs_f64() / f64::from(m.max(1))
    };
    let longest = |k: usize| {
        reports
            .iter()
            .map(|(_, g)| g.thinking[k].2)
            .max()
            .unwrap_or_default()
            .as_secs_f64()
    };
    println!(
        "A ({}) vs B ({}): {} wins, {} draws, {} losses in {} games",
        players[0],
        players[1],
        result.wins,
        result.draws,
        result.losses,
        reports.len()
    );
    println!(
        "A's score {:.1} % (95 % Wilson interval {:.1} % – {:.1} %)",
        100.0 * score,
        100.0 * lo,
        100.0 * hi
    );
    println!(
        "the first player won {first_wins} games; {:.1} plies per game{}{}",
        f64::from(plies) / n,
        if capped > 0 {
            format!(", {capped} stopped at --max-plies (drawn)")
        } else {
            String::new()
        },
        if forfeits != [0, 0] {
            format!(
                "; forfeited (crash, timeout or wrong answer): A {}, B {}",
                forfeits[0], forfeits[1]
            )
        } else {
            String::new()
        }
    );
    println!(
        "time per move: A {:.3} s (longest {:.3} s), B {:.3} s (longest {:.3} s)",
        per_move(0),
        longest(0),
        per_move(1),
        longest(1)
    );
    Ok(result)
}

/// The Elo difference that gives a score `s`: infinite for 0 and 1.
fn elo_difference(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The rating of `easy`, which anchors the ladder (as the service's ratings do).
const EASY_ELO: f64 = 1200.0;

/// What one match between neighbours says about the gap between them.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Gap {
    /// The estimate: from the score with half a game added to each side, so that a clean sweep
    /// still gives a finite gap.
    estimate: f64,
    /// The 95 % interval, from the Wilson interval of the score (a sweep's is open above).
    low: f64,
    high: f64,
}

impl Gap {
    fn of(result: &MatchResult) -> Gap {
        let n = result.games() as f64;
        let points = result.wins as f64 + result.draws as f64 / 2.0;
        let (lo, hi) = wilson(result.score(), n);
        Gap {
            estimate: elo_difference((points + 0.5) / (n + 1.0)),
            low: elo_difference(lo),
            high: elo_difference(hi),
        }
    }
}

/// A level's row of the ladder: its rating and interval.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Rung {
    elo: f64,
    low: f64,
    high: f64,
}

/// The ratings of the levels above the anchor, each from the one below it plus the gap between
/// them: the intervals widen as they go up (the gaps' half-widths add in quadrature).
fn climb(anchor: f64, gaps: &[Gap]) -> Vec<Rung> {
    let mut out = Vec::new();
    let (mut elo, mut below, mut above) = (anchor, 0.0f64, 0.0f64);
    for g in gaps {
        elo += g.estimate;
        below = (below.powi(2) + (g.estimate - g.low).powi(2)).sqrt();
        above = (above.powi(2) + (g.high - g.estimate).powi(2)).sqrt();
        out.push(Rung {
            elo,
            low: elo - below,
            high: elo + above,
        });
    }
    out
}

fn rating(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.0}")
    } else if x < 0.0 {
        "-∞".into()
    } else {
        "∞".into()
    }
}

fn record(result: &MatchResult) -> String {
    format!(
        "{:.1} % ({}–{}–{})",
        100.0 * result.score(),
        result.wins,
        result.draws,
        result.losses
    )
}

fn ladder(args: &LadderArgs) -> anyhow::Result<ExitCode> {
    let variant = args.game.variant()?;
    let rungs = [
        Player::Random,
        Player::Computer(Level::Easy),
        Player::Computer(Level::Normal),
        Player::Computer(Level::Hard),
    ];
    // Each level against the one below it.
    let mut results = Vec::new();
    for pair in rungs.windows(2) {
        let result = play_match(
            &variant,
            [&pair[1], &pair[0]],
            args.games,
            &args.common,
            false,
        )?;
        println!();
        results.push(result);
    }
    let gaps: Vec<Gap> = results.iter().map(Gap::of).collect();
    println!(
        "{variant}, {} games per match, {} ms per move; easy anchored at {EASY_ELO:.0}",
        args.games, args.common.movetime
    );
    println!(
        "{:<8} {:>6} {:>15}   against the level below (wins–draws–losses)",
        "level", "Elo", "95 % interval"
    );
    // Random is below easy: its rating is easy's less the gap, its interval turned over.
    let random = &gaps[0];
    println!(
        "{:<8} {:>6} {:>15}   easy scored {}",
        "random",
        rating(EASY_ELO - random.estimate),
        format!(
            "{} – {}",
            rating(EASY_ELO - random.high),
            rating(EASY_ELO - random.low)
        ),
        record(&results[0])
    );
    println!(
        "{:<8} {:>6} {:>15}   (the anchor)",
        "easy",
        rating(EASY_ELO),
        ""
    );
    for (k, rung) in climb(EASY_ELO, &gaps[1..]).into_iter().enumerate() {
        println!(
            "{:<8} {:>6} {:>15}   {}",
            rungs[k + 2].to_string(),
            rating(rung.elo),
            format!("{} – {}", rating(rung.low), rating(rung.high)),
            record(&results[k + 1])
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Positions to search: the start, and positions a few random plies (then more) into a game.
fn bench_positions(variant: Variant, count: u32, seed: u64) -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for k in 0..count {
        let mut p = variant.start();
        // Spread the positions over the game: the start, the opening, the middle.
        let depth = match variant.kind() {
            GameKind::Agon => k * 12,
            GameKind::Agros => k * 4,
        };
        for ply in 0..depth {
            if p.is_finished() {
                break;
            }
            let a = random_action(&p, mix(seed, u64::from(k * 1000 + ply))).expect("unfinished");
            p.play_unchecked(a);
        }
        if !p.is_finished() {
            out.push(p);
        }
    }
    out
}

fn bench(args: &BenchArgs) {
    let variants = [
        Variant::Agon,
        Variant::Agros {
            board: 8,
            farmers: 3,
        },
        Variant::Agros {
            board: 10,
            farmers: 5,
        },
        Variant::Agros {
            board: 12,
            farmers: 7,
        },
    ];
    println!(
        "one thread, {} positions per game (the start and later ones), seed {}",
        args.positions, args.seed
    );
    println!(
        "{:<26} {:>7} {:>9} {:>13} {:>13}",
        "game", "level", "playouts", "playouts/s", "s per move"
    );
    for variant in variants {
        let positions = bench_positions(variant, args.positions, args.seed);
        for level in Level::ALL {
            if args.no_hard && level == Level::Hard {
                continue;
            }
            let budget = level.budget(variant.kind(), Duration::from_millis(args.movetime));
            let (mut playouts, mut took) = (0u64, Duration::ZERO);
            for (k, p) in positions.iter().enumerate() {
                let start = Instant::now();
                let (_, stats) = agora_ai::think(p, budget, mix(args.seed, k as u64));
                took += start.elapsed();
                playouts += u64::from(stats.playouts);
            }
            let secs = took.as_secs_f64();
            println!(
                "{:<26} {:>7} {:>9} {:>13.0} {:>13.3}",
                variant.to_string(),
                level.code(),
                budget
                    .playouts
                    .map_or("time".to_string(), |n| n.to_string()),
                playouts as f64 / secs.max(1e-9),
                secs / positions.len().max(1) as f64
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_score() {
        let (lo, hi) = wilson(0.5, 100.0);
        assert!((lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002);
        let (lo, hi) = wilson(1.0, 40.0);
        assert!(lo > 0.9 && hi == 1.0);
    }

    #[test]
    fn players_parse() {
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert_eq!("Classic".parse::<Player>(), Ok(Player::Classic));
        assert_eq!("Hard".parse::<Player>(), Ok(Player::Computer(Level::Hard)));
        assert_eq!(
            "playouts:10000".parse::<Player>(),
            Ok(Player::Playouts(10_000))
        );
        assert_eq!(
            "engine:agora engine --seed 2".parse::<Player>(),
            Ok(Player::Engine("agora engine --seed 2".into()))
        );
        assert!("expert".parse::<Player>().is_err());
        assert!("playouts:0".parse::<Player>().is_err());
        assert!("engine:".parse::<Player>().is_err());
        assert!("engine:\"unclosed".parse::<Player>().is_err());
    }

    #[test]
    fn elo_differences_follow_the_logistic_curve() {
        assert!(elo_difference(0.5).abs() < 1e-9);
        assert!((elo_difference(0.76) - 200.0).abs() < 1.0);
        assert!((elo_difference(0.24) + 200.0).abs() < 1.0);
        assert_eq!(elo_difference(1.0), f64::INFINITY);
    }

    #[test]
    fn a_clean_sweep_gives_a_finite_estimate_and_an_open_interval() {
        let sweep = Gap::of(&MatchResult {
            wins: 16,
            draws: 0,
            losses: 0,
        });
        // 16.5 of 17: about +607.
        assert!((sweep.estimate - 607.4).abs() < 0.5, "{sweep:?}");
        assert!(sweep.low > 200.0 && sweep.low < sweep.estimate);
        assert_eq!(sweep.high, f64::INFINITY);
        let even = Gap::of(&MatchResult {
            wins: 5,
            draws: 2,
            losses: 5,
        });
        assert!(even.estimate.abs() < 1e-9 && even.low < 0.0 && even.high > 0.0);
        let rungs = climb(1200.0, &[sweep, even]);
        assert!((rungs[0].elo - 1807.4).abs() < 0.5);
        assert!((rungs[1].elo - rungs[0].elo).abs() < 1e-9);
        assert!(rungs[1].low < rungs[0].low, "intervals widen going up");
        assert_eq!(rungs[1].high, f64::INFINITY);
    }
}
