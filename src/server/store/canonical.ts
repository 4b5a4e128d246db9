/** Canonical JSON encoding and the digests stored with it. */
import { AkkError } from '../../shared/errors';
import { sha256Hex } from '../base/digest';

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

/** A stored digest: `sha256:<hex>`. */
export function sha256(text: string): string {
  return `sha256:${sha256Hex(text)}`;
}

export function digestOf(value: unknown): string {
  return sha256(canonicalJson(value));
}
