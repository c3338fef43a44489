//! An Agros action text read in the start position of an offered variant and in positions reached
//! by playing legal actions the input chooses. Input: a byte choosing the board and farmers, a
//! byte giving the number of plies, two bytes per ply choosing among the legal actions, then the
//! action text.

#![no_main]

use agora_rules::{GameKind, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [setup, plies, rest @ ..] = data else {
        return;
    };
    let board = [8, 10, 12][*setup as usize % 3];
    let farmers = [3, 5, 7][*setup as usize / 3 % 3];
    let variant =
        Variant::new(GameKind::Agros, Some(board), Some(farmers)).expect("an offered variant");
    let plies = (*plies as usize % 64).min(rest.len() / 2);
    let (choices, text) = rest.split_at(plies * 2);
    agora_fuzz::walk(variant.start(), choices, &String::from_utf8_lossy(text));
});
