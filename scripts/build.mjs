// Bundles the entries into dist/: the extension (cjs, vscode external), the server, the MCP server, the
// entry of the store's compaction process and the qualification runner (cjs), and the webview script (iife);
// copies the sql.js wasm, the webview CSS and the qualification runner's data beside them.
//   node scripts/build.mjs [--production] [--watch]
import { build, context } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const require = createRequire(import.meta.url);

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  define: { 'process.env.AKK_VERSION': JSON.stringify(version) },
};

const entries = [
  {
    ...common,
    entryPoints: [join(root, 'src/extension/extension.ts')],
    outfile: join(root, 'dist/extension.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: join(root, 'dist/server.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // The store looks for the wasm beside the bundle first; node_modules is only its fallback in tests.
    logOverride: { 'require-resolve-not-external': 'silent' },
    // jsonc-parser's main build is UMD, whose own require of its parts a bundle cannot follow.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  },
  // AKK as an MCP server for supervising agents: `node dist/mcp.js`, reaching a window's server through
  // its supervisor socket (src/mcp/main.ts).
  {
    ...common,
    entryPoints: [join(root, 'src/mcp/main.ts')],
    outfile: join(root, 'dist/mcp.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  // The hook program AKK adds to an agent: `node dist/agent-hook.js <agent> <event>` relays the agent's
  // own request to this machine's AKK servers and prints what the agent acts on (src/hook/main.ts).
  {
    ...common,
    entryPoints: [join(root, 'src/hook/main.ts')],
    outfile: join(root, 'dist/agent-hook.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  // A large store compacts its journals in a low-priority child process, which the server forks from
  // this file beside its own bundle (src/server/store/compaction.ts).
  {
    ...common,
    entryPoints: [join(root, 'src/server/store/compaction-worker.ts')],
    outfile: join(root, 'dist/compaction-worker.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logOverride: { 'require-resolve-not-external': 'silent' },
  },
  // "Qualify This Version on This Machine": the capture harness's local qualification, bundled, with
  // the data it needs in dist/qualify/ (scripts/qualify-data.ts); the server starts it as a child.
  {
    ...common,
    entryPoints: [join(root, 'src/qualify/runner/runner-entry.ts')],
    outfile: join(root, 'dist/qualify-runner.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // The harness modules' own command-line entries (`require.main === module`) stay off in the bundle.
    define: { ...common.define, 'require.main': 'null' },
    banner: { js: 'process.env.AKK_HARNESS_DATA = require("node:path").join(__dirname, "qualify");' },
  },
  {
    ...common,
    entryPoints: [join(root, 'media/panel.ts')],
    outfile: join(root, 'dist/webview/panel.js'),
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
];

function copyAssets() {
  mkdirSync(join(root, 'dist/webview'), { recursive: true });
  const wasm = join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm');
  copyFileSync(wasm, join(root, 'dist/sql-wasm.wasm'));
  for (const f of readdirSync(join(root, 'media'))) {
    if (f.endsWith('.css')) copyFileSync(join(root, 'media', f), join(root, 'dist/webview', f));
  }
  // The reference screens are read through the corpus store (TypeScript, run with tsx).
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/qualify-data.ts'), root], {
    stdio: 'inherit',
  });
}

if (!watch) rmSync(join(root, 'dist'), { recursive: true, force: true });
copyAssets();
if (watch) {
  // The VS Code watch task (.vscode/tasks.json) follows these two lines.
  const announce = {
    name: 'announce',
    setup(b) {
      b.onStart(() => console.log('[watch] build started'));
      b.onEnd((r) => {
        for (const e of r.errors)
          console.error(`✘ [ERROR] ${e.text} ${e.location ? `${e.location.file}:${e.location.line}` : ''}`);
        console.log('[watch] build finished');
      });
    },
  };
  const contexts = await Promise.all(entries.map((e) => context({ ...e, plugins: [announce] })));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(entries.map((e) => build(e)));
  console.log(`built dist/ (${production ? 'production' : 'development'}) version ${version}`);
}
