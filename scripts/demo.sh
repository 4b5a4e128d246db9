#!/usr/bin/env bash
# `npm run demo`: builds the .vsix, installs the VS Code host if needed, and starts a real
# VS Code (code-server) on 127.0.0.1 with Agent Knock Knock installed and a demo workspace open.
#
#   npm run demo                 run in the foreground; Ctrl+C stops everything
#   npm run demo -- --detach     start, print the address, return (stop with --stop)
#   npm run demo -- --stop       stop a demo started earlier (reads the pid file)
#
# Environment: AKK_DEMO_PORT (default 8080; a free port is used when it is busy),
#              AKK_DEMO_DIR (scratch folder, default .akk-scratch/demo in the repository).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEMO_DIR="${AKK_DEMO_DIR:-$ROOT/.akk-scratch/demo}"
PID_FILE="$DEMO_DIR/demo.pid"
URL_FILE="$DEMO_DIR/demo.url"
LOG_FILE="$DEMO_DIR/demo.log"
PORT="${AKK_DEMO_PORT:-8080}"
VSIX="$ROOT/dist-vsix/agent-knock-knock.vsix"
TSX=(node --import tsx)

log() { printf '[demo] %s\n' "$*"; }
die() { printf '[demo] ERROR: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid; pid="$(cat "$PID_FILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

stop_demo() {
  local pid
  if pid="$(running_pid)"; then
    log "stopping the demo (pid $pid) ..."
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { log "still running; sending SIGKILL to $pid"; kill -KILL "$pid" 2>/dev/null || true; }
    log "stopped"
  else
    log "no demo is running"
  fi
  rm -f "$PID_FILE" "$URL_FILE"
}

# Later: start a real Claude Code session (in tmux, in the demo workspace) against a scripted
# model, so that the extension has a live session to show. Called once the VS Code host is up;
# receives the workspace folder and the workbench address.
start_scripted_agent_session() {
  local workspace="$1" url="$2"
  : "$workspace" "$url"
}

DETACH=0
for arg in "$@"; do
  case "$arg" in
    --stop) stop_demo; exit 0 ;;
    --detach) DETACH=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $arg (try --help)" ;;
  esac
done

if pid="$(running_pid)"; then
  die "a demo is already running (pid $pid) at $(cat "$URL_FILE" 2>/dev/null || echo '?'); stop it with: npm run demo -- --stop"
fi

T0="$(now)"
cd "$ROOT"

# 1. The .vsix
T="$(now)"
log "building the .vsix (npm run package) ..."
[[ -d node_modules ]] || { log "installing npm packages (npm ci) ..."; npm ci --no-audit --no-fund; }
npm run --silent package || die "npm run package failed (output above)"
[[ -f "$VSIX" ]] || die "npm run package did not produce $VSIX"
log "built $(basename "$VSIX") ($(du -h "$VSIX" | cut -f1)) in $(elapsed "$T")"

# 2. The VS Code host (code-server on Node 24); skipped when already installed
bash "$ROOT/scripts/vscode-host/install.sh"

# 3. Fresh scratch: extensions, user data, HOME, and the demo workspace
rm -rf "$DEMO_DIR/extensions" "$DEMO_DIR/host" "$DEMO_DIR/workspace"
mkdir -p "$DEMO_DIR/workspace"
WORKSPACE="$DEMO_DIR/workspace"
cat > "$WORKSPACE/README.md" <<'EOF'
# Agent Knock Knock demo workspace

Look for **AKK** in the status bar, the "Agent Knock Knock" view in the activity bar, and the
commands under "Agent Knock Knock:" in the command palette (F1).
EOF
"${TSX[@]}" "$ROOT/scripts/vscode-host/host.ts" install-vsix \
  --vsix "$VSIX" --extensions-dir "$DEMO_DIR/extensions" --scratch "$DEMO_DIR/host"

# 4. code-server on 127.0.0.1
log "starting code-server (preferred port $PORT) ..."
setsid "${TSX[@]}" "$ROOT/scripts/vscode-host/host.ts" serve \
  --folder "$WORKSPACE" --extensions-dir "$DEMO_DIR/extensions" --scratch "$DEMO_DIR/host" \
  --port "$PORT" --url-file "$URL_FILE" >"$LOG_FILE" 2>&1 < /dev/null &
SERVE_PID=$!
echo "$SERVE_PID" > "$PID_FILE"
for _ in $(seq 1 300); do
  [[ -s "$URL_FILE" ]] && break
  kill -0 "$SERVE_PID" 2>/dev/null || { cat "$LOG_FILE" >&2; rm -f "$PID_FILE"; die "code-server did not start (log above)"; }
  sleep 0.1
done
[[ -s "$URL_FILE" ]] || { cat "$LOG_FILE" >&2; stop_demo; die "code-server did not start within 30s"; }
URL="$(cat "$URL_FILE")"
grep -h 'busy' "$LOG_FILE" | sed 's/^\[vscode-host\]/[demo]/' || true

start_scripted_agent_session "$WORKSPACE" "$URL"

log "ready in $(elapsed "$T0")"
cat <<EOF

  Agent Knock Knock is running in a real VS Code:

      $URL/?folder=$WORKSPACE

  (code-server on 127.0.0.1 only; open it in a browser on this machine, or forward the port)
  workspace: $WORKSPACE
  logs:      $LOG_FILE, $DEMO_DIR/host/code-server.log

EOF

if [[ $DETACH == 1 ]]; then
  log "running in the background (pid $SERVE_PID); stop it with: npm run demo -- --stop"
  exit 0
fi

log "press Ctrl+C to stop (or, from another shell: npm run demo -- --stop)"
trap 'echo; stop_demo; exit 0' INT TERM HUP
# Wait for the server process; it ends on --stop from another shell or when code-server dies.
while kill -0 "$SERVE_PID" 2>/dev/null; do sleep 1; done
rm -f "$PID_FILE" "$URL_FILE"
log "the VS Code host has stopped (see $LOG_FILE)"
