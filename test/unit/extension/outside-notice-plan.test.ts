/**
 * When a step is told outside the window (akk.notifications), and the notice that tells it: cut to
 * the notice's limits without splitting a character, tagged by its step so that one step gives one
 * notice, silent when akk.sound is off.
 */
import { strict as assert } from 'node:assert';
import { cutText } from '../../../src/extension/core/cut-text';
import { noticeMode, planNotice, clickTarget } from '../../../src/extension/notices/outside-notice-plan';
import { noticeClickTarget } from '../../../src/extension/panel/notice-click';
import { PanelNotice, PanelToHost } from '../../../src/shared/webview-messages';

const INPUT = {
  mode: 'unfocused' as const,
  focused: false,
  sessionId: 'claude-1',
  about: { step: 'int_0123456789abcdef' },
  title: 'Claude Code asks for permission',
  body: 'Claude Code asks to run `npm test`',
  sound: true,
};

describe('a notification outside the window: whether and what', () => {
  it('the setting reads always, off or unfocused; its earlier "on" and anything else are unfocused', () => {
    assert.equal(noticeMode('always'), 'always');
    assert.equal(noticeMode('off'), 'off');
    for (const raw of ['unfocused', 'on', true, 7, undefined, null, 'ALWAYS'])
      assert.equal(noticeMode(raw), 'unfocused');
  });

  it('unfocused raises only when the window is not focused; always raises in focus too; off never', () => {
    assert.ok('notice' in planNotice(INPUT));
    assert.deepEqual(planNotice({ ...INPUT, focused: true }), { none: 'the window is focused' });
    assert.ok('notice' in planNotice({ ...INPUT, mode: 'always', focused: true }));
    assert.deepEqual(planNotice({ ...INPUT, mode: 'off' }), { none: 'akk.notifications is off' });
  });

  it('the notice carries the step as its tag, the session, the words, and silence when akk.sound is off', () => {
    const plan = planNotice({ ...INPUT, sound: false });
    assert.ok('notice' in plan);
    assert.deepEqual(plan.notice, {
      session_id: 'claude-1',
      title: INPUT.title,
      body: INPUT.body,
      tag: 'int_0123456789abcdef',
      silent: true,
      opens: 'step',
    });
    assert.equal(PanelNotice.safeParse(plan.notice).success, true);
  });

  it('a step without an interaction is tagged by its session; an id that is no tag falls back to the session', () => {
    const manual = planNotice({ ...INPUT, about: { step: undefined } });
    assert.ok('notice' in manual);
    assert.equal(manual.notice.tag, 'claude-1.manual');
    const odd = planNotice({ ...INPUT, about: { step: 'a b/c' } });
    assert.ok('notice' in odd);
    assert.equal(odd.notice.tag, 'claude-1');
  });

  it('long words are cut to the limits the webview accepts, never inside an emoji', () => {
    const title = `${'t'.repeat(199)}😀 and more`;
    const body = `${'b'.repeat(999)}😀`;
    const plan = planNotice({ ...INPUT, title, body });
    assert.ok('notice' in plan);
    assert.equal(plan.notice.title, 't'.repeat(199));
    assert.equal(plan.notice.body, 'b'.repeat(999));
    assert.equal(PanelNotice.safeParse(plan.notice).success, true);
    assert.equal(cutText(`${'x'.repeat(198)}😀y`, 200), `${'x'.repeat(198)}😀`);
    assert.equal(cutText('short', 200), 'short');
  });

  it('a finished turn: its own notice, tagged apart from any step, silent, its click opening the terminal', () => {
    const plan = planNotice({ ...INPUT, about: 'finished', title: 'Claude Code finished', sound: true });
    assert.ok('notice' in plan);
    assert.equal(plan.notice.tag, 'claude-1.finished');
    assert.equal(plan.notice.silent, true);
    assert.equal(plan.notice.opens, 'terminal');
    assert.equal(PanelNotice.safeParse(plan.notice).success, true);
    assert.deepEqual(planNotice({ ...INPUT, about: 'finished', focused: true }), { none: 'the window is focused' });
    assert.deepEqual(planNotice({ ...INPUT, about: 'finished', mode: 'off' }), { none: 'akk.notifications is off' });
  });

  it('a click address opens only a session this window knows: its step on /step, its terminal on /terminal', () => {
    const known = (id: string): boolean => id === 'claude-1';
    assert.deepEqual(clickTarget('/step', 'session=claude-1', known), { session: 'claude-1', opens: 'step' });
    assert.deepEqual(clickTarget('/terminal', 'session=claude-1', known), { session: 'claude-1', opens: 'terminal' });
    assert.equal(clickTarget('/step', 'session=claude-2', known), undefined);
    assert.equal(clickTarget('/terminal', 'session=claude-2', known), undefined);
    assert.equal(clickTarget('/step', '', known), undefined);
    assert.equal(clickTarget('/other', 'session=claude-1', known), undefined);
    assert.equal(clickTarget('/step', 'session=claude-1%00', known), undefined);
  });

  it("a click the panel's webview reports opens only a session this window knows, whatever the webview claims", () => {
    const known = (id: string): boolean => id === 'claude-1';
    const click = (message: unknown): ReturnType<typeof noticeClickTarget> => {
      const parsed = PanelToHost.parse(message);
      assert.equal(parsed.type, 'noticeClicked');
      return parsed.type === 'noticeClicked' ? noticeClickTarget(parsed, known) : undefined;
    };
    assert.deepEqual(click({ type: 'noticeClicked', session_id: 'claude-1', opens: 'step' }), {
      session: 'claude-1',
      opens: 'step',
    });
    assert.deepEqual(click({ type: 'noticeClicked', session_id: 'claude-1', opens: 'terminal' }), {
      session: 'claude-1',
      opens: 'terminal',
    });
    for (const session_id of ['claude-2', 'CLAUDE-1', 'claude-1.finished', 'claude-10']) {
      assert.equal(click({ type: 'noticeClicked', session_id, opens: 'step' }), undefined, session_id);
      assert.equal(click({ type: 'noticeClicked', session_id, opens: 'terminal' }), undefined, session_id);
    }
  });
});
