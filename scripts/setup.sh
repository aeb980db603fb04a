#!/usr/bin/env bash
# Installs what the project needs and is missing; a second run does nothing and is fast.
# Sourced by scripts/run and scripts/test. Debian 12 with rustup's Rust toolchain assumed
# (see README.md); every step checks before it installs.
set -euo pipefail

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }

# Runs apt-get as root, or through sudo when not root.
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo not found: install Rust with rustup (https://rustup.rs), then run this again." >&2
    exit 1
  fi
  if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_node() {
  command -v node >/dev/null 2>&1 || apt_install nodejs
}

ensure_rust
ensure_node
# The browser build and its tests: Trunk, wasm-bindgen-cli, Chromium, npm packages.
source "$(dirname "${BASH_SOURCE[0]}")/web-setup.sh"
