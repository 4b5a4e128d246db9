/**
 * Gemini CLI draws by the terminal's background when no theme is set (it asks the terminal, OSC 11),
 * and warns when the theme a person set does not suit it. Under each, at truecolor (what VS Code's
 * terminal, iTerm2 and Ghostty announce), through `node dist/server.js --stdio` at 80x24, a shell
 * command is approved (the file it makes checked on disk) and the next refused (nothing made). The
 * client's own screen says what it drew: the band around its composer is a shade of the theme's
 * background, and a mismatch is said in its own words. The background is the pane's default
 * colours, which tmux reports to the client that asks.
 */
import { strict as assert } from 'node:assert';
import { renderingName, type Rendering } from '../../src/shared/rendering';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { GEMINI_SHELL } from '../../src/agents/gemini/qualify/capture-scenario';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { allowThenRefuse, REFUSED_SHELL } from '../support/gemini-live';
import { startServerAgent } from '../support/server-agent';

const VERSION = NEWEST.gemini;
const MISMATCH = /Theme 'Default Light' \(light\) might look\s+incorrect on your dark terminal/;

/** The grey level (0-255) of the composer's band: the half blocks drawn above it, in truecolor. */
function bandLevel(styled: string): number | undefined {
  // eslint-disable-next-line no-control-regex
  const m = /\u001b\[38;2;(\d+);(\d+);(\d+)m▄▄▄/.exec(styled);
  return m ? (Number(m[1]) + Number(m[2]) + Number(m[3])) / 3 : undefined;
}

const CONDITIONS: Array<{ rendering: Rendering; light: boolean; warns: boolean; says: string }> = [
  { rendering: { background: 'light', depth: 'truecolor' }, light: true, warns: false, says: 'no theme set' },
  { rendering: { background: 'dark', depth: 'truecolor' }, light: false, warns: false, says: 'no theme set' },
  {
    rendering: { theme: 'default-light', background: 'dark', depth: 'truecolor' },
    light: true,
    warns: true,
    says: 'Default Light set',
  },
];

describe(`Gemini CLI ${VERSION} on light and dark backgrounds and themes, through the AKK server (live)`, function () {
  this.timeout(90_000);
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('gemini', VERSION);
  });

  for (const c of CONDITIONS) {
    const { background, depth } = c.rendering;
    it(`${background} background, ${depth}, ${c.says}: a command approved, the next refused`, async () => {
      const a = await startServerAgent(
        'gemini',
        {
          name: `gemini-rendering-${renderingName(c.rendering).replace(/\//g, '-')}`,
          turns: [
            { kind: 'tool', name: 'run_shell_command', input: GEMINI_SHELL },
            { kind: 'text', text: 'Ran it.' },
            { kind: 'tool', name: 'run_shell_command', input: REFUSED_SHELL },
          ],
          fallbackText: 'Done.',
        },
        {},
        { size: { cols: 80, rows: 24 }, rendering: c.rendering },
      );
      // What the client drew at its start: the band around its composer, and a warning or none.
      const plain = await a.term.waitForSettled((s) => s.includes('Type your message'), 30_000, 500, 'the composer');
      assert.equal(MISMATCH.test(plain), c.warns, plain);
      const band = bandLevel(await a.term.capture({ styled: true }));
      assert.ok(band !== undefined, 'no composer band drawn');
      assert.ok(c.light ? band > 160 : band < 96, `band level ${band}`);
      await allowThenRefuse(a);
    });
  }
});
