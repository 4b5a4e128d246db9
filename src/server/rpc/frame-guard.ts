/**
 * Guards the stdio transport before messages reach the JSON-RPC connection.
 *
 * The base protocol reader drops a frame it cannot parse without telling the sender, and it
 * buffers any Content-Length it is given. Tools speak to this server over stdio, so a broken or
 * hostile frame must get a typed answer and must not stop the server: this transform checks
 * each frame (size, JSON, JSON-RPC shape), answers the bad ones itself and forwards the rest
 * byte for byte.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { ErrorCode } from '../../shared/errors';

export interface RejectedFrame {
  /** The request id when one could be read, else null (JSON-RPC replies with id null). */
  id: number | string | null;
  rpcCode: number;
  code: ErrorCode;
  message: string;
}

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');
const MAX_HEADER_BYTES = 8 * 1024;

const RPC_PARSE_ERROR = -32700;
const RPC_INVALID_REQUEST = -32600;

export class FrameGuard extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  /** Bytes of an oversized body still to skip. */
  private skipping = 0;

  constructor(
    private readonly maxBodyBytes: number,
    private readonly onReject: (rejected: RejectedFrame) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    this.drain();
    done();
  }

  private drain(): void {
    for (;;) {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, this.buffered.length);
        this.skipping -= n;
        this.buffered = this.buffered.subarray(n);
        if (this.skipping > 0) return;
      }
      const end = this.buffered.indexOf(HEADER_END);
      if (end < 0) {
        if (this.buffered.length > MAX_HEADER_BYTES) {
          this.reject(null, RPC_PARSE_ERROR, 'parse_error', 'message header too long or missing');
          this.buffered = Buffer.alloc(0);
        }
        return;
      }
      const length = parseContentLength(this.buffered.subarray(0, end).toString('ascii'));
      const bodyStart = end + HEADER_END.length;
      if (length === undefined) {
        this.reject(null, RPC_PARSE_ERROR, 'parse_error', 'message header has no valid Content-Length');
        this.buffered = this.buffered.subarray(bodyStart);
        continue;
      }
      if (length > this.maxBodyBytes) {
        this.reject(
          null,
          RPC_INVALID_REQUEST,
          'message_too_large',
          `message of ${length} bytes exceeds the limit of ${this.maxBodyBytes} bytes`,
        );
        this.buffered = this.buffered.subarray(bodyStart);
        this.skipping = length;
        continue;
      }
      if (this.buffered.length < bodyStart + length) return;
      const body = this.buffered.subarray(bodyStart, bodyStart + length);
      this.buffered = this.buffered.subarray(bodyStart + length);
      const verdict = checkBody(body);
      if (verdict) this.reject(verdict.id, verdict.rpcCode, verdict.code, verdict.message);
      else this.push(Buffer.concat([Buffer.from(`Content-Length: ${length}\r\n\r\n`, 'ascii'), body]));
    }
  }

  private reject(id: RejectedFrame['id'], rpcCode: number, code: ErrorCode, message: string): void {
    this.onReject({ id, rpcCode, code, message });
  }
}

function parseContentLength(header: string): number | undefined {
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return undefined;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,12}$/.test(value)) return undefined;
    return Number(value);
  }
  return undefined;
}

/** Returns why a frame body is not a JSON-RPC 2.0 message, or undefined when it is one. */
export function checkBody(body: Buffer): RejectedFrame | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return { id: null, rpcCode: RPC_PARSE_ERROR, code: 'parse_error', message: 'message body is not valid JSON' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return {
      id: null,
      rpcCode: RPC_INVALID_REQUEST,
      code: 'invalid_request',
      message: Array.isArray(message) ? 'batch messages are not supported' : 'message is not a JSON object',
    };
  }
  const m = message as Record<string, unknown>;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
  if (m.jsonrpc !== '2.0') {
    return { id, rpcCode: RPC_INVALID_REQUEST, code: 'invalid_request', message: 'jsonrpc must be "2.0"' };
  }
  if ('id' in m && m.id !== null && id === null) {
    return {
      id: null,
      rpcCode: RPC_INVALID_REQUEST,
      code: 'invalid_request',
      message: 'id must be a string or number',
    };
  }
  const isResponse = 'result' in m || 'error' in m;
  if (!isResponse && typeof m.method !== 'string') {
    return { id, rpcCode: RPC_INVALID_REQUEST, code: 'invalid_request', message: 'method must be a string' };
  }
  if ('params' in m && m.params !== undefined && (typeof m.params !== 'object' || m.params === null)) {
    return { id, rpcCode: RPC_INVALID_REQUEST, code: 'invalid_request', message: 'params must be an object or array' };
  }
  return undefined;
}
