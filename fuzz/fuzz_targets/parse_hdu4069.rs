//! The `hdu4069` reader on arbitrary bytes: never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::Format;

#[path = "common/mod.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::read_all(Format::Hdu4069, data, false);
});
