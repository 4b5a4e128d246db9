/**
 * The operating system's own notification command, for an extension host that runs on the
 * person's machine (desktop VS Code, not remote): `notify-send` on Linux, which also reports a
 * click, and `osascript` on macOS. Elsewhere (Windows, a remote host, a browser) the question
 * panel's webview raises it, on the person's side.
 */
interface OsNotice {
  title: string;
  body: string;
  silent: boolean;
}

/** How long a notice outside the window stays up, and its command waits for a click, at most. */
export const OS_NOTICE_LIFETIME_MS = 10 * 60_000;

/**
 * notify-send's body is markup to the notification server (`<a href>`, `<b>`, `<img>`): the words,
 * which an agent drew, are shown as text.
 */
function markupText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** The command that shows `notice`; undefined where no command of the system is known. */
export function osNoticeCommand(
  platform: NodeJS.Platform,
  notice: OsNotice,
): { command: string; args: string[]; reportsClick: boolean } | undefined {
  if (platform === 'linux') {
    const args = [
      '--app-name=Agent Knock Knock',
      '--action=default=Show',
      '--wait',
      `--expire-time=${OS_NOTICE_LIFETIME_MS}`,
    ];
    if (notice.silent) args.push('--hint=boolean:suppress-sound:true');
    return {
      command: 'notify-send',
      args: [...args, '--', notice.title, markupText(notice.body)],
      reportsClick: true,
    };
  }
  if (platform === 'darwin') {
    const quoted = (s: string): string => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    const sound = notice.silent ? '' : ' sound name "default"';
    const script = `display notification ${quoted(notice.body)} with title ${quoted(notice.title)}${sound}`;
    return { command: 'osascript', args: ['-e', script], reportsClick: false };
  }
  return undefined;
}
