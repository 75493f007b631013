//! The [`Problem`] type: items, colours and options of an exact cover
//! problem, built through a validating API or read from Knuth's text format.

use std::fmt;

/// Identifier of an item, returned by [`Problem::add_primary`] and
/// [`Problem::add_secondary`].
///
/// Items are numbered `0, 1, 2, …` in the order they were declared, whether
/// primary or secondary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item with declaration index `index` (0-based).
    ///
    /// This is a convenience for programs that declare items in a known
    /// order and compute their ids arithmetically; an id that does not name
    /// an item of the problem it is used with is rejected by
    /// [`Problem::add_option`] with [`ProblemError::UnknownItem`].
    #[inline]
    #[must_use]
    pub fn from_index(index: usize) -> Self {
        ItemId(u32::try_from(index).unwrap_or(u32::MAX))
    }

    /// The 0-based declaration index of this item.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colour that a secondary item may carry inside an option, created by
/// [`Problem::color`].
///
/// Colours are numbered `0, 1, 2, …` in the order their names were first
/// interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub(crate) u32);

impl Color {
    /// The 0-based index of this colour.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An error reported by [`Problem::add_option`] or
/// [`Problem::add_option_colored`] for an option that violates the rules of
/// exact cover with colours (XCC). The problem is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// The option lists no item at all.
    EmptyOption,
    /// The option names an item that was never declared.
    UnknownItem(ItemId),
    /// The option names the same item twice.
    RepeatedItem(ItemId),
    /// A colour was given to a primary item (only secondary items may be
    /// coloured).
    ColorOnPrimary(ItemId),
    /// A colour that was not created by this problem's [`Problem::color`].
    UnknownColor(Color),
    /// The option contains no primary item (Knuth's rule: every option must
    /// contain at least one primary item).
    NoPrimaryItem,
    /// The problem would have more items, colours or nodes than the
    /// solver's 31-bit indices can address.
    TooLarge,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::EmptyOption => f.write_str("empty option"),
            ProblemError::UnknownItem(i) => write!(f, "unknown item #{}", i.0),
            ProblemError::RepeatedItem(i) => write!(f, "item #{} repeated in one option", i.0),
            ProblemError::ColorOnPrimary(i) => {
                write!(f, "primary item #{} cannot have a colour", i.0)
            }
            ProblemError::UnknownColor(c) => write!(f, "unknown colour #{}", c.0),
            ProblemError::NoPrimaryItem => f.write_str("option has no primary item"),
            ProblemError::TooLarge => f.write_str("problem too large for 31-bit indices"),
        }
    }
}

impl std::error::Error for ProblemError {}

/// Largest number of nodes (item heads + option entries + spacers) that
/// the solver can address; the top bit of a node's item field marks spacers.
pub(crate) const MAX_NODES: usize = (1 << 31) - 2;

/// One entry of an option: an item and its colour (`0` = none, else
/// colour index + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) item: u32,
    pub(crate) color: u32,
}

/// An exact cover problem with colours (Knuth's XCC problem).
///
/// A problem has *primary* items, which every solution must cover exactly
/// once, *secondary* items, which a solution may cover at most once, and a
/// list of *options*, each a set of items. A secondary item inside an
/// option may carry a [`Color`]: several chosen options may then share
/// that secondary item as long as they all give it the same colour.
///
/// A `Problem` is its own builder: declare items with
/// [`add_primary`](Self::add_primary) / [`add_secondary`](Self::add_secondary)
/// and add options with [`add_option`](Self::add_option) or
/// [`add_option_colored`](Self::add_option_colored). Every option is
/// validated when it is added, so a `Problem` is always valid. Options are
/// numbered `0, 1, 2, …` in the order they were added; solutions are lists
/// of these numbers.
///
/// [`clear`](Self::clear) empties a problem but keeps its buffers, so a
/// program that solves many problems can reuse one `Problem` (and one
/// [`Solver`](crate::Solver)) and allocate nothing per problem once the
/// buffers have grown to size.
///
/// A problem can also be read from Knuth's DLX text format with
/// [`Problem::parse`] or [`Problem::parse_bytes`].
#[derive(Clone, Debug, Default)]
pub struct Problem {
    /// `true` for primary items, by declaration index.
    pub(crate) primary: Vec<bool>,
    pub(crate) n_primary: u32,
    /// All item names, concatenated.
    names: String,
    /// End offset in `names` of each item's name.
    name_ends: Vec<u32>,
    /// All colour names, concatenated.
    color_names: String,
    color_ends: Vec<u32>,
    /// Start of each option in `entries`; `opt_start.len() == options + 1`.
    pub(crate) opt_start: Vec<u32>,
    pub(crate) entries: Vec<Entry>,
    /// 1-based source line of each option, 0 if the option was not read
    /// from text.
    lines: Vec<u32>,
    /// Scratch marks used to detect repeated items (generation stamps).
    stamp: Vec<u32>,
    generation: u32,
}

