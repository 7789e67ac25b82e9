//! `cargo fuzz run spec`: see [`grundy_fuzz::spec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::spec(data));
