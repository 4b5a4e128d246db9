/** Maps failures to JSON-RPC errors whose `data.code` is a stable string. */
import { ResponseError } from 'vscode-languageserver/node';
import type { ZodError } from 'zod';
import { AkkError, type ErrorCode, type ErrorData } from '../../shared/errors';

/** JSON-RPC numeric codes: the standard ones, and one server-defined code for every domain outcome. */
const RPC_CODES = {
  parse_error: -32700,
  invalid_request: -32600,
  unknown_method: -32601,
  invalid_params: -32602,
  internal_error: -32603,
  server_not_ready: -32002,
  domain: -32001,
} as const;

function rpcCodeFor(code: ErrorCode): number {
  switch (code) {
    case 'parse_error':
    case 'invalid_request':
    case 'unknown_method':
    case 'invalid_params':
    case 'internal_error':
    case 'server_not_ready':
      return RPC_CODES[code];
    default:
      return RPC_CODES.domain;
  }
}

export function toResponseError(error: unknown): ResponseError<ErrorData> {
  if (error instanceof ResponseError) return error as ResponseError<ErrorData>;
  if (error instanceof AkkError) {
    const data: ErrorData = { code: error.code };
    if (error.detail) data.detail = error.detail;
    return new ResponseError(rpcCodeFor(error.code), error.message, data);
  }
  return new ResponseError(RPC_CODES.internal_error, 'internal server error', { code: 'internal_error' });
}

export function invalidParams(method: string, error: ZodError): AkkError {
  const issues = error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const where = first ? ` (${first.path || 'params'}: ${first.message})` : '';
  return new AkkError('invalid_params', `invalid params for ${method}${where}`, { issues });
}
