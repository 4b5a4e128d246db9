/**
 * Digests: the exact prompt fingerprint (over the unredacted prompt region, before any masking)
 * and the plain digest the store's records build on.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The exact prompt fingerprint of a recognised prompt's source region. */
export function fingerprintOf(source: string): string {
  return sha256Hex(source);
}
