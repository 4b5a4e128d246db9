/** The exact prompt fingerprint: a digest of the unredacted prompt region, computed before any redaction. */
import { createHash, randomBytes } from 'node:crypto';

export function fingerprintOf(source: string): string {
  return createHash('sha256').update(source, 'utf8').digest('hex');
}

/** Digest of an answer for the audit ledger: the text itself is never stored. */
export function answerDigest(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex');
}

/** Opaque public ids: 128 random bits, with a readable prefix. */
export function opaqueId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
