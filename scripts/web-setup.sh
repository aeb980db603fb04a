#!/usr/bin/env bash
# Installs what the browser build and its tests need and is missing; every step checks first,
# so a second run does nothing. Meant to be sourced (by scripts/setup.sh, or by hand:
# `source scripts/web-setup.sh`); it puts node_modules/.bin and ~/.cargo/bin on PATH.
#
#   trunk 0.21.14                 (0.22 needs a newer rustc)        ~12 min the first time
#   wasm-bindgen-cli              exactly the wasm-bindgen in Cargo.lock, without --locked
#   chromium, chromium-driver,    Debian packages: the browser for the tests and screenshots,
#   fonts-noto-cjk                and the CJK glyphs of the pieces
#   npm: binaryen, playwright-core from package-lock.json (wasm-opt for release builds; the
#                                 end-to-end test driver, using Debian's Chromium)

_web_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_web_say() { printf '\033[1;34m[web-setup]\033[0m %s\n' "$*" >&2; }

_web_apt() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  _web_say "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

_web_setup() {
  export PATH="$HOME/.cargo/bin:$_web_root/node_modules/.bin:$PATH"
  if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    _web_say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi

  local want_trunk="0.21.14"
  if ! trunk --version 2>/dev/null | grep -q " $want_trunk\$"; then
    _web_say "installing trunk $want_trunk (about 12 minutes on 2 cores)"
    cargo install trunk --version "$want_trunk" --locked --quiet
  fi

  # The CLI must match the wasm-bindgen crate exactly, or Trunk tries to download one.
  local want_wb
  want_wb="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$_web_root/Cargo.lock")"
  if [ -n "$want_wb" ] && ! wasm-bindgen --version 2>/dev/null | grep -q " $want_wb\$"; then
    _web_say "installing wasm-bindgen-cli $want_wb"
    # Not --locked: its lockfile pins a crate version the registry no longer has.
    cargo install wasm-bindgen-cli --version "$want_wb" --quiet
  fi

  _web_apt chromium chromium-driver fonts-noto-cjk

  command -v npm >/dev/null 2>&1 || _web_apt npm
  if [ ! -x "$_web_root/node_modules/.bin/wasm-opt" ] || [ ! -d "$_web_root/node_modules/playwright-core" ] \
     || [ "$_web_root/package-lock.json" -nt "$_web_root/node_modules/.package-lock.json" ]; then
    _web_say "installing npm packages (binaryen, playwright-core)"
    (cd "$_web_root" && npm ci --no-audit --no-fund --silent)
  fi
  export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
}

_web_setup
