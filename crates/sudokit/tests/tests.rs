//! Integration tests for the sudokit library: one binary, several modules.

mod auto_large;
mod budget;
mod card;
mod common;
mod corpus;
mod corpus_gen;
mod counts;
mod datasets;
mod detection;
mod dlx;
mod fast9;
mod formats;
mod fpuzzles;
mod generated;
mod generator;
mod hostile;
mod logic;
mod multi;
mod render;
mod sudokupad;
mod triad9;
mod variant;
