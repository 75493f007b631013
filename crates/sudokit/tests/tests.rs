//! Integration tests for the sudokit library: one binary, several modules.

mod budget;
mod common;
mod corpus;
mod corpus_gen;
mod counts;
mod datasets;
mod dlx;
mod fast9;
mod formats;
mod generated;
mod hostile;
mod i18_format;
mod triad9;
