/**
 * What the contract and the manifest advertise is produced: every error code is raised somewhere,
 * every setting is read by the extension, and every projected interaction state is produced.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../../src/shared/errors';
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

  it('reads every setting the manifest contributes', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, unknown> } };
    };
    const extension = sourceOf('src/extension', '') + sourceOf('src/shared', '');
    const unread = Object.keys(manifest.contributes.configuration.properties).filter((key) => {
      const name = key.replace(/^akk\./, '');
      // Agent settings are read as `${prefix}command` and so on from the agent table.
      const tail = name.split('.').pop() ?? name;
      return (
        !extension.includes(`'${name}'`) &&
        !extension.includes(`'${key}'`) &&
        !extension.includes(`${tail}\``) &&
        !extension.includes(`.${tail}`)
      );
    });
    assert.deepEqual(unread, [], `settings nothing reads: ${unread.join(', ')}`);
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
