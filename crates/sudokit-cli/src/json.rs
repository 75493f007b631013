//! JSON Lines output (`--json`).
