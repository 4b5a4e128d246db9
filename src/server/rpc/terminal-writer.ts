/**
 * Input for an editor terminal goes back over the connection: the editor writes it with
 * `Terminal.sendText(text, false)`. Only the editor's own refusal (`input_delivered: false`, the
 * terminal is gone) proves nothing was written; any other failure may have delivered it.
 */
import { ResponseError, type Connection } from 'vscode-languageserver/node';
import { AkkError, isErrorCode } from '../../shared/errors';
import { SERVER_REQUESTS } from '../../shared/protocol';
import type { TerminalWriteParams, TerminalWriteResult } from '../../shared/terminal-params';
import { undelivered } from '../sessions/endpoint';

export function terminalWriter(connection: Connection): (terminalId: string, text: string) => Promise<void> {
  return async (terminalId, text) => {
    const params: TerminalWriteParams = { terminal_id: terminalId, text };
    try {
      await connection.sendRequest<TerminalWriteResult>(SERVER_REQUESTS.terminalWrite, params);
    } catch (error) {
      const data = error instanceof ResponseError ? (error.data as { code?: unknown; detail?: unknown }) : undefined;
      const refused = (data?.detail as { input_delivered?: unknown } | undefined)?.input_delivered === false;
      const code = isErrorCode(data?.code) ? data.code : 'endpoint_unavailable';
      const failure = new AkkError(code, error instanceof Error ? error.message : String(error), {
        terminal_id: terminalId,
      });
      throw refused ? undelivered(failure) : failure;
    }
  };
}
