//! Integration tests of the `exact-cover` crate.

mod suite;
