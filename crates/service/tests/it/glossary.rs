//! Each language names each game concept with one word: `docs/i18n/nl.md` and `docs/i18n/sv.md`
//! hold a table whose column `not` lists the words ruled out. Every text of that language is read
//! as it is on disk when the test runs (every file under `templates/<lang>/`, the rule documents
//! `docs/rules/*.<lang>.md` and the player's guide `docs/guide/<lang>.md`), and a ruled-out word or
//! phrase in it fails the test with the file, the line and the word. Words are compared whole and
//! in any case; what a reader never sees is left out (Fluent comments and keys, `$variables`,
//! template comments `{# … #}`).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The ruled-out entries of a glossary: the cells of its table's `not` column, split at commas,
/// each a word or a phrase of words.
fn ruled_out(glossary: &str) -> Vec<String> {
    let mut column = None;
    let mut out = Vec::new();
    for line in glossary.lines().map(str::trim) {
        if !line.starts_with('|') {
            column = None;
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        match column {
            None => column = cells.iter().position(|c| c.eq_ignore_ascii_case("not")),
            Some(i) => {
                let cell = cells.get(i).copied().unwrap_or("");
                if cell.starts_with("---") {
                    continue;
                }
                out.extend(
                    cell.split(',')
                        .map(|w| w.trim().trim_matches('`').to_lowercase())
                        .filter(|w| !w.is_empty()),
                );
            }
        }
    }
    out
}

/// The words of a line as a reader sees them, lower case: runs of letters and digits, without
/// `$variables`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut variable = false;
    for c in line.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        } else if c == '_' && variable {
            // Part of a variable's name.
        } else {
            if !word.is_empty() && !variable {
                out.push(std::mem::take(&mut word));
            }
            word.clear();
            variable = c == '$';
        }
    }
    out
}

/// The text of a file a reader sees, line by line (numbered from 1): Fluent keys and comments and
/// template comments blanked out, so the numbers stay those of the file.
fn readable_lines(path: &Path, source: &str) -> Vec<(usize, String)> {
    let fluent = path.extension().is_some_and(|e| e == "ftl");
    let mut text = String::with_capacity(source.len());
    if fluent {
        for line in source.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with('#') {
                text.push('\n');
                continue;
            }
            // `key = value`: the key is no text; variant keys `[one]` neither.
            let value = match line.split_once(" = ") {
                Some((key, value))
                    if !key.starts_with(char::is_whitespace) && !key.contains('{') =>
                {
                    value
                }
                _ => line,
            };
            let value = match value.trim_start().trim_start_matches('*').strip_prefix('[') {
                Some(rest) => rest.split_once(']').map_or(value, |(_, v)| v),
                None => value,
            };
            text.push_str(value);
            text.push('\n');
        }
    } else {
        // `{# … #}` comments out, their newlines kept.
        let mut rest = source;
        while let Some(start) = rest.find("{#") {
            text.push_str(&rest[..start]);
            let end = rest[start..]
                .find("#}")
                .map_or(rest.len(), |e| start + e + 2);
            text.extend(rest[start..end].chars().filter(|&c| c == '\n'));
            rest = &rest[end..];
        }
        text.push_str(rest);
    }
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect()
}

/// Every file under `dir`, at any depth.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The places (`file:line: word`) where the texts of `lang` use a word its glossary rules out.
fn uses_of_ruled_out_words(lang: &str) -> Vec<String> {
    let root = root();
    let glossary = std::fs::read_to_string(root.join(format!("docs/i18n/{lang}.md")))
        .unwrap_or_else(|e| panic!("docs/i18n/{lang}.md: {e}"));
    let banned: Vec<Vec<String>> = ruled_out(&glossary)
        .iter()
        .map(|entry| words(entry))
        .collect();
    assert!(
        banned.len() >= 5,
        "docs/i18n/{lang}.md rules out too few words: {banned:?}"
    );
    let mut files = Vec::new();
    files_under(&root.join("templates").join(lang), &mut files);
    // The language's words: its Fluent files, the sentences of every template among them.
    assert!(
        files.iter().any(|f| f.ends_with("texts.ftl")) && files.len() >= 5,
        "templates/{lang}/ lacks its Fluent files: {files:?}"
    );
    if let Ok(docs) = std::fs::read_dir(root.join("docs/rules")) {
        files.extend(
            docs.flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(&format!(".{lang}.md"))),
        );
    }
    let guide = root.join(format!("docs/guide/{lang}.md"));
    assert!(guide.is_file(), "{}: no such file", guide.display());
    files.push(guide);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (number, line) in readable_lines(&path, &source) {
            let words = words(&line);
            for entry in &banned {
                if words.windows(entry.len()).any(|w| w == entry.as_slice()) {
                    found.push(format!("{shown}:{number}: {}", entry.join(" ")));
                }
            }
        }
    }
    found
}

#[test]
fn dutch_texts_use_the_words_of_the_glossary() {
    let found = uses_of_ruled_out_words("nl");
    assert!(
        found.is_empty(),
        "words docs/i18n/nl.md rules out:\n{}",
        found.join("\n")
    );
}

#[test]
fn swedish_texts_use_the_words_of_the_glossary() {
    let found = uses_of_ruled_out_words("sv");
    assert!(
        found.is_empty(),
        "words docs/i18n/sv.md rules out:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_glossary_test_finds_a_ruled_out_word_whole_and_in_any_case() {
    let glossary =
        "| concept | word | not |\n|---|---|---|\n| seed | zaadje | zaad, pass gespeeld |\n";
    assert_eq!(ruled_out(glossary), ["zaad", "pass gespeeld"]);
    assert_eq!(
        words("Een Zaad, `zaadje` { $zaad }"),
        ["een", "zaad", "zaadje"]
    );
    let lines = readable_lines(
        Path::new("x.ftl"),
        "# zaad\nkey-zaad = een zaad\n    [zaad] Zaden\n",
    );
    assert_eq!(
        lines,
        [
            (1, String::new()),
            (2, "een zaad".to_owned()),
            (3, " Zaden".to_owned())
        ]
    );
    let lines = readable_lines(Path::new("x.txt"), "{# zaad\n #}\nzaad");
    assert_eq!(
        lines,
        [
            (1, String::new()),
            (2, String::new()),
            (3, "zaad".to_owned())
        ]
    );
}
