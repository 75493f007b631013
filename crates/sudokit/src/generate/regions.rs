//! Random jigsaw regions.
