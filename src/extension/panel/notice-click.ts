import type { PanelNotice } from '../../shared/webview-messages';

/**
 * What a click on a notice the panel's webview raised opens: the webview is not trusted, so only a
 * session this window knows opens anything.
 */
export function noticeClickTarget(
  click: { session_id: string; opens: PanelNotice['opens'] },
  isSession: (id: string) => boolean,
): { session: string; opens: PanelNotice['opens'] } | undefined {
  return isSession(click.session_id) ? { session: click.session_id, opens: click.opens } : undefined;
}
