import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProcFs, parseChildren, parseCmdline, parseProcStat } from '../../../src/server/sessions/proc';
import { fakeProc, tempDir } from './support/layouts';

describe('sessions/proc', () => {
  it('parses /proc/<pid>/stat even when the command name holds spaces and parentheses', () => {
    const line = '4242 (we (ird) name) S 17 4242 4242 34816 4300 4194304 100 0 0 0 5 3 0 0 20 0 1 0 987654 1000 200\n';
    assert.deepEqual(parseProcStat(line), {
      pid: 4242,
      comm: 'we (ird) name',
      state: 'S',
      ppid: 17,
      pgrp: 4242,
      tpgid: 4300,
      startTime: 987654,
    });
    assert.equal(parseProcStat('garbage'), null);
  });

  it('parses children and command lines', () => {
    assert.deepEqual(parseChildren('12 13 99 \n'), [12, 13, 99]);
    assert.deepEqual(parseChildren(''), []);
    assert.deepEqual(parseCmdline('node\0/x/codex.js\0--no-daemon\0'), ['node', '/x/codex.js', '--no-daemon']);
  });

  it('lists children from task/*/children and by ppid scan when the kernel has no children files', () => {
    for (const childrenFiles of [true, false]) {
      const root = fakeProc(
        tempDir('akk-proc-'),
        [
          { pid: 10, ppid: 1 },
          { pid: 11, ppid: 10 },
          { pid: 12, ppid: 10 },
          { pid: 13, ppid: 11 },
        ],
        { childrenFiles },
      );
      const proc = new ProcFs(root);
      assert.deepEqual(proc.children(10), [11, 12], `childrenFiles=${childrenFiles}`);
      assert.deepEqual(proc.children(13), []);
      assert.equal(proc.stat(13)?.ppid, 11);
      assert.equal(proc.bootId(), 'boot-1');
    }
  });

  it('reads an executable and notices when the file was replaced after start', () => {
    const dir = tempDir('akk-exe-');
    const exe = path.join(dir, 'tool');
    fs.writeFileSync(exe, 'v1');
    const root = fakeProc(tempDir('akk-proc-'), [{ pid: 20, ppid: 1, exe }]);
    const proc = new ProcFs(root);
    const first = proc.executable(20);
    assert.equal(first?.path, exe);
    assert.equal(first?.deleted, false);
    // A real kernel link would keep the old inode; here the link follows the path, so simulate with a
    // " (deleted)" target.
    const root2 = fakeProc(tempDir('akk-proc-'), [{ pid: 21, ppid: 1, exe: `${exe} (deleted)` }]);
    fs.writeFileSync(`${exe} (deleted)`, 'old');
    assert.equal(new ProcFs(root2).executable(21)?.deleted, true);
    assert.equal(proc.executable(999), null);
  });
});
