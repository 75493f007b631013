#!/usr/bin/env bash
# CI for the Python package (crates/sudokit-py), run by .ci/run after
# `cargo test --workspace`: a virtual environment under the target dir, the
# packages the tests need from PyPI, the extension built with the `test`
# profile (whose artefacts `cargo test` has just built: the library at
# opt-level 3, the rest at 1) and installed into the venv with the Python
# sources, then pytest and `mypy --strict` on the typed usage examples.
# Wheels for users are built by maturin (`pip install ./crates/sudokit-py`);
# `maturin sdist` here checks that packaging without a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$target/python-ci"
ci=$(cd "$target/python-ci" && pwd)
venv=$ci/venv
crate=crates/sudokit-py

# The environment: a venv with the packages the tests need (what
# `--prepare` does alone: `.ci/run` starts it while the tests build, since
# it waits mostly on the network).
prepare() {
  if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
    # Debian's python3 keeps venv and ensurepip in python3-venv (the lock
    # wait: the browser may be installing at the same time).
    apt-get -o DPkg::Lock::Timeout=300 update -qq &&
      apt-get -o DPkg::Lock::Timeout=300 install -y -qq python3-venv >/dev/null
  fi
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    numpy pytest mypy "dask[distributed]" maturin
  touch "$ci/prepared"
}
if [ "${1:-}" = "--prepare" ]; then
  rm -f "$ci/prepared"
  prepare
  echo "python-ci: venv and packages ready [$((SECONDS - start)) s]"
  exit 0
fi
# The packages install while the extension builds, unless already there.
pip=""
pip_log=$ci/pip.log
if [ ! -f "$ci/prepared" ]; then
  prepare >"$pip_log" 2>&1 &
  pip=$!
fi
# The same build as .ci/run's (and so `cargo test --workspace`'s): with
# one feature resolution for the whole workspace the extension reuses the
# library's artefacts; built alone, the library would be built again with
# other features.
cargo build --workspace --lib --bins --tests --examples --profile test \
  --features sudokit-py/extension-module
if [ -n "$pip" ]; then
  pip_ok=0
  wait "$pip" || pip_ok=$?
  cat "$pip_log"
  [ "$pip_ok" = 0 ] || exit "$pip_ok"
fi
echo "python-ci: venv, packages and the extension [$((SECONDS - start)) s]"
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
rm -rf "$site/sudokit"
cp -r "$crate/python/sudokit" "$site/sudokit"
cp "$target/debug/libsudokit_py.so" "$site/sudokit/_native.abi3.so"
"$venv/bin/maturin" sdist -m "$crate/Cargo.toml" -o "$ci/sdist" >/dev/null 2>&1 || "$venv/bin/maturin" sdist -m "$crate/Cargo.toml" -o "$ci/sdist"
echo "python-ci: installed [$((SECONDS - start)) s]"

# The CLI the tests compare with: the one `cargo test` built.
export SUDOKIT_BIN=${SUDOKIT_BIN:-$(cd "$target/debug" && pwd)/sudokit}
cd "$crate"
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests
# The typed usage examples against the stubs, and the package's own annotations.
MYPYPATH=python "$venv/bin/mypy" --strict --no-incremental --cache-dir /dev/null python/sudokit tests/typing/usage.py
cd - >/dev/null
echo "python-ci: passed in $((SECONDS - start)) s"
