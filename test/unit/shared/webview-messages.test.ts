/** The question panel's messages are an untrusted boundary: only the exact shapes pass. */
import { strict as assert } from 'node:assert';
import { HostToPanel, PanelToHost } from '../../../src/shared/webview-messages';

describe('messages from the question panel', () => {
  const answer = { question_id: 'q_1', response_kind: 'single_select', selected_option_ids: ['o_1'] };

  it('accepts the handshake, a refresh, a focus request, an answer, a decision and a dismissal', () => {
    for (const m of [
      { type: 'ready' },
      { type: 'refresh' },
      { type: 'focusTerminal' },
      { type: 'respond', requestId: 1, interaction_id: 'ix_1', turn_id: 'turn_1', answers: [answer] },
      { type: 'approve', requestId: 2, interaction_id: 'ix_1', turn_id: 'turn_1', decision: 'reject' },
      { type: 'dismiss', requestId: 3, interaction_id: 'ix_1', turn_id: 'turn_1' },
      { type: 'resolveWords', requestId: 4, interaction_id: 'ix_1', turn_id: 'turn_1', text: 'postgresql' },
      {
        type: 'respond',
        requestId: 5,
        interaction_id: 'ix_1',
        turn_id: 'turn_1',
        answers: [answer],
        from_text: { text: 'postgresql', via: 'exact_alias' },
        message: 'Keep migrations apart.',
      },
      { type: 'approve', requestId: 6, interaction_id: 'ix_1', turn_id: 't', decision: 'reject', message: 'Use tmp.' },
      { type: 'noticeClicked', session_id: 'ses_1', opens: 'step' },
      { type: 'noticeClicked', session_id: 'ses_1', opens: 'terminal' },
      { type: 'noticeResult', shown: true, permission: 'granted' },
      { type: 'noticeResult', shown: false, permission: 'default', reason: 'not allowed yet' },
    ]) {
      assert.ok(PanelToHost.safeParse(m).success, JSON.stringify(m));
    }
  });

  const hostile: Array<[string, unknown]> = [
    ['not an object', 'respond'],
    ['null', null],
    ['an unknown type', { type: 'eval', code: 'alert(1)' }],
    [
      'keys smuggled into an answer',
      {
        type: 'respond',
        requestId: 1,
        interaction_id: 'ix_1',
        turn_id: 't',
        answers: [{ ...answer, keys: ['Enter'] }],
      },
    ],
    [
      'an extra field',
      {
        type: 'approve',
        requestId: 1,
        interaction_id: 'ix_1',
        turn_id: 't',
        decision: 'approve_once',
        command: 'rm -rf /',
      },
    ],
    [
      'keys smuggled into a dismissal',
      { type: 'dismiss', requestId: 1, interaction_id: 'ix_1', turn_id: 't', keys: ['Escape'] },
    ],
    [
      'a persistent approval',
      { type: 'approve', requestId: 1, interaction_id: 'ix_1', turn_id: 't', decision: 'approve_always' },
    ],
    [
      'an id with markup',
      { type: 'respond', requestId: 1, interaction_id: '<img src=x>', turn_id: 't', answers: [answer] },
    ],
    ['a negative request id', { type: 'refresh', requestId: -1 }],
    [
      'words that claim a resolution the client invented',
      {
        type: 'respond',
        requestId: 1,
        interaction_id: 'ix_1',
        turn_id: 't',
        answers: [answer],
        from_text: { text: 'yes', via: 'client_guess' },
      },
    ],
    ['an empty reply in words', { type: 'resolveWords', requestId: 1, interaction_id: 'ix_1', turn_id: 't', text: '' }],
    [
      'an oversized reply in words',
      { type: 'resolveWords', requestId: 1, interaction_id: 'ix_1', turn_id: 't', text: 'x'.repeat(3000) },
    ],
    [
      'an oversized id',
      { type: 'respond', requestId: 1, interaction_id: 'x'.repeat(500), turn_id: 't', answers: [answer] },
    ],
    [
      'an option index instead of an id',
      {
        type: 'respond',
        requestId: 1,
        interaction_id: 'ix_1',
        turn_id: 't',
        answers: [{ question_id: 'q', response_kind: 'single_select', selected_option_ids: [1] }],
      },
    ],
    [
      'a notice click that carries a decision',
      { type: 'noticeClicked', session_id: 'ses_1', opens: 'step', decision: 'approve_once' },
    ],
    ['a notice click for a session id with markup', { type: 'noticeClicked', session_id: '<b>x</b>', opens: 'step' }],
    ['a notice click that opens something invented', { type: 'noticeClicked', session_id: 'ses_1', opens: 'approve' }],
    ['a notice click that says not what it opens', { type: 'noticeClicked', session_id: 'ses_1' }],
    ['a notice result with an invented permission', { type: 'noticeResult', shown: true, permission: 'always' }],
  ];
  for (const [what, m] of hostile) {
    it(`refuses ${what}`, () => {
      assert.equal(PanelToHost.safeParse(m).success, false);
    });
  }
});

