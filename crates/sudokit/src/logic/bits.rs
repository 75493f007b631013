//! Bit-count tests on candidate and position masks. The crate builds for
//! baseline x86-64, where `count_ones` has no popcount instruction and costs
//! a dozen instructions; the basic rungs ask "exactly two?", "at most k?"
//! in their innermost loops, and clearing the lowest bit k times answers.

/// Whether `m` has exactly `n` bits set.
#[inline]
pub(super) fn count_is(mut m: u64, n: usize) -> bool {
    for _ in 0..n {
        if m == 0 {
            return false;
        }
        m &= m - 1;
    }
    m == 0
}

/// Whether `m` has between 2 and `k` bits set.
#[inline]
pub(super) fn two_to(mut m: u64, k: usize) -> bool {
    if m & m.wrapping_sub(1) == 0 {
        return false;
    }
    for _ in 0..k {
        m &= m.wrapping_sub(1);
    }
    m == 0
}

#[cfg(test)]
mod tests {
    use super::{count_is, two_to};

    #[test]
    fn the_tests_agree_with_count_ones() {
        let masks = (0u64..1 << 12).chain([u64::MAX, 1 << 63, (1 << 63) | 1, 0xF0F0 << 40]);
        for m in masks {
            let c = m.count_ones() as usize;
            for n in 0..=12 {
                assert_eq!(count_is(m, n), c == n, "{m:#b} {n}");
                assert_eq!(two_to(m, n), (2..=n).contains(&c), "{m:#b} {n}");
            }
        }
    }
}
