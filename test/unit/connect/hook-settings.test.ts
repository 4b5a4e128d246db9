/**
 * Connect and Disconnect as text edits of Claude Code's settings: the file afterwards is the file
 * before with AKK's entry in it and nothing else changed (other settings, other hooks, comments,
 * spacing, line endings), Disconnect gives back the file byte for byte, a second Connect changes
 * nothing, and a file that is not JSON is refused with a typed error. Each expected text is written
 * out here, as a person would write the file.
 */
import { strict as assert } from 'node:assert';
import { parse } from 'jsonc-parser';
import { connectedText, disconnectedText, hookEntry } from '../../../src/server/connect/hook-settings';

const COMMAND =
  "'/usr/bin/node' '/home/p/.config/Code/akk/agent-hook.js' --dir '/run/user/1000/akk' claude PermissionRequest";
const ENTRY =
  '{"matcher": "*", "hooks": [{"type": "command", "command": ' + JSON.stringify(COMMAND) + ', "timeout": 3600}]}';
const FILE = '/home/p/.claude/settings.json';
const TARGET = { agent: 'claude', event: 'PermissionRequest' };

const PERSONAL = `{
  // the model I like
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "audit.sh" }] } // keep
    ],
    "PermissionRequest": [
      {"matcher": "Write", "hooks": [{"type": "command", "command": "notify-send write"}]}
    ]
  },
  /* my environment */
  "env": { "A": "1" },
}
`;

function roundTrip(before: string, expected: string): void {
  const after = connectedText(before, TARGET, COMMAND, FILE);
  assert.equal(after, expected);
  assert.equal(connectedText(after, TARGET, COMMAND, FILE), after, 'a second Connect changed the file');
  assert.equal(disconnectedText(after, TARGET, FILE), before, 'Disconnect did not give back the file');
}

describe("AKK's hook entry in an agent's settings (Claude Code's)", () => {
  it('beside other hooks of the same event: appended to its list, all else as it was', () => {
    roundTrip(PERSONAL, PERSONAL.replace('"notify-send write"}]}\n', `"notify-send write"}]},\n      ${ENTRY}\n`));
    const hooks = (parse(connectedText(PERSONAL, TARGET, COMMAND, FILE)) as { hooks: Record<string, unknown[]> }).hooks;
    assert.deepEqual(hooks.PermissionRequest?.[1], hookEntry(COMMAND));
    assert.equal(hooks.PreToolUse?.length, 1);
  });

  it('with hooks of other events only: the event added to them', () => {
    const before = '{\r\n  "hooks": {\r\n    "Stop": []\r\n  }\r\n}\r\n';
    roundTrip(before, `{\r\n  "hooks": {\r\n    "Stop": [],\r\n    "PermissionRequest": [${ENTRY}]\r\n  }\r\n}\r\n`);
  });

  it('with no hooks: the member added after the last setting', () => {
    roundTrip('{\n\t"model": "opus"\n}\n', `{\n\t"model": "opus",\n\t"hooks": {"PermissionRequest": [${ENTRY}]}\n}\n`);
    roundTrip('{ "model": "opus" }', `{ "model": "opus", "hooks": {"PermissionRequest": [${ENTRY}]} }`);
    roundTrip(
      '{\n  "model": "opus",\n}\n',
      `{\n  "model": "opus",\n  "hooks": {"PermissionRequest": [${ENTRY}]},\n}\n`,
    );
    roundTrip('{\n}\n', `{"hooks": {"PermissionRequest": [${ENTRY}]}\n}\n`);
  });

  it('no file: a file with the entry alone; Disconnect leaves an empty object (the file is then removed)', () => {
    const made = connectedText('', TARGET, COMMAND, FILE);
    assert.deepEqual(parse(made), { hooks: { PermissionRequest: [hookEntry(COMMAND)] } });
    assert.equal(disconnectedText(made, TARGET, FILE), '{}\n');
  });

  it('an entry from an earlier install: its command brought up to date, nothing else', () => {
    const old = COMMAND.replace('/akk/', '/old-place/');
    const earlier = connectedText(PERSONAL, TARGET, old, FILE);
    assert.equal(connectedText(earlier, TARGET, COMMAND, FILE), connectedText(PERSONAL, TARGET, COMMAND, FILE));
  });

  it('Disconnect removes only the entry Connect added, wherever the person moved other entries', () => {
    const connected = connectedText(PERSONAL, TARGET, COMMAND, FILE);
    const added = connected.replace(`${ENTRY}\n`, `${ENTRY},\n      {"matcher": "Read", "hooks": []}\n`);
    assert.equal(
      disconnectedText(added, TARGET, FILE),
      PERSONAL.replace('"notify-send write"}]}\n', '"notify-send write"}]},\n      {"matcher": "Read", "hooks": []}\n'),
    );
    // A file without AKK's entry is left as it is.
    assert.equal(disconnectedText(PERSONAL, TARGET, FILE), PERSONAL);
  });

  it('a file that is not JSON, or whose hooks are of another type: a typed error, nothing written', () => {
    for (const text of ['{ "model": ', '[1, 2]', '{"hooks": []}', '{"hooks": {"PermissionRequest": {}}}']) {
      assert.throws(
        () => connectedText(text, TARGET, COMMAND, FILE),
        (e: Error & { code?: string }) => e.code === 'settings_unreadable' && e.message.includes(FILE),
        text,
      );
    }
    assert.throws(() => disconnectedText('{ "model": ', TARGET, FILE), /is not a settings file AKK can edit/);
  });
});
