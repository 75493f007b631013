mod api;
mod models;
mod parse_errors;
mod props;
mod puzzles;
mod reference;
