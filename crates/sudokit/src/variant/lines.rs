//! Lines: thermometers, whispers, renban, palindromes, between, lockout, entropic, modular and nabner lines.

#![allow(unused_variables)] // placeholder until the propagators land

use super::{Mask, Pruned, Rule};
use crate::digits::Cell;

/// Thermometer: digits strictly increase from the bulb (the first cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Thermometer {
    fn name(&self) -> &'static str {
        "thermometer"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// German whispers: neighbours along the line differ by at least `gap` (5 on 9x9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whispers {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
    /// The least difference.
    pub gap: u8,
}

impl Rule for Whispers {
    fn name(&self) -> &'static str {
        "whispers"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Renban: the line holds a set of consecutive digits, in any order, none repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Renban {
    fn name(&self) -> &'static str {
        "renban"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Palindrome: the line reads the same from both ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palindrome {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Palindrome {
    fn name(&self) -> &'static str {
        "palindrome"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Between line: the digits between the two end circles lie strictly between theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Between {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Between {
    fn name(&self) -> &'static str {
        "betweenline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Lockout line: the end diamonds differ by at least `gap`; the digits between lie outside the range the ends span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lockout {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
    /// The least difference of the ends (4 on 9x9).
    pub gap: u8,
}

impl Rule for Lockout {
    fn name(&self) -> &'static str {
        "lockout"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Entropic line: every three consecutive cells hold a low, a middle and a high digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entropic {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Entropic {
    fn name(&self) -> &'static str {
        "entropicline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Modular line: every three consecutive cells hold digits of three different residues mod 3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modular {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Modular {
    fn name(&self) -> &'static str {
        "modularline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Nabner line: no two digits on the line are equal or consecutive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nabner {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Nabner {
    fn name(&self) -> &'static str {
        "nabner"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}
