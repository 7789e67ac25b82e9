//! `cargo fuzz run graph_file`: see [`grundy_fuzz::graph_file`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grundy_fuzz::graph_file(data));
