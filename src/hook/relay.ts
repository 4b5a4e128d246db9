/**
 * The relay: one agent's request asked of every AKK server in the word folder at once. The first
 * server that handles it gives the agent its output; when none does (no server runs, none owns the
 * session, a socket is stale or slow), the agent is given nothing to act on and goes on as without
 * AKK. Nothing here waits longer than its deadline for a server that has not said it handles it.
 */
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { MAX_WORD_BYTES, WORD_SOCKET, wordReplyOf, type AgentWord, type WordReply } from '../shared/agent-word';

/** How long a server has to say whether it handles a request. */
const ANSWER_MS = 1500;

/** One server's reply to `word`, or not handled when it cannot be reached, is slow or says nonsense. */
function ask(socket: string, word: AgentWord, holdMs: number): Promise<WordReply> {
  const notHandled: WordReply = { handled: false };
  return new Promise((resolve) => {
    let buffered = '';
    let handling = false;
    const conn = connect(socket);
    const done = (reply: WordReply): void => {
      clearTimeout(timer);
      conn.destroy();
      resolve(reply);
    };
    // A server that handles a request says so at once and may then hold it until the person answers.
    const timer = setTimeout(() => done(notHandled), ANSWER_MS);
    conn.setEncoding('utf8');
    conn.on('error', () => done(notHandled));
    conn.on('close', () => done(notHandled));
    conn.on('connect', () => conn.write(`${JSON.stringify(word)}\n`));
    conn.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_WORD_BYTES) return done(notHandled);
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line === 'holding' && !handling) {
          handling = true;
          clearTimeout(timer);
          setTimeout(() => done(notHandled), holdMs).unref();
          continue;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          return done(notHandled);
        }
        return done(wordReplyOf(parsed) ?? notHandled);
      }
    });
  });
}

/** The servers' sockets in the word folder (none when it does not exist). */
function sockets(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => WORD_SOCKET.test(name))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/**
 * The output the agent is given: the first handled reply's, or `{}` (nothing to act on). `holdMs`
 * bounds how long a server that handles the request may hold it (the agent's own hook timeout).
 */
export async function relay(dir: string, word: AgentWord, holdMs: number): Promise<Record<string, unknown>> {
  const asked = sockets(dir).map((s) => ask(s, word, holdMs));
  if (asked.length === 0) return {};
  return new Promise((resolve) => {
    let left = asked.length;
    for (const reply of asked)
      void reply.then((r) => {
        left -= 1;
        if (r.handled) resolve(r.output);
        else if (left === 0) resolve({});
      });
  });
}
