/**
 * Nothing the product ships comes from test/ (scripts/structure/product-reach.ts, run by the
 * structure check): checked on the repository itself, and on a scratch repository where each
 * way test code could reach the product is planted once and must be named.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { importGraph } from '../../../scripts/structure/import-graph';
import { productEntries, testInProduct } from '../../../scripts/structure/product-reach';

const ROOT = join(__dirname, '..', '..', '..');

function trackedTs(root: string): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'media', 'scripts', 'test'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(root, f))
    .filter((f) => existsSync(f));
}

describe('nothing the product ships comes from test/', () => {
  it('every bundle scripts/build.mjs makes starts outside test/, the qualification runner under src/', () => {
    const entries = productEntries(ROOT);
    assert.ok(entries.length >= 6, `bundles found: ${entries.join(', ')}`);
    assert.deepEqual(
      entries.filter((e) => !/^(src|media)\//.test(e)),
      [],
    );
    assert.ok(entries.includes('src/qualify/runner/runner-entry.ts'), entries.join(', '));
  });

  it('the repository: no file of src/ or media/ imports test/, and no bundle reaches it', () => {
    assert.deepEqual(testInProduct(ROOT, importGraph(trackedTs(ROOT))), []);
  });

  it('a scratch repository: each way in is named', () => {
    const root = mkdtempSync(join(tmpdir(), 'akk-reach-'));
    try {
      const write = (rel: string, text: string): void => {
        mkdirSync(join(root, rel, '..'), { recursive: true });
        writeFileSync(join(root, rel), text);
      };
      write(
        'scripts/build.mjs',
        "build({ entryPoints: [join(root, 'src/app/main.ts')] });\n" +
          "build({ entryPoints: [join(root, 'test/tool/entry.ts')] });\n",
      );
      write('src/app/main.ts', "import { helper } from '../lib/helper';\nvoid helper;\n");
      write('src/lib/helper.ts', "export { fake as helper } from '../../scripts/tool';\n");
      write('scripts/tool.ts', "export { fake } from '../test/support/fake';\n");
      write('test/support/fake.ts', 'export const fake = 1;\n');
      write('test/tool/entry.ts', 'export {};\n');
      write('media/view.ts', "import type { fake } from '../test/support/fake';\nexport type V = typeof fake;\n");
      const files = [
        'src/app/main.ts',
        'src/lib/helper.ts',
        'scripts/tool.ts',
        'test/support/fake.ts',
        'test/tool/entry.ts',
        'media/view.ts',
      ].map((f) => join(root, f));
      const found = testInProduct(root, importGraph(files));
      assert.deepEqual(found, [
        'media/view.ts imports test/support/fake.ts',
        'scripts/build.mjs bundles test/tool/entry.ts, a file of test/',
        'the bundle of src/app/main.ts reaches test/support/fake.ts ' +
          '(src/app/main.ts → src/lib/helper.ts → scripts/tool.ts → test/support/fake.ts)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