impl Problem {
    /// An empty problem (no items, no options).
    #[must_use]
    pub fn new() -> Self {
        Problem {
            opt_start: vec![0],
            ..Problem::default()
        }
    }

    /// An empty problem whose buffers can hold `items` items, `options`
    /// options and `entries` option entries in total without reallocating.
    #[must_use]
    pub fn with_capacity(items: usize, options: usize, entries: usize) -> Self {
        let mut p = Problem::new();
        p.primary.reserve(items);
        p.name_ends.reserve(items);
        p.stamp.reserve(items);
        p.opt_start.reserve(options);
        p.lines.reserve(options);
        p.entries.reserve(entries);
        p
    }

    /// Removes every item, colour and option, keeping the allocated
    /// buffers for reuse.
    pub fn clear(&mut self) {
        self.primary.clear();
        self.n_primary = 0;
        self.names.clear();
        self.name_ends.clear();
        self.color_names.clear();
        self.color_ends.clear();
        self.opt_start.clear();
        self.opt_start.push(0);
        self.entries.clear();
        self.lines.clear();
        // `stamp` is kept: its contents stay meaningful because `generation`
        // only grows.
    }

    fn add_item(&mut self, name: &str, primary: bool) -> ItemId {
        let id = self.primary.len();
        // Item ids must stay below the spacer bit and leave room for the
        // two list heads; `add_option` reports `TooLarge` for such items.
        self.primary.push(primary);
        self.names.push_str(name);
        self.name_ends
            .push(u32::try_from(self.names.len()).unwrap_or(u32::MAX));
        if primary {
            self.n_primary += 1;
        }
        if self.stamp.len() < self.primary.len() {
            self.stamp.push(0);
        }
        ItemId::from_index(id)
    }

    /// Declares a new primary item (covered exactly once by every
    /// solution) and returns its id.
    ///
    /// The name is used only for display ([`format_option`](Self::format_option));
    /// it may be empty, in which case the item displays as `#index`. Names
    /// are not checked for uniqueness here (the text reader does check).
    pub fn add_primary(&mut self, name: &str) -> ItemId {
        self.add_item(name, true)
    }

    /// Declares a new secondary item (covered at most once, or by several
    /// options that all give it the same colour) and returns its id.
    ///
    /// See [`add_primary`](Self::add_primary) about names.
    pub fn add_secondary(&mut self, name: &str) -> ItemId {
        self.add_item(name, false)
    }

    /// Returns the colour named `name`, creating it if it does not exist
    /// yet. Colour names are compared exactly.
    pub fn color(&mut self, name: &str) -> Color {
        match self.find_color(name) {
            Some(c) => c,
            None => self.push_color(name),
        }
    }

    /// Adds a colour without looking for an existing one of that name.
    pub(crate) fn push_color(&mut self, name: &str) -> Color {
        let id = self.color_ends.len();
        self.color_names.push_str(name);
        self.color_ends
            .push(u32::try_from(self.color_names.len()).unwrap_or(u32::MAX));
        Color(u32::try_from(id).unwrap_or(u32::MAX))
    }

