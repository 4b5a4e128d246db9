/** Canonical JSON encoding, digests and opaque ids. */
import { createHash, randomBytes } from 'node:crypto';
import { AkkError } from '../../shared/errors';

/**
 * Canonical encoding: object keys sorted by code unit, no whitespace, only finite numbers,
 * no `undefined`. Equal values always give equal strings, whatever their key order.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new AkkError('invalid_params', 'non-finite number in JSON value');
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new AkkError('invalid_params', 'only plain objects may appear in JSON values');
      }
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new AkkError('invalid_params', `value of type ${typeof value} is not JSON`);
  }
}

export function sha256(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

export function digestOf(value: unknown): string {
  return sha256(canonicalJson(value));
}

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** An opaque random id with 128 bits of entropy from the system CSPRNG, e.g. `ix_3q2…`. */
export function randomId(prefix: string): string {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const id = pool.toString('base64url', poolOffset, poolOffset + 16);
  pool.fill(0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  return `${prefix}_${id}`;
}
