/**
 * Connect and Disconnect on a real settings file: asked first without `apply` (nothing written),
 * then applied atomically with the file's mode kept; the hook program copied where agents run it
 * from; a file AKK cannot edit left byte for byte as it was, with a typed error; a project's
 * settings only with its folder.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  agentHooks,
  connectAgent,
  disconnectAgent,
  type HookPlace,
} from '../../../src/server/connect/connect-requests';

describe("Connect and Disconnect on Claude Code's settings file", () => {
  let root: string;
  let place: HookPlace;
  const settings = () => path.join(root, 'config', 'settings.json');
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(tmpdir(), 'akk-c-'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'agent-hook.js'), '// the hook program\n');
    place = {
      besideServer: path.join(root, 'dist'),
      keepDir: path.join(root, 'global'),
      runtime: { path: '/usr/bin/node', electron: false },
      wordDir: '/run/user/1000/akk',
      env: { CLAUDE_CONFIG_DIR: path.join(root, 'config') },
    };
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('asked, nothing is written; applied, the entry is there, the mode kept, the program in place', () => {
    fs.mkdirSync(path.join(root, 'config'));
    fs.writeFileSync(settings(), '{\n  "model": "opus"\n}\n', { mode: 0o640 });
    const asked = connectAgent({ agent: 'claude', scope: 'user', apply: false }, place);
    assert.equal(asked.file, settings());
    assert.equal(asked.changed, true);
    assert.equal(asked.applied, false);
    assert.equal(fs.readFileSync(settings(), 'utf8'), '{\n  "model": "opus"\n}\n');
    assert.equal(fs.existsSync(path.join(root, 'global', 'agent-hook.js')), false);

    const done = connectAgent({ agent: 'claude', scope: 'user', apply: true }, place);
    assert.equal(done.applied, true);
    assert.equal(done.after, asked.after);
    assert.equal(fs.readFileSync(settings(), 'utf8'), asked.after);
    assert.equal(fs.statSync(settings()).mode & 0o777, 0o640);
    assert.ok(
      asked.after?.includes(
        `"/usr/bin/node ${root}/global/agent-hook.js --dir /run/user/1000/akk claude PermissionRequest"`,
      ),
      asked.after ?? '',
    );
    assert.equal(fs.readFileSync(path.join(root, 'global', 'agent-hook.js'), 'utf8'), '// the hook program\n');
    assert.deepEqual(
      fs.readdirSync(path.join(root, 'config')).filter((n) => n !== 'settings.json'),
      [],
      'a temporary file was left',
    );

    const again = connectAgent({ agent: 'claude', scope: 'user', apply: true }, place);
    assert.equal(again.changed, false);
    const undone = disconnectAgent({ agent: 'claude', scope: 'user', apply: true }, place);
    assert.equal(undone.applied, true);
    assert.equal(fs.readFileSync(settings(), 'utf8'), '{\n  "model": "opus"\n}\n');
  });

  it('no settings file: Connect makes one, Disconnect removes it', () => {
    connectAgent({ agent: 'claude', scope: 'user', apply: true }, place);
    assert.ok(fs.existsSync(settings()));
    const undone = disconnectAgent({ agent: 'claude', scope: 'user', apply: true }, place);
    assert.equal(undone.after, null);
    assert.equal(fs.existsSync(settings()), false);
  });

  it('a file AKK cannot edit is left as it is, with a typed error naming it', () => {
    fs.mkdirSync(path.join(root, 'config'));
    fs.writeFileSync(settings(), '{ "model": "opus" ');
    for (const apply of [false, true])
      assert.throws(
        () => connectAgent({ agent: 'claude', scope: 'user', apply }, place),
        (e: Error & { code?: string }) => e.code === 'settings_unreadable' && e.message.includes(settings()),
      );
    assert.equal(fs.readFileSync(settings(), 'utf8'), '{ "model": "opus" ');
    fs.rmSync(settings());
    fs.mkdirSync(settings());
    assert.throws(() => connectAgent({ agent: 'claude', scope: 'user', apply: true }, place), /left as it is/);
  });

  it('an agent without hooks AKK can connect is refused with a typed error; nothing is written', () => {
    for (const agent of ['codex', 'gemini'] as const)
      assert.throws(
        () => connectAgent({ agent, scope: 'user', apply: true }, place),
        (e: Error & { code?: string }) => e.code === 'invalid_params' && /has no hooks AKK can connect/.test(e.message),
      );
    assert.equal(fs.existsSync(path.join(root, 'config')), false);
  });

  it("a project's local settings, only with its folder", () => {
    const done = connectAgent({ agent: 'claude', scope: 'project', folder: root, apply: true }, place);
    assert.equal(done.file, path.join(root, '.claude', 'settings.local.json'));
    assert.ok(fs.existsSync(done.file));
    for (const folder of [undefined, 'relative/path', path.join(root, 'missing')])
      assert.throws(
        () => connectAgent({ agent: 'claude', scope: 'project', ...(folder ? { folder } : {}), apply: true }, place),
        (e: Error & { code?: string }) => e.code === 'invalid_params',
      );
  });

  it('says whether it is connected, what switches hooks off, and what a session AKK starts is given', () => {
    const fresh = agentHooks({ agent: 'claude', folder: root }, place);
    assert.deepEqual(fresh.user, { file: settings(), connected: false });
    assert.deepEqual(fresh.project, { file: path.join(root, '.claude', 'settings.local.json'), connected: false });
    assert.equal(fresh.switched_off, null);
    const program = path.join(root, 'global', 'agent-hook.js');
    assert.ok(fs.existsSync(program), 'the hook program a session is given is in place');
    assert.deepEqual(JSON.parse(fresh.session_settings ?? ''), {
      hooks: {
        PermissionRequest: [
          {
            matcher: '*',
            hooks: [
              {
                type: 'command',
                command: `/usr/bin/node ${program} --dir /run/user/1000/akk claude PermissionRequest`,
                timeout: 3600,
              },
            ],
          },
        ],
      },
    });
    connectAgent({ agent: 'claude', scope: 'project', folder: root, apply: true }, place);
    const connected = agentHooks({ agent: 'claude', folder: root }, place);
    assert.equal(connected.project?.connected, true);
    // Its own settings connect it: a session is given nothing more (the hook would run twice).
    assert.equal(connected.session_settings, null);
    fs.mkdirSync(path.join(root, 'config'));
    fs.writeFileSync(settings(), '{ "disableAllHooks": true }');
    assert.equal(agentHooks({ agent: 'claude' }, place).switched_off, `disableAllHooks is set in ${settings()}`);
    assert.deepEqual(agentHooks({ agent: 'codex' }, place), {
      has_hooks: false,
      user: null,
      project: null,
      switched_off: null,
      session_settings: null,
    });
  });
});
