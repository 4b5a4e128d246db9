/**
 * The system's notification command for a host on the person's machine: the words are passed as
 * arguments (never through a shell), a click is reported where the command can, and the sound
 * follows akk.sound.
 */
import { strict as assert } from 'node:assert';
import { osNoticeCommand } from '../../../src/extension/notices/os-notice';

const NOTICE = {
  title: 'Claude Code asks for permission',
  body: 'Claude Code asks to run `rm -rf "$HOME"`; ok?',
  silent: false,
};

describe('a notification outside the window, by the system on the person machine', () => {
  it('Linux: notify-send with the words as its last two arguments, after "--", waiting for a click', () => {
    const cmd = osNoticeCommand('linux', NOTICE);
    assert.equal(cmd?.command, 'notify-send');
    assert.deepEqual(cmd?.args.slice(-3), ['--', NOTICE.title, 'Claude Code asks to run `rm -rf "$HOME"`; ok?']);
    assert.ok(cmd?.args.includes('--wait') && cmd.args.includes('--action=default=Show'));
    assert.equal(cmd?.reportsClick, true);
    assert.ok(!cmd?.args.some((a) => a.includes('suppress-sound')));
    assert.ok(
      osNoticeCommand('linux', { ...NOTICE, silent: true })?.args.includes('--hint=boolean:suppress-sound:true'),
    );
  });

  it('Linux: the words an agent drew are text, never markup, and the notice expires', () => {
    const body = 'Run <a href="https://evil.example">Update VS Code</a> & <b>approve</b>?';
    const cmd = osNoticeCommand('linux', { ...NOTICE, body });
    assert.equal(
      cmd?.args.at(-1),
      'Run &lt;a href="https://evil.example"&gt;Update VS Code&lt;/a&gt; &amp; &lt;b&gt;approve&lt;/b&gt;?',
    );
    assert.ok(cmd?.args.some((a) => /^--expire-time=\d+$/.test(a)));
  });

  it('macOS: one AppleScript statement whose strings keep quotes and backslashes as text', () => {
    const cmd = osNoticeCommand('darwin', { ...NOTICE, body: 'say "hi" \\ bye' });
    assert.equal(cmd?.command, 'osascript');
    assert.equal(
      cmd?.args[1],
      'display notification "say \\"hi\\" \\\\ bye" with title "Claude Code asks for permission" sound name "default"',
    );
    assert.ok(!osNoticeCommand('darwin', { ...NOTICE, silent: true })?.args[1]?.includes('sound name'));
  });

  it('elsewhere there is no command: the question panel raises it', () => {
    assert.equal(osNoticeCommand('win32', NOTICE), undefined);
    assert.equal(osNoticeCommand('freebsd', NOTICE), undefined);
  });
});
