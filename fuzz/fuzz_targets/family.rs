//! `cargo fuzz run family`: see [`grundy_fuzz::family`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::family(data));
