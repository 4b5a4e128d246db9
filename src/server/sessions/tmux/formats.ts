/**
 * The tmux formats the sessions code asks for, and pure parsers of their output.
 * Fields are separated by a tab; free-text fields come last.
 */

export const PANE_STATE_FORMAT = [
  '#{pane_id}',
  '#{pane_pid}',
  '#{pane_width}',
  '#{pane_height}',
  '#{cursor_x}',
  '#{cursor_y}',
  '#{cursor_flag}',
  '#{pane_dead}',
  '#{pane_in_mode}',
].join('\t');

interface PaneState {
  paneId: string;
  panePid: number;
  cols: number;
  rows: number;
  cursorX: number;
  cursorY: number;
  cursorVisible: boolean;
  dead: boolean;
  inMode: boolean;
}

function int(value: string | undefined): number | null {
  if (value === undefined || !/^-?\d+$/.test(value)) return null;
  return Number(value);
}

export function parsePaneState(line: string): PaneState | null {
  const f = line.split('\t');
  const paneId = f[0] ?? '';
  const panePid = int(f[1]);
  const cols = int(f[2]);
  const rows = int(f[3]);
  const cursorX = int(f[4]);
  const cursorY = int(f[5]);
  if (
    !/^%\d+$/.test(paneId) ||
    panePid === null ||
    cols === null ||
    rows === null ||
    cursorX === null ||
    cursorY === null
  ) {
    return null;
  }
  return {
    paneId,
    panePid,
    cols,
    rows,
    cursorX,
    cursorY,
    cursorVisible: f[6] === '1',
    dead: f[7] === '1',
    inMode: f[8] === '1',
  };
}

/** One row of `list-panes -a`: where each pane lives and what runs in it. */
export const PANE_LIST_FORMAT = [
  '#{pane_id}',
  '#{pane_pid}',
  '#{session_id}',
  '#{window_id}',
  '#{window_index}',
  '#{pane_index}',
  '#{pane_width}',
  '#{pane_height}',
  '#{pane_dead}',
  '#{pane_current_command}',
  '#{session_name}',
].join('\t');

export interface PaneRow {
  paneId: string;
  panePid: number;
  sessionId: string;
  windowId: string;
  windowIndex: number;
  paneIndex: number;
  cols: number;
  rows: number;
  dead: boolean;
  command: string;
  sessionName: string;
}

function parsePaneRow(line: string): PaneRow | null {
  const f = line.split('\t');
  if (f.length < 11) return null;
  const paneId = f[0] ?? '';
  const sessionId = f[2] ?? '';
  const windowId = f[3] ?? '';
  const panePid = int(f[1]);
  const windowIndex = int(f[4]);
  const paneIndex = int(f[5]);
  const cols = int(f[6]);
  const rows = int(f[7]);
  if (!/^%\d+$/.test(paneId) || !/^\$\d+$/.test(sessionId) || !/^@\d+$/.test(windowId)) return null;
  if (panePid === null || windowIndex === null || paneIndex === null || cols === null || rows === null) return null;
  return {
    paneId,
    panePid,
    sessionId,
    windowId,
    windowIndex,
    paneIndex,
    cols,
    rows,
    dead: f[8] === '1',
    command: f[9] ?? '',
    // A session name could itself hold a tab: it is the last field, so keep the rest whole.
    sessionName: f.slice(10).join('\t'),
  };
}

/** Parses `list-panes -a` output; a pane linked into several sessions is listed once. */
export function parsePaneList(output: string | readonly string[]): PaneRow[] {
  const lines = typeof output === 'string' ? output.split('\n') : output;
  const seen = new Set<string>();
  const rows: PaneRow[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const row = parsePaneRow(line);
    if (!row || seen.has(row.paneId)) continue;
    seen.add(row.paneId);
    rows.push(row);
  }
  return rows;
}

/** The human-readable place of a pane: `session:window.pane`. */
export function paneLocation(row: Pick<PaneRow, 'sessionName' | 'windowIndex' | 'paneIndex'>): string {
  return `${row.sessionName}:${row.windowIndex}.${row.paneIndex}`;
}

export const SERVER_INFO_FORMAT = '#{socket_path}\t#{pid}\t#{start_time}';

export interface ServerInfo {
  socketPath: string;
  pid: number;
  startTime: number;
}

export function parseServerInfo(line: string): ServerInfo | null {
  const f = line.split('\t');
  const pid = int(f[1]);
  const startTime = int(f[2]);
  if (!f[0] || pid === null || startTime === null) return null;
  return { socketPath: f[0], pid, startTime };
}
