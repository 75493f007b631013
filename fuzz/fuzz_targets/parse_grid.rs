//! The `grid` reader on arbitrary bytes: never a panic, and every
//! puzzle it reads survives a write and a second read unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::Format;

#[path = "common/mod.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::read_all(Format::Grid, data, true);
});
