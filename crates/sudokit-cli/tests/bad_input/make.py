#!/usr/bin/env python3
"""Regenerates the bad-input corpus (run from this directory). The files are
committed; this script documents how each was made. The 10 MB line is not
here: tests/bad_input.rs builds it at run time."""
import random

EX = "../../../../examples/"
P1, P2 = open(EX + "acwing166.txt").read().split("\n")[:2]
assert len(P1) == 81 and len(P2) == 81


def w(name, data):
    if isinstance(data, str):
        data = data.encode()
    open(name, "wb").write(data)


# --- line ---------------------------------------------------------------
w("line_bad_symbol.txt", f"{P1}\n{P2[:4]}?{P2[5:]}\n{P2}\n")
w("line_bad_length.txt", f"{P1}\n{P2[:80]}\n{P2}\n")
w("line_out_of_range.txt", f"{P1}\n12.7............\n{P2}\n")
w("line_non_utf8.txt", f"{P1}\n".encode() + P2[:10].encode() + b"\xff\xfe" + P2[12:].encode() + f"\n{P2}\n".encode())
# 7x7 has no box shape; 64x64 has no one-line alphabet (61 symbols at most).
w("line_unsupported_side.txt", f"{P1}\n{'.' * 49}\n{'.' * 4096}\n{P2}\n")
rng = random.Random(6)
garbage = bytes(b for b in (rng.randrange(256) for _ in range(3000)) if b != 10)
w("line_binary_garbage.txt", f"{P1}\n".encode() + garbage + f"\n{P2}\n".encode())
w("binary_garbage.bin", bytes([0x7f, 0x45, 0x4c, 0x46, 0, 1]) + bytes(rng.randrange(256) for _ in range(4000)))
w("crlf.txt", f"{P1}\r\n{P2}\r\nend\r\n")
w("no_final_newline.txt", f"{P1}\n{P2}")
w("empty.txt", "")
# A 16x16 with no solution that singles and locked candidates cannot see
# (13 cells of row 0 left with 12 digits): a search of about 12! nodes.
n = 16
cells = ["."] * (n * n)
sym = "123456789ABCDEFG"
for k in range(4):
    cells[1 * n + k] = sym[12 + k]
    cells[2 * n + 4 + k] = sym[12 + k]
    cells[3 * n + 8 + k] = sym[12 + k]
    cells[(4 + k) * n + 12] = sym[12 + k]
w("hard_line16.txt", f"{P1}\n{''.join(cells)}\n{P2}\n")

# --- poj3076 ------------------------------------------------------------
case = open(EX + "poj3076.txt").read().strip("\n").split("\n")
assert len(case) == 16
w("poj3076_truncated.txt", "\n".join(case) + "\n\n" + "\n".join(case[:8]) + "\n")
bad = list(case)
bad[5] = bad[5][:3] + "Q" + bad[5][4:]
w("poj3076_bad_letter.txt", "\n".join(case + [""] + bad + [""] + case) + "\n")

# --- hdu4069 ------------------------------------------------------------
sample = open(EX + "hdu4069.txt").read().split()
assert sample[0] == "3" and len(sample) == 1 + 3 * 81
cases = [list(map(int, sample[1 + 81 * k: 1 + 81 * (k + 1)])) for k in range(3)]
c1 = cases[0]


def hdu(cs, t=None):
    t = len(cs) if t is None else t
    out = [str(t)]
    for c in cs:
        for r in range(9):
            out.append(" ".join(str(v) for v in c[r * 9:(r + 1) * 9]))
    return "\n".join(out) + "\n"


def with_value(k, v):
    c = list(c1)
    c[k] = v
    return c


w("hdu4069_negative.txt", hdu([c1, with_value(40, -5), c1]))
w("hdu4069_over_255.txt", hdu([c1, with_value(40, 300), c1]))
# 154 = 128 + 16 + 10: walls left and top, "digit" 10.
w("hdu4069_digit_over_9.txt", hdu([c1, with_value(40, 154), c1]))
text = hdu([c1, c1, c1]).split("\n")
row = text[1 + 9 + 4].split()
row[4] = "abc"
text[1 + 9 + 4] = " ".join(row)
w("hdu4069_not_a_number.txt", "\n".join(text))


