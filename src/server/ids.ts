/** Opaque ids for sessions, turns, interactions, questions, options and sends: 128 random bits. */
import { randomBytes } from 'node:crypto';

/** `<prefix>_<22 base64url characters>`: unguessable, and inside the protocol's id alphabet. */
export function opaqueId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
