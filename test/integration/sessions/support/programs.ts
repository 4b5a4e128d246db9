// Small terminal programs for tests and the bench, written to a temp folder and run with node.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const FRAMES = String.raw`
// g: one frame in three parts 15 ms apart; b: 60 redraws 5 ms apart then DONE; q: quit.
const out = (s) => process.stdout.write(s);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
let n = 0;
process.stdin.setRawMode(true);
process.stdin.on('data', async (buf) => {
  const k = buf.toString();
  if (k === 'q') process.exit(0);
  if (k === 'g') {
    n++;
    out('\x1b[2J\x1b[H');
    out('HEADER ' + n + '\r\n');
    await wait(15);
    out('BODY ' + n + '\r\n'.repeat(2));
    await wait(15);
    out('FOOTER ' + n + ' END\r\n');
  }
  if (k === 'b') {
    for (let i = 0; i < 60; i++) { out('\x1b[H\x1b[2KCOUNT ' + i); await wait(5); }
    out('\x1b[2J\x1b[HDONE\r\n');
  }
});
out('FRAMES READY\r\n');
`;

const KEYLOG = String.raw`
// Logs every chunk read from the terminal (JSON lines) to argv[2]; enables bracketed paste.
const fs = require('fs');
const log = process.argv[2];
process.stdin.setRawMode(true);
process.stdout.write('\x1b[?2004hKEYLOG READY\r\n');
process.stdin.on('data', (buf) => {
  fs.appendFileSync(log, JSON.stringify(buf.toString('utf8')) + '\n');
  process.stdout.write('.');
});
`;

const PROMPT = String.raw`
// p: draws a prompt frame in three writes; its last line holds the monotonic time (ns) of the
// last write, so that a reader can measure latency from the last byte. q: quit.
const out = (s) => process.stdout.write(s);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
let n = 0;
process.stdin.setRawMode(true);
process.stdin.on('data', async (buf) => {
  const k = buf.toString();
  if (k === 'q') process.exit(0);
  if (k !== 'p') return;
  n++;
  out('\x1b[2J\x1b[H Do you want to proceed? (' + n + ')\r\n');
  await wait(3);
  out(' > 1. Yes\r\n   2. No\r\n');
  await wait(3);
  out(' Esc to cancel\r\n T=' + process.hrtime.bigint().toString() + ' END');
});
out('PROMPT READY\r\n');
`;

export interface Programs {
  dir: string;
  frames: string;
  keylog: string;
  prompt: string;
}

export function writePrograms(): Programs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-programs-'));
  const file = (name: string, text: string): string => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  return {
    dir,
    frames: file('frames.js', FRAMES),
    keylog: file('keylog.js', KEYLOG),
    prompt: file('prompt.js', PROMPT),
  };
}

/** A script for a copied shell that acts as an agent: prints READY, answers lines, exits on `quit`. */
export const FAKE_AGENT_SCRIPT =
  'echo FAKE-AGENT-READY; while read -r l; do [ "$l" = quit ] && exit 0; echo "got:$l"; done';
