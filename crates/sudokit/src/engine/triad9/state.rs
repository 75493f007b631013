//! The state of triad9's search (boxes, bands, the queue) and the rules
//! that run on it through a [`Kernel`]; see the [module docs](super).

use super::kernel::{BoxBands, Kernel};
use super::start::Start;
use super::{ALL, OPEN_BOX};

/// The state of the search; see the [module docs](super).
///
/// Aligned to a cache line, boxes first, so that no box (32 bytes) or band
/// (16 bytes) straddles two lines: the kernels load and store them whole.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(super) struct State {
    /// The nine boxes, row-major.
    pub(super) boxes: [[u16; 16]; 9],
    /// Per band, the digits of each configuration (lanes 6 and 7 are
    /// empty).
    pub(super) bands: [[u16; 8]; 6],
    /// Boxes (bits 0–8) and bands (bits 9–14) to process.
    pub(super) dirty: u32,
}

impl State {
    pub(super) const EMPTY: State = State {
        boxes: [OPEN_BOX; 9],
        bands: [[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]; 6],
        dirty: 0,
    };

    /// The state the search starts from: the boxes of
    /// [`Kernel::start`], every box dirty.
    #[inline(always)]
    pub(super) fn start<K: Kernel>(k: K, start: &Start) -> State {
        State {
            boxes: k.start(start),
            bands: State::EMPTY.bands,
            // Every box is looked at once (an empty box finds nothing,
            // cheaply).
            dirty: 0x1ff,
        }
    }

    /// Runs the box and band rules until nothing changes; `false` on a
    /// contradiction.
    #[inline(always)]
    pub(super) fn propagate<K: Kernel>(&mut self, k: K) -> bool {
        // The queue is kept in two locals (registers), not in `self`:
        // dirty boxes (bits 0–8) and dirty bands (bits 0–5).
        let (mut boxes, mut bands) = (self.dirty & 0x1ff, self.dirty >> 9);
        self.dirty = 0;
        // The boxes the givens went into first, all of them, so that the
        // bands start from every box's message (not from the first box's).
        while boxes != 0 {
            let Some(woken) = self.next_boxes(k, &mut boxes) else {
                return false;
            };
            bands |= woken;
        }
        loop {
            // Bands first.
            while bands != 0 {
                let Some(woken) = self.band_rules(k, pop(&mut bands)) else {
                    return false;
                };
                boxes |= woken;
            }
            if boxes == 0 {
                return true;
            }
            let Some(woken) = self.next_boxes(k, &mut boxes) else {
                return false;
            };
            bands |= woken;
        }
    }

    /// The rules of the lowest dirty box, or of the two lowest when the
    /// kernel settles pairs cheaply (the order does not change the fixpoint:
    /// every rule only removes digits). Returns the bands that lost a digit,
    /// or `None` on a contradiction.
    #[inline(always)]
    fn next_boxes<K: Kernel>(&mut self, k: K, boxes: &mut u32) -> Option<u32> {
        let b = pop(boxes);
        if !K::PAIRS || *boxes == 0 {
            return self.box_rules(k, b);
        }
        let c = pop(boxes);
        // b < c: `c` is the first box of the upper part.
        let (low, high) = self.boxes.split_at_mut(c);
        if !k.settle_pair(&mut low[b], &mut high[0]) {
            return None;
        }
        Some(self.box_messages(k, b) | self.box_messages(k, c))
    }

    /// The rules of box `b` ([`Kernel::settle`]), then its messages to its
    /// two bands: a configuration keeps a digit only if the digit may be
    /// in the line it takes in this box and absent from the other two.
    /// Returns the bands that lost a digit (bit `t` for band `t`), or `None` on
    /// a contradiction.
    #[inline(always)]
    fn box_rules<K: Kernel>(&mut self, k: K, b: usize) -> Option<u32> {
        if !k.settle(&mut self.boxes[b]) {
            return None;
        }
        Some(self.box_messages(k, b))
    }

    /// Box `b`'s messages to its two bands ([`Kernel::box_to_bands`]);
    /// returns the bands that lost a digit (bit `t` for band `t`).
    #[inline(always)]
    fn box_messages<K: Kernel>(&mut self, k: K, b: usize) -> u32 {
        let (h, v) = (b / 3, 3 + b % 3);
        let (horizontal, vertical) = self.bands.split_at_mut(3);
        let bands = BoxBands {
            at_h: b % 3,
            h: &mut horizontal[h],
            at_v: b / 3,
            v: &mut vertical[v - 3],
        };
        let (lost_h, lost_v) = k.box_to_bands(&self.boxes[b], bands);
        u32::from(lost_h) << h | u32::from(lost_v) << v
    }

