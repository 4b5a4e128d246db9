/**
 * No agent is named outside the registry and the agent's own folders, so that adding an agent is a
 * registry entry plus its folders (docs/adding-an-agent.md).
 *
 * What counts as naming an agent: a code token whose text contains an agent's name or display
 * name from src/shared/agents.ts, in any letter case. Code tokens are identifiers (`CLAUDE_FILES`,
 * `codexEnv`, an object key), string and template literals (`'claude'`, `"Codex"`, an import path
 * such as `'./codex/turns'`) and regular-expression literals (`/Claude Code v/`). Comments are not
 * code tokens: they may name agents.
 *
 * Where: every .ts file under src/shared, src/adapters, src/server, src/extension and src/qualify,
 * except the registry files (REGISTRY, each named) and each agent's own folders
 * (src/agents/<agent>/ for every agent of the registry).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { AGENTS, AGENT_DESCRIPTORS } from '../../../src/shared/agents';

const root = join(__dirname, '..', '..', '..');

const SCANNED = ['src/shared', 'src/adapters', 'src/agents', 'src/server', 'src/extension', 'src/qualify'];

/** The registry: the only files outside an agent's folders that name it. */
const REGISTRY = [
  'src/shared/agents.ts',
  'src/adapters/registry.ts',
  // The harness table, and the union of every agent's scenario turn types.
  'src/qualify/agents/index.ts',
  'src/qualify/agents/turns.ts',
  // Each agent's answer-key model, and what each agent's wire delivers to the fake model.
  'src/qualify/answer-key/index.ts',
  'src/qualify/answer-key/types.ts',
  'src/qualify/answer-key/checks.ts',
];

const OWN_FOLDERS = AGENTS.map((agent) => `src/agents/${agent}/`);

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMES = new RegExp(
  AGENTS.flatMap((a) => [a, AGENT_DESCRIPTORS[a].displayName])
    .map(escape)
    .join('|'),
  'i',
);

/** Every code token of a TypeScript source that names an agent, with its line. */
function agentNamesIn(source: string, file = 'probe.ts'): Array<{ line: number; token: string }> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ line: number; token: string }> = [];
  const visit = (node: ts.Node): void => {
    const token =
      ts.isIdentifier(node) || ts.isPrivateIdentifier(node)
        ? node.text
        : ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
          ? node.text
          : node.kind === ts.SyntaxKind.RegularExpressionLiteral
            ? node.getText(sf)
            : undefined;
    if (token !== undefined && NAMES.test(token)) {
      found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, token });
    }
    // forEachChild does not descend into comments, JSDoc included.
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) return sourceFiles(rel);
    return rel.endsWith('.ts') ? [rel] : [];
  });
}

describe("agent names (only the registry and the agents' own folders name an agent)", () => {
  const agent = AGENTS[0];
  const display = AGENT_DESCRIPTORS[agent].displayName;

  it('finds a name in identifiers, strings, templates, import paths and regular expressions', () => {
    const source = [
      `const ${agent.toUpperCase()}_FILES = 1;`,
      `const x = { ${agent}: 1 };`,
      `const y = '${agent}';`,
      `const z = \`\${y} ${display}\`;`,
      `import { w } from './${agent}/index';`,
      `const r = /${display} v/;`,
    ].join('\n');
    assert.deepEqual(
      agentNamesIn(source).map((f) => f.line),
      [1, 2, 3, 4, 5, 6],
    );
  });

  it('lets comments name agents, and finds nothing in other code', () => {
    const source = [
      `// ${display} draws its dialogs at the bottom.`,
      `/** The ${agent} adapter. @see ${agent} */`,
      `/* ${agent} */ const a = 'agent';`,
    ].join('\n');
    assert.deepEqual(agentNamesIn(source), []);
  });

  it("the registry files exist, and so does each agent's adapter folder", () => {
    for (const file of REGISTRY) assert.ok(statSync(join(root, file)).isFile(), file);
    for (const folder of OWN_FOLDERS) assert.ok(statSync(join(root, folder)).isDirectory(), folder);
  });

  it('no other file under src/ or src/qualify names an agent in code', () => {
    const exempt = (f: string): boolean => REGISTRY.includes(f) || OWN_FOLDERS.some((d) => f.startsWith(d));
    const files = SCANNED.flatMap(sourceFiles).filter((f) => !exempt(f));
    assert.ok(files.length > 100, `only ${files.length} files scanned`);
    const found = files.flatMap((f) => {
      return agentNamesIn(readFileSync(join(root, f), 'utf8'), f).map((n) => `${f}:${n.line} ${n.token}`);
    });
    assert.deepEqual(found, [], `agent names outside the registry and the agents' folders:\n${found.join('\n')}`);
  });
});
