//! The card as JSON: the one shape the CLI's `--json`, the API, Python and
//! the page all give.

use serde_json::{json, Value};

use super::{Band, Card};

impl Card {
    /// The card as a JSON object; cells named on `geometry`'s board.
    pub fn to_json(&self, geometry: &crate::Geometry) -> Value {
        let band_index = Band::ALL.iter().position(|&b| b == self.band);
        let contents: Vec<Value> = self
            .contents
            .iter()
            .map(|c| {
                json!({
                    "technique": c.technique,
                    "difficulty": c.difficulty.value(),
                    "count": c.count,
                })
            })
            .collect();
        let checks: Vec<Value> = self
            .checks
            .iter()
            .map(|c| {
                let mut o = json!({
                    "kind": c.kind.name(),
                    "text": c.text,
                    "cells": c.cells.iter().map(|&x| crate::logic::cell_list_on(geometry, &[x])).collect::<Vec<_>>(),
                });
                if let Some(i) = c.constraint {
                    o["constraint"] = json!(i);
                }
                if let Some(s) = c.step {
                    o["step"] = json!(s);
                }
                o
            })
            .collect();
        let mut o = json!({
            "difficulty": self.difficulty,
            "band": self.band.name(),
            "band_index": band_index,
            "minutes": self.minutes,
            "minutes_p80": self.minutes_p80,
            "contents": contents,
            "checks": checks,
            "checks_complete": self.checks_complete,
            "steps": self.steps,
            "solved": self.solved,
        });
        if let Some(r) = self.rating {
            o["er"] = json!(r.er.value());
            o["ep"] = json!(r.ep.value());
            o["ed"] = json!(r.ed.value());
        }
        o
    }

    /// The card as a readable block of lines (`sudokit rate --report`).
    pub fn report(&self) -> String {
        let mut out = match (self.difficulty, self.minutes, self.minutes_p80) {
            (Some(d), Some(m), Some(p)) => format!(
                "Band        {} (difficulty {d:.2})\nMinutes     {} (four solvers in five within {})\n",
                self.band,
                super::whole_minutes(m),
                super::whole_minutes(p)
            ),
            _ => format!(
                "Band        {} (the path gets stuck: no difficulty or minutes)\n",
                self.band
            ),
        };
        if let Some(r) = self.rating {
            out.push_str(&format!("SE rating   {r}\n"));
        }
        out.push_str(&format!(
            "Steps       {}{}\n",
            self.steps,
            if self.solved { "" } else { " (then stuck)" }
        ));
        for (i, c) in self.contents.iter().enumerate() {
            let head = if i == 0 { "Techniques" } else { "" };
            out.push_str(&format!(
                "{head:<12}{} {} x{}\n",
                c.technique, c.difficulty, c.count
            ));
        }
        if self.checks.is_empty() {
            out.push_str("Checks      none found\n");
        }
        for (i, c) in self.checks.iter().enumerate() {
            let head = if i == 0 { "Checks" } else { "" };
            out.push_str(&format!("{head:<12}{}: {}\n", c.kind.name(), c.text));
        }
        if !self.checks_complete {
            out.push_str(
                "            (some counts ran out of nodes or time: the checks are not complete)\n",
            );
        }
        out
    }
}
