/**
 * The person's yes before another agent's request is typed: the confirming button is offered only
 * with every text shown whole, or after Show All opened it.
 */
import { strict as assert } from 'node:assert';
import { personConfirms, type ConfirmUi } from '../../../src/extension/answering/confirmation-flow';
import { confirmation } from '../../../src/extension/answering/confirmation-text';
import { DECISION } from '../../../src/shared/decisions';
import { permission } from './confirmation-fixtures';
import { ENGLISH } from './l10n-stand-in';

/** Dialogs that record what they were asked and answer with the given picks, in order. */
function recordingUi(picks: Array<(buttons: string[]) => string | undefined>) {
  const calls: string[] = [];
  const pick = (buttons: string[]) => (picks.shift() ?? (() => undefined))(buttons);
  const ui: ConfirmUi = {
    modal: (message, _detail, buttons) => {
      calls.push(`modal [${buttons.join('|')}]`);
      return Promise.resolve(pick(buttons));
    },
    openWhole: (text) => {
      calls.push(`open ${text.length}`);
      return Promise.resolve();
    },
    notify: (_message, buttons) => {
      calls.push(`notify [${buttons.join('|')}]`);
      return Promise.resolve(pick(buttons));
    },
  };
  return { ui, calls };
}
const first = (buttons: string[]) => buttons[0];

const whole = confirmation(ENGLISH, {
  caller: 'Reviewer',
  permission: permission('ls\nrm -rf ~'),
  decision: DECISION.approveOnce,
});
const cut = confirmation(ENGLISH, {
  caller: 'Reviewer',
  permission: permission(Array.from({ length: 60 }, (_, n) => `echo ${n}`).join('\n')),
  decision: DECISION.approveOnce,
});

describe("the person's yes: a modal showing everything, or Show All before any choice", () => {
  it('a text shown whole: one modal, and yes only when its confirming button is picked', async () => {
    const yes = recordingUi([first]);
    assert.equal(await personConfirms(yes.ui, ENGLISH, whole), true);
    assert.deepEqual(yes.calls, ['modal [Allow: Approve Once]']);
    const cancel = recordingUi([() => undefined]);
    assert.equal(await personConfirms(cancel.ui, ENGLISH, whole), false);
  });

  it('a text that was cut: the modal offers only Show All; the choice comes after the whole text opened', async () => {
    assert.equal(cut.cut, true);
    const r = recordingUi([first, first]);
    assert.equal(await personConfirms(r.ui, ENGLISH, cut), true);
    assert.deepEqual(r.calls, ['modal [Show All]', `open ${cut.whole.length}`, 'notify [Allow: Approve Once|Deny]']);
  });

  it('Cancel on the cut modal, or Deny or closing the notification after Show All, is no', async () => {
    assert.equal(await personConfirms(recordingUi([() => undefined]).ui, ENGLISH, cut), false);
    assert.equal(await personConfirms(recordingUi([first, () => 'Deny']).ui, ENGLISH, cut), false);
    assert.equal(await personConfirms(recordingUi([first, () => undefined]).ui, ENGLISH, cut), false);
  });
});
