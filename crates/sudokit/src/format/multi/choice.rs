//! The layout a reader is given ([`Limits::layout`](crate::format::Limits::layout),
//! the CLI's `--layout`): a small copyable value, apart from the format so
//! that `read`'s `Limits` can name it without importing the format.

use crate::{default_box_shape, MultiLayout};

/// A layout given to a reader ([`Limits::layout`](crate::format::Limits::layout), the CLI's `--layout`):
/// the corners of up to [`LayoutChoice::MAX`] grids of one side with their
/// usual boxes, which is what [`MultiLayout::parse`] reads, as a small
/// copyable value so that it travels in [`Limits`](crate::format::Limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LayoutChoice {
    side: u8,
    count: u8,
    corners: [(u8, u8); LayoutChoice::MAX],
}

impl LayoutChoice {
    /// The most grids a chosen layout has.
    pub const MAX: usize = 32;

    /// A preset name or a description, as [`MultiLayout::parse`] reads it.
    ///
    /// # Errors
    /// Why it is no layout, or one of more than [`LayoutChoice::MAX`] grids.
    pub fn parse(text: &str) -> Result<LayoutChoice, String> {
        let layout = MultiLayout::parse(text).map_err(|e| e.to_string())?;
        LayoutChoice::of(&layout)
    }

    /// The choice of `layout`.
    ///
    /// # Errors
    /// A layout of more than [`LayoutChoice::MAX`] grids, or of grids whose
    /// boxes are not their side's usual shape.
    pub fn of(layout: &MultiLayout) -> Result<LayoutChoice, String> {
        let grids = layout.grids();
        let side = layout.side();
        if grids.len() > LayoutChoice::MAX {
            return Err(format!(
                "a layout of {} grids; at most {} can be given",
                grids.len(),
                LayoutChoice::MAX
            ));
        }
        if grids
            .iter()
            .any(|g| Some(g.boxes) != default_box_shape(side))
        {
            return Err(format!(
                "grids of side {side} with boxes other than {side}'s usual shape cannot be given"
            ));
        }
        let mut corners = [(0u8, 0u8); LayoutChoice::MAX];
        for (corner, g) in corners.iter_mut().zip(grids) {
            // A board is at most 256 places a side: corners fit a byte.
            let byte = |v: usize| u8::try_from(v).map_err(|_| format!("corner {v} off the board"));
            *corner = (byte(g.top)?, byte(g.left)?);
        }
        Ok(LayoutChoice {
            side: side as u8,
            count: grids.len() as u8,
            corners,
        })
    }

    /// The layout: a preset when its grids are one's.
    pub fn layout(&self) -> MultiLayout {
        let corners: Vec<(usize, usize)> = self.corners[..usize::from(self.count)]
            .iter()
            .map(|&(r, c)| (usize::from(r), usize::from(c)))
            .collect();
        let layout = MultiLayout::of_corners("", usize::from(self.side), &corners)
            .expect("made from a layout");
        canonical(layout)
    }
}

/// `layout` named as it reads back: the preset with its grids, else its
/// description.
pub(crate) fn canonical(layout: MultiLayout) -> MultiLayout {
    let preset = MultiLayout::preset_names()
        .filter_map(MultiLayout::preset)
        .find(|p| p.grids() == layout.grids());
    if let Some(p) = preset {
        return p;
    }
    MultiLayout::parse(&layout.description()).unwrap_or(layout)
}
