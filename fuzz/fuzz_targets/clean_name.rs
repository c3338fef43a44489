//! Target `clean_name`: runs `agora_fuzzcheck::clean_name`, the check that the service's
//! tests also replay over this target's seeds and corpus.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| agora_fuzzcheck::clean_name(data));
