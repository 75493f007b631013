#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver for the browser tests
# (crates/sudokit-cli/tests/browser.rs) when they are missing. Says clearly
# what it did, or why it could not.
set -uo pipefail

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
if ! $sudo apt-get install -y -q chromium chromium-driver >/tmp/sudokit-browser-install.log 2>&1; then
  # The package lists may be stale or absent on a fresh machine.
  $sudo apt-get update -q >>/tmp/sudokit-browser-install.log 2>&1
  if ! $sudo apt-get install -y -q chromium chromium-driver >>/tmp/sudokit-browser-install.log 2>&1; then
    echo "browser: cannot install chromium (see /tmp/sudokit-browser-install.log):" >&2
    tail -5 /tmp/sudokit-browser-install.log >&2
    exit 1
  fi
fi
echo "browser: installed $(chromium --version 2>/dev/null | head -1), $(chromedriver --version 2>/dev/null | head -1)"
