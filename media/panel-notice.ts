/**
 * Notifications outside the window, raised by the webview: it runs in the person's browser or
 * window, wherever the extension host runs (remote, container, code-server), so the operating
 * system's notification appears on their side. Clicking it brings the window to the front and
 * tells the host, which shows that session's step (or, for a finished turn, its terminal). The
 * browser asks the person once for leave to notify, on their first click in the panel (a request
 * needs their gesture).
 */
import type { PanelNotice, PanelToHost } from '../src/shared/webview-messages';

type Permission = Extract<PanelToHost, { type: 'noticeResult' }>['permission'];

function permission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for leave to notify on the person's first click in the panel, if it was never asked. */
export function askLeaveOnFirstClick(): void {
  if (permission() !== 'default') return;
  document.addEventListener(
    'pointerdown',
    () => {
      if (permission() === 'default') void Notification.requestPermission();
    },
    { once: true },
  );
}

export function raiseNotice(notice: PanelNotice, post: (m: PanelToHost) => void): void {
  const leave = permission();
  if (leave !== 'granted') {
    const reason =
      leave === 'unsupported'
        ? 'this window has no notifications'
        : leave === 'denied'
          ? 'notifications are blocked for this window'
          : 'notifications were not allowed yet: click in the question panel once to be asked';
    post({ type: 'noticeResult', shown: false, permission: leave, reason });
    return;
  }
  try {
    const n = new Notification(notice.title, { body: notice.body, tag: notice.tag, silent: notice.silent });
    n.onclick = () => {
      window.focus();
      n.close();
      post({ type: 'noticeClicked', session_id: notice.session_id, opens: notice.opens });
    };
    post({ type: 'noticeResult', shown: true, permission: leave });
  } catch (e) {
    const reason = (e instanceof Error ? e.message : String(e)).slice(0, 400);
    post({ type: 'noticeResult', shown: false, permission: leave, reason });
  }
}
