//! Integration tests for the sudokit library: one binary, several modules.

mod budget;
mod common;
mod counts;
mod datasets;
mod dlx;
mod fast9;
mod generated;
mod hostile;
mod triad9;
