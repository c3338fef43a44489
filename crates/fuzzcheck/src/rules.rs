//! The rules targets: action texts read in positions reached by legal play, and position texts.
//! What must hold of any position, of any action text read in it, and of the legal actions listed
//! there.

use agora_rules::{ActionError, AnyAction, AnyPosition, GameKind, Variant, agon, agros};

/// Target `agon_notation`: an Agon action text read in the start position and in positions reached
/// by playing legal actions the input chooses. Input: a byte giving the number of plies, two bytes
/// per ply choosing among the legal actions, then the action text.
pub fn agon_notation(data: &[u8]) {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let plies = (plies as usize % 64).min(rest.len() / 2);
    let (choices, text) = rest.split_at(plies * 2);
    walk(
        Variant::Agon.start(),
        choices,
        &String::from_utf8_lossy(text),
    );
}

/// Target `agros_notation`: an Agros action text read in the start position of an offered variant
/// and in positions reached by playing legal actions the input chooses. Input: a byte choosing the
/// board and farmers, a byte giving the number of plies, two bytes per ply choosing among the legal
/// actions, then the action text.
pub fn agros_notation(data: &[u8]) {
    let [setup, plies, rest @ ..] = data else {
        return;
    };
    let board = [8, 10, 12][*setup as usize % 3];
    let farmers = [3, 5, 7][*setup as usize / 3 % 3];
    let variant =
        Variant::new(GameKind::Agros, Some(board), Some(farmers)).expect("an offered variant");
    let plies = (*plies as usize % 64).min(rest.len() / 2);
    let (choices, text) = rest.split_at(plies * 2);
    walk(variant.start(), choices, &String::from_utf8_lossy(text));
}

/// Target `agon_position`: any UTF-8 as an Agon position text. What reads must print as text that
/// reads back equal, and its legal actions must all be playable and read back from their notation.
pub fn agon_position(data: &[u8]) {
    position(GameKind::Agon, data);
}

/// Target `agros_position`: the same for Agros.
pub fn agros_position(data: &[u8]) {
    position(GameKind::Agros, data);
}

fn position(kind: GameKind, data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let Ok(position) = AnyPosition::parse(kind, text) else {
        return;
    };
    text_round_trip(&position);
    legal_actions(&position);
    let _ = position.outcome();
}

/// Reads `text` as an action here and checks that the syntax reader and the position agree: an
/// unreadable text is exactly one the syntax reader refuses, and a legal action is listed,
/// checks, and reads back from its canonical notation.
fn read_action(position: &AnyPosition, text: &str) {
    let read = position.parse_action(text);
    let syntax_ok = match position {
        AnyPosition::Agon(_) => agon::parse_notation(text).is_ok(),
        AnyPosition::Agros(p) => agros::parse_notation(text, p.size()).is_ok(),
    };
    assert_eq!(
        read.as_ref().err().is_some_and(ActionError::is_unreadable),
        !syntax_ok,
        "{text:?} in {position}: {read:?}"
    );
    match read {
        Ok(action) => {
            assert_eq!(position.check(action), Ok(()), "{text:?} in {position}");
            assert!(
                position.legal_actions().contains(&action),
                "{text:?} in {position} reads as {action:?}, which is not listed"
            );
            round_trip(position, action);
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
        }
    }
}

/// A legal action's canonical notation reads back as the same action.
fn round_trip(position: &AnyPosition, action: AnyAction) {
    let notation = position.notation(action);
    assert_eq!(
        position.parse_action(&notation),
        Ok(action),
        "{notation:?} in {position}"
    );
}

/// A position prints as text that reads back as an equal position.
fn text_round_trip(position: &AnyPosition) {
    let text = position.to_string();
    match AnyPosition::parse(position.kind(), &text) {
        Ok(back) => {
            assert_eq!(&back, position, "{text}");
            assert_eq!(back.to_string(), text);
        }
        Err(e) => panic!("{text} does not read back: {e}"),
    }
}

/// Every listed action is legal, reads back from its notation and can be played; the count agrees
/// with the list; a finished game lists nothing.
fn legal_actions(position: &AnyPosition) {
    let actions = position.legal_actions();
    assert_eq!(position.legal_count(), actions.len(), "{position}");
    if position.is_finished() {
        assert!(actions.is_empty(), "{position} is over but lists actions");
    }
    // The opening of Agros lists thousands of pairs; a sample of them is enough per input.
    let step = (actions.len() / 64).max(1);
    for &action in actions.iter().step_by(step) {
        assert_eq!(position.check(action), Ok(()), "{action:?} in {position}");
        round_trip(position, action);
        let _ = position.captures(action);
        let mut next = position.clone();
        assert_eq!(next.play(action), Ok(()), "{action:?} in {position}");
        let _ = next.outcome();
    }
}

/// Plays actions chosen by `choices` (two bytes each) from `start`, reading `text` in every position
/// on the way; each position reached must survive its text form, and the last one's legal actions
/// are all checked.
fn walk(start: AnyPosition, choices: &[u8], text: &str) {
    let mut position = start;
    read_action(&position, text);
    for pair in choices.chunks_exact(2) {
        let actions = position.legal_actions();
        if actions.is_empty() {
            break;
        }
        let pick = u16::from_le_bytes([pair[0], pair[1]]) as usize % actions.len();
        let action = actions[pick];
        round_trip(&position, action);
        position.play(action).expect("a listed action is legal");
        text_round_trip(&position);
        read_action(&position, text);
    }
    legal_actions(&position);
}
