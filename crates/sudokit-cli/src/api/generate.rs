//! `generate`: a new puzzle with one solution, classic or (with `kind`) a
//! variant ([`super::generate_variant`]). The request's fields are read as
//! `sudokit generate`'s arguments, so their checks and messages are the
//! CLI's.

use serde::Deserialize;
use serde_json::{json, Value};
use sudokit::format::Style;
use sudokit::logic;

use super::board::BoardJson;
use super::request::decode;
use super::{gave_up, generate_variant, ApiError, Limits};
use crate::cli::GenerateArgs;

/// The side of the largest grid `generate` makes here (a 25x25 try takes
/// about a second; 36x36 would not fit a request's time).
const MAX_GENERATE_SIDE: usize = 25;

/// The arguments of one subcommand, `argv` starting with its name: only
/// that subcommand is built (the whole command line would be a third of
/// the WebAssembly build).
pub(crate) fn parse_args<T: clap::Args + clap::FromArgMatches>(
    name: &'static str,
    args: Vec<String>,
) -> Result<T, clap::Error> {
    let argv = std::iter::once(name.to_owned()).chain(args);
    let matches = T::augment_args(clap::Command::new(name)).try_get_matches_from(argv)?;
    T::from_arg_matches(&matches)
}

/// The first paragraph of a clap error, without its `error: ` prefix.
pub(crate) fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let first = text.split("\n\n").next().unwrap_or(&text).trim();
    first.strip_prefix("error: ").unwrap_or(first).to_owned()
}

/// The fields of `generate`: `sudokit generate`'s options, and a variant
/// puzzle's `kind` (the library's words) with its own.
const GENERATE_FIELDS: &[&str] = &[
    "size",
    "box",
    "layout",
    "jigsaw",
    "x",
    "windoku",
    "symmetry",
    "minimal",
    "clues",
    "level",
    "rating",
    "seed",
    "format",
    "kind",
    "band",
    "difficulty",
    "givens",
    "allow_unused",
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    size: Option<usize>,
    /// `RxC`.
    #[serde(rename = "box")]
    box_shape: Option<String>,
    /// A multi-grid board: a preset (`samurai`, `twodoku` …) or grid
    /// corners, as `--layout` reads them.
    layout: Option<String>,
    #[serde(default)]
    jigsaw: bool,
    #[serde(default)]
    x: bool,
    #[serde(default)]
    windoku: bool,
    symmetry: Option<String>,
    #[serde(default)]
    minimal: bool,
    /// `K` or `A..B`.
    clues: Option<String>,
    /// `easy` ... `extreme`.
    level: Option<String>,
    /// An ER range, `A..B`.
    rating: Option<String>,
    /// A number, or a string of digits (JavaScript numbers stop being exact
    /// at 2^53; the answer gives the seed as a string).
    #[serde(default, deserialize_with = "seed_of")]
    seed: Option<u64>,
    /// The output format (`line`, or `jigsaw` for a jigsaw).
    format: Option<String>,
    /// A variant puzzle's rules: `killer`, `thermo=3`, `kropki=min, xv`
    /// … ([`sudokit::generate::VariantSpec::with_kinds`]).
    kind: Option<String>,
    /// The card's band: `NAME` or `A..B` (variant puzzles).
    band: Option<String>,
    /// The card's difficulty, `A..B` (variant puzzles).
    difficulty: Option<String>,
    /// At most this many givens (variant puzzles).
    givens: Option<usize>,
    /// Keep rules the puzzle does not need (variant puzzles).
    #[serde(default)]
    allow_unused: bool,
}

impl Fields {
    /// The same request as `sudokit generate` arguments, so the checks and
    /// messages are the CLI's.
    fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["-j", "1"].map(String::from).into();
        let mut opt = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                args.push(format!("--{flag}={v}"));
            }
        };
        opt("size", self.size.map(|n| n.to_string()));
        opt("box", self.box_shape.clone());
        opt("layout", self.layout.clone());
        opt("symmetry", self.symmetry.clone());
        opt("clues", self.clues.clone());
        opt("level", self.level.clone());
        opt("rating", self.rating.clone());
        opt("format", self.format.clone());
        opt("band", self.band.clone());
        opt("difficulty", self.difficulty.clone());
        opt("givens", self.givens.map(|n| n.to_string()));
        for (on, flag) in [
            (self.jigsaw, "--jigsaw"),
            (self.x, "--x"),
            (self.windoku, "--windoku"),
            (self.minimal, "--minimal"),
            (self.allow_unused, "--allow-unused"),
        ] {
            if on {
                args.push(flag.into());
            }
        }
        args
    }

    /// The fields set that go only with `kind` (when it is absent) or only
    /// without it (when present): the first one's 400.
    fn misplaced(&self) -> Result<(), ApiError> {
        let variant_only = [
            (self.band.is_some(), "band"),
            (self.difficulty.is_some(), "difficulty"),
            (self.givens.is_some(), "givens"),
            (self.allow_unused, "allow_unused"),
        ];
        let classic_only = [
            (self.layout.is_some(), "layout"),
            (self.x, "x"),
            (self.windoku, "windoku"),
            (self.minimal, "minimal"),
            (self.clues.is_some(), "clues"),
            (self.level.is_some(), "level"),
            (self.rating.is_some(), "rating"),
            (self.format.is_some(), "format"),
        ];
        let (fields, message): (&[(bool, &str)], &str) = if self.kind.is_some() {
            (
                &classic_only,
                "is for classic puzzles; a variant puzzle (`kind`) takes `band`, `difficulty` \
                 and `givens`",
            )
        } else {
            (
                &variant_only,
                "is for variant puzzles: name their rules in `kind` (killer, thermo, arrow …)",
            )
        };
        match fields.iter().find(|(on, _)| *on) {
            Some((_, field)) => {
                Err(ApiError::bad(format!("`{field}` {message}")).with(json!({ "field": field })))
            }
            None => Ok(()),
        }
    }
}

