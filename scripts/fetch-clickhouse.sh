#!/usr/bin/env bash
# Installs the real ClickHouse server library the test harness runs (npm package
# @chdb/lib-linux-x64-gnu, ClickHouse 26.7 as libchdb.so) into a cache OUTSIDE the work tree, and
# compiles the one-node launcher (dpone-testkit/src/main/c/dpone-ch-node.c) next to it.
#
#   cache: ${DPONE_CACHE_DIR:-$HOME/.cache/dpone}/chdb/26.7.3-stable.1/{libchdb.so,dpone-ch-node}
#
# Contract: the tarball and the extracted library are verified against the pinned size and SHA-256
# below before anything is installed; a re-run with a verified cache is a fast no-op; concurrent
# runs serialise on a flock and the install is an atomic rename, so a reader never sees a
# half-written library. `--verify` re-hashes the cached library. No binary is ever committed to the repository.
set -euo pipefail

readonly PACKAGE='@chdb/lib-linux-x64-gnu'
readonly VERSION='26.7.3-stable.1'
readonly TARBALL_SIZE=177817999
readonly TARBALL_SHA256='c0d32b129e988f2b9a9a31c9141aecf5e1e2453f9a079efc4d36ab8e3f92b2ad'
readonly LIBRARY_SIZE=566330096
readonly LIBRARY_SHA256='36ad4e999882821ef13cf2d0f52c93f48e6ee1b4498b35a201c23ce4b8d15bf5'

repo_root="$(cd "$(dirname "$0")/.." && pwd)"
launcher_source="$repo_root/dpone-testkit/src/main/c/dpone-ch-node.c"
cache_root="${DPONE_CACHE_DIR:-$HOME/.cache/dpone}"
target="$cache_root/chdb/$VERSION"

log() { echo "fetch-clickhouse: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

file_size() { stat -c %s "$1"; }
file_sha256() { sha256sum "$1" | cut -d' ' -f1; }

# verify FILE SIZE SHA256: size first (cheap), then digest.
verify() {
  [ -f "$1" ] || return 1
  [ "$(file_size "$1")" = "$2" ] || return 1
  [ "$(file_sha256 "$1")" = "$3" ]
}

library_ready() {
  [ -f "$target/libchdb.so.verified" ] && [ -f "$target/libchdb.so" ] \
    && [ "$(file_size "$target/libchdb.so")" = "$LIBRARY_SIZE" ]
}

launcher_ready() {
  [ -x "$target/dpone-ch-node" ] && [ -f "$target/dpone-ch-node.source-sha256" ] \
    && [ "$(cat "$target/dpone-ch-node.source-sha256")" = "$(file_sha256 "$launcher_source")" ]
}

install_library() {
  work="$(mktemp -d "$target.tmp.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  log "downloading $PACKAGE@$VERSION (about 178 MB) with npm pack"
  (cd "$work" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null) || die "npm pack failed"
  local tarball="$work/chdb-lib-linux-x64-gnu-$VERSION.tgz"
  verify "$tarball" "$TARBALL_SIZE" "$TARBALL_SHA256" \
    || die "downloaded tarball does not match the pinned size and SHA-256; refusing to install"
  tar -xzf "$tarball" -C "$work" package/libchdb.so || die "cannot extract libchdb.so"
  verify "$work/package/libchdb.so" "$LIBRARY_SIZE" "$LIBRARY_SHA256" \
    || die "extracted libchdb.so does not match the pinned size and SHA-256; refusing to install"
  chmod 0644 "$work/package/libchdb.so"
  mv -f "$work/package/libchdb.so" "$target/libchdb.so"   # same filesystem: atomic rename
  echo "$LIBRARY_SHA256" > "$target/libchdb.so.verified.tmp"
  mv -f "$target/libchdb.so.verified.tmp" "$target/libchdb.so.verified"
  rm -rf "$work"
  log "installed libchdb.so ($LIBRARY_SIZE bytes, sha256 $LIBRARY_SHA256)"
}

install_launcher() {
  command -v gcc >/dev/null || die "gcc is required to build the node launcher"
  local tmp="$target/dpone-ch-node.tmp.$$"
  gcc -O2 -Wall -Wextra -Werror -o "$tmp" "$launcher_source" -ldl -lpthread \
    || die "cannot compile $launcher_source"
  mv -f "$tmp" "$target/dpone-ch-node"
  file_sha256 "$launcher_source" > "$target/dpone-ch-node.source-sha256.tmp"
  mv -f "$target/dpone-ch-node.source-sha256.tmp" "$target/dpone-ch-node.source-sha256"
  log "built node launcher"
}

main() {
  [ -f "$launcher_source" ] || die "launcher source missing: $launcher_source"
  local full_verify="${1:-}"
  if library_ready && launcher_ready && [ "$full_verify" != "--verify" ]; then
    exit 0  # verified cache present: fast no-op
  fi
  mkdir -p "$target"
  exec 9>"$target/.lock"
  flock 9
  # Re-check under the lock: a concurrent run may have finished the work meanwhile.
  if ! library_ready; then
    rm -f "$target/libchdb.so.verified"
    if [ -f "$target/libchdb.so" ] && verify "$target/libchdb.so" "$LIBRARY_SIZE" "$LIBRARY_SHA256"; then
      echo "$LIBRARY_SHA256" > "$target/libchdb.so.verified"
    else
      install_library
    fi
  fi
  if ! launcher_ready; then
    install_launcher
  fi
  if [ "$full_verify" = "--verify" ]; then
    verify "$target/libchdb.so" "$LIBRARY_SIZE" "$LIBRARY_SHA256" || die "cached libchdb.so is corrupt"
  fi
}

main "$@"
