//! The exit status every subcommand ends with.

/// How a run went, in increasing order of severity; the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle was read and answered.
    Ok = 0,
    /// Some puzzle was malformed (or could not be solved by the engine).
    Malformed = 1,
    /// An input could not be read, or its format not detected.
    Failed = 2,
}
