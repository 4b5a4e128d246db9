/**
 * Whether a step is told outside the window, and the notice that tells it: the decision without
 * VS Code, so that it is checked on its own. The words are cut to the notice's limits without
 * splitting a character (an emoji in a command is two UTF-16 units).
 */
import type { PanelNotice } from '../../shared/webview-messages';
import { cutText } from '../core/cut-text';

type NoticeMode = 'unfocused' | 'always' | 'off';

/** The setting's value; `on`, its earlier value, and anything unreadable are `unfocused`. */
export function noticeMode(raw: unknown): NoticeMode {
  return raw === 'always' || raw === 'off' ? raw : 'unfocused';
}

const TAG = /^[A-Za-z0-9_.:-]{1,128}$/;

interface NoticeInput {
  mode: NoticeMode;
  focused: boolean;
  sessionId: string;
  /** A step (by its interaction id, where it has one), or a finished turn: quieter, it opens the terminal. */
  about: { step: string | undefined } | 'finished';
  title: string;
  body: string;
  sound: boolean;
}

/** The notice to raise outside the window, or why none is raised. */
export function planNotice(input: NoticeInput): { notice: PanelNotice } | { none: string } {
  if (input.mode === 'off') return { none: 'akk.notifications is off' };
  if (input.mode === 'unfocused' && input.focused) return { none: 'the window is focused' };
  const about = input.about;
  const finished = about === 'finished';
  const id = about === 'finished' ? `${input.sessionId}.finished` : (about.step ?? `${input.sessionId}.manual`);
  return {
    notice: {
      session_id: input.sessionId,
      title: cutText(input.title, 200),
      body: cutText(input.body, 1000),
      tag: TAG.test(id) ? id : input.sessionId,
      silent: finished || !input.sound,
      opens: finished ? 'terminal' : 'step',
    },
  };
}

type Opens = PanelNotice['opens'];

/** The path of the address a click on the system's notification opens. */
export function clickPath(opens: Opens): string {
  return opens === 'terminal' ? '/terminal' : '/step';
}

/**
 * What an address made for a click on the system's notification opens, for a session this window
 * knows; any other address (it comes from outside the extension) opens nothing.
 */
export function clickTarget(
  path: string,
  query: string,
  isSession: (id: string) => boolean,
): { session: string; opens: Opens } | undefined {
  const id = new URLSearchParams(query).get('session');
  const opens = (['step', 'terminal'] as const).find((o) => clickPath(o) === path);
  return opens && id !== null && isSession(id) ? { session: id, opens } : undefined;
}
