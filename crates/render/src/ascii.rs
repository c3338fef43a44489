//! The ASCII pictures: plain 7-bit text at most [`WIDTH`] columns wide, because mail clients and
//! chat fonts mangle box-drawing characters and a phone-width code block holds about 60 columns.
//!
//! Agon's hex rows are drawn with a half-cell shift per row. A cell's name is its row letter and its
//! number counted from the left of its row (AG-2), and every label names the cell beside it: the
//! row letter left of each row, the number of the row's last cell right of it, and the numbers of
//! rows k and a above and below their cells.
//! Agros is a plain grid with files and ranks on all four edges.
//!
//! The board itself is ASCII in every language; the lines of words above and below it are in the
//! reader's language, so a Swedish caption may hold `å`, `ä` or `ö` (widths count characters).

use crate::{caption, last_action};
use agora_i18n::{Language, tr};
use agora_rules::{GameKind, Seat, agon, agros};
use std::fmt::Write as _;

/// The widest line any picture may have.
pub(crate) const WIDTH: usize = 60;

/// A fixed-width canvas of ASCII lines.
struct Canvas {
    lines: Vec<Vec<u8>>,
}

impl Canvas {
    fn new(height: usize) -> Canvas {
        Canvas {
            lines: vec![vec![b' '; WIDTH]; height],
        }
    }

    fn put(&mut self, line: usize, col: usize, text: &str) {
        self.put_bytes(line, col, text.as_bytes());
    }

    fn put_bytes(&mut self, line: usize, col: usize, text: &[u8]) {
        for (i, b) in text.iter().enumerate() {
            if let Some(slot) = self.lines[line].get_mut(col + i) {
                *slot = *b;
            }
        }
    }

    fn into_lines(self) -> Vec<String> {
        self.lines
            .into_iter()
            .map(|mut l| {
                let end = l.iter().rposition(|b| *b != b' ').map_or(0, |i| i + 1);
                l.truncate(end);
                String::from_utf8(l)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            })
            .collect()
    }
}

/// Joins the header, the board and the footer, one line each, ending with a newline.
fn assemble(header: Vec<String>, board: Vec<String>, footer: Vec<String>) -> String {
    let mut out = String::new();
    debug_assert!(board.iter().all(|line| line.is_ascii()), "{board:?}");
    for line in header.into_iter().chain(board).chain(footer) {
        // A line that fits is taken as it is (as wrapping would take it, without the trailing
        // blanks), which the board's lines always do.
        if line.chars().count() <= WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            continue;
        }
        // Status and score lines can outgrow a phone-width code block: wrap them at words.
        for part in textwrap::wrap(&line, WIDTH) {
            out.push_str(&part);
            out.push('\n');
        }
    }
    out
}