describe('messages to the question panel', () => {
  it('takes a reply read as one option, and nothing more', () => {
    const resolved = {
      type: 'resolved',
      requestId: 1,
      interaction_id: 'ix_1',
      option_id: 'o_2',
      label: 'PostgreSQL',
      via: 'exact_alias',
      text: 'postgresql',
    };
    assert.ok(HostToPanel.safeParse(resolved).success);
    assert.equal(HostToPanel.safeParse({ ...resolved, question_id: 'q_1' }).success, false);
  });

  it('takes a notification for the person side, bounded, and nothing more', () => {
    const notice = {
      session_id: 'ses_1',
      title: 'Claude Code asks you',
      body: 'Which one?',
      tag: 'ix_1',
      silent: false,
      opens: 'step',
    };
    assert.ok(HostToPanel.safeParse({ type: 'notify', notice }).success);
    assert.equal(HostToPanel.safeParse({ type: 'notify', notice: { ...notice, onclick: 'approve' } }).success, false);
    assert.equal(
      HostToPanel.safeParse({ type: 'notify', notice: { ...notice, title: 'x'.repeat(201) } }).success,
      false,
    );
    assert.equal(HostToPanel.safeParse({ type: 'notify', notice: { ...notice, tag: 'a b' } }).success, false);
    assert.equal(HostToPanel.safeParse({ type: 'notify', notice: { ...notice, opens: 'approve' } }).success, false);
  });

  it('refuses a view whose projection breaks the public contract', () => {
    const view = {
      session: null,
      interaction: { schema: 'other' },
      permission: null,
      manual_reason: null,
      input_allowed: true,
      input_blocked_reason: null,
    };
    assert.equal(HostToPanel.safeParse({ type: 'view', view }).success, false);
  });

  it("takes each decision's words with the view, from the extension's table; none, or an empty one, is refused", () => {
    const view = {
      session: null,
      interaction: null,
      permission: null,
      manual_reason: null,
      input_allowed: true,
      reading: false,
      input_blocked_reason: null,
      decision_labels: { approve_once: 'Approuver une fois', reject: 'Refuser' },
    };
    assert.equal(HostToPanel.safeParse({ type: 'view', view }).success, true);
    const { decision_labels: _labels, ...without } = view;
    assert.equal(HostToPanel.safeParse({ type: 'view', view: without }).success, false);
    const empty = { ...view, decision_labels: { approve_once: '', reject: 'Refuser' } };
    assert.equal(HostToPanel.safeParse({ type: 'view', view: empty }).success, false);
    const more = { ...view, decision_labels: { ...view.decision_labels, approve_always: 'Toujours' } };
    assert.equal(HostToPanel.safeParse({ type: 'view', view: more }).success, false);
  });
});
