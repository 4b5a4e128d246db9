/**
 * The portable process table (`ps` and `lsof`, for macOS and the BSDs) reads the same facts as
 * /proc: its parsers on lines as both systems print them, and, on this machine, both tables asked
 * about the same real processes (this test's own, a child it starts in a folder of its own, and
 * that child's child) must agree on the tree, the groups, the arguments, the working folder and
 * the executable (the arguments as words: ps cannot tell where an argument with a space ends);
 * a process that is gone is unreadable on both.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PosixProcessTable, lsofField, parsePsLine } from '../../../src/server/sessions/posix-ps';
import { ProcFs } from '../../../src/server/sessions/proc';
import { chooseProcessTable } from '../../../src/server/sessions/platform';
import { needs } from '../../support/environment';
import { until } from '../../../src/qualify/wait';

describe('sessions/posix-ps', () => {
  it('parses a ps line as Linux (procps) and macOS print it', () => {
    const linux = parsePsLine(' 4242  17  4242  4300 Ss+  Wed Dec  2 03:19:08 2026 pts/3    node /x/cli.js --print');
    assert.deepEqual(linux && { ...linux, startTime: linux.startTime > 0 }, {
      pid: 4242,
      ppid: 17,
      pgrp: 4242,
      tpgid: 4300,
      state: 'Ss+',
      startTime: true,
      tty: 'pts/3',
      args: ['node', '/x/cli.js', '--print'],
      comm: 'node',
    });
    const mac = parsePsLine('  501   1   501   501 S    Tue Dec  1 09:00:00 2026 ttys003  /opt/homebrew/bin/claude');
    assert.equal(mac?.tty, 'ttys003');
    assert.equal(mac?.comm, 'claude');
    assert.equal(parsePsLine('garbage'), null);
    assert.equal(parsePsLine('  1 0 0 -1 S  not a date at all ? x'), null);
  });

  it('reads lsof fields', () => {
    assert.deepEqual(lsofField('p1\nfcwd\nn/work\nftxt\nn/usr/bin/node\n', 'n'), ['/work', '/usr/bin/node']);
  });

  it('reads a terminal device from its ps name, and nothing else', () => {
    const table = new PosixProcessTable((file) =>
      file === 'ps'
        ? [
            '  10  1  10  10 S Wed Dec  2 03:19:08 2026 pts/7 bash',
            '  11  1  11  -1 S Wed Dec  2 03:19:08 2026 ttys004 zsh',
            '  12  1  12  -1 S Wed Dec  2 03:19:08 2026 ?  daemon',
          ].join('\n')
        : null,
    );
    assert.equal(table.ttyOf(10), '/dev/pts/7');
    assert.equal(table.ttyOf(11), '/dev/ttys004');
    assert.equal(table.ttyOf(12), null);
    assert.equal(table.ttyOf(99), null);
    assert.equal(table.executable(10), null, 'no lsof answer: no executable, never guessed');
  });

  it('is chosen by capability, and by AKK_PROCESS_TABLE', () => {
    assert.equal(chooseProcessTable({ AKK_PROCESS_TABLE: 'posix' }).kind, 'posix');
    assert.equal(chooseProcessTable({ AKK_PROCESS_TABLE: 'proc' }).kind, 'proc');
    assert.equal(chooseProcessTable({}).kind, fs.existsSync('/proc/self/stat') ? 'proc' : 'posix');
  });

  describe('on this machine, beside /proc', function () {
    let child: ChildProcess;
    let dir = '';
    before(async function () {
      needs(this, fs.existsSync('/proc/self/stat') ? null : 'no /proc on this machine');
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-ps-'));
      // A shell in its own folder with a child of its own: a small tree like a terminal's.
      child = spawn('sh', ['-c', 'sleep 30 & wait'], { cwd: dir, stdio: 'ignore', detached: true });
      await until('the child shell and its sleep', () => new ProcFs().children(child.pid ?? 0).length === 1, 5000);
    });
    after(() => {
      if (child?.pid) process.kill(-child.pid, 'SIGKILL');
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('agrees with /proc on the tree, groups, arguments, folder and executable', () => {
      const proc = new ProcFs();
      const posix = new PosixProcessTable();
      const shell = child.pid ?? 0;
      const [sleeper] = proc.children(shell);
      assert.ok(sleeper);
      for (const pid of [process.pid, shell, sleeper]) {
        const a = proc.stat(pid);
        const b = posix.stat(pid);
        assert.ok(a && b, `pid ${pid}`);
        assert.deepEqual([b.pid, b.ppid, b.pgrp, b.tpgid], [a.pid, a.ppid, a.pgrp, a.tpgid], `pid ${pid}`);
        // ps joins the arguments with spaces: the same words, one argument with a space split in two.
        assert.equal(posix.cmdline(pid).join(' '), proc.cmdline(pid).join(' '));
        assert.equal(posix.cwd(pid), proc.cwd(pid));
        const ea = proc.executable(pid);
        const eb = posix.executable(pid);
        assert.deepEqual(eb && [eb.path, eb.deleted, eb.ino, eb.dev], ea && [ea.path, ea.deleted, ea.ino, ea.dev]);
      }
      assert.deepEqual(posix.children(shell), proc.children(shell));
      assert.equal(posix.cwd(shell), fs.realpathSync(dir));
      assert.ok(posix.bootId());
    });

    it('tells a process that is gone: nothing to read', async () => {
      const gone = spawn('true');
      await new Promise((r) => gone.on('exit', r));
      const posix = new PosixProcessTable();
      await until('the snapshot to move on', () => posix.stat(gone.pid ?? 0) === null, 2000);
      assert.equal(posix.executable(gone.pid ?? 0), null);
      assert.deepEqual(posix.cmdline(gone.pid ?? 0), []);
    });
  });
});
