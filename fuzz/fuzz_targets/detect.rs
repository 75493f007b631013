//! Format detection on arbitrary bytes, then reading with the detected
//! format (as `sudokit solve` does): never a panic; the rewound reader gives
//! back the whole input.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use sudokit::format;

#[path = "common/mod.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let direct = format::detect(data);
    let (detected, mut rewound) = format::detect_reader(data).expect("memory");
    let mut again = Vec::new();
    rewound.read_to_end(&mut again).expect("memory");
    assert_eq!(again, data, "the rewound reader loses bytes");
    if data.len() < format::DETECT_PREFIX {
        // The whole input fits the prefix: both entry points agree.
        assert_eq!(direct.as_ref().ok(), detected.as_ref().ok());
    }
    if let Ok(f) = detected {
        common::read_all(f, data, false);
    }
});
