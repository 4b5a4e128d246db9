/**
 * Asks the person, through the editor's connection (`akk/confirmDecision`), to confirm a
 * supervisor's decision. An editor that does not answer within `timeoutMs` counts as a refusal;
 * one that cannot ask at all (a client without the method) makes the decision unavailable.
 */
import type { Connection } from 'vscode-languageserver/node';
import { SERVER_REQUESTS, type ConfirmDecisionParams, type ConfirmDecisionResult } from '../../shared/protocol';
import type { AskPerson } from '../respond/confirmed-decision';

export function askPersonThrough(connection: Connection, timeoutMs: number): AskPerson {
  return async (params: ConfirmDecisionParams) => {
    let timer: NodeJS.Timeout | undefined;
    const lapsed = new Promise<ConfirmDecisionResult>((resolve) => {
      timer = setTimeout(() => resolve({ confirmed: false }), timeoutMs);
    });
    try {
      const answer = await Promise.race([
        connection.sendRequest<ConfirmDecisionResult>(SERVER_REQUESTS.confirmDecision, params),
        lapsed,
      ]);
      return (answer as ConfirmDecisionResult | null)?.confirmed === true;
    } finally {
      clearTimeout(timer);
    }
  };
}
