/** Managed sends in the store: on disk before the paste, one record per request id, no text kept. */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { DAY_MS } from '../../../src/server/store/retention';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../src/server/store/schema';
import { SNAPSHOT_FILE } from '../../../src/server/store/snapshot';
import { Clock, diskStore, rejects, removeDir, tempDir } from './helpers';

const SEND = { id: 'send-1', sessionId: 'sess-1', turnId: 'turn-1', textDigest: 'digest-a', textLength: 11 };

describe('store: managed sends', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = tempDir('sends');
  });
  afterEach(() => removeDir(dir));

  it('a reserved send is on disk before its paste, and a restart finds it still in flight', async () => {
    const store = await diskStore(dir);
    const r = await store.reserveSend(SEND);
    assert.equal(r.kind, 'reserved');
    assert.equal(r.send.status, 'sending');
    await store.close();
    const again = await diskStore(dir);
    assert.deepEqual(
      again.sendsInFlight().map((s) => s.id),
      ['send-1'],
    );
    const done = await again.finishSend('send-1', 'uncertain');
    assert.equal(done.status, 'uncertain');
    assert.deepEqual(again.sendsInFlight(), []);
    await again.close();
  });

  it('a send taken back before its paste is gone after a restart and may be reserved again', async () => {
    const store = await diskStore(dir);
    await store.reserveSend(SEND);
    await store.releaseSend('send-1');
    await store.close();
    const again = await diskStore(dir);
    assert.equal(again.getSend('send-1'), undefined);
    assert.deepEqual(again.sendsInFlight(), []);
    assert.equal(
      again.audit().some((e) => e.event === 'send_released' && e.reservationId === 'send-1'),
      true,
    );
    assert.equal((await again.reserveSend(SEND)).kind, 'reserved');
    await again.finishSend('send-1', 'sent');
    await again.releaseSend('send-1');
    assert.equal(again.getSend('send-1')?.status, 'sent');
    await again.close();
  });

  it('the same request id is answered from the record; another message or session under it is refused', async () => {
    const store = await diskStore(dir);
    await store.reserveSend(SEND);
    await store.finishSend('send-1', 'sent');
    const repeat = await store.reserveSend(SEND);
    assert.equal(repeat.kind, 'existing');
    assert.equal(repeat.send.status, 'sent');
    await rejects(() => store.reserveSend({ ...SEND, textDigest: 'digest-b' }), 'invalid_params');
    await rejects(() => store.reserveSend({ ...SEND, sessionId: 'sess-2' }), 'invalid_params');
    // A finished send stays as it finished.
    assert.equal((await store.finishSend('send-1', 'uncertain')).status, 'sent');
    await rejects(() => store.finishSend('send-unknown', 'sent'), 'not_found');
    await store.close();
  });

  it('the ledger keeps the digest and length of a message, never its text', async () => {
    const store = await diskStore(dir);
    await store.reserveSend(SEND);
    await store.finishSend('send-1', 'sent');
    const lines = store.audit().filter((e) => e.reservationId === 'send-1');
    assert.deepEqual(
      lines.map((e) => e.event),
      ['send_reserved', 'send_delivered'],
    );
    assert.equal(lines[0]?.answerDigest, 'digest-a');
    assert.equal(lines[0]?.answerLength, 11);
    await store.close();
  });

  it('finished sends are pruned after the retention window; one in flight is kept', async () => {
    const clock = new Clock();
    const store = await diskStore(dir, clock);
    await store.reserveSend(SEND);
    await store.finishSend('send-1', 'sent');
    await store.reserveSend({ ...SEND, id: 'send-2' });
    clock.advance(31 * DAY_MS);
    store.maintain();
    assert.equal(store.getSend('send-1'), undefined);
    assert.equal(store.getSend('send-2')?.status, 'sending');
    await store.close();
  });

  it('a store written before managed sends were recorded is migrated with its data intact', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    const v1 = MIGRATIONS[0];
    assert.ok(v1);
    db.exec(`${v1.sql}; PRAGMA user_version = 1;`);
    db.exec(`INSERT INTO sessions
      (id, owner, agent, binding_generation, prompt_fingerprint, revision, created_at, updated_at)
      VALUES ('old', 'o', 'codex', 1, 'fp', 1, 1, 1)`);
    fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), db.export());
    db.close();
    const store = await diskStore(dir);
    assert.equal(store.getSession('old')?.agent, 'codex');
    assert.equal((await store.reserveSend(SEND)).kind, 'reserved');
    await store.close();
    const raw = new SQL.Database(fs.readFileSync(path.join(dir, SNAPSHOT_FILE)));
    assert.equal(raw.exec('PRAGMA user_version')[0]?.values[0]?.[0], LATEST_SCHEMA_VERSION);
    raw.close();
  });
});