    /// The colour named `name`, if it exists.
    #[must_use]
    pub fn find_color(&self, name: &str) -> Option<Color> {
        (0..self.color_ends.len())
            .find(|&c| self.color_name(Color(c as u32)) == name)
            .map(|c| Color(c as u32))
    }

    /// Adds an option made of the given items (none coloured) and returns
    /// its index.
    ///
    /// # Errors
    ///
    /// Returns a [`ProblemError`] (and leaves the problem unchanged) if the
    /// option is empty, names an unknown item, names an item twice, has no
    /// primary item, or makes the problem too large.
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<usize, ProblemError> {
        self.add_option_iter(items.iter().map(|&i| (i, None)))
    }

    /// Adds an option whose secondary items may carry colours and returns
    /// its index.
    ///
    /// # Errors
    ///
    /// As [`add_option`](Self::add_option), and also
    /// [`ProblemError::ColorOnPrimary`] if a primary item is coloured and
    /// [`ProblemError::UnknownColor`] for a colour not made by
    /// [`color`](Self::color).
    pub fn add_option_colored(
        &mut self,
        items: &[(ItemId, Option<Color>)],
    ) -> Result<usize, ProblemError> {
        self.add_option_iter(items.iter().copied())
    }

    /// Adds an option from an iterator of (item, colour) pairs; the
    /// allocation-free general form of [`add_option_colored`](Self::add_option_colored).
    ///
    /// # Errors
    ///
    /// As [`add_option_colored`](Self::add_option_colored).
    pub fn add_option_iter<I>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = (ItemId, Option<Color>)>,
    {
        let start = self.entries.len();
        match self.push_entries(items) {
            Ok(()) => {
                self.opt_start
                    .push(u32::try_from(self.entries.len()).unwrap_or(u32::MAX));
                self.lines.push(0);
                Ok(self.opt_start.len() - 2)
            }
            Err(e) => {
                self.entries.truncate(start);
                Err(e)
            }
        }
    }

    fn push_entries<I>(&mut self, items: I) -> Result<(), ProblemError>
    where
        I: IntoIterator<Item = (ItemId, Option<Color>)>,
    {
        // Nodes: 1 root slot + items + 1 secondary head + entries + spacers.
        let n_items = self.primary.len();
        if n_items + 2 > MAX_NODES || self.color_ends.len() >= (u32::MAX - 2) as usize {
            return Err(ProblemError::TooLarge);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        let generation = self.generation;
        let mut has_primary = false;
        let mut count = 0usize;
        for (item, color) in items {
            let i = item.index();
            if i >= n_items {
                return Err(ProblemError::UnknownItem(item));
            }
            if self.stamp[i] == generation {
                return Err(ProblemError::RepeatedItem(item));
            }
            self.stamp[i] = generation;
            let primary = self.primary[i];
            has_primary |= primary;
            let color = match color {
                None => 0,
                Some(_) if primary => return Err(ProblemError::ColorOnPrimary(item)),
                Some(c) if c.index() >= self.color_ends.len() => {
                    return Err(ProblemError::UnknownColor(c))
                }
                Some(c) => c.0 + 1,
            };
            self.entries.push(Entry {
                item: item.0,
                color,
            });
            count += 1;
        }
        if count == 0 {
            return Err(ProblemError::EmptyOption);
        }
        if !has_primary {
            return Err(ProblemError::NoPrimaryItem);
        }
        if n_items + 2 + self.entries.len() + self.opt_start.len() > MAX_NODES {
            return Err(ProblemError::TooLarge);
        }
        Ok(())
    }

    /// Records the 1-based source line of the most recently added option.
    pub(crate) fn set_last_line(&mut self, line: usize) {
        if let Some(l) = self.lines.last_mut() {
            *l = u32::try_from(line).unwrap_or(u32::MAX);
        }
    }

    /// Number of items (primary and secondary).
    #[inline]
    #[must_use]
    pub fn num_items(&self) -> usize {
        self.primary.len()
    }

    /// Number of primary items.
    #[inline]
    #[must_use]
    pub fn num_primary(&self) -> usize {
        self.n_primary as usize
    }

    /// Number of secondary items.
    #[inline]
    #[must_use]
    pub fn num_secondary(&self) -> usize {
        self.primary.len() - self.n_primary as usize
    }

    /// Number of options.
    #[inline]
    #[must_use]
    pub fn num_options(&self) -> usize {
        self.opt_start.len() - 1
    }

    /// Number of colours created so far.
    #[inline]
    #[must_use]
    pub fn num_colors(&self) -> usize {
        self.color_ends.len()
    }

    /// Whether `item` is a primary item (`false` for secondary or unknown
    /// items).
    #[must_use]
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.primary.get(item.index()).copied().unwrap_or(false)
    }

