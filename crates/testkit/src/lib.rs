//! What Agora's integration tests share, built once for all of them: each crate's tests are one
//! binary (`tests/it/main.rs`, a module per subject), and their common parts live here instead of
//! being compiled again into every binary. Each part is a feature, so a crate's tests build only
//! what they use.
//!
//! Nothing here is a mock of Agora: the parts start real things (a SQLite file or a PostgreSQL
//! schema, the mail servers' mailboxes, serenity's real client against a local double of
//! Discord, headless Chromium, the `agora` binary as a process) and drive them as people would.

#[cfg(feature = "process")]
pub mod burst;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "mail")]
pub mod mail;
#[cfg(feature = "process")]
pub mod serve;
#[cfg(feature = "soak")]
pub mod soak;
#[cfg(feature = "store")]
pub mod store;
#[cfg(feature = "web")]
pub mod web;

/// A short finished game of `variant`: the shortest of many seeded random games, so a test plays a
/// real ending in few actions (mails, slash commands).
#[cfg(any(feature = "mail", feature = "discord"))]
pub fn short_game(variant: agora_rules::Variant) -> Vec<String> {
    let mut best: Option<Vec<String>> = None;
    for seed in 0..3000u64 {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut position: agora_rules::AnyPosition = variant.start();
        let mut record = Vec::new();
        while !position.is_finished() && record.len() < best.as_ref().map_or(400, |b| b.len()) {
            let actions = position.legal_actions();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = actions[(state >> 33) as usize % actions.len()];
            record.push(position.notation(action));
            position.play_unchecked(action);
        }
        // Some endings' status line is too wide for agora-render's ASCII board, which a debug
        // assertion there refuses; such a game would test the renderer, not the front end.
        let renders = || {
            std::panic::catch_unwind(|| agora_render::ascii(&position, None, Default::default()))
                .is_ok()
        };
        if position.is_finished()
            && best.as_ref().is_none_or(|b| record.len() < b.len())
            && renders()
        {
            best = Some(record);
        }
    }
    best.expect("some random game ends")
}
