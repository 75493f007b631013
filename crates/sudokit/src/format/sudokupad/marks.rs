//! The marks of a SudokuPad puzzle read back as rules: dots, XV and sums on
//! edges, quadruples on corners, numbers outside the grid (sandwich,
//! skyscraper, X-sum), parity shapes in cells and the squares of extra
//! regions.

use serde_json::json;

use super::drawn::{opaque, Drawn};
use super::elements::{
    add, cell_of, centre_cell, corner_cells, edge_cells, name, near, rc, Point, Shape,
};
use super::kinds::Named;
use super::rules_text::RulesText;

impl Drawn {
    pub(super) fn overlays(&mut self, rules: &RulesText) -> Result<(), String> {
        let named = rules.named();
        let outside_kind = [Named::Sandwich, Named::XSum, Named::Skyscraper]
            .into_iter()
            .filter(|k| named.contains(k))
            .collect::<Vec<_>>();
        // Glyphs the converter draws behind f-puzzles' outside clues.
        let glyphs: Vec<(usize, (i64, i64), &str)> = self
            .overlays
            .iter()
            .enumerate()
            .filter(|(_, s)| s.text == "\u{25AF}" || s.text == "\u{25EF}")
            .map(|(i, s)| {
                (
                    i,
                    cell_of(s.center),
                    if s.text == "\u{25AF}" {
                        "skyscraper"
                    } else {
                        "xsum"
                    },
                )
            })
            .collect();
        for (i, _, _) in &glyphs {
            self.used_over[*i] = true;
        }
        for i in 0..self.overlays.len() {
            if self.used_over[i] {
                continue;
            }
            let s = self.overlays[i].clone();
            let text = s.text.trim();
            let what = format!("overlay {} at {}", s.index + 1, where_(s.center));
            let small = s.width <= 0.45 && s.height <= 0.45;
            if let Some(pair) =
                edge_cells(s.center).filter(|p| self.inside(p[0]) && self.inside(p[1]))
            {
                let names = self.names(&pair, &what)?;
                if text.eq_ignore_ascii_case("x") || text.eq_ignore_ascii_case("v") {
                    add(
                        &mut self.out,
                        "xv",
                        json!({ "cells": names, "value": text.to_ascii_uppercase() }),
                    );
                    self.used_over[i] = true;
                    continue;
                }
                if !s.rounded && small && !s.cosmetic && text.parse::<u32>().is_ok() {
                    add(
                        &mut self.out,
                        "sum",
                        json!({ "cells": names, "value": text }),
                    );
                    self.used_over[i] = true;
                    continue;
                }
                if s.rounded && small && (text.is_empty() || text.parse::<u32>().is_ok()) {
                    let key = match (opaque(&s.background), opaque(&s.border)) {
                        ("#000000", _) => "ratio",
                        ("#FFFFFF", "#000000") => "difference",
                        _ => return Err(format!("{what}: a dot neither black nor white")),
                    };
                    let mut e = json!({ "cells": names });
                    if !text.is_empty() {
                        e["value"] = json!(text);
                    }
                    add(&mut self.out, key, e);
                    self.used_over[i] = true;
                    continue;
                }
            }
            if let Some(four) = corner_cells(s.center).filter(|c| c.iter().all(|&x| self.inside(x)))
            {
                let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
                let only_digits = text
                    .chars()
                    .all(|c| c.is_ascii_digit() || c.is_whitespace());
                if s.rounded && !digits.is_empty() && only_digits && !s.cosmetic {
                    let names = self.names(&four, &what)?;
                    add(
                        &mut self.out,
                        "quadruple",
                        json!({ "cells": names, "values": digits }),
                    );
                    self.used_over[i] = true;
                    continue;
                }
            }
            let cell = cell_of(s.center);
            if !self.inside(cell) && text.parse::<i64>().is_ok() {
                let glyph = glyphs
                    .iter()
                    .find(|(_, c, _)| *c == cell)
                    .map(|(_, _, k)| *k);
                let key = match glyph {
                    Some(k) => k,
                    None if near(s.font, 32.0) && !s.cosmetic => "sandwichsum",
                    None => match outside_kind.as_slice() {
                        [Named::Sandwich] => "sandwichsum",
                        [Named::XSum] => "xsum",
                        [Named::Skyscraper] => "skyscraper",
                        _ => return Err(format!(
                            "{what}: a number outside the grid that the rules do not explain (sandwich, X-sum or skyscraper?)"
                        )),
                    },
                };
                add(
                    &mut self.out,
                    key,
                    json!({ "cell": name(cell), "value": text }),
                );
                self.used_over[i] = true;
            }
        }
        Ok(())
    }

    pub(super) fn underlays(&mut self, rules: &RulesText) -> Result<(), String> {
        let says = |w: &str| rules.mentions(w);
        for i in 0..self.underlays.len() {
            if self.used_under[i] {
                continue;
            }
            let s = self.underlays[i].clone();
            let what = format!("underlay {} at {}", s.index + 1, where_(s.center));
            let Some(cell) = centre_cell(s.center).filter(|&c| self.inside(c)) else {
                continue;
            };
            let grey = matches!(opaque(&s.background), "#CFCFCF");
            if grey && near(s.width, 1.0) && opaque(&s.border) == "#CFCFCF" {
                return Err(format!(
                    "{what}: clone cells (SudokuPad's converter draws every clone cell alike, so which cells pair cannot be read)"
                ));
            }
            let parity = s.text.trim().is_empty()
                && s.width >= 0.5
                && s.width <= 0.9
                && near(s.width, s.height);
            // Grey squares are even and grey circles odd (the converter's
            // signature); in other colours, when the rules speak of them.
            let (even, odd) = (grey || says("even"), grey || says("odd"));
            if parity && !s.rounded && even {
                add(&mut self.out, "even", json!({ "cell": name(cell) }));
                self.used_under[i] = true;
            } else if parity && s.rounded && odd {
                add(&mut self.out, "odd", json!({ "cell": name(cell) }));
                self.used_under[i] = true;
            }
        }
        Ok(())
    }

    /// Takes the underlays the converter draws over an extra region's cells;
    /// true when every cell has one.
    pub(super) fn take_extra_region(&mut self, cells: &[(i64, i64)]) -> bool {
        let is = |s: &Shape, c: (i64, i64)| {
            s.background == "rgba(207,207,207,0.95)" && centre_cell(s.center) == Some(c)
        };
        let all = cells
            .iter()
            .all(|&c| self.underlays.iter().any(|s| is(s, c)));
        if all {
            for (i, s) in self.underlays.iter().enumerate() {
                if cells.iter().any(|&c| is(s, c)) {
                    self.used_under[i] = true;
                }
            }
        }
        all
    }
}

fn where_(p: Point) -> String {
    rc(cell_of(p))
}