/// The request field a clap error is about (`--band <A..B>`: `band`).
fn clap_field(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    match e.get(ContextKind::InvalidArg)? {
        ContextValue::String(arg) => {
            let flag = arg.split_whitespace().next()?.trim_start_matches('-');
            Some(flag.replace('-', "_"))
        }
        _ => None,
    }
}

/// A `generate` request, read and checked: its fields and the same as
/// `sudokit generate` arguments.
#[derive(Debug)]
pub struct GenerateReq {
    fields: Fields,
    args: GenerateArgs,
}

/// Reads a `generate` request: 400 for an unknown field, a field of the
/// other kind of puzzle, or arguments the CLI would refuse.
pub(super) fn prepare(body: &str) -> Result<GenerateReq, ApiError> {
    let fields: Fields = decode(body, &[GENERATE_FIELDS])?;
    fields.misplaced()?;
    let args = parse_args::<GenerateArgs>("generate", fields.args()).map_err(|e| {
        let error = ApiError::bad(clap_message(&e));
        match clap_field(&e) {
            Some(field) => error.with(json!({ "field": field })),
            None => error,
        }
    })?;
    Ok(GenerateReq { fields, args })
}

/// `POST /api/generate`: a new puzzle with one solution (a variant puzzle
/// with `kind`, [`generate_variant`]).
pub(super) fn run(req: &GenerateReq, limits: &Limits) -> Result<Value, ApiError> {
    let GenerateReq { fields, args } = req;
    let seed = fields.seed.unwrap_or_else(sudokit::generate::random_seed);
    if let Some(kind) = &fields.kind {
        return generate_variant::make(kind, args, seed, limits);
    }
    let mut spec = crate::generate::spec_of(args).map_err(|e| ApiError::bad(format!("{e:#}")))?;
    let side = spec.shape.size();
    if side > MAX_GENERATE_SIDE {
        return Err(ApiError::unprocessable(format!(
            "this server generates grids up to {MAX_GENERATE_SIDE}x{MAX_GENERATE_SIDE}, not \
             {side}x{side}; the CLI has no such limit"
        )));
    }
    spec.deadline = Some(web_time::Instant::now() + limits.time);
    spec.cancel = Some(limits.cancel.clone());
    let mut generator =
        sudokit::generate::Generator::new(spec).map_err(|e| ApiError::bad(e.to_string()))?;
    let made = generator.generate(seed).map_err(|e| {
        if e.timed_out {
            gave_up(limits, &format!("generating after {} tries", e.tally.tries))
        } else {
            ApiError::unprocessable(e.to_string())
        }
    })?;
    let (format, variant) = crate::generate::output_of(args);
    crate::generate::ensure_round_trip(format, variant, &made.puzzle)
        .map_err(|e| ApiError::bad(format!("{e:#}")))?;
    let board = BoardJson::new(&made.puzzle, Style::default(), format);
    Ok(json!({
        "puzzle": board.text(),
        "format": format.name(),
        "board": board,
        "seed": seed.to_string(),
        "clues": made.puzzle.givens().filled(),
        "er": made.er.map(logic::Difficulty::value),
        "level": made.er.map(|er| logic::Level::of(er).name()),
        "tries": made.tally.tries,
    }))
}

/// A seed given as a number or as a string of digits.
fn seed_of<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::de::Error;
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Seed {
        Number(u64),
        Text(String),
    }
    match Option::<Seed>::deserialize(d)? {
        None => Ok(None),
        Some(Seed::Number(n)) => Ok(Some(n)),
        Some(Seed::Text(t)) => t.trim().parse().map(Some).map_err(|_| {
            D::Error::custom(format!(
                "seed: `{t}` is not a whole number from 0 to 2^64 - 1"
            ))
        }),
    }
}
