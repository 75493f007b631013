// `cli`: the command line's verbs on a text, byte for byte what the native
// `sudokit` prints (compared when the repository's build is at hand:
// SUDOKIT_REPO, set by scripts/build-npm.sh --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { cli } from "sudokit";

const repo = process.env.SUDOKIT_REPO;
const native = repo && ["target/debug/sudokit", "target/release/sudokit"].map((p) => path.join(repo, p)).find(existsSync);

const PUZZLES = [
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
  "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
  "12",
  "1".repeat(81),
  ".".repeat(81),
].join("\n") + "\n";

test("solve, count, hint and rate on a text: answers, in order, and a line per bad puzzle", () => {
  const solved = cli("solve", PUZZLES);
  assert.equal(solved.stdout.split("\n").length, 6);
  assert.match(solved.stderr, /<stdin>:3:/);
  assert.equal(solved.exit, 1);
  const counted = cli("count", PUZZLES, ["--limit", "3"]);
  assert.deepEqual(counted.stdout.trim().split("\n").slice(0, 2), ["1", "1"]);
  assert.throws(() => cli("solve", PUZZLES, ["--no-such-option"]), (e) => e.status === 400);
  assert.throws(() => cli("serve", PUZZLES), (e) => e.status === 400);
});

for (const [verb, args] of [["solve", []], ["count", ["--limit", "5"]], ["candidates", []], ["rate", []], ["hint", []], ["explain", []], ["solve", ["--json"]]]) {
  test(`${verb} ${args.join(" ")}: the same bytes as the native CLI`, { skip: !native && "no native build beside the package (SUDOKIT_REPO)" }, () => {
    const mine = cli(verb, PUZZLES, args);
    let stdout;
    let status = 0;
    try {
      stdout = execFileSync(native, [verb, ...args, "-"], { input: PUZZLES, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
    } catch (e) {
      stdout = e.stdout;
      status = e.status;
    }
    // JSON records carry the engine's search statistics, which depend on
    // the CPU's kernels (AVX2 natively, portable here): all else is equal.
    const plain = (out) =>
      args.includes("--json")
        ? out.trim().split("\n").map((line) => {
            const record = JSON.parse(line);
            delete record.stats;
            return record;
          })
        : out;
    assert.deepEqual(plain(mine.stdout), plain(stdout));
    assert.equal(mine.exit, status);
  });
}

test("the examples of the three judge formats, as the CLI answers them", { skip: !native && "no native build beside the package (SUDOKIT_REPO)" }, () => {
  for (const name of ["acwing166.txt", "poj3076.txt", "hdu4069.txt"]) {
    const file = path.join(repo, "examples", name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const expected = execFileSync(native, ["solve", file], { encoding: "utf8" });
    assert.equal(cli("solve", text).stdout, expected, name);
  }
});
