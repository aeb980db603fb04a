#!/usr/bin/env bash
# Installs what the project needs and is missing; a second run does nothing and is fast.
# Sourced by scripts/run and scripts/test (or by hand: `source scripts/setup.sh`). Debian 12
# with rustup assumed (see README.md; the Rust release is rust-toolchain.toml's, which rustup
# fetches on first use); every step checks before it installs.
#
#   wasm32-unknown-unknown        the Rust target of the engine in the browser
#   trunk 0.21.14                 (0.22 needs a newer rustc)        ~12 min the first time
#   wasm-bindgen-cli              exactly the wasm-bindgen in Cargo.lock, without --locked
#   nodejs, npm                   Debian packages, if missing; when node is older than 20
#                                 (Debian 12 ships 18; the browser test driver needs 20),
#                                 Node 20 from the npm registry (the `node` package) into
#                                 ~/.local/share/xiangqi-node, put first on PATH
#   a C compiler                  build-essential, if cc is missing (Trunk's build needs it)
#   python3                       Debian's, if missing (the layout check, scripts/check-layout.py)
#   chromium, chromium-driver,    Debian packages: the browser for the tests and screenshots,
#   fonts-noto-cjk                and the CJK glyphs of the pieces
#   npm: binaryen, terser,        from package-lock.json (wasm-opt and a JS minifier for release
#        playwright-core          builds; the end-to-end test driver, using Debian's Chromium)
#
# It puts ~/.cargo/bin and node_modules/.bin on PATH and sets CHROMEDRIVER. Sourcing it
# leaves the caller's shell options alone: the steps run in a subshell with errors fatal,
# and a failure returns 1 (or exits 1 when the file is run rather than sourced).

_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_node_home="$HOME/.local/share/xiangqi-node"
say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }

# Installs the Debian packages that are missing, as root or through sudo.
apt_install() {
  local missing=() pkg
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
    echo "cargo not found: install Rust with rustup (https://rustup.rs), then run this again." >&2
    return 1
  fi
  if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_web_tools() {
  local want_trunk="0.21.14"
  if ! trunk --version 2>/dev/null | grep -q " $want_trunk\$"; then
    say "installing trunk $want_trunk (about 12 minutes on 2 cores)"
    cargo install trunk --version "$want_trunk" --locked --quiet
  fi
  # The CLI must match the wasm-bindgen crate exactly, or Trunk tries to download one.
  local want_wb
  want_wb="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$_root/Cargo.lock")"
  if [ -n "$want_wb" ] && ! wasm-bindgen --version 2>/dev/null | grep -q " $want_wb\$"; then
    say "installing wasm-bindgen-cli $want_wb"
    # Not --locked: its lockfile pins a crate version the registry no longer has.
    cargo install wasm-bindgen-cli --version "$want_wb" --quiet
  fi
}

ensure_c_compiler() {
  command -v cc >/dev/null 2>&1 || apt_install build-essential
  command -v python3 >/dev/null 2>&1 || apt_install python3
}

# The major version of the node on PATH, 0 when there is none.
node_major() {
  local v
  v="$(node --version 2>/dev/null || echo v0)"
  v="${v#v}"
  echo "${v%%.*}"
}

ensure_node_and_browser() {
  command -v node >/dev/null 2>&1 || apt_install nodejs
  command -v npm >/dev/null 2>&1 || apt_install npm
  if [ "$(node_major)" -lt 20 ]; then
    say "node $(node --version) is older than 20: installing Node 20 from the npm registry into $_node_home"
    npm install --prefix "$_node_home" --no-audit --no-fund --silent node@20
    "$_node_home/node_modules/.bin/node" --version >/dev/null
    export PATH="$_node_home/node_modules/.bin:$PATH"
  fi
  apt_install chromium chromium-driver fonts-noto-cjk
  if [ ! -x "$_root/node_modules/.bin/wasm-opt" ] || [ ! -d "$_root/node_modules/playwright-core" ] \
     || [ ! -d "$_root/node_modules/terser" ] \
     || [ "$_root/package-lock.json" -nt "$_root/node_modules/.package-lock.json" ]; then
    say "installing npm packages (binaryen, terser, playwright-core)"
    (cd "$_root" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# A Node from the npm registry trusts only the certificates built into it; Debian's own
# Node, and every other tool here, trusts the system's. Give both the same trust, so that
# npm works wherever apt and cargo do (behind a proxy with its own certificate authority too).
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi

# PATH for the steps and for the caller: Rust's tools, a Node 20 installed here if any,
# then the project's npm tools.
export PATH="$HOME/.cargo/bin:$PATH"
[ -x "$_node_home/node_modules/.bin/node" ] && export PATH="$_node_home/node_modules/.bin:$PATH"
export PATH="$_root/node_modules/.bin:$PATH"

# Not `if ! ( ... )`: bash ignores `set -e` inside a command whose status is tested, so a
# failed step would not stop the ones after it. A caller with `set -e` stops here at once.
(
  set -Eeuo pipefail
  trap 'say "setup failed at: $BASH_COMMAND"' ERR
  ensure_rust
  ensure_c_compiler
  ensure_web_tools
  ensure_node_and_browser
)
_setup_status=$?
if [ "$_setup_status" -ne 0 ]; then
  echo "setup failed (see above)" >&2
  return 1 2>/dev/null || exit 1
fi
# A Node 20 installed just now goes first on PATH too.
[ -x "$_node_home/node_modules/.bin/node" ] && case ":$PATH:" in
  *":$_node_home/node_modules/.bin:"*) ;;
  *) export PATH="$_node_home/node_modules/.bin:$PATH" ;;
esac
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
