/**
 * Input for an editor terminal goes back over the connection: the editor writes it with
 * `Terminal.sendText(text, false)`. Only the editor's own refusal (`input_delivered: false`, the
 * terminal is gone) proves nothing was written; any other failure may have delivered it, and so
 * may a write the editor does not confirm in time (it is then a failure, never a wait without end).
 */
import { CancellationTokenSource, ResponseError, type Connection } from 'vscode-languageserver/node';
import { AkkError, isErrorCode } from '../../shared/errors';
import { SERVER_REQUESTS } from '../../shared/protocol';
import type { TerminalWriteParams, TerminalWriteResult } from '../../shared/terminal-params';
import { undelivered } from '../sessions/endpoint';

/** How long the editor has to confirm a write before it counts as failed (and maybe delivered). */
const WRITE_TIMEOUT_MS = 10_000;

export function terminalWriter(
  connection: Pick<Connection, 'sendRequest'>,
  timeoutMs = WRITE_TIMEOUT_MS,
): (terminalId: string, text: string) => Promise<void> {
  return async (terminalId, text) => {
    const params: TerminalWriteParams = { terminal_id: terminalId, text };
    const cancel = new CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        connection.sendRequest<TerminalWriteResult>(SERVER_REQUESTS.terminalWrite, params, cancel.token),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            cancel.cancel();
            reject(new Error(`the editor did not confirm the write within ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
    } catch (error) {
      const data = error instanceof ResponseError ? (error.data as { code?: unknown; detail?: unknown }) : undefined;
      const refused = (data?.detail as { input_delivered?: unknown } | undefined)?.input_delivered === false;
      const code = isErrorCode(data?.code) ? data.code : 'endpoint_unavailable';
      const failure = new AkkError(code, error instanceof Error ? error.message : String(error), {
        terminal_id: terminalId,
      });
      throw refused ? undelivered(failure) : failure;
    } finally {
      clearTimeout(timer);
      cancel.dispose();
    }
  };
}
