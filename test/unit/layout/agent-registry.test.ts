/**
 * Every agent of the registry (src/shared/agents.ts) is complete: an adapter, a harness entry whose
 * versions are exactly the adapter's profiles, and the package.json contributions the editor needs
 * (New Session command, launch settings, start-on-open choice). What docs/adding-an-agent.md lists.
 */
import { strict as assert } from 'node:assert';
import { localisedManifest } from '../../support/manifest';
import { supportedVersions } from '../../../src/adapters/recognize';
import { ADAPTERS } from '../../../src/adapters/registry';
import { AGENTS, AGENT_DESCRIPTORS } from '../../../src/shared/agents';
import { HARNESS_AGENTS } from '../../../src/qualify/agents';

interface Manifest {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  contributes: {
    commands: Array<{ command: string; title: string }>;
    viewsWelcome: Array<{ contents: string }>;
    configuration: { properties: Record<string, { default?: unknown; enum?: string[] }> };
  };
}

const manifest = localisedManifest() as Manifest;

describe('agent registry', () => {
  for (const agent of AGENTS) {
    const d = AGENT_DESCRIPTORS[agent];

    it(`${agent}: one adapter, and a harness entry whose whole-corpus versions are all qualified`, () => {
      assert.equal(d.name, agent);
      assert.equal(ADAPTERS[agent].agent, agent);
      const harness = HARNESS_AGENTS[agent];
      const qualified = supportedVersions(agent);
      assert.deepEqual(
        harness.versions.filter((v) => !qualified.includes(v)),
        [],
      );
      assert.equal(harness.versions[harness.versions.length - 1], harness.newest);
      assert.ok(harness.scenarios.length > 0 && harness.scenarios.every((s) => s.agent === agent));
    });

    it(`${agent}: package.json contributes its New Session command and launch settings`, () => {
      const command = manifest.contributes.commands.find((c) => c.command === d.newSessionCommand);
      assert.equal(command?.title, `New ${d.displayName} Session`);
      const welcome = manifest.contributes.viewsWelcome.map((w) => w.contents).join('\n');
      assert.ok(welcome.includes(`(command:${d.newSessionCommand})`), 'a New Session link in the welcome view');
      const settings = manifest.contributes.configuration.properties;
      assert.equal(settings[`${d.settingsPrefix}command`]?.default, d.launchCommand);
      for (const key of ['command', 'args', 'env']) {
        assert.ok(settings[`${d.settingsPrefix}${key}`], `${d.settingsPrefix}${key}`);
        const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
        assert.ok(restricted.includes(`${d.settingsPrefix}${key}`), `${d.settingsPrefix}${key} is restricted`);
      }
    });
  }

  it("akk.startSessionOnOpen offers exactly the registry's agents", () => {
    const startOnOpen = manifest.contributes.configuration.properties['akk.startSessionOnOpen'];
    assert.deepEqual(startOnOpen?.enum, ['none', ...AGENTS]);
  });
});
