//! Variant sudoku: the engine against an independent brute-force counter
//! on random small instances, pruning against solution grids, validators
//! against a second reading of the rules, and the committed corpus
//! (`tests/data/variants/`, written by `corpus_gen`, an ignored test).

pub mod brute;
pub mod build;
mod corpus;
mod corpus_gen;
pub mod fpjson;
mod logic;
mod public;
mod random;
pub mod semantics;
pub mod shapes;
