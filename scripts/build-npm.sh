#!/usr/bin/env bash
# Builds the npm package `sudokit` (npm/) and packs it into
# target/npm/sudokit-VERSION.tgz: crates/sudokit-wasm compiled to
# wasm32-unknown-unknown, its JavaScript glue made by wasm-bindgen, the
# module optimised by binaryen's wasm-opt, and the package's own
# JavaScript. Installs what it needs when missing: the Rust target (rustup),
# wasm-bindgen (crates.io, into target/tools) and wasm-opt (Debian's
# binaryen). Prints the module's size.
#
#   scripts/build-npm.sh            # build and pack
#   scripts/build-npm.sh --test     # and run the package's tests in Node,
#                                   # installed from the .tgz into an empty folder
#   scripts/build-npm.sh --prepare  # only install the tools (CI, while the
#                                   # tests build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target="${CARGO_TARGET_DIR:-$root/target}"

# Keep in step with the `wasm-bindgen` pin in crates/sudokit-wasm/Cargo.toml.
bindgen_version=0.2.130

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
tools="$target/tools"
export PATH="$tools/bin:$PATH"
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
  echo "npm: installing wasm-bindgen $bindgen_version into $tools"
  # Without its default features: no TLS stack for the test runner's
  # downloads, which the build does not use (a third of the compile).
  cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version" \
    --no-default-features --bin wasm-bindgen --root "$tools"
fi

if [ "${1:-}" = "--prepare" ]; then
  echo "npm: $(wasm-bindgen --version), target wasm32-unknown-unknown"
  exit 0
fi

cargo build --quiet -p sudokit-wasm --target wasm32-unknown-unknown --profile wasm
stage="$target/npm/package"
rm -rf "$stage"
mkdir -p "$stage/wasm"
wasm-bindgen --target web --out-dir "$stage/wasm" --out-name sudokit \
  "$target/wasm32-unknown-unknown/wasm/sudokit_wasm.wasm"
rm -f "$stage/wasm/.gitignore" "$stage/wasm/package.json"
cp npm/package.json npm/index.js npm/core.js npm/solver.js npm/index.d.ts npm/README.md "$stage/"
cp -r npm/test "$stage/test"

# The page's engine (`sudokit serve --engine`, `--export`): the glue and
# the module in one classic script, which a page loads even from file://.
node -e '
const fs = require("fs");
const [glue, wasm, out] = process.argv.slice(1);
fs.writeFileSync(out, "// sudokit'"'"'s engine for the page (scripts/build-npm.sh): its WebAssembly build and\n" +
  "// glue, started by the page in a Web Worker.\n" +
  "self.sudokitEngine = " + JSON.stringify({ glue: fs.readFileSync(glue, "utf8"), wasm: fs.readFileSync(wasm).toString("base64") }) + ";\n");
' "$stage/wasm/sudokit.js" "$stage/wasm/sudokit_bg.wasm" "$target/npm/engine.js"

bytes=$(wc -c <"$stage/wasm/sudokit_bg.wasm")
gz=$(gzip -9 -c "$stage/wasm/sudokit_bg.wasm" | wc -c)
echo "npm: sudokit_bg.wasm is $bytes bytes, $gz gzipped"

(cd "$target/npm" && rm -f sudokit-*.tgz && npm pack --silent ./package >/dev/null)
tgz=$(ls "$target"/npm/sudokit-*.tgz)
echo "npm: packed $tgz"

if [ "${1:-}" = "--test" ]; then
  # The package as a user gets it: installed from the .tgz into an empty
  # folder, its tests run against the installed copy.
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$tgz" >/dev/null)
  cp -r npm/test "$work/test"
  # The tests import `sudokit` (the installed package); the data they
  # compare with is found from the repository.
  (cd "$work" && SUDOKIT_REPO="$root" node --test test/)
fi
