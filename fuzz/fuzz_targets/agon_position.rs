//! Agon position text: what reads must print as text that reads back equal, and its legal
//! actions must all be playable and read back from their notation.

#![no_main]

use agora_rules::{AnyPosition, GameKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(position) = AnyPosition::parse(GameKind::Agon, text) else {
        return;
    };
    agora_fuzz::text_round_trip(&position);
    agora_fuzz::legal_actions(&position);
    let _ = position.outcome();
});