    /// The rules of band `t`, then its messages to its three boxes.
    /// Returns the boxes that lost a digit (bit `b` for box `b`), or `None` on
    /// a contradiction.
    #[inline(always)]
    fn band_rules<K: Kernel>(&mut self, k: K, t: usize) -> Option<u32> {
        let lines = k.band_settle(&mut self.bands[t])?;
        let vertical = t >= 3;
        let mut lost = 0;
        for (&b, msg) in BAND_BOXES[t].iter().zip(&lines.msg) {
            let b = usize::from(b);
            lost |= u32::from(k.restrict_box(&mut self.boxes[b], vertical, msg)) << b;
        }
        Some(lost)
    }

    /// The branch: a band with the fewest configurations left (over all
    /// digits) but not settled, a digit with the fewest configurations in
    /// it (two if any), and that digit's first configuration, as (band,
    /// configuration, digit bit); `None` when every band is settled (each
    /// digit has one configuration: the grid is solved).
    #[inline(always)]
    pub(super) fn choose(&self) -> Option<(usize, usize, u16)> {
        let mut best: Option<usize> = None;
        let mut fewest = u32::MAX;
        for (t, c) in self.bands.iter().enumerate() {
            // Lanes 0–3 and 4–5 as two words (lanes 6 and 7 are empty):
            // two loads and two popcounts.
            let word = |l: &[u16]| l.iter().rev().fold(0u64, |w, &m| w << 16 | u64::from(m));
            let n = word(&c[..4]).count_ones() + word(&c[4..6]).count_ones();
            if n > 9 && n < fewest {
                fewest = n;
                best = Some(t);
            }
        }
        let t = best?;
        let c = &self.bands[t];
        // Bit-sliced counts of configurations per digit.
        let (mut ones, mut twos, mut threes) = (0u16, 0u16, 0u16);
        for &m in c {
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        let two = twos & !threes;
        let open = twos;
        let pick = if two != 0 { two } else { open };
        let d = pick & pick.wrapping_neg();
        let p = c.iter().position(|&m| m & d != 0).unwrap_or(0);
        Some((t, p, d))
    }

    /// `*self = *other`, in pieces small enough to be copied inline (a
    /// whole state is a call to `memcpy`).
    #[inline(always)]
    pub(super) fn copy_from(&mut self, other: &State) {
        // Every field, by name: a new one would not compile until copied.
        let State {
            boxes,
            bands,
            dirty,
        } = other;
        let (a, b) = self.boxes.split_at_mut(5);
        a.copy_from_slice(&boxes[..5]);
        b.copy_from_slice(&boxes[5..]);
        self.bands = *bands;
        self.dirty = *dirty;
    }

    /// Gives digit bit `d` configuration `p` of band `t` (and no other).
    #[inline(always)]
    pub(super) fn assign<K: Kernel>(&mut self, k: K, t: usize, p: usize, d: u16) {
        k.assign(&mut self.bands[t], p, d);
        self.dirty |= 1 << (9 + t);
    }

    /// Takes configuration `p` of band `t` away from digit bit `d`.
    #[inline(always)]
    pub(super) fn refute(&mut self, t: usize, p: usize, d: u16) {
        self.bands[t][p] &= !d;
        self.dirty |= 1 << (9 + t);
    }
}

/// The boxes of each band, in order: bands 0–2 are rows of boxes, 3–5
/// columns.
const BAND_BOXES: [[u8; 3]; 6] = {
    let mut t = [[0u8; 3]; 6];
    let mut band = 0;
    while band < 6 {
        let mut at = 0;
        while at < 3 {
            t[band][at] = if band < 3 {
                3 * band + at
            } else {
                3 * at + band - 3
            } as u8;
            at += 1;
        }
        band += 1;
    }
    t
};

/// The lowest bit of `mask`, taken out of it (`mask` is not zero).
#[inline(always)]
fn pop(mask: &mut u32) -> usize {
    let i = mask.trailing_zeros() as usize;
    *mask &= *mask - 1;
    i
}
