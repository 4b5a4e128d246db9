/**
 * The layering is enforced by the compiler, not by convention: each layer's tsconfig only
 * sees the ambient modules it may use. These probes compile one import under a layer's own
 * settings and expect the compiler to refuse the forbidden ones.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function compiles(layer: string, source: string): { ok: boolean; output: string } {
  const dir = join(root, 'out', `layer-probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'probe.ts'), `${source}\nexport {};\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, layer, 'tsconfig.json'),
        compilerOptions: {
          rootDir: '.',
          composite: false,
          declaration: false,
          emitDeclarationOnly: false,
          noEmit: true,
        },
        include: ['probe.ts'],
        references: [],
      }),
    );
    const r = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('layer import rules (compiler-enforced)', function () {
  this.timeout(60_000);

  const forbidden: Array<[string, string]> = [
    ['src/adapters', "import * as fs from 'node:fs'; void fs;"],
    ['src/adapters', "import * as vscode from 'vscode'; void vscode;"],
    ['src/shared', "import { createHash } from 'node:crypto'; void createHash;"],
    ['src/server', "import * as vscode from 'vscode'; void vscode;"],
    ['src/qualify', "import * as vscode from 'vscode'; void vscode;"],
    ['media', "import * as fs from 'node:fs'; void fs;"],
  ];
  for (const [layer, source] of forbidden) {
    it(`${layer} cannot compile: ${source.split(';')[0]}`, () => {
      const r = compiles(layer, source);
      assert.equal(r.ok, false, `expected a compile error:\n${r.output}`);
      assert.match(r.output, /TS2307|TS2591|Cannot find module|vscode may be imported only in src\/extension/);
    });
  }

  it('the probe itself compiles an allowed import (src/server may use node:fs)', () => {
    const r = compiles('src/server', "import * as fs from 'node:fs'; void fs;");
    assert.equal(r.ok, true, r.output);
  });
});
