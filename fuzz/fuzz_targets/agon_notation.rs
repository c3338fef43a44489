//! An Agon action text read in the start position and in positions reached by playing legal
//! actions the input chooses. Input: a byte giving the number of plies, two bytes per ply choosing
//! among the legal actions, then the action text.

#![no_main]

use agora_rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let plies = (plies as usize % 64).min(rest.len() / 2);
    let (choices, text) = rest.split_at(plies * 2);
    agora_fuzz::walk(
        Variant::Agon.start(),
        choices,
        &String::from_utf8_lossy(text),
    );
});