    /// The name `item` was declared with (possibly empty).
    ///
    /// # Panics
    ///
    /// Panics if `item` is not an item of this problem.
    #[must_use]
    pub fn item_name(&self, item: ItemId) -> &str {
        packed_name(&self.names, &self.name_ends, item.index())
    }

    /// The first item declared with name `name`, if any (linear search).
    #[must_use]
    pub fn find_item(&self, name: &str) -> Option<ItemId> {
        (0..self.num_items())
            .map(ItemId::from_index)
            .find(|&i| self.item_name(i) == name)
    }

    /// The name of colour `color`.
    ///
    /// # Panics
    ///
    /// Panics if `color` is not a colour of this problem.
    #[must_use]
    pub fn color_name(&self, color: Color) -> &str {
        packed_name(&self.color_names, &self.color_ends, color.index())
    }

    /// The items of option `option`, in the order given, each with its
    /// colour.
    ///
    /// # Panics
    ///
    /// Panics if `option >= self.num_options()`.
    pub fn option_items(
        &self,
        option: usize,
    ) -> impl ExactSizeIterator<Item = (ItemId, Option<Color>)> + '_ {
        let range = self.opt_start[option] as usize..self.opt_start[option + 1] as usize;
        self.entries[range].iter().map(|e| {
            let color = if e.color == 0 {
                None
            } else {
                Some(Color(e.color - 1))
            };
            (ItemId(e.item), color)
        })
    }

    /// The 1-based line of the text the option was read from, or `None`
    /// for options added through the API.
    ///
    /// # Panics
    ///
    /// Panics if `option >= self.num_options()`.
    #[must_use]
    pub fn option_line(&self, option: usize) -> Option<usize> {
        match self.lines[option] {
            0 => None,
            l => Some(l as usize),
        }
    }

    /// Writes option `option` as in Knuth's format: item names separated
    /// by single spaces, coloured items as `name:colour`, e.g. `a b x:1`.
    /// Unnamed items are written as `#index`.
    ///
    /// # Errors
    ///
    /// Only the errors of the writer `out`.
    ///
    /// # Panics
    ///
    /// Panics if `option >= self.num_options()`.
    pub fn write_option<W: fmt::Write>(&self, option: usize, out: &mut W) -> fmt::Result {
        for (k, (item, color)) in self.option_items(option).enumerate() {
            if k > 0 {
                out.write_char(' ')?;
            }
            let name = self.item_name(item);
            if name.is_empty() {
                write!(out, "#{}", item.index())?;
            } else {
                out.write_str(name)?;
            }
            if let Some(c) = color {
                out.write_char(':')?;
                out.write_str(self.color_name(c))?;
            }
        }
        Ok(())
    }

    /// Option `option` as a string in Knuth's format, e.g. `a b x:1`; see
    /// [`write_option`](Self::write_option).
    ///
    /// # Panics
    ///
    /// Panics if `option >= self.num_options()`.
    #[must_use]
    pub fn format_option(&self, option: usize) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_option(option, &mut s);
        s
    }
}

/// Name `i` of names stored end to end in `names`, name `k` ending at
/// `ends[k]`.
///
/// # Panics
///
/// Panics if `i` is not below `ends.len()`.
fn packed_name<'a>(names: &'a str, ends: &[u32], i: usize) -> &'a str {
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    &names[start..ends[i] as usize]
}
