//! `agora render …`: the picture of the position after a list of actions, or after some actions of
//! a game record, as ASCII on stdout or as a PNG or SVG file, so anyone can look at a position. The
//! actions and records are read as `agora rules replay` reads them; the drawing itself is
//! `agora-render`'s.

use crate::rules_cmd::{GameOrRecord, action_lines, read_record};
use agora_rules::{AnyAction, AnyPosition, Record, RecordError, Variant};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct RenderArgs {
    #[command(flatten)]
    game: GameOrRecord,
    /// A file with one action per line (blank lines and `#` comments are ignored); `-` reads
    /// standard input.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "record",
        conflicts_with = "record"
    )]
    actions: Option<PathBuf>,
    /// With --record: draw the position after the first N actions (0: the start); default all.
    // With --actions there is no record to count in (and --actions or --record is required).
    #[arg(long, value_name = "N", conflicts_with = "actions")]
    ply: Option<usize>,
    #[command(flatten)]
    output: Output,
    /// Width and height of the PNG or SVG picture, in pixels.
    #[arg(long, value_name = "PX", default_value_t = 800)]
    size: u32,
    /// Agros: tint each field by the side that controls it and print its value.
    #[arg(long)]
    fields: bool,
    /// The language of the picture's words: en, nl or sv.
    #[arg(long, value_name = "LANG", default_value = "en")]
    language: agora_render::Language,
}

