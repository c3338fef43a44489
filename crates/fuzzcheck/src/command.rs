//! The command language on arbitrary text: a chat message or one line of a mail, as a stranger may
//! type it. Parsing gives a command or an error that can be shown, never a panic.

use agora_service::commands;

/// Target `command`: any UTF-8 text.
pub fn command(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let line = commands::command_line(text);
    match commands::parse(text) {
        Ok(command) => {
            let _ = format!("{command:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    if let Some(word) = line.split(' ').next() {
        let _ = commands::spec(word);
        let _ = commands::closest_command(word);
        let _ = commands::looks_like_action(word);
        let _ = commands::amount(word);
    }
}
