#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver for the browser tests
# (crates/sudokit-cli/tests/browser.rs) when they are missing, and fetches
# the axe-core the accessibility audit injects (from the npm registry, its
# SHA-256 checked; the test fetches it itself when this did not). Says
# clearly what it did, or why it could not.
set -uo pipefail

# Keep in step with AXE_VERSION and AXE_SHA256 in tests/browser/phone.rs.
axe_version=4.14.1
axe_sha256=e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745
fetch_axe() {
  local root dir
  root="$(cd "$(dirname "$0")/.." && pwd)"
  dir="${CARGO_TARGET_DIR:-$root/target}/axe-core-$axe_version"
  if [ -f "$dir/package/axe.min.js" ]; then
    echo "browser: axe-core $axe_version in $dir"
    return 0
  fi
  mkdir -p "$dir"
  if curl -fsSL --retry 2 -o "$dir/axe-core.tgz" "https://registry.npmjs.org/axe-core/-/axe-core-$axe_version.tgz" &&
     echo "$axe_sha256  $dir/axe-core.tgz" | sha256sum -c --quiet - &&
     tar xzf "$dir/axe-core.tgz" -C "$dir" package/axe.min.js; then
    echo "browser: fetched axe-core $axe_version into $dir"
  else
    echo "browser: could not fetch axe-core $axe_version (the browser test will try again)" >&2
  fi
}
fetch_axe

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  echo "browser: $(chromium --version 2>/dev/null | head -1), $(chromedriver --version 2>/dev/null | head -1)"
  exit 0
fi
echo "browser: chromium or chromedriver missing; installing Debian's chromium and chromium-driver"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "browser: cannot install: no apt-get on this machine; install chromium and chromedriver by hand" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "browser: cannot install: not root and no sudo; run: apt-get install chromium chromium-driver" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -q chromium chromium-driver >/tmp/sudokit-browser-install.log 2>&1; then
  # The package lists may be stale or absent on a fresh machine.
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -q >>/tmp/sudokit-browser-install.log 2>&1
  if ! $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -q chromium chromium-driver >>/tmp/sudokit-browser-install.log 2>&1; then
    echo "browser: cannot install chromium (see /tmp/sudokit-browser-install.log):" >&2
    tail -5 /tmp/sudokit-browser-install.log >&2
    exit 1
  fi
fi
echo "browser: installed $(chromium --version 2>/dev/null | head -1), $(chromedriver --version 2>/dev/null | head -1)"