// Exactly one kind of picture (a plain comment: a doc comment here would become the help text).
#[derive(Args)]
#[group(required = true, multiple = false)]
struct Output {
    /// Print the ASCII picture.
    #[arg(long)]
    ascii: bool,
    /// Write a PNG picture to this file.
    #[arg(long, value_name = "OUT.png")]
    png: Option<PathBuf>,
    /// Write an SVG picture to this file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

pub fn run(args: RenderArgs) -> anyhow::Result<ExitCode> {
    let (position, last) = match (&args.game.record, &args.actions) {
        (Some(path), _) => {
            let record = read_record(path)?;
            position_in_record(&record, args.ply).with_context(|| format!("{}", path.display()))?
        }
        (None, Some(actions)) => {
            let variant = args.game.variant()?;
            let lines = if actions.as_os_str() == "-" {
                action_lines(std::io::stdin().lock())?
            } else {
                let file = std::fs::File::open(actions)
                    .with_context(|| format!("opening {}", actions.display()))?;
                action_lines(std::io::BufReader::new(file))?
            };
            position_after(variant, &lines)?
        }
        (None, None) => anyhow::bail!("--actions or --record is needed"),
    };
    let options = agora_render::PngOptions {
        size: args.size,
        field_overlay: args.fields,
        language: args.language,
    };
    if args.output.ascii {
        print!("{}", agora_render::ascii(&position, last, args.language));
    } else if let Some(path) = &args.output.png {
        let bytes = agora_render::png(&position, last, &options)?;
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    } else if let Some(path) = &args.output.svg {
        let text = agora_render::svg(&position, last, &options);
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the actions from the variant's start (the rules' one replay); the error names the first
/// action that is unreadable or illegal, by its number among the actions.
fn position_after(
    variant: Variant,
    lines: &[String],
) -> anyhow::Result<(AnyPosition, Option<AnyAction>)> {
    let mut last = None;
    let position = variant.replay(lines, |_, _, action| last = Some(action))?;
    Ok((position, last))
}

/// The position after the first `ply` actions of a record (all of them by default) and the action
/// that led to it. The whole record must replay, so a picture is never drawn from a broken record.
fn position_in_record(
    record: &Record,
    ply: Option<usize>,
) -> anyhow::Result<(AnyPosition, Option<AnyAction>)> {
    let count = record.actions().len();
    let ply = ply.unwrap_or(count);
    if ply > count {
        return Err(RecordError::NoSuchPly {
            ply,
            actions: count,
        }
        .into());
    }
    // One walk through the whole record, keeping only the position asked for.
    let (mut shown, mut last) = (None, None);
    let end = record.play(|i, before, action| {
        if i == ply {
            shown = Some(before.clone());
        }
        if i + 1 == ply {
            last = Some(action);
        }
    })?;
    record.check_result(&end)?;
    Ok((shown.unwrap_or(end), last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::GameKind;

    /// Reads actions as `--actions` does.
    fn lines_of(text: &str) -> Vec<String> {
        action_lines(text.as_bytes()).expect("in-memory text")
    }

    #[test]
    fn renders_the_position_after_the_actions() {
        let lines = lines_of("# the rules' capture example\na4-a5\n\na6-b7\na5-a6\n");
        let (position, last) = position_after(Variant::Agon, &lines).expect("legal actions");
        let text = agora_render::ascii(&position, last, agora_render::Language::En);
        assert!(
            text.contains("Black to act: return the captured queen"),
            "{text}"
        );
        assert!(text.contains("q*"), "{text}");
    }

    #[test]
    fn names_the_first_bad_action() {
        let variant = Variant::new(GameKind::Agros, Some(8), Some(3)).expect("variant");
        let lines = lines_of("d4\nz9\n");
        let error = position_after(variant, &lines).expect_err("z9 is not a square");
        assert!(
            format!("{error:#}").starts_with("action 2 `z9`"),
            "{error:#}"
        );
    }

    const CAPTURE_RECORD: &str = "[Game \"agon\"]\n[Site \"the rules' capture example\"]\n\n\
        1. a4-a5 a6-b7 {the queen steps next to the guard}\n2. a5-a6xb7 *\n";

    #[test]
    fn renders_a_record_after_any_number_of_actions() {
        let record = Record::parse(CAPTURE_RECORD).expect("a well-formed record");
        let (position, last) = position_in_record(&record, None).expect("legal actions");
        let text = agora_render::ascii(&position, last, agora_render::Language::En);
        assert!(
            text.contains("Black to act: return the captured queen"),
            "{text}"
        );
        let lines = lines_of("a4-a5\na6-b7\na5-a6\n");
        assert_eq!(
            (position, last),
            position_after(Variant::Agon, &lines).expect("legal actions")
        );

        let (start, none) = position_in_record(&record, Some(0)).expect("the start");
        assert_eq!((start, none), (Variant::Agon.start(), None));
        let (after_two, last) = position_in_record(&record, Some(2)).expect("two actions");
        assert_eq!(
            (after_two, last),
            position_after(Variant::Agon, &lines[..2]).expect("legal actions")
        );

        let error = position_in_record(&record, Some(4)).expect_err("three actions only");
        assert_eq!(
            format!("{error:#}"),
            "there is no position after action 4: the record has 3 actions"
        );
    }

    #[test]
    fn a_broken_record_is_not_drawn() {
        let record = Record::parse("[Game \"agon\"]\n1. a4-a5 a6-b7\n2. a5-a7\n").expect("syntax");
        let error = position_in_record(&record, Some(1)).expect_err("a5-a7 is not a step");
        assert!(
            format!("{error:#}").starts_with("line 3: action 3 (`2. a5-a7`)"),
            "{error:#}"
        );
    }

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: RenderArgs,
    }

    #[test]
    fn render_takes_actions_or_a_record() {
        use clap::Parser;
        let parses =
            |args: &[&str]| Cli::try_parse_from(["render", "--ascii"].iter().chain(args)).is_ok();
        assert!(parses(&["--game", "agon", "--actions", "a.txt"]));
        assert!(parses(&["--record", "game.txt"]));
        assert!(parses(&["--record", "game.txt", "--ply", "3"]));
        assert!(!parses(&["--game", "agon"]));
        assert!(!parses(&["--actions", "a.txt"]));
        assert!(!parses(&["--record", "game.txt", "--actions", "a.txt"]));
        assert!(!parses(&[
            "--game",
            "agon",
            "--actions",
            "a.txt",
            "--ply",
            "3"
        ]));
    }
}
