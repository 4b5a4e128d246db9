#!/usr/bin/env bash
# `npm run demo`: installs what is needed, then starts a real VS Code (code-server) on 127.0.0.1
# with Agent Knock Knock installed and a demo workspace whose settings start a real Claude Code
# session against the bundled scripted model (a questionnaire, then a Bash permission).
#
#   npm run demo                 run in the foreground; Ctrl+C stops everything
#   npm run demo -- --detach     start, print the address, return (stop with --stop)
#   npm run demo -- --stop       stop a demo started earlier (reads the pid files)
#
# Environment: AKK_DEMO_PORT (default 8080; a free port is used when it is busy),
#              AKK_DEMO_DIR (scratch folder, default .akk-scratch/demo in the repository),
#              AKK_AGENT_CACHE (where Claude Code is installed, default ~/.cache/akk/agents).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEMO_DIR="${AKK_DEMO_DIR:-$ROOT/.akk-scratch/demo}"
PID_FILE="$DEMO_DIR/demo.pid"
URL_FILE="$DEMO_DIR/demo.url"
LOG_FILE="$DEMO_DIR/demo.log"
AGENT_PID_FILE="$DEMO_DIR/agent.pid"
AGENT_READY_FILE="$DEMO_DIR/agent.ready"
AGENT_LOG_FILE="$DEMO_DIR/agent.log"
AGENT_SOCKET="akk-demo"
PORT="${AKK_DEMO_PORT:-8080}"
VSIX="$ROOT/dist-vsix/agent-knock-knock.vsix"
TSX=(node --import tsx)

