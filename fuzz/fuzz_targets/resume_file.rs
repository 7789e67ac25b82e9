//! `cargo fuzz run resume_file`: see [`grundy_fuzz::resume_file`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::resume_file(data));
