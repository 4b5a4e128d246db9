/**
 * A store written at schema 3 (see schema-3/README.md), before the listing title had a column of
 * its own: it opens with every record intact, each title moved out of its payload, each payload
 * hash taken over the payload as shown, and it keeps working.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { LATEST_SCHEMA_VERSION, WORKSPACE_OWNER, type Interaction, type Store } from '../../../src/server/store';
import { canonicalJson, sha256 } from '../../../src/server/store/canonical';
import { listJournals } from '../../../src/server/store/journal-format';
import { SNAPSHOT_FILE } from '../../../src/server/store/snapshot';
import { Clock, checkInvariants, diskStore, dump, removeDir, tempDir } from './helpers';

const FIXTURE = path.join(__dirname, 'schema-3');

/** What schema 3 returned for an interaction and an attached session. */
interface OldInteraction extends Omit<Interaction, 'title' | 'payload'> {
  payload: Record<string, unknown>;
  expiresAt: number | null;
}
interface OldAttached {
  endpoint: Record<string, unknown>;
  [key: string]: unknown;
}
interface OldDump {
  sessions: unknown[];
  interactions: OldInteraction[];
  authority: Array<{ interactionId: string; offer: unknown; [key: string]: unknown }>;
  counters: unknown;
  audit: unknown[];
  outbox: unknown[];
  attached: OldAttached[];
  sends: unknown[];
}

const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8')) as OldDump;

/** The schema-4 form of a schema-3 interaction: its title in a column, its hash over what was shown. */
function migrated(old: OldInteraction): unknown {
  const { akk_listing_title: title, ...payload } = old.payload;
  const { expiresAt: _expiry, ...rest } = old;
  const listed = typeof title === 'string' ? title : old.kind;
  return { ...rest, payload, title: listed, payloadHash: sha256(canonicalJson(payload)) };
}

function unpack(dir: string): void {
  for (const name of fs.readdirSync(FIXTURE).filter((n) => n.endsWith('.gz'))) {
    const bytes = gunzipSync(fs.readFileSync(path.join(FIXTURE, name)));
    fs.writeFileSync(path.join(dir, name.slice(0, -'.gz'.length)), bytes);
  }
}

describe('store: a schema-3 store opens at the latest schema', function () {
  this.timeout(30_000);
  let dir: string;
  let store: Store | undefined;
  const clock = new Clock();
  beforeEach(() => {
    dir = tempDir('schema3');
    unpack(dir);
    clock.t = 1_700_000_100_000;
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    removeDir(dir);
  });

  it('keeps every record, moves each listing title to its column and hashes the payload as shown', async () => {
    store = await diskStore(dir, clock);
    const now = dump(store) as Record<string, unknown>;
    assert.deepEqual(now.sessions, expected.sessions);
    assert.deepEqual(now.interactions, expected.interactions.map(migrated));
    // Schema 6 keeps offers per connection in their own table: each standing offer moved there.
    assert.deepEqual(
      now.authority,
      expected.authority.map(({ offer: _offer, ...rest }) => rest),
    );
    for (const a of expected.authority) assert.deepEqual(store.offers(a.interactionId), a.offer ? [a.offer] : []);
    assert.deepEqual(now.counters, expected.counters);
    assert.deepEqual(now.audit, expected.audit);
    assert.deepEqual(now.outbox, expected.outbox);
    assert.deepEqual(
      now.attached,
      expected.attached.map(({ endpoint: { generation, ...endpoint }, ...rest }) => ({
        ...rest,
        endpoint,
        generation: generation ?? null,
      })),
    );
    assert.deepEqual([store.getSend('req_1')], expected.sends);

    const titles = store.listInteractions({ limit: 100 }).map((ix) => [ix.kind, ix.title]);
    assert.deepEqual(titles, [
      ['questionnaire', 'Database: Which database should the service use?'],
      ['permission', 'Bash command: touch first.txt'],
      ['async_question', 'Database: Which database should the service use?'],
      ['permission', 'permission'],
    ]);
    for (const ix of store.listInteractions({ limit: 100 })) {
      assert.equal(JSON.stringify(ix.payload).includes('akk_listing_title'), false);
      assert.equal(ix.payloadHash, sha256(canonicalJson(ix.payload)));
    }
    checkInvariants(store, new Map());
  });

  it('migrates once, onto a fresh snapshot that the next open reads as it is', async () => {
    store = await diskStore(dir, clock);
    const first = dump(store);
    await store.close();
    store = undefined;
    const journals = listJournals(dir).map((j) => j.generation);
    assert.deepEqual(journals, [3], 'the schema-3 journal is folded into the new snapshot');
    const SQL = await initSqlJs();
    const db = new SQL.Database(fs.readFileSync(path.join(dir, SNAPSHOT_FILE)));
    try {
      assert.equal(db.exec('PRAGMA user_version')[0]?.values[0]?.[0], LATEST_SCHEMA_VERSION);
      const columns = db.exec('PRAGMA table_info(interactions)')[0]?.values.map((c) => c[1]);
      assert.ok(columns?.includes('title') && !columns.includes('expires_at'), String(columns));
    } finally {
      db.close();
    }
    store = await diskStore(dir, clock);
    assert.deepEqual(dump(store), first);
  });

  it('keeps working: the waiting permission is answered, the answered prompt stays fenced', async () => {
    store = await diskStore(dir, clock);
    const waiting = store.listInteractions({ sessionId: 'sess_claude', statuses: ['active'] })[0];
    assert.ok(waiting?.kind === 'permission');
    assert.equal(waiting.payload.subject, 'touch first.txt');
    assert.deepEqual(store.getAuthority(waiting.id)?.keyPlan?.permission?.approve_once?.[0]?.action, { keys: ['1'] });
    assert.equal(store.isFenced('sess_claude', 'fp:q1'), true);
    await store.createOffer(waiting.id, WORKSPACE_OWNER, 60_000, 'window-2');
    const r = await store.reserve({
      interactionId: waiting.id,
      owner: WORKSPACE_OWNER,
      holder: 'window-2',
      expectedRevision: waiting.boundRevision,
      answers: [{ questionId: 'decision', optionId: 'reject' }],
    });
    assert.ok(r.kind === 'reserved');
    const receipt = await store.markResolved(waiting.id, r.reservation.id, 'claude@2.1.332:permission:1');
    assert.equal(receipt.status, 'declined', 'a proven native reject');
    checkInvariants(store, new Map());
  });
});
