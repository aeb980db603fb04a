#!/usr/bin/env bash
# Runs one fuzz target with its seeds and dictionary, on the stable toolchain.
#
#   crates/fuzz/run.sh fen|uci_move|uci_line|move_text|link_params|saved_game|game_list|practice_record|record_import|record_read \
#       [SECONDS] [more libFuzzer options]
#
# RUSTC_BOOTSTRAP=1 lets stable rustc take the -Zsanitizer=address flag that cargo-fuzz
# passes (no nightly toolchain needed); -a builds with debug assertions and overflow checks.
# New inputs go to corpus/TARGET, crashes to artifacts/TARGET (both ignored by git).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: run.sh fen|uci_move|uci_line|move_text|link_params|saved_game|game_list|practice_record|record_import|record_read [SECONDS] [libFuzzer options]}"
seconds="${2:-60}"
shift $(($# < 2 ? $# : 2))
case "$target" in
    fen) dict=fen.dict ;;
    uci_move | uci_line) dict=uci.dict ;;
    move_text | record_import) dict=move_text.dict ;;
    link_params) dict=link.dict ;;
    saved_game | game_list) dict=saved.dict ;;
    practice_record) dict=practice.dict ;;
    record_read) dict=record.dict ;;
    *) echo "unknown target $target: expected fen, uci_move, uci_line, move_text, link_params, saved_game, game_list, practice_record, record_import or record_read" >&2; exit 2 ;;
esac
mkdir -p "$here/corpus/$target"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$here/target}"
RUSTC_BOOTSTRAP=1 exec cargo fuzz run --fuzz-dir "$here" -a "$target" \
    "$here/corpus/$target" "$here/seeds/$target" -- \
    -dict="$here/dict/$dict" -max_total_time="$seconds" "$@"
