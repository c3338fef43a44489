//! Target `agon_position`: runs `agora_fuzzcheck::agon_position`, the check that the service's
//! tests also replay over this target's seeds and corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| agora_fuzzcheck::agon_position(data));
