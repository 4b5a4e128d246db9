/**
 * Crash-test child: drives a real, fsynced store with random operations until it is killed.
 * After every durable call returns it writes one acknowledgement line to stdout:
 *   {"seq": <last committed sequence>, "id": <interaction>, "to": <status it reached>}
 * (`id`/`to` absent for commits that are not interaction transitions). The parent kills this
 * process with SIGKILL at a random moment, reopens the store and checks every acknowledged fact.
 *
 *   node child.js <dir> <seed> <round> <compactBytes>
 */
import * as fs from 'node:fs';
import { AkkError } from '../../../src/shared/errors';
import { openStore, type Store } from '../../../src/server/store';

const [dir, seedArg, roundArg, compactArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: child <dir> <seed> <round> <compactBytes>');
let seed = Number(seedArg ?? 1) >>> 0 || 1;
const round = Number(roundArg ?? 0);
const OWNER = 'crash-owner';
const press = (key: string) => [{ action: { keys: [key] }, expect: { kind: 'prompt_changed' as const } }];
const PLAN = { kind: 'permission' as const, permission: { approve_once: press('1'), reject: press('2') } };

/** xorshift32: reproducible from the seed the parent prints on failure. */
function rand(n: number): number {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed % n;
}

function ack(store: Store, id?: string, to?: string): void {
  fs.writeSync(1, `${JSON.stringify({ seq: store.stats().seq, ...(id ? { id, to } : {}) })}\n`);
}

async function main(): Promise<void> {
  const store = await openStore({
    dir: dir as string,
    compactBytes: Number(compactArg ?? 16384),
    maintenanceIntervalMs: 0,
  });
  fs.writeSync(1, `${JSON.stringify({ ready: true, seq: store.stats().seq })}\n`);
  const sessions = [0, 1, 2].map((k) => ({ id: `r${round}-s${k}`, n: 1 }));
  for (const s of sessions) {
    await store.openSession({
      id: s.id,
      owner: OWNER,
      agent: 'claude',
      revision: { generation: 1, fingerprint: `${s.id}:1` },
    });
    ack(store);
  }
  const live: string[] = [];
  const reserved = new Map<string, string>();
  for (;;) {
    const s = sessions[rand(sessions.length)] as { id: string; n: number };
    const id = live.length > 0 ? live[rand(live.length)] : undefined;
    try {
      switch (rand(9)) {
        case 0:
        case 1: {
          const ix = await store.createInteraction({
            owner: OWNER,
            sessionId: s.id,
            turnId: `${s.id}-t`,
            kind: 'permission',
            payload: {
              interaction_id: 'assigned',
              turn_id: `${s.id}-t`,
              agent: 'claude',
              tool: 'bash',
              title: `step ${rand(1000)}`,
              subject: 'x'.repeat(rand(400)),
              decisions: ['approve_once', 'reject'],
            },
            title: `step ${s.n}`,
            blocking: rand(3) === 0,
            supersede: true,
            riskClass: 'low',
            options: [
              { questionId: 'q', optionId: 'yes', label: 'Yes', action: { effect: 'accept', semanticId: 'y' } },
              { questionId: 'q', optionId: 'no', label: 'No', action: { effect: 'decline', semanticId: 'n' } },
            ],
            authority: {
              endpoint: 'tmux:%1',
              processIncarnation: 'p',
              promptFingerprint: `${s.id}:${s.n}`,
              nativeStep: 'perm',
              keyPlan: PLAN,
            },
          });
          live.push(ix.id);
          ack(store, ix.id, 'active');
          break;
        }
        case 2:
        case 3: {
          if (!id) break;
          const ix = store.getInteraction(id);
          if (!ix || ix.status !== 'active') break;
          await store.createOffer(id, OWNER, 60_000);
          const r = await store.reserve({
            interactionId: id,
            owner: OWNER,
            expectedRevision: ix.boundRevision,
            answers: [{ questionId: 'q', optionId: rand(2) ? 'yes' : 'no' }],
          });
          if (r.kind === 'reserved') {
            reserved.set(id, r.reservation.id);
            ack(store, id, 'resolving');
          }
          break;
        }
        case 4: {
          const rv = id && reserved.get(id);
          if (!id || !rv) break;
          if (rand(2)) await store.markInputSent(id, rv);
          const roll = rand(4);
          if (roll < 2) {
            const receipt = await store.markResolved(id, rv, 'prompt closed');
            ack(store, id, receipt.status);
          } else if (roll === 2) {
            const after = await store.markFailed(id, rv, { code: 'endpoint_unavailable', beforeInput: rand(2) === 0 });
            ack(store, id, after.status);
          } else {
            await store.markUncertain(id, rv);
            ack(store, id, 'failed');
          }
          reserved.delete(id);
          break;
        }
        case 5: {
          s.n++;
          const r = await store.invalidateRevision(s.id, { generation: 1, fingerprint: `${s.id}:${s.n}` });
          for (const gone of r.invalidated) ack(store, gone, 'invalidated');
          if (r.invalidated.length === 0) ack(store);
          break;
        }
        case 6: {
          const n = await store.enqueueNotification('interactionUpdated', {
            session_id: s.id,
            interaction_id: `ix_${round}_${rand(1e6)}`,
            status: 'active',
            outcome: null,
          });
          ack(store);
          if (rand(2)) await store.markDelivered([n.id]);
          break;
        }
        case 7: {
          if (!id) break;
          const ix = store.getInteraction(id);
          if (ix?.status !== 'active') break;
          await store.dismiss(id, 'gone');
          ack(store, id, 'dismissed');
          break;
        }
        default: {
          const pane = `%${rand(9)}`;
          await store.saveAttachedSession({
            sessionId: s.id,
            endpoint: { kind: 'tmux', target: pane, pane_id: pane },
            generation: rand(9),
            agent: 'claude',
            version: '2.1.263',
          });
          ack(store);
        }
      }
    } catch (error) {
      if (!(error instanceof AkkError) || error.code.startsWith('store_')) throw error;
    }
    if (rand(8) === 0) await new Promise((resolve) => setImmediate(resolve)); // let compaction run
  }
}

main().catch((error: unknown) => {
  fs.writeSync(2, `${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
