/**
 * The agent's own word on what it does, beside its screen: a real process (started with its own
 * HOME, as Claude Code is) whose record says busy, waiting or idle, and real captures of Claude Code
 * idle at its prompt and asking a permission. The screen decides what it proves; a screen that looks
 * idle while the agent works is still working, and one the agent says it waits on is left to the
 * person with what it waits for.
 */
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyScreen } from '../../../src/server/observe/classify';
import { readOwnActivity } from '../../../src/server/observe/own-activity';
import type { ScreenCapture } from '../../../src/server/sessions';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../../src/qualify/harness-data';
import { NEWEST } from '../../../src/qualify/versions';

function claudeScreen(name: string): ScreenCapture {
  const base = join(FIXTURES, 'claude', NEWEST.claude, '120x40', name);
  const rows = (t: string): string => t.split('\n').slice(0, 40).join('\n');
  return {
    text: rows(readCorpusFile(`${base}.txt`)),
    styled: rows(readCorpusFile(`${base}.ansi.txt`)),
    cols: 120,
    rows: 40,
    cursor: { x: 0, y: 0, visible: false },
    capturedAt: Date.now(),
    generation: 1,
  };
}

describe("the agent's own word on what it does, beside its screen", () => {
  let home: string;
  let agent: ChildProcess;
  let pid: number;
  const record = (status: string, more = ''): void =>
    writeFileSync(join(home, '.claude', 'sessions', `${pid}.json`), `{"pid":${pid},"status":"${status}"${more}}`);
  const classify = (name: string, version: string = NEWEST.claude) =>
    classifyScreen({ agent: 'claude', version, capture: claudeScreen(name), pid });

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'akk-own-activity-'));
    mkdirSync(join(home, '.claude', 'sessions'), { recursive: true });
    agent = spawn('sleep', ['60'], { env: { PATH: process.env.PATH ?? '', HOME: home }, stdio: 'ignore' });
    assert.ok(agent.pid);
    pid = agent.pid;
  });
  after(() => {
    agent.kill();
    rmSync(home, { recursive: true, force: true });
  });

  it("is read from the record under the process's own HOME, and says nothing when there is none", () => {
    assert.equal(readOwnActivity('claude', pid), undefined);
    record('busy');
    assert.deepEqual(readOwnActivity('claude', pid), { activity: 'busy' });
    // An agent that keeps no record says nothing, whatever lies there.
    assert.equal(readOwnActivity('codex', pid), undefined);
  });

  it('a screen idle at its prompt is idle when the agent says so, and with no record', () => {
    record('idle');
    assert.equal(classify('01-idle').state, 'idle');
    rmSync(join(home, '.claude', 'sessions', `${pid}.json`));
    assert.equal(classify('01-idle').state, 'idle');
  });

  it('a screen that looks idle while the agent says it works is working: the turn is not over', () => {
    record('busy');
    assert.equal(classify('01-idle').state, 'working');
  });

  it('a screen that looks idle while the agent says it waits is left to the person, told what it waits for', () => {
    record('waiting', ',"waitingFor":"permission prompt"');
    const c = classify('01-idle');
    assert.equal(c.state, 'manual_required');
    assert.match(String(c.detail), /Claude Code says it waits \(permission prompt\).*answer in the terminal/);
  });

  it('a prompt the screen proves stays what it proves, whatever the record says', () => {
    for (const status of ['idle', 'busy', 'waiting']) {
      record(status);
      assert.equal(classify('32-permission-bash').state, 'waiting_input', status);
    }
  });

  it('on a release not qualified here, a manual screen is working while the agent works, and manual else', () => {
    const unqualified = '2.1.9999';
    record('busy');
    assert.equal(classify('01-idle', unqualified).state, 'working');
    for (const status of ['idle', 'waiting']) {
      record(status);
      const c = classify('32-permission-bash', unqualified);
      assert.equal(c.state, 'manual_required', status);
      assert.match(String(c.detail), /not a qualified version/, status);
    }
  });
});
