//! Target `agon_notation`: runs `agora_fuzzcheck::agon_notation`, the check that the service's
//! tests also replay over this target's seeds and corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| agora_fuzzcheck::agon_notation(data));