/// `title: status` on one line when it fits, else on two.
fn heading(title: &str, status: &str) -> Vec<String> {
    let one = format!("{title}: {status}");
    if one.chars().count() <= WIDTH {
        vec![one]
    } else {
        vec![title.to_string(), status.to_string()]
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::*;

    #[test]
    fn long_lines_wrap_within_the_width() {
        let long =
            "Black wins: White closed ring 1 without the queen on the throne, and more words"
                .to_string();
        let text = assemble(vec![long], vec![], vec![]);
        assert!(text.lines().count() >= 2);
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
    }

    #[test]
    fn lines_that_fit_come_out_as_wrapping_would_give_them() {
        let lines = [
            "",
            "   a  .   .   ^   .   .  6",
            "Agon: white to move  ",
            "  12   L3   .  *d   l  12",
            &"x".repeat(WIDTH),
            "Svart vinner: vit stängde ring 1 utan drottningen på tronen",
        ];
        for line in lines {
            let wrapped: String = textwrap::wrap(line, WIDTH)
                .iter()
                .map(|part| format!("{part}\n"))
                .collect();
            assert_eq!(assemble(vec![line.to_owned()], vec![], vec![]), wrapped);
        }
    }
}

// Agon geometry: each cell takes CELL_PITCH columns, each row is shifted by half a cell from its
// neighbours, and the row letter stands LETTER_GAP columns left of the first cell's centre (the
// last cell's number as far right of the last).
const CELL_PITCH: usize = 4;
const HALF: usize = CELL_PITCH / 2;
const LETTER_GAP: usize = 3;
const ROWS: usize = 11;

fn agon_row_len(row: usize) -> usize {
    ROWS - row.abs_diff(5)
}

/// The column of the middle character of cell `number` (from 1) in `row` (0 = `a`).
fn agon_centre(row: usize, number: usize) -> usize {
    let indent = (ROWS - agon_row_len(row)) * HALF;
    LETTER_GAP + indent + CELL_PITCH * (number - 1)
}

pub(crate) fn agon(lang: Language, p: &agon::Position, last: Option<agon::Action>) -> String {
    // Line 0 holds the numbers above row k, lines 1..=11 rows k..a, line 12 the numbers below a.
    let line_of = |row: usize| ROWS - row;
    let mut canvas = Canvas::new(ROWS + 2);
    // The last action's cells and the pieces it captured.
    let captured = last.map_or_else(Vec::new, |a| last_action::agon_captures(p, a));
    let marked =
        |c: agon::Cell| last.is_some_and(|a| a.from() == c || a.to() == c) || captured.contains(&c);
    for row in 0..ROWS {
        let line = line_of(row);
        canvas.put_bytes(line, agon_centre(row, 1) - LETTER_GAP, &[b'a' + row as u8]);
        let last = agon_row_len(row);
        canvas.put(line, agon_centre(row, last) + LETTER_GAP, &last.to_string());
        for number in 1..=agon_row_len(row) {
            let cell = agon::Cell::from_row_number(row, number).expect("on the board");
            let mut text = match p.piece_at(cell) {
                Some(piece) => {
                    let letter = match (piece.seat, piece.kind) {
                        (Seat::First, agon::Kind::Queen) => b'Q',
                        (Seat::First, agon::Kind::Guard) => b'G',
                        (Seat::Second, agon::Kind::Queen) => b'q',
                        (Seat::Second, agon::Kind::Guard) => b'g',
                    };
                    [b' ', letter, if piece.captured { b'*' } else { b' ' }]
                }
                None if cell == agon::Cell::THRONE => [b' ', b'^', b' '],
                None => [b' ', b'.', b' '],
            };
            if marked(cell) {
                text[0] = b'(';
                if text[2] == b' ' {
                    text[2] = b')';
                }
            }
            canvas.put_bytes(line, agon_centre(row, number) - 1, &text);
        }
    }
    // The numbers of the cells of rows k and a, above and below them (see the module docs).
    for number in 1..=agon_row_len(10) {
        canvas.put(0, agon_centre(10, number), &number.to_string());
        canvas.put(ROWS + 1, agon_centre(0, number), &number.to_string());
    }

    let header = heading("Agon", &caption::agon_status(lang, p));
    let mut footer = Vec::new();
    if let Some(a) = last {
        footer.push(format!(
            "{}, {} ( )",
            caption::last_action(lang, GameKind::Agon, p.to_act(), &a.to_string()),
            tr(lang, "ascii-marked", &[])
        ));
    }
    footer.push(tr(lang, "ascii-legend-agon", &[]));
    assemble(header, canvas.into_lines(), footer)
}

fn letter(index: usize) -> String {
    ((b'a' + index as u8) as char).to_string()
}

// Agros geometry: a rank label RANK_WIDTH wide, then one SQUARE_PITCH-wide slot per file with the
// square's text right-aligned in it, so a 12x12 board with two-digit harvests takes 53 columns.
const RANK_WIDTH: usize = 2;
const SQUARE_PITCH: usize = 4;

pub(crate) fn agros(lang: Language, p: &agros::Position, last: Option<agros::Action>) -> String {
    let n = p.size();
    let marked: Vec<agros::Square> = match last {
        Some(agros::Action::Place(s)) => vec![s],
        Some(agros::Action::PlaceTwo(a, b)) => vec![a, b],
        Some(agros::Action::Harvest { from, to } | agros::Action::Sow { from, to }) => {
            vec![from, to]
        }
        Some(agros::Action::Pass) | None => Vec::new(),
    };
    let files: String = (0..n)
        .map(|f| format!("{:>width$}", letter(f), width = SQUARE_PITCH))
        .collect();
    let files = format!("{:width$}{files}", "", width = RANK_WIDTH);
    let mut board = vec![files.clone()];
    // One square's text: `.`, a seed, a farmer with its harvest, `*` before the last action's.
    let mut token = String::with_capacity(SQUARE_PITCH);
    for rank in (0..n).rev() {
        let mut line = format!("{:>width$}", rank + 1, width = RANK_WIDTH);
        for file in 0..n {
            let square = agros::Square::new(file, rank).expect("on the grid");
            token.clear();
            if marked.contains(&square) {
                token.push('*');
            }
            match p.content(square) {
                None => token.push('.'),
                Some(agros::Content::Seed(Seat::First)) => token.push('l'),
                Some(agros::Content::Seed(Seat::Second)) => token.push('d'),
                Some(agros::Content::Farmer { seat, harvest }) => {
                    token.push(if seat == Seat::First { 'L' } else { 'D' });
                    write!(token, "{harvest}").expect("writing to a string");
                }
            }
            // Right-aligned in its slot (the text is ASCII, so bytes are columns).
            for _ in token.len()..SQUARE_PITCH {
                line.push(' ');
            }
            line.push_str(&token);
        }
        write!(line, " {}", rank + 1).expect("writing to a string");
        board.push(line);
    }
    board.push(files);

    let header = heading(
        &caption::agros_title(lang, p),
        &caption::agros_status(lang, p),
    );
    // Before the movement phase the fields mean nothing yet, so the score would only mislead.
    let mut footer = Vec::new();
    if !p.in_opening() {
        footer.push(caption::agros_score(lang, p));
    }
    if let Some(a) = last {
        let mut line = caption::last_action(lang, GameKind::Agros, p.to_act(), &a.to_string());
        if !marked.is_empty() {
            line.push_str(&format!(", {} *", tr(lang, "ascii-marked", &[])));
        }
        footer.push(line);
    }
    footer.push(tr(lang, "ascii-legend-agros", &[]));
    assemble(header, board, footer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agon_names_line_up_with_the_rules_diagram() {
        // f1 is the leftmost cell and f6 (the throne) sits in the middle of the widest row.
        assert_eq!(agon_centre(5, 1), LETTER_GAP);
        assert_eq!(agon_centre(10, 1), agon_centre(5, 1) + 5 * HALF);
    }
}
