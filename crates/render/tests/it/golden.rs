//! Golden ASCII pictures: each case renders a position and compares it with
//! `tests/golden/<name>.txt`. Run with `UPDATE_GOLDEN=1` to rewrite the files after an intended
//! change, then read the diff.

use agora_render::Language;
use agora_rules::{AnyAction, AnyPosition, GameKind, Variant, agon, agros};

/// Plays actions from a variant's start and returns the position with the last action.
fn after(variant: Variant, actions: &[&str]) -> (AnyPosition, Option<AnyAction>) {
    let mut position = variant.start();
    let mut last = None;
    for text in actions {
        let action = position.parse_action(text).expect("a legal action");
        position.play(action).expect("a legal action");
        last = Some(action);
    }
    (position, last)
}

fn agros(board: u32, farmers: u32) -> Variant {
    Variant::new(GameKind::Agros, Some(board), Some(farmers)).expect("an offered variant")
}

fn check(name: &str, position: &AnyPosition, last: Option<AnyAction>) {
    let text = agora_render::ascii(position, last, Language::En);
    for line in text.lines() {
        assert!(line.is_ascii(), "{name}: not ASCII: {line}");
        assert!(line.len() <= 60, "{name}: {} columns: {line}", line.len());
    }
    let path = format!("{}/tests/golden/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("writing the golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{path} is missing: run with UPDATE_GOLDEN=1"));
    assert_eq!(text, expected, "{name} differs from {path}");
}

#[test]
fn agon_start() {
    let (position, last) = after(Variant::Agon, &[]);
    check("agon-start", &position, last);
}

#[test]
fn agon_capture_pending_return() {
    // The rules' test vector: the black queen is captured on b7 and must be returned (AG-9).
    let (position, last) = after(Variant::Agon, &["a4-a5", "a6-b7", "a5-a6"]);
    check("agon-capture-pending-return", &position, last);
}

#[test]
fn agon_queen_on_throne() {
    // The captured queen returns straight to the throne (AG-10).
    let (position, last) = after(Variant::Agon, &["a4-a5", "a6-b7", "a5-a6", "b7=f6"]);
    check("agon-queen-on-throne", &position, last);
}

#[test]
fn agon_finished() {
    // Black's guards fill ring 1 around their queen on the throne: Black wins (AG-11).
    let text = "Q4G/7/G7/9/4gg4/4gqg4/4gg4/G8/7G/G6/5G w";
    let position = AnyPosition::parse(GameKind::Agon, text).expect("a valid position");
    assert!(position.is_finished());
    check("agon-finished", &position, None);
}

#[test]
fn agros_opening() {
    let (position, last) = after(agros(10, 5), &["e5", "d4,f6"]);
    check("agros-opening", &position, last);
}

#[test]
fn agros_finished() {
    // Dark passed, then Light passes: the game ends (AR-9) and the score is final.
    let text =
        "..l..D3../.L4l.dddd/lll...../....llll/.L2..lD5../ddddl.../....l.L3./...D1l... l n3 m+";
    let mut position = AnyPosition::parse(GameKind::Agros, text).expect("a valid position");
    let pass = position.parse_action("pass").expect("pass is legal");
    position.play(pass).expect("pass is legal");
    assert!(position.is_finished());
    check("agros-finished", &position, Some(pass));
}

#[test]
fn agros_12_with_two_digit_harvests() {
    // The widest picture: 12 files of which some hold harvests of 10 or more.
    let text = "D10.d.....l.../dd........../....L1......./..L7........./............/\
                ...llll...../......D1...../............/..l.....dd../........D11.../\
                ............/...l.......L12 d n3 m";
    let position = AnyPosition::parse(GameKind::Agros, text).expect("a valid position");
    // The Light farmer came from a1 with harvest 11 (AR-5).
    let last = AnyAction::Agros(agros::Action::Harvest {
        from: agros::Square::new(0, 0).expect("a1"),
        to: agros::Square::new(11, 0).expect("l1"),
    });
    check("agros-12-two-digit-harvests", &position, Some(last));
}

/// The words of a line with the column of each word's middle character: the piece or `.` of a
/// cell (after a `(` mark), or the label itself.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c == ' ', start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let word = &line[s..i];
                let middle = s + usize::from(word.starts_with('('));
                out.push((middle, word));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[test]
fn agon_edge_labels_name_the_cells_beside_them() {
    // AG-2: a cell is named by its row letter and its number from the left of its row. Each row
    // of the picture must start with its letter and end with the number of its last cell, and
    // the numbers above row k and below row a must stand over their cells.
    for actions in [&[][..], &["a4-a5", "a6-b7", "a5-a6"][..]] {
        let (position, last) = after(Variant::Agon, actions);
        let text = agora_render::ascii(&position, last, Language::En);
        let lines: Vec<&str> = text.lines().collect();
        let is_row = |line: &&str| {
            let first = words(line).first().map(|(_, w)| w.to_string());
            first.is_some_and(|w| w.len() == 1 && ('a'..='k').contains(&w.chars().next().unwrap()))
        };
        let first_row = lines.iter().position(is_row).expect("board rows");
        let rows = &lines[first_row..first_row + 11];
        assert!(rows.iter().all(is_row), "{text}");
        for (i, line) in rows.iter().enumerate() {
            let row = 10 - i;
            let cells: Vec<agon::Cell> = agon::Cell::all().filter(|c| c.row() == row).collect();
            let words = words(line);
            let name = cells[0].to_string();
            assert_eq!(words[0].1, &name[..1], "row letter of {name}: {line}");
            assert_eq!(
                words.len() - 2,
                cells.len(),
                "cells of row {}: {line}",
                &name[..1]
            );
            let last = cells.last().expect("a row has cells");
            assert_eq!(
                words[words.len() - 1].1,
                last.number().to_string(),
                "the label after {last}: {line}"
            );
        }
        // `e` ends with e10, as the issue that prompted this test put it.
        assert!(
            rows[6].trim_start().starts_with("e ") && rows[6].ends_with(" 10"),
            "{text}"
        );
        for (numbers, row) in [
            (lines[first_row - 1], rows[0]),
            (lines[first_row + 11], rows[10]),
        ] {
            let cells = &words(row)[1..];
            let labels = words(numbers);
            assert_eq!(labels.len(), 6, "{numbers}");
            for (i, (column, label)) in labels.iter().enumerate() {
                assert_eq!(*label, (i + 1).to_string(), "{numbers}");
                assert_eq!(
                    *column, cells[i].0,
                    "{label} over its cell:\n{numbers}\n{row}"
                );
            }
        }
    }
}

#[test]
fn agon_marks_the_pieces_the_last_step_captured() {
    // `a5-a6` captures the black queen on b7 (AG-8): b7 is marked with the action's cells.
    let (position, last) = after(Variant::Agon, &["a4-a5", "a6-b7", "a5-a6"]);
    let text = agora_render::ascii(&position, last, Language::En);
    let row_b = text
        .lines()
        .find(|l| l.trim_start().starts_with("b "))
        .expect("row b");
    assert!(row_b.contains("(q*"), "{text}");
    // Her return to the throne captures nothing: only its two cells are marked.
    let (position, last) = after(Variant::Agon, &["a4-a5", "a6-b7", "a5-a6", "b7=f6"]);
    let text = agora_render::ascii(&position, last, Language::En);
    let marks: usize = text
        .lines()
        .filter(|l| !l.starts_with("Last:"))
        .map(|l| l.matches('(').count())
        .sum();
    assert_eq!(marks, 2, "{text}");
}
