/**
 * Digests: the exact prompt fingerprint (over the unredacted prompt region, before any masking)
 * and answer digests for the audit ledger, which never holds answer text.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The exact prompt fingerprint of a recognised prompt's source region. */
export function fingerprintOf(source: string): string {
  return sha256Hex(source);
}

/** The digest of an answer's parts; the text itself is never stored. */
export function answerDigest(parts: readonly string[]): string {
  return sha256Hex(parts.join('\u0000'));
}
