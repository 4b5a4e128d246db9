/** Messages that follow a step: queued with their text on disk, erased as they leave the queue. */
import { strict as assert } from 'node:assert';
import { diskStore, rejects, removeDir, tempDir } from './helpers';

const REASON = 'Use the tmp folder instead.';
const QUEUED = { id: 'fu-1', sessionId: 'sess-1', interactionId: 'ix-1', text: REASON };

describe('store: messages that follow a step', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('follow-ups');
  });
  afterEach(() => removeDir(dir));

  it('a queued message is on disk with its text, and a restart finds it queued', async () => {
    const store = await diskStore(dir);
    const f = await store.queueFollowUp(QUEUED);
    assert.equal(f.status, 'queued');
    assert.equal(f.text, REASON);
    assert.equal(f.textLength, REASON.length);
    await store.close();
    const again = await diskStore(dir);
    assert.deepEqual(
      again.queuedFollowUps().map((x) => [x.id, x.text]),
      [['fu-1', REASON]],
    );
    assert.deepEqual(again.queuedFollowUps('sess-2'), []);
    await again.close();
  });

  it('leaving the queue erases the text; it leaves once, and an id is queued once', async () => {
    const store = await diskStore(dir);
    await store.queueFollowUp(QUEUED);
    await rejects(() => store.queueFollowUp(QUEUED), 'invalid_params');
    const sent = await store.finishFollowUp('fu-1', 'sent', null);
    assert.equal(sent.status, 'sent');
    assert.equal(sent.text, null);
    assert.equal((await store.finishFollowUp('fu-1', 'dropped', 'late')).status, 'sent');
    assert.deepEqual(store.queuedFollowUps(), []);
    await rejects(() => store.finishFollowUp('fu-unknown', 'sent', null), 'not_found');
    await store.close();
  });

  it('a dropped message keeps its reason, and the ledger keeps a digest and length, never the text', async () => {
    const store = await diskStore(dir);
    await store.queueFollowUp(QUEUED);
    const dropped = await store.finishFollowUp('fu-1', 'dropped', 'its step is failed, not answered');
    assert.equal(dropped.reason, 'its step is failed, not answered');
    const lines = store.audit().filter((e) => e.reservationId === 'fu-1');
    assert.deepEqual(
      lines.map((e) => e.event),
      ['follow_up_queued', 'follow_up_dropped'],
    );
    assert.equal(lines[0]?.answerLength, REASON.length);
    assert.equal(typeof lines[0]?.answerDigest, 'string');
    await store.close();
  });
});
