/**
 * Digests of what a person answered (options chosen, words typed, messages), as the ledger keeps
 * them: keyed with a secret of this store, so that a short answer cannot be recovered from its
 * digest by trying every likely one. The key is made once, at the first answer, and kept in the
 * store's meta table (it travels with the store and is journaled like any write).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Tx } from './engine';
import { canonicalJson } from './canonical';
import type { Reader } from './queries';

const SALT_KEY = 'answer_digest_key';

function storedKey(r: Reader): string | undefined {
  const row = r.get('SELECT value FROM meta WHERE key = ?', [SALT_KEY]);
  return typeof row?.value === 'string' ? row.value : undefined;
}

/** This store's key, made within `tx` when it has none yet. */
function keyOf(tx: Tx): string {
  const known = storedKey(tx);
  if (known !== undefined) return known;
  const made = randomBytes(32).toString('hex');
  tx.run('INSERT INTO meta (key, value) VALUES (?, ?)', [SALT_KEY, made]);
  return made;
}

/** A stored answer digest: `hmac-sha256:<hex>` of the value's canonical JSON under this store's key. */
export function answerDigestIn(tx: Tx, value: unknown): string {
  return `hmac-sha256:${createHmac('sha256', keyOf(tx)).update(canonicalJson(value), 'utf8').digest('hex')}`;
}