log() { printf '[demo] %s\n' "$*"; }
die() { printf '[demo] ERROR: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

pid_from() {
  [[ -f "$1" ]] || return 1
  local pid; pid="$(cat "$1")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}
running_pid() { pid_from "$PID_FILE"; }

stop_pid() {
  local what="$1" pid="$2"
  log "stopping $what (pid $pid) ..."
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then log "still running; sending SIGKILL to $pid"; kill -KILL "$pid" 2>/dev/null || true; fi
}

stop_demo() {
  local pid stopped=0
  if pid="$(running_pid)"; then stop_pid "the VS Code host" "$pid"; stopped=1; fi
  if pid="$(pid_from "$AGENT_PID_FILE")"; then stop_pid "the agent and the scripted model" "$pid"; stopped=1; fi
  # The agent runs in tmux on the demo's own socket: end that server, whoever started it.
  if tmux -L "$AGENT_SOCKET" kill-server 2>/dev/null; then stopped=1; fi
  if (( stopped )); then log "stopped"; else log "no demo is running"; fi
  rm -f "$PID_FILE" "$URL_FILE" "$AGENT_PID_FILE" "$AGENT_READY_FILE"
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
mkdir -p "$DEMO_DIR"

# 0. System packages: tmux (the agent's terminal), and compilers and headers for the VS Code host
bash "$ROOT/scripts/install-system-deps.sh" || die "system packages are missing (see above)"

# 1. npm packages and the .vsix
T="$(now)"
[[ -d node_modules ]] || { log "installing npm packages (npm ci) ..."; npm ci --no-audit --no-fund; }
log "building the .vsix (npm run package) ..."
npm run --silent package || die "npm run package failed (output above)"
[[ -f "$VSIX" ]] || die "npm run package did not produce $VSIX"
log "built $(basename "$VSIX") ($(du -h "$VSIX" | cut -f1)) in $(elapsed "$T")"

# 2. The VS Code host (code-server on Node 24); skipped when already installed
bash "$ROOT/scripts/vscode-host/install.sh"

# 3. Fresh scratch: extensions, user data, HOME, Claude Code's HOME, and the demo workspace
tmux -L "$AGENT_SOCKET" kill-server 2>/dev/null || true
rm -rf "$DEMO_DIR/extensions" "$DEMO_DIR/host" "$DEMO_DIR/workspace" "$DEMO_DIR/claude-home"
WORKSPACE="$DEMO_DIR/workspace"
mkdir -p "$WORKSPACE"
cat > "$WORKSPACE/README.md" <<'README'
# Agent Knock Knock demo workspace

1. Claude Code starts by itself when this folder opens (setting `akk.startSessionOnOpen`), in a
   terminal tab, against a scripted model on 127.0.0.1, so no account is needed. To start another:
   F1, then **Agent Knock Knock: New Claude Code Session**.
2. A questionnaire arrives: a notification, and **AKK 1** in the status bar. Click **Answer** (or
   the status-bar item) and answer in the **Agent Question** panel, by mouse or by keyboard
   (digits, arrows, Space, Enter).
3. Then Claude Code asks to run `touch hello-from-claude.txt`: F1, **Agent Knock Knock: Approve
   Pending Permission** (or **Reject Pending Permission**), or the buttons in the panel.
README
"${TSX[@]}" "$ROOT/scripts/vscode-host/host.ts" install-vsix \
  --vsix "$VSIX" --extensions-dir "$DEMO_DIR/extensions" --scratch "$DEMO_DIR/host"

# 4. The agent side: Claude Code (installed once into the agent cache), the scripted model, and the
#    workspace settings that point "New Claude Code Session" at both
log "preparing Claude Code and the scripted model ..."
rm -f "$AGENT_READY_FILE"
setsid "${TSX[@]}" "$ROOT/scripts/demo-agent.ts" \
  --workspace "$WORKSPACE" --home "$DEMO_DIR/claude-home" --ready-file "$AGENT_READY_FILE" --socket "$AGENT_SOCKET" \
  >"$AGENT_LOG_FILE" 2>&1 < /dev/null &
AGENT_PID=$!
echo "$AGENT_PID" > "$AGENT_PID_FILE"
while [[ ! -s "$AGENT_READY_FILE" ]]; do
  if ! kill -0 "$AGENT_PID" 2>/dev/null; then
    cat "$AGENT_LOG_FILE" >&2
    rm -f "$AGENT_PID_FILE"
    die "preparing the agent failed (log above)"
  fi
  sleep 0.2
done
cat "$AGENT_LOG_FILE"

# 5. code-server on 127.0.0.1
log "starting code-server (preferred port $PORT) ..."
setsid "${TSX[@]}" "$ROOT/scripts/vscode-host/host.ts" serve \
  --folder "$WORKSPACE" --extensions-dir "$DEMO_DIR/extensions" --scratch "$DEMO_DIR/host" \
  --port "$PORT" --url-file "$URL_FILE" >"$LOG_FILE" 2>&1 < /dev/null &
SERVE_PID=$!
echo "$SERVE_PID" > "$PID_FILE"
for _ in $(seq 1 300); do
  [[ -s "$URL_FILE" ]] && break
  if ! kill -0 "$SERVE_PID" 2>/dev/null; then cat "$LOG_FILE" >&2; stop_demo; die "code-server did not start (log above)"; fi
  sleep 0.1
done
if [[ ! -s "$URL_FILE" ]]; then cat "$LOG_FILE" >&2; stop_demo; die "code-server did not start within 30s"; fi
URL="$(cat "$URL_FILE")"
grep -h 'busy' "$LOG_FILE" | sed 's/^\[vscode-host\]/[demo]/' || true

log "ready in $(elapsed "$T0")"
cat <<EOF

  Agent Knock Knock is running in a real VS Code:

      $URL/?folder=$WORKSPACE

  (code-server on 127.0.0.1 only; open it in a browser on this machine, or forward the port)

  Claude Code starts by itself when the folder opens, against the scripted model, and asks a
  questionnaire: click "Answer" on the notification (or "AKK 1" in the status bar) and answer
  in the panel. Next it asks to run a Bash command: F1 > "Agent Knock Knock: Approve Pending
  Permission".

  workspace: $WORKSPACE
  logs:      $LOG_FILE, $AGENT_LOG_FILE, $DEMO_DIR/host/code-server.log
  stop:      Ctrl+C here, or: npm run demo -- --stop

EOF

if [[ $DETACH == 1 ]]; then
  log "running in the background (VS Code host pid $SERVE_PID, agent side pid $AGENT_PID); stop it with: npm run demo -- --stop"
  exit 0
fi

log "press Ctrl+C to stop (or, from another shell: npm run demo -- --stop)"
trap 'echo; stop_demo; exit 0' INT TERM HUP
# Wait while both run; either ends on --stop from another shell, or when it fails.
while kill -0 "$SERVE_PID" 2>/dev/null && kill -0 "$AGENT_PID" 2>/dev/null; do sleep 1; done
log "the VS Code host or the agent side has stopped (see $LOG_FILE, $AGENT_LOG_FILE)"
stop_demo
