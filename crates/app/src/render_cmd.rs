//! `agora render …`: the picture of the position after a list of actions, as ASCII on stdout or as
//! a PNG or SVG file, so anyone can look at a position. The actions are read as `agora rules
//! replay` reads them; the drawing itself is `agora-render`'s.

use crate::rules_cmd::{GameArgs, action_lines};
use agora_rules::{AnyAction, AnyPosition, Variant};
use anyhow::Context;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct RenderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A file with one action per line (blank lines and `#` comments are ignored); `-` reads
    /// standard input.
    #[arg(long, value_name = "FILE")]
    actions: PathBuf,
    #[command(flatten)]
    output: Output,
    /// Width and height of the PNG or SVG picture, in pixels.
    #[arg(long, value_name = "PX", default_value_t = 800)]
    size: u32,
    /// Agros: tint each field by the side that controls it and print its value.
    #[arg(long)]
    fields: bool,
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
    let variant = args.game.variant()?;
    let lines = if args.actions.as_os_str() == "-" {
        action_lines(std::io::stdin().lock())?
    } else {
        let file = std::fs::File::open(&args.actions)
            .with_context(|| format!("opening {}", args.actions.display()))?;
        action_lines(std::io::BufReader::new(file))?
    };
    let (position, last) = position_after(variant, &lines)?;
    let options = agora_render::PngOptions {
        size: args.size,
        field_overlay: args.fields,
        ..agora_render::PngOptions::default()
    };
    if args.output.ascii {
        print!("{}", agora_render::ascii(&position, last));
    } else if let Some(path) = &args.output.png {
        let bytes = agora_render::png(&position, last, &options)?;
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?;
    } else if let Some(path) = &args.output.svg {
        let text = agora_render::svg(&position, last, &options);
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the actions from the variant's start; the error names the first action that is
/// unreadable or illegal, by its number among the actions.
fn position_after(
    variant: Variant,
    lines: &[String],
) -> anyhow::Result<(AnyPosition, Option<AnyAction>)> {
    let mut position = variant.start();
    let mut last = None;
    for (i, text) in lines.iter().enumerate() {
        let action = position
            .parse_action(text)
            .with_context(|| format!("action {} `{text}`", i + 1))?;
        position.play_unchecked(action);
        last = Some(action);
    }
    Ok((position, last))
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
        let text = agora_render::ascii(&position, last);
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
}
