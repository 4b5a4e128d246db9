/**
 * The word socket: where the hook program AKK adds to an agent (`dist/agent-hook.js`) relays the
 * agent's own requests to this server, one JSON line each (src/shared/agent-word.ts). Private
 * (0600, in a folder of this user's own); a stale socket left by a server that died is replaced.
 * Every request gets one line back at once: a line that is not a word is answered "not handled".
 */
import { readdirSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import {
  MAX_WORD_BYTES,
  WORD_SOCKET,
  wordSocketName,
  type AgentWord as Word,
  type WordReply,
} from '../../shared/agent-word';
import { AgentWord } from '../../shared/agent-word-schema';
import type { Logger } from '../base/logging';
import type { HeldLine } from '../observe/agent-words';
import { answers, listenPrivately, privateFolder } from './supervisor-socket';

interface WordSocket {
  path: string;
  close(): Promise<void>;
}

const NOT_HANDLED: WordReply = { handled: false };

/** How a server hears a word: its reply at once, or `holding` to answer it later on `line`. */
type Hear = (word: Word, line: HeldLine) => Promise<WordReply | 'holding'>;

function serve(socket: Socket, hear: Hear, log: Logger): void {
  let buffered = '';
  let read = false;
  socket.setEncoding('utf8');
  const answer = (reply: WordReply): void => void socket.end(`${JSON.stringify(reply)}\n`);
  const line = heldLine(socket);
  socket.on('error', (e) => log.warn(`agent word: ${e.message}`));
  socket.on('data', (chunk: string) => {
    // One request a connection: anything after it is not read (the connection stays open to be answered).
    if (read) return;
    buffered += chunk;
    if (buffered.length > MAX_WORD_BYTES) {
      log.warn('agent word: a request over its size limit, not handled');
      buffered = '';
      read = true;
      return answer(NOT_HANDLED);
    }
    const nl = buffered.indexOf('\n');
    if (nl < 0) return;
    const text = buffered.slice(0, nl);
    read = true;
    buffered = '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      log.warn('agent word: a line that is not JSON, not handled');
      return answer(NOT_HANDLED);
    }
    const word = AgentWord.safeParse(parsed);
    if (!word.success) {
      log.warn(`agent word: not a request (${word.error.issues[0]?.message ?? 'invalid'}), not handled`);
      return answer(NOT_HANDLED);
    }
    hear(word.data, line).then(
      (reply) => {
        if (reply === 'holding') socket.write('holding\n');
        else answer(reply);
      },
      (e: unknown) => {
        log.warn(`agent word: ${e instanceof Error ? e.message : String(e)}`);
        answer(NOT_HANDLED);
      },
    );
  });
}

function heldLine(socket: Socket): HeldLine {
  const open = (): boolean => !socket.destroyed && !socket.writableEnded;
  return {
    answer(output) {
      if (!open()) return false;
      socket.end(`${JSON.stringify({ handled: true, output })}\n`);
      return true;
    },
    release() {
      if (open()) socket.end(`${JSON.stringify(NOT_HANDLED)}\n`);
    },
    open,
    onClose: (listener) => void socket.once('close', listener),
  };
}

/** Removes the sockets in `dir` that nothing answers on (left by servers that ended without closing). */
async function removeStale(dir: string, log: Logger): Promise<void> {
  const names = readdirSync(dir).filter((name) => WORD_SOCKET.test(name));
  for (const name of names) {
    const path = join(dir, name);
    if (await answers(path)) continue;
    rmSync(path, { force: true });
    log.info(`agent word: removed ${name}, which no server answers on`);
  }
}

/** Opens this server's socket in `dir`, the word folder the hook program looks in. */
export async function openWordSocket(dir: string, hear: Hear, log: Logger): Promise<WordSocket> {
  privateFolder(dir);
  await removeStale(dir, log);
  const path = join(dir, wordSocketName(process.pid));
  rmSync(path, { force: true });
  const server = createServer((socket) => serve(socket, hear, log));
  await listenPrivately(server, path);
  log.info(`agents' own words are heard at ${path}`);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}
