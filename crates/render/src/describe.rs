//! The position in words, for a reader who cannot see the picture: the text alternative of every
//! board picture (the SVG's `<title>`, the website's text listing, a Discord attachment's
//! description). It says what the picture says, in the same words: the game, whose turn it is or
//! how the game ended, the last action, then each side's pieces by cell or square, and the Agros
//! score. Its own words are `templates/*/alt.ftl`'s; it draws nothing.

use crate::caption;
use agora_i18n::{Arg, Language, tr};
use agora_rules::{AnyAction, AnyPosition, GameKind, Seat, agon, agros};

/// The longest description, in characters: Discord takes at most 1,024 for an attachment's, and a
/// longer text is no longer a quick thing to listen to. A full 12×12 board is cut, saying so.
pub const DESCRIPTION_LIMIT: usize = 1000;

/// The position read aloud, in `language`: `Agon. Black to act. Last: White k1-j1. White: queen
/// j1; guards a1, b2, …. Black: queen f6; …`. Sentences, each ending with a full stop, at most
/// [`DESCRIPTION_LIMIT`] characters. `last` is the action that led to the position, as for the
/// pictures; an action of the other game is ignored.
pub fn describe_position(
    position: &AnyPosition,
    last: Option<AnyAction>,
    language: Language,
) -> String {
    let lang = language;
    let mut sentences = Vec::new();
    match position {
        AnyPosition::Agon(p) => {
            sentences.push("Agon".to_owned());
            sentences.push(caption::agon_status(lang, p));
            if let Some(AnyAction::Agon(a)) = last {
                let text = a.to_string();
                sentences.push(caption::last_action(
                    lang,
                    GameKind::Agon,
                    p.to_act(),
                    &text,
                ));
            }
            for seat in Seat::BOTH {
                sentences.push(agon_side(lang, p, seat));
            }
        }
        AnyPosition::Agros(p) => {
            sentences.push(caption::agros_title(lang, p));
            sentences.push(caption::agros_status(lang, p));
            if let Some(AnyAction::Agros(a)) = last {
                let text = a.to_string();
                sentences.push(caption::last_action(
                    lang,
                    GameKind::Agros,
                    p.to_act(),
                    &text,
                ));
            }
            for seat in Seat::BOTH {
                sentences.push(agros_side(lang, p, seat));
            }
            if !p.in_opening() && !p.is_finished() {
                sentences.push(caption::agros_score(lang, p));
            }
        }
    }
    let mut out = String::new();
    for sentence in sentences {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(sentence.trim_end_matches('.'));
        out.push('.');
    }
    clip(lang, out)
}

/// A text of at most [`DESCRIPTION_LIMIT`] characters: cut at a word and saying so.
fn clip(lang: Language, text: String) -> String {
    if text.chars().count() <= DESCRIPTION_LIMIT {
        return text;
    }
    let more = tr(lang, "alt-more", &[]);
    let room = DESCRIPTION_LIMIT - more.chars().count() - 2;
    let cut: String = text.chars().take(room).collect();
    let cut = match cut.rfind(' ') {
        Some(i) => &cut[..i],
        None => &cut[..],
    };
    format!("{} {more}.", cut.trim_end_matches([',', ';', '.', ':']))
}

/// A list of cells or squares: `a1, b2, c3`.
fn list(items: &[String]) -> String {
    items.join(", ")
}

/// A side's pieces, or that it has none.
fn with_side(lang: Language, kind: GameKind, seat: Seat, groups: Vec<String>) -> String {
    let side = caption::side(lang, kind, seat);
    if groups.is_empty() {
        tr(lang, "alt-side-empty", &[("side", side.into())])
    } else {
        tr(
            lang,
            "alt-side",
            &[("side", side.into()), ("pieces", groups.join("; ").into())],
        )
    }
}

/// `White: queen f6; guards a1, b2; captured guard e5`.
fn agon_side(lang: Language, p: &agon::Position, seat: Seat) -> String {
    let mut queen = Vec::new();
    let mut guards = Vec::new();
    let mut captured = Vec::new();
    for (cell, piece) in p.pieces().filter(|(_, piece)| piece.seat == seat) {
        let name = cell.to_string();
        match (piece.kind, piece.captured) {
            (agon::Kind::Queen, false) => {
                queen.push(tr(lang, "alt-queen", &[("cell", name.into())]))
            }
            (agon::Kind::Queen, true) => {
                queen.push(tr(lang, "alt-queen-captured", &[("cell", name.into())]))
            }
            (agon::Kind::Guard, false) => guards.push(name),
            (agon::Kind::Guard, true) => captured.push(name),
        }
    }
    let mut groups = queen;
    for (key, cells) in [("alt-guards", guards), ("alt-guards-captured", captured)] {
        if !cells.is_empty() {
            groups.push(tr(
                lang,
                key,
                &[
                    ("count", Arg::Num(cells.len() as i64)),
                    ("cells", list(&cells).into()),
                ],
            ));
        }
    }
    with_side(lang, GameKind::Agon, seat, groups)
}

/// `Light: farmers e5 with harvest 3, d4 with harvest 1; seeds c3, h8`.
fn agros_side(lang: Language, p: &agros::Position, seat: Seat) -> String {
    let mut farmers = Vec::new();
    let mut seeds = Vec::new();
    for square in p.squares() {
        match p.content(square) {
            Some(agros::Content::Farmer { seat: s, harvest }) if s == seat => farmers.push(tr(
                lang,
                "alt-farmer",
                &[
                    ("square", square.to_string().into()),
                    ("harvest", Arg::Num(i64::from(harvest))),
                ],
            )),
            Some(agros::Content::Seed(s)) if s == seat => seeds.push(square.to_string()),
            _ => {}
        }
    }
    let mut groups = Vec::new();
    if !farmers.is_empty() {
        groups.push(tr(
            lang,
            "alt-farmers",
            &[
                ("count", Arg::Num(farmers.len() as i64)),
                ("list", list(&farmers).into()),
            ],
        ));
    }
    if !seeds.is_empty() {
        groups.push(tr(
            lang,
            "alt-seeds",
            &[
                ("count", Arg::Num(seeds.len() as i64)),
                ("cells", list(&seeds).into()),
            ],
        ));
    }
    with_side(lang, GameKind::Agros, seat, groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_rules::Variant;

    #[test]
    fn the_start_is_read_side_by_side() {
        let start = Variant::Agon.start();
        let text = describe_position(&start, None, Language::En);
        assert!(
            text.starts_with("Agon. White to act. White: queen "),
            "{text}"
        );
        assert!(text.contains("; guards "), "{text}");
        assert!(text.contains(". Black: queen "), "{text}");
        let nl = describe_position(&start, None, Language::Nl);
        assert!(nl.contains("Wit: koningin "), "{nl}");
        assert!(nl.contains("wachters "), "{nl}");
        let sv = describe_position(&start, None, Language::Sv);
        assert!(sv.contains("Vit: drottning "), "{sv}");
        assert!(sv.contains("vakter "), "{sv}");
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let long = format!("Agros. {}", "a1, ".repeat(400));
        let cut = clip(Language::En, long);
        assert!(cut.chars().count() <= DESCRIPTION_LIMIT, "{}", cut.len());
        assert!(cut.ends_with(" and more."), "{cut}");
    }
}
