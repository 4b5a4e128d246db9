/**
 * The portable process table on what a Mac prints: `ps` and `lsof` output written from their
 * documented formats (test/unit/sessions/fixtures/macos, marked there as not captured), over npm
 * packages laid out as Homebrew installs them. The agent under each terminal's shell, its exact
 * version, its terminal device and whether it is in the foreground must be the answer key's; a
 * binary replaced on disk while it ran has no version.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentIdentifier } from '../../../src/server/sessions/agent-identity';
import { PosixProcessTable } from '../../../src/server/sessions/posix-ps';

const DIR = path.join(__dirname, 'fixtures', 'macos');

interface Layout {
  files: Record<string, string>;
  symlinks: Record<string, string>;
}
interface KeyRow {
  shell: number;
  tty: string;
  agent: string;
  version: string | null;
  pid: number;
  foreground: boolean;
  reason?: string;
}

/** The packages of layout.json under a new folder, which stands for the Homebrew prefix. */
function layOut(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'akk-macos-')));
  const layout = JSON.parse(fs.readFileSync(path.join(DIR, 'layout.json'), 'utf8')) as Layout;
  for (const [rel, text] of Object.entries(layout.files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  for (const [rel, target] of Object.entries(layout.symlinks)) fs.symlinkSync(target, path.join(root, rel));
  return root;
}

/** A fixture file with `@ROOT@` and `@INO:<path>@` filled in for the folder `root`. */
function fixture(root: string, rel: string): string {
  return fs
    .readFileSync(path.join(DIR, rel), 'utf8')
    .replace(/@INO:([^@]+)@/g, (_, p: string) => String(fs.statSync(path.join(root, p)).ino))
    .replace(/@ROOT@/g, root);
}

/** ps and lsof as the Mac answers them: from the fixtures, and nothing for a process not there. */
function macTools(root: string) {
  return (file: string, args: string[]): string | null => {
    if (file === 'ps') return fixture(root, 'ps.txt');
    const pid = args[args.indexOf('-p') + 1] ?? '';
    if (file === 'lsof' && fs.existsSync(path.join(DIR, 'lsof', `${pid}.txt`))) return fixture(root, `lsof/${pid}.txt`);
    return null;
  };
}

describe('sessions/posix-ps on macOS output (written from the documented formats)', () => {
  let root = '';
  before(() => {
    root = layOut();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const key = (JSON.parse(fs.readFileSync(path.join(DIR, 'key.json'), 'utf8')) as { terminals: KeyRow[] }).terminals;
  for (const row of key) {
    it(`the terminal of zsh ${row.shell} (${row.tty}) runs ${row.agent} ${row.version ?? '(no version)'}`, () => {
      const table = new PosixProcessTable(macTools(root));
      const found = new AgentIdentifier({ proc: table }).findAgent(row.shell);
      assert.ok(found, 'nothing found under the shell');
      assert.deepEqual(
        { agent: found.agent, version: found.version, pid: found.pid, foreground: found.foreground },
        { agent: row.agent, version: row.version, pid: row.pid, foreground: row.foreground },
      );
      if (row.reason) assert.equal(found.reason, row.reason);
      assert.equal(table.ttyOf(row.shell), row.tty);
      assert.equal(table.stat(row.shell)?.comm, '-zsh', 'a login shell as ps names it');
    });
  }

  it('reads the folder, the start identity and the boot from the Mac output', () => {
    const table = new PosixProcessTable(macTools(root));
    assert.equal(table.cwd(7002), path.join(root, 'work', 'project'));
    assert.equal(table.stat(7002)?.startTime, Date.parse('Tue Dec  1 09:05:20 2026') / 1000);
    assert.equal(table.bootId(), `ps:${Date.parse('Mon Nov 30 08:12:40 2026') / 1000}`);
    assert.equal(table.ttyOf(612), null, 'no terminal (??)');
    assert.deepEqual(table.children(640), [7001, 7101, 7201, 7301]);
  });
});
