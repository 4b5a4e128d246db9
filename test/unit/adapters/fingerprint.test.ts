/** The prompt fingerprint ignores what Claude animates while it waits, and nothing else. */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../../src/adapters/types';
import type { AgentName } from '../../../src/shared/agents';
import { loadCorpus } from '../../../src/qualify/corpus/fixture-corpus';

function source(agent: AgentName, version: string, s: ScreenSnapshot): string {
  const r = recognize(agent, version, s);
  assert.ok(r.kind === 'questionnaire' || r.kind === 'permission', `not a prompt: ${JSON.stringify(r)}`);
  return r.fingerprintSource;
}

describe('Claude prompt fingerprints', () => {
  const permissions = loadCorpus().filter(
    (f) => f.agent === 'claude' && f.state === 'permission-bash' && f.screen.cols === 120,
  );

  it('has Bash permission screens to check', () => {
    assert.ok(permissions.length > 0);
  });

  for (const f of permissions) {
    it(`${f.id}: the blinking tool bullet above the dialog does not change it`, () => {
      const i = f.screen.plain.findIndex((l) => /^(●| ) \S/.test(l) && !l.includes('Bash command'));
      assert.ok(i >= 0, 'no tool-call line above the dialog');
      const line = f.screen.plain[i] as string;
      const blinked = line.startsWith('●') ? `  ${line.slice(2)}` : `● ${line.slice(2)}`;
      const other = { ...f.screen, plain: f.screen.plain.map((l, n) => (n === i ? blinked : l)) };
      assert.equal(source('claude', f.version, other), source('claude', f.version, f.screen));
    });

    it(`${f.id}: a different line of transcript above the dialog changes it`, () => {
      const i = f.screen.plain.findIndex((l) => l.includes('touch '));
      assert.ok(i >= 0);
      const other = { ...f.screen, plain: f.screen.plain.map((l, n) => (n === i ? l.replace('touch ', 'tuch  ') : l)) };
      assert.notEqual(source('claude', f.version, other), source('claude', f.version, f.screen));
    });
  }
});
