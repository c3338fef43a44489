//! The command language on arbitrary text: a chat message or one line of a mail, as a stranger may
//! type it. Parsing gives a command or an error that can be shown, never a panic.

#![no_main]

use agora_service::commands;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
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
});