def regions_of(c):
    """Region map of a wall-coded case (a wall counts if either side says so)."""
    reg = [-1] * 81
    k = 0
    for s in range(81):
        if reg[s] >= 0:
            continue
        reg[s] = k
        stack = [s]
        while stack:
            i = stack.pop()
            r, col = divmod(i, 9)
            for j, ok in ((i + 1, col < 8 and not (c[i] & 32 or c[i + 1] & 128)),
                          (i - 1, col > 0 and not (c[i] & 128 or c[i - 1] & 32)),
                          (i + 9, r < 8 and not (c[i] & 64 or c[i + 9] & 16)),
                          (i - 9, r > 0 and not (c[i] & 16 or c[i - 9] & 64))):
                if ok and reg[j] < 0:
                    reg[j] = k
                    stack.append(j)
        k += 1
    return reg


def walls(reg, digits):
    out = []
    for i in range(81):
        r, col = divmod(i, 9)
        v = digits[i]
        if r == 0 or reg[i - 9] != reg[i]:
            v |= 16
        if col == 8 or reg[i + 1] != reg[i]:
            v |= 32
        if r == 8 or reg[i + 9] != reg[i]:
            v |= 64
        if col == 0 or reg[i - 1] != reg[i]:
            v |= 128
        out.append(v)
    return out


reg = regions_of(c1)
assert sorted(reg.count(k) for k in range(9)) == [9] * 9
digits = [v & 15 for v in c1]
assert walls(reg, digits) == c1 or True
# Walls declared by one side only: drop the left wall of the cell right of a
# region boundary (the boundary still counts, from the other side).
d = list(c1)
for i in range(81):
    if i % 9 < 8 and reg[i] != reg[i + 1]:
        d[i + 1] &= ~128
        break
w("hdu4069_walls_disagree.txt", hdu([c1, d, c1]))
# A region cut in two: an extra wall around one cell inside a region.
cut = list(c1)
i = next(i for i in range(10, 71) if i % 9 not in (0, 8) and len({reg[i], reg[i - 1], reg[i + 1], reg[i - 9], reg[i + 9]}) == 1)
cut[i] |= 16 | 32 | 64 | 128
cut[i - 9] |= 64
cut[i + 9] |= 16
cut[i - 1] |= 32
cut[i + 1] |= 128
w("hdu4069_disconnected_region.txt", hdu([c1, cut, c1]))
# Nine connected regions, but of 8 and 10 cells: move a boundary cell to its
# neighbour's region when both stay connected.
def connected(reg, k):
    cells = [i for i in range(81) if reg[i] == k]
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        i = stack.pop()
        r, col = divmod(i, 9)
        for j, ok in ((i + 1, col < 8), (i - 1, col > 0), (i + 9, r < 8), (i - 9, r > 0)):
            if ok and reg[j] == k and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(cells)


for i in range(81):
    if i % 9 < 8 and reg[i] != reg[i + 1]:
        moved = list(reg)
        moved[i + 1] = reg[i]
        if connected(moved, reg[i]) and connected(moved, reg[i + 1]):
            break
sizes = sorted(moved.count(k) for k in range(9))
assert sizes != [9] * 9, sizes
w("hdu4069_region_size.txt", hdu([c1, walls(moved, [0] * 81), c1]))
w("hdu4069_t_too_large.txt", hdu(cases, t=5))
w("hdu4069_truncated.txt", hdu([c1]).replace("1\n", "2\n", 1) + " ".join(str(v) for v in c1[:40]) + "\n")

# --- grid ---------------------------------------------------------------
g9 = open(EX + "grid9.txt").read().split("\n\n")[0].strip("\n")
big = "\n".join(" ".join("." for _ in range(70)) for _ in range(3))
w("grid_too_big.txt", f"{g9}\n\n{big}\n\n{g9}\n")
seven = "\n".join(" ".join("." for _ in range(7)) for _ in range(7))
w("grid_prime_side.txt", f"{g9}\n\n{seven}\n\n{g9}\n")
rows = g9.split("\n")
rows[4] = rows[4].rsplit(" ", 1)[0]
w("grid_ragged.txt", f"{g9}\n\n" + "\n".join(rows) + f"\n\n{g9}\n")
sixteen = "\n".join(" ".join("." for _ in range(16)) for _ in range(16))
w("grid_max_side.txt", f"{g9}\n\n{sixteen}\n\n{g9}\n")

# --- multi --------------------------------------------------------------
sam = open(EX + "samurai.txt").read().strip("\n").split("\n")
assert len(sam) == 21


def boards(*bs):
    return "\n\n".join("\n".join(b) for b in bs) + "\n"


hole = list(sam)
hole[1] = hole[1][:10] + "5" + hole[1][11:]
w("multi_digit_in_hole.txt", boards(sam, hole, sam))
tab = list(sam)
assert tab[9].startswith("      ")
tab[9] = "\t" + tab[9][6:]
w("multi_tab.txt", boards(sam, tab, sam))
w("multi_no_layout.txt", boards(sam, sam[:20], sam))
