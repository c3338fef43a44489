//! Game records (`agora_rules::record`) from any text, as a mail attachment or an upload brings
//! them. Reading gives a record or an error that can be shown, never a panic; a record that reads
//! writes a canonical text that reads back as an equal record and writes the same text again; the
//! pieces it was read from are ones the record's builders accept too; and its game replays, or
//! says which action is wrong, without a panic.

use agora_rules::Record;
use agora_rules::record::LINE_WIDTH;

/// Target `record`: any UTF-8 text as a record.
pub fn record(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let record = match Record::parse(text) {
        Ok(record) => record,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let written = record.to_text();
    let back = Record::parse(&written)
        .unwrap_or_else(|e| panic!("the written record does not read back: {e}\n{written}"));
    assert_eq!(back, record, "{written}");
    assert_eq!(back.to_text(), written, "the canonical text is not stable");
    if record.comments().iter().all(|c| !c.text.contains('\n')) {
        // Actions wrap at the width; only a comment (never broken) makes a longer line.
        for line in written.lines().skip(record.tags().len() + 1) {
            assert!(
                line.chars().count() <= LINE_WIDTH || line.contains(['{', ';']),
                "a line longer than {LINE_WIDTH} characters: {line:?}\n{written}"
            );
        }
    }
    builders_accept(&record);
    replay(&record);
}

/// Whatever reading accepted, building a record in code accepts as well: the tags (set again in
/// place, the record unchanged), the actions and the comments.
fn builders_accept(record: &Record) {
    let mut again = record.clone();
    for (name, value) in record.tags() {
        if let Err(e) = again.set_tag(name, value) {
            panic!("tag {name} = {value:?} was read but cannot be set: {e}");
        }
    }
    assert_eq!(&again, record);
    let variant = record.variant().expect("a record that reads has a variant");
    let mut built = match Record::new(variant, record.actions().iter().cloned()) {
        Ok(built) => built,
        Err(e) => panic!("the actions were read but cannot be built: {e}"),
    };
    for comment in record.comments() {
        if let Err(e) = built.add_comment(comment.after, comment.text.clone()) {
            panic!("comment {comment:?} was read but cannot be added: {e}");
        }
    }
    assert_eq!(built.actions(), record.actions());
    assert_eq!(built.comments(), record.comments());
}

/// The game replays or names the action that is wrong; a replay gives one position per action
/// and one more, and the last is the one reached by playing only up to it.
fn replay(record: &Record) {
    match record.replay() {
        Ok(positions) => {
            let plies = record.actions().len();
            assert_eq!(positions.len(), plies + 1);
            match record.position_after(plies) {
                Ok(last) => assert_eq!(positions.last(), Some(&last)),
                Err(e) => panic!("the game replays but its last position cannot be reached: {e}"),
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
        }
    }
}
