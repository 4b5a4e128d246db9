/**
 * What the contract and the manifest advertise is produced: every error code is raised somewhere,
 * every setting is named once with the manifest's default and read by the extension, and every
 * projected interaction state is produced.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../../src/shared/errors';
import { AGENTS } from '../../../src/shared/lifecycle';
import { agentSettings, SETTING, type Setting } from '../../../src/shared/settings';
import { TerminalInteraction } from '../../../src/shared/contract';
import { publicView } from '../../../src/server/step/projection';

const ROOT = join(__dirname, '..', '..', '..');

function sourceOf(dir: string, exclude: string): string {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', dir], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.ts') && f !== exclude);
  return files.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
}

describe('what is advertised is produced', () => {
  it('raises every error code somewhere outside the list of codes', () => {
    const src = sourceOf('src', 'src/shared/errors.ts');
    const never = ERROR_CODES.filter((code) => !src.includes(`'${code}'`));
    assert.deepEqual(never, [], `codes nothing raises: ${never.join(', ')}`);
  });

  it('names every setting the manifest contributes once, with its default, and reads each', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const declared = manifest.contributes.configuration.properties;
    const table = [
      ...Object.values(SETTING),
      ...AGENTS.flatMap((agent) => Object.values(agentSettings(agent)) as Array<Setting<unknown>>),
    ];
    assert.deepEqual(
      table.map((s) => s.key).sort(),
      Object.keys(declared).sort(),
      'the table and the manifest name the same settings',
    );
    for (const s of table) assert.deepEqual(s.fallback, declared[s.key]?.default, `${s.key}: the same default`);
    const extension = sourceOf('src/extension', '');
    const unread = Object.keys(SETTING).filter((name) => !extension.includes(`SETTING.${name}`));
    assert.deepEqual(unread, [], `settings nothing reads: ${unread.join(', ')}`);
    assert.ok(extension.includes('agentSettings('), "the agents' own settings are read");
  });

  it('produces every interaction state the projection advertises', () => {
    const states = TerminalInteraction.shape.state.options;
    const payload = { schema: 'agent-knock-knock/terminal-interaction', version: 1, questions: [] };
    // Only the fields publicView reads: the kind, the status and the payload it projects.
    const stored = (status: string) =>
      ({ id: 'ix_1', turnId: 'turn_1', kind: 'questionnaire', status, payload }) as unknown as Parameters<
        typeof publicView
      >[0];
    const produced = ['active', 'resolving'].map((status) => publicView(stored(status)).interaction?.state);
    assert.deepEqual([...produced].sort(), [...states].sort());
  });
});
