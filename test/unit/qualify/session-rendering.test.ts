/**
 * The rendering condition a session's client draws under, read from the client process itself (a
 * real child process with its own environment and config file): its colour depth from COLORTERM,
 * its theme from its own setting, the terminal's background from the editor; what cannot be read
 * is never guessed.
 */
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { personSize, sessionRendering } from '../../../src/server/qualify/session-rendering';
import { AGENTS, AGENT_DESCRIPTORS, themeConditionName, type AgentName } from '../../../src/shared/agents';

const byChoice = (kind: 'themeSetting' | 'adaptsToBackground'): AgentName | undefined =>
  AGENTS.find((a) => kind in AGENT_DESCRIPTORS[a].rendering);
const themed = byChoice('themeSetting');
const adapting = byChoice('adaptsToBackground');

describe('the rendering a session is drawn under', () => {
  const children: ChildProcess[] = [];
  let home: string;
  beforeEach(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-rendering-'));
  });
  afterEach(() => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    fs.rmSync(home, { recursive: true, force: true });
  });
  /** A process standing for the client, with its own environment. */
  function client(env: Record<string, string>): number {
    const c = spawn('sleep', ['30'], { env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, stdio: 'ignore' });
    children.push(c);
    assert.ok(c.pid);
    return c.pid;
  }
  const setting = (agent: AgentName) => {
    const r = AGENT_DESCRIPTORS[agent].rendering;
    assert.ok('themeSetting' in r);
    return r.themeSetting;
  };

  if (themed) {
    it('reads the theme from the client’s own setting and the depth from its COLORTERM', () => {
      const s = setting(themed);
      fs.writeFileSync(path.join(home, s.file), JSON.stringify({ [s.key]: 'light', other: 1 }));
      assert.equal(sessionRendering(themed, client({ COLORTERM: 'truecolor' }), [], undefined).name, 'light/truecolor');
      assert.equal(sessionRendering(themed, client({}), [], undefined).name, 'light/256');
      assert.equal(sessionRendering(themed, client({ COLORTERM: '24bit' }), [], 'light').name, 'light/truecolor');
    });

    it('takes the config folder the client is pointed at, and its default theme without a setting', () => {
      const s = setting(themed);
      const dir = path.join(home, 'elsewhere');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, s.file), JSON.stringify({ [s.key]: 'dark-ansi' }));
      fs.writeFileSync(path.join(home, s.file), JSON.stringify({ [s.key]: 'light' }));
      const pid = client({ [s.dirEnv]: dir, COLORTERM: 'truecolor' });
      assert.equal(sessionRendering(themed, pid, [], undefined).name, 'dark-ansi/truecolor');
      fs.writeFileSync(path.join(dir, s.file), '{}');
      // The corpus's own condition is named null: every run captures it anyway.
      const standard = sessionRendering(themed, client({ [s.dirEnv]: dir }), [], undefined);
      assert.equal(standard.name, `${s.default}/256` === 'dark/256' ? null : `${s.default}/256`);
    });

    it('does not guess a theme it cannot read or does not know', () => {
      const s = setting(themed);
      fs.writeFileSync(path.join(home, s.file), JSON.stringify({ [s.key]: 'solarized' }));
      const r = sessionRendering(themed, client({ COLORTERM: 'truecolor' }), [], undefined);
      assert.equal(r.name, null);
      assert.match(r.how, /not a theme the client offers/);
      fs.writeFileSync(path.join(home, s.file), '{not json');
      assert.equal(sessionRendering(themed, client({ COLORTERM: 'truecolor' }), [], undefined).name, null);
    });

    it('reads the depth from the screen’s colours when the process’s environment is unreadable', () => {
      const gone = 2 ** 22 + 12345; // above the largest pid Linux gives
      const rgb = ['\x1b[38;2;100;100;100mOption\x1b[39m'];
      // (The theme is then the one in the server's own home, which is the person's.)
      assert.match(sessionRendering(themed, gone, rgb, undefined).how, /its screen draws 24-bit colours/);
      assert.match(sessionRendering(themed, gone, ['\x1b[38;5;246mOption'], undefined).how, /draws no 24-bit colour/);
    });
  }

  const nested = AGENTS.find((a) => {
    const r = AGENT_DESCRIPTORS[a].rendering;
    return 'themeSetting' in r && r.themeSetting.key.includes('.');
  });
  if (nested) {
    it('reads a theme nested in the client’s settings (ui.theme), its default as the corpus’s own', () => {
      const s = setting(nested);
      const file = path.join(home, s.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const [outer, inner] = s.key.split('.') as [string, string];
      // A name with a space, as the setting spells it, is named in lower case with hyphens.
      const other = s.offered.find((t) => t !== s.default && t.includes(' ')) ?? '';
      fs.writeFileSync(file, JSON.stringify({ [outer]: { [inner]: other, hideBanner: true }, general: {} }));
      const named = sessionRendering(nested, client({}), [], undefined).name;
      assert.equal(named, `${other.toLowerCase().replace(/ /g, '-')}/256`);
      assert.match(named ?? '', /^[a-z-]+\/256$/, 'the name a local qualification record accepts');
      fs.writeFileSync(file, JSON.stringify({ [outer]: { [inner]: s.default } }));
      assert.equal(sessionRendering(nested, client({}), [], undefined).name, null);
      assert.equal(
        sessionRendering(nested, client({ COLORTERM: 'truecolor' }), [], undefined).name,
        `${themeConditionName(s.default)}/truecolor`,
      );
      // Where the outer key is not an object the setting is absent: the default.
      fs.writeFileSync(file, JSON.stringify({ [outer]: 'plain' }));
      assert.equal(sessionRendering(nested, client({}), [], undefined).name, null);
      // A file it cannot parse (comments, say) is not guessed from.
      fs.writeFileSync(file, `// mine\n{ "${outer}": { "${inner}": "${other}" } }`);
      const unread = sessionRendering(nested, client({ COLORTERM: 'truecolor' }), [], undefined);
      assert.equal(unread.name, null);
      assert.match(unread.how, /could not be read/);
    });
  }

  const asking = AGENTS.find((a) => {
    const r = AGENT_DESCRIPTORS[a].rendering;
    return 'themeSetting' in r && r.themeSetting.asksBackground === true;
  });
  if (asking) {
    it('names the background too for a client that asks the terminal for it: its theme then depends on it', () => {
      const s = setting(asking);
      const file = path.join(home, s.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // No theme set: the client draws the one that suits the background.
      fs.writeFileSync(file, JSON.stringify({ general: {} }));
      assert.equal(
        sessionRendering(asking, client({ COLORTERM: 'truecolor' }), [], 'light').name,
        'light-background/truecolor',
      );
      assert.equal(sessionRendering(asking, client({}), [], 'dark').name, 'dark-background/256');
      // A theme set, on a background it may not suit (the client then says so on its screen).
      const [outer, inner] = s.key.split('.') as [string, string];
      const light = s.offered.find((t) => / Light$/.test(t)) ?? '';
      fs.writeFileSync(file, JSON.stringify({ [outer]: { [inner]: light } }));
      const slug = themeConditionName(light);
      assert.equal(sessionRendering(asking, client({}), [], 'dark').name, `${slug}-on-dark-background/256`);
      // The background unknown: the theme alone, and the default at 256 colours is the corpus's own.
      assert.equal(
        sessionRendering(asking, client({ COLORTERM: 'truecolor' }), [], undefined).name,
        `${slug}/truecolor`,
      );
      fs.rmSync(file);
      assert.equal(sessionRendering(asking, client({}), [], undefined).name, null);
    });
  }

  if (adapting) {
    it('names the terminal’s background for a client that adapts to it, and nothing when it is not known', () => {
      assert.equal(
        sessionRendering(adapting, client({ COLORTERM: 'truecolor' }), [], 'light').name,
        'light-background/truecolor',
      );
      assert.equal(sessionRendering(adapting, client({}), [], 'dark').name, 'dark-background/256');
      const unknown = sessionRendering(adapting, client({ COLORTERM: 'truecolor' }), [], undefined);
      assert.equal(unknown.name, null);
      assert.match(unknown.how, /background is not known/);
    });
  }
});

describe("the person's terminal size, captured beside the standard sizes", () => {
  it('is named COLSxROWS, a bottom-panel terminal included', () => {
    assert.equal(personSize({ cols: 100, rows: 15 }), '100x15');
    assert.equal(personSize({ cols: 40, rows: 10 }), '40x10');
    assert.equal(personSize({ cols: 500, rows: 200 }), '500x200');
  });
  it('is not captured where it is unknown, or too small or too large to draw a dialog whole', () => {
    assert.equal(personSize(undefined), null);
    for (const [cols, rows] of [
      [39, 24],
      [80, 9],
      [501, 40],
      [80, 201],
      [0, 0],
      [80.5, 24],
      [Number.NaN, 24],
    ] as const)
      assert.equal(personSize({ cols, rows }), null, `${cols}x${rows}`);
  });
});
