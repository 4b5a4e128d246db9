/**
 * The ledger keeps what a person answered only as a digest, keyed with a secret of the store: a
 * short answer ("y", "3") cannot be recovered by hashing every likely one, while the same store
 * (after a restart too) still tells a repeated message from another.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../src/server/store/canonical';
import { diskStore, fingerprint, newInteraction, openTestSession, removeDir, tempDir } from './helpers';

const unkeyed = (value: unknown): string[] => {
  const hex = createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
  return [hex, `sha256:${hex}`];
};

describe('store: answer digests', function () {
  this.timeout(30_000);
  const dirs: string[] = [];
  after(() => dirs.forEach(removeDir));

  it('a message digest is no plain hash of its text, differs between stores, holds across a restart', async () => {
    const [a, b] = [tempDir('digest-a'), tempDir('digest-b')];
    dirs.push(a, b);
    const one = await diskStore(a);
    const other = await diskStore(b);
    const d1 = await one.messageDigest('y');
    assert.equal(unkeyed(['y']).includes(d1), false);
    assert.notEqual(await other.messageDigest('y'), d1);
    await one.close();
    await other.close();
    const again = await diskStore(a);
    assert.equal(await again.messageDigest('y'), d1);
    assert.notEqual(await again.messageDigest('n'), d1);
    await again.close();
  });

  it("the ledger's line for a queued message holds no plain hash of its text", async () => {
    const dir = tempDir('digest-ledger');
    dirs.push(dir);
    const store = await diskStore(dir);
    await openTestSession(store, 's1');
    const ix = await store.createInteraction({ ...newInteraction('s1', fingerprint('s1', 1)), supersede: true });
    await store.queueFollowUp({ id: 'fu_1', sessionId: 's1', interactionId: ix.id, text: 'yes' });
    const line = store.audit().find((e) => e.event === 'follow_up_queued');
    assert.ok(line?.answerDigest);
    assert.equal(unkeyed('yes').includes(line.answerDigest), false);
    await store.close();
  });
});
