import { strict as assert } from 'node:assert';
import { agentSettings, checkLaunchSettings, launchEnvironment } from '../../../src/shared/settings';

describe('agent launch settings', () => {
  const good = {
    tmuxPath: 'tmux',
    socket: 'agent-knock-knock',
    command: 'claude',
    args: ['--model', 'x y'],
    env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' },
  };

  it('accepts well-formed settings', () => {
    assert.deepEqual(checkLaunchSettings(good, 'claude'), { ok: true, value: good });
  });

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['arguments given as one string', { args: '--model x' }, /^akk\.claude\.args is not valid/],
    ['a non-string environment value', { env: { DEBUG: 1 } }, /^akk\.claude\.env is not valid/],
    ['an environment name with a shell metacharacter', { env: { 'A;rm': 'x' } }, /^akk\.claude\.env is not valid/],
    ['a socket name that is a path or option', { socket: '-S /tmp/x' }, /^akk\.tmux\.socket is not valid/],
    ['an empty command', { command: '' }, /^akk\.claude\.command is not valid/],
    ['an empty tmux path', { tmuxPath: '' }, /^akk\.tmux\.path is not valid/],
  ];
  for (const [what, change, message] of bad) {
    it(`refuses ${what}, naming the setting`, () => {
      const r = checkLaunchSettings({ ...good, ...change }, 'claude');
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.message, message);
    });
  }
});

describe("the environment of a session AKK starts, and the client's editor connection", () => {
  it('is the person’s own while the connection is left on', () => {
    assert.deepEqual(launchEnvironment('claude', { DEBUG: '1' }, true), { DEBUG: '1' });
  });
  it("turned off, carries the client's own switch", () => {
    assert.deepEqual(launchEnvironment('claude', { DEBUG: '1' }, false), {
      CLAUDE_CODE_AUTO_CONNECT_IDE: 'false',
      DEBUG: '1',
    });
  });
  it("the person's own value of that variable wins", () => {
    assert.deepEqual(launchEnvironment('claude', { CLAUDE_CODE_AUTO_CONNECT_IDE: 'true' }, false), {
      CLAUDE_CODE_AUTO_CONNECT_IDE: 'true',
    });
  });
  it('a client with no editor connection has no such setting and gets nothing added', () => {
    assert.equal(agentSettings('codex').connectToEditor, undefined);
    assert.equal(agentSettings('claude').connectToEditor?.key, 'akk.claude.connectToEditor');
    assert.deepEqual(launchEnvironment('codex', {}, false), {});
  });
});
