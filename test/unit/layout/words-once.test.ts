/**
 * Each word once (scripts/structure/words.ts, run by the static tier): a decision, an answer
 * source, a setting or a prompt shape spelt as a string literal outside its home is found, comments
 * aside, and so is an error built by hand; the tree has none.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secondSpellings } from '../../../scripts/structure/words';

const ROOT = join(__dirname, '..', '..', '..');

describe('each word once', () => {
  it('finds a decision and a shape spelt outside their homes, and not in comments or at home', () => {
    const root = mkdtempSync(join(tmpdir(), 'akk-words-'));
    try {
      mkdirSync(join(root, 'src', 'server'), { recursive: true });
      mkdirSync(join(root, 'src', 'shared'), { recursive: true });
      const elsewhere = join(root, 'src', 'server', 'x.ts');
      writeFileSync(
        elsewhere,
        "// 'reject' in a comment\nconst d = 'reject';\nconst s = { shape: 'plan-approvel' || 'plan-approval' };\n",
      );
      const home = join(root, 'src', 'shared', 'decisions.ts');
      writeFileSync(home, "export const DECISION = { approveOnce: 'approve_once', reject: 'reject' } as const;\n");
      const found = secondSpellings(root, [elsewhere, home]);
      assert.deepEqual(found, [
        "src/server/x.ts:2 spells a decision ('reject') outside its home",
        "src/server/x.ts:3 spells a prompt shape ('plan-approval') outside its home",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds an answer source, a setting in either form, and an error built by hand', () => {
    const root = mkdtempSync(join(tmpdir(), 'akk-words-'));
    try {
      mkdirSync(join(root, 'src', 'extension'), { recursive: true });
      const file = join(root, 'src', 'extension', 'y.ts');
      writeFileSync(
        file,
        [
          "const via = 'model';",
          "const a = get('akk.tmux.path');",
          "const b = section.get('launch.in');",
          "throw Object.assign(new Error('gone'), { data: { code: 'invalidated' } });",
          "const fine = 'a model of the tmux path';",
        ].join('\n'),
      );
      assert.deepEqual(secondSpellings(root, [file]), [
        'src/extension/y.ts:4 builds an error by hand (use codedError)',
        "src/extension/y.ts:1 spells an answer source ('model') outside its home",
        "src/extension/y.ts:2 spells a setting ('akk.tmux.path') outside its home",
        "src/extension/y.ts:3 spells a setting ('launch.in') outside its home",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the tree spells each word only at home', () => {
    const files = execFileSync('git', ['ls-files', 'src', 'media'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(ROOT, f));
    assert.deepEqual(secondSpellings(ROOT, files), []);
  });
});
