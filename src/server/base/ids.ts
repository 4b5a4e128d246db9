/** Opaque ids for sessions, turns, interactions, questions, options and sends: 128 random bits. */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * `<prefix>_<22 base64url characters>`: 128 bits from the system CSPRNG, drawn from a pool so that
 * creating many ids costs one system call per 256 of them; used bytes are wiped from the pool.
 */
export function opaqueId(prefix: string): string {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const id = pool.toString('base64url', poolOffset, poolOffset + 16);
  pool.fill(0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  return `${prefix}_${id}`;
}
