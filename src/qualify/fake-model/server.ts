// A fake model on 127.0.0.1 (random port) speaking the Anthropic Messages API, the OpenAI
// Responses API and Google's Generative Language API with streaming events. It plays a scenario:
// one scripted turn per main request, records every request, and lets a test read the tool result
// the client sent back.
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { messageBlocks, messageBody, messageJson, messageStart } from './anthropic';
import { googleJson, googleParts, googleRoute, googleSideText, googleStream, googleTools } from './google';
import { isGoogleMainRequest } from './google';
import { defaultModel, newId, requestVars, substitute, turnCall } from './wire-turns';
import { extractToolResults, extractUserTexts, isMainRequest, wantsTitle } from './request-bodies';
import { requestTools, responseBody, responseItems, responseStart } from './openai';
import type { IssuedToolUse, ModelTurn, RecordedRequest, Scenario, ToolResult, WireApi } from './types';

export interface FakeModel {
  url: string;
  port: number;
  scenario: Scenario;
  requests: RecordedRequest[];
  issued: IssuedToolUse[];
  /** Values substituted for `{{name}}` in scenario strings (e.g. workDir). */
  setVars(vars: Record<string, string>): void;
  /** Number of scenario turns served so far. */
  turnsServed(): number;
  /** Let held turns finish (or, when none is held yet, the next one). */
  release(): void;
  /** Let every held turn finish and hold no turn from now on. */
  releaseAll(): void;
  waitForTurn(index: number, timeoutMs: number): Promise<void>;
  /** The result the client sent for tool use `id` (default: the latest tool use issued). */
  waitForToolResult(id?: string, timeoutMs?: number): Promise<ToolResult>;
  toolResults(): ToolResult[];
  /** Texts of user messages sent by the client, in order of first appearance (e.g. async answers). */
  userMessages(): string[];
  waitForUserMessage(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Answer to side requests (titles). */
const SIDE_TITLE = 'go';

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export async function startFakeModel(scenario: Scenario): Promise<FakeModel> {
  const requests: RecordedRequest[] = [];
  const issued: IssuedToolUse[] = [];
  let vars: Record<string, string> = {};
  let nextTurn = 0;
  let seq = 0;
  let releaseHeld: Array<() => void> = [];
  let released = false;
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const w of [...waiters]) w();
  };
  const sockets = new Set<Socket>();

  const takeTurn = (api: WireApi, body: unknown): { index: number; turn: ModelTurn } => {
    vars = { ...vars, ...requestVars(api, body) };
    const index = nextTurn++;
    const t = scenario.turns[index];
    const turn: ModelTurn = t ? substitute(t, vars) : { kind: 'text', text: scenario.fallbackText ?? 'Done.' };
    return { index, turn };
  };

  // A release() that comes before the held request arrives is kept as a credit for it.
  let releaseCredits = 0;
  const hold = async (turn: ModelTurn): Promise<void> => {
    if (!turn.hold || released) return;
    if (releaseCredits > 0) {
      releaseCredits -= 1;
      return;
    }
    await new Promise<void>((r) => releaseHeld.push(r));
  };

  const handleAnthropic = async (body: unknown, rec: RecordedRequest, res: http.ServerResponse): Promise<void> => {
    const b = (body ?? {}) as { stream?: boolean; model?: string };
    const model = b.model ?? defaultModel('anthropic');
    const msgId = newId('msg_');
    let turn: ModelTurn;
    let index = -1;
    if (rec.side) {
      turn = { kind: 'text', text: SIDE_TITLE };
    } else {
      ({ index, turn } = takeTurn('anthropic', body));
      rec.turnIndex = index;
    }
    const blocks = messageBlocks(turn.text, turnCall('anthropic', turn, requestTools(body)), () => newId('toolu_'));
    for (const bl of blocks) {
      if (bl.type === 'tool_use')
        issued.push({ turnIndex: index, id: bl.id ?? '', name: bl.name ?? '', input: bl.input ?? {} });
    }
    if (b.stream === false) {
      await hold(turn);
      res.writeHead(200, { ...turn.headers, 'content-type': 'application/json', 'request-id': newId('req_') });
      res.end(JSON.stringify(messageJson(msgId, model, blocks)));
    } else {
      res.writeHead(200, {
        ...turn.headers,
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'request-id': newId('req_'),
      });
      res.write(messageStart(msgId, model));
      await hold(turn);
      res.end(messageBody(blocks));
    }
    notify();
  };

  const handleOpenAI = async (body: unknown, rec: RecordedRequest, res: http.ServerResponse): Promise<void> => {
    const model = ((body ?? {}) as { model?: string }).model ?? defaultModel('openai');
    const respId = newId('resp_');
    let turn: ModelTurn;
    if (rec.side) {
      // The status line shows the first prompt until the title arrives: a title equal to the usual
      // first prompt ("go") keeps that line the same whenever it is captured.
      turn = { kind: 'text', text: wantsTitle(body) ? JSON.stringify({ title: SIDE_TITLE }) : SIDE_TITLE };
    } else {
      const t = takeTurn('openai', body);
      turn = t.turn;
      rec.turnIndex = t.index;
    }
    const items = responseItems(
      turn.text,
      turnCall('openai', turn, requestTools(body)),
      () => newId('call_'),
      () => newId('item_'),
    );
    for (const it of items) {
      if (it.type !== 'message') {
        let input: Record<string, unknown> = {};
        if (typeof it.arguments === 'string') input = JSON.parse(it.arguments) as Record<string, unknown>;
        else if (typeof it.input === 'string') input = { input: it.input };
        issued.push({ turnIndex: rec.turnIndex ?? -1, id: String(it.call_id), name: String(it.name), input });
      }
    }
    res.writeHead(200, { ...turn.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(responseStart(respId, model));
    await hold(turn);
    res.end(responseBody(respId, model, items));
    notify();
  };

  const handleGoogle = async (
    body: unknown,
    rec: RecordedRequest,
    res: http.ServerResponse,
    route: { model: string; method: string },
  ): Promise<void> => {
    let turn: ModelTurn;
    if (rec.side) {
      turn = { kind: 'text', text: googleSideText(body, SIDE_TITLE) };
    } else {
      const t = takeTurn('google', body);
      turn = t.turn;
      rec.turnIndex = t.index;
    }
    const parts = googleParts(turn.text, turnCall('google', turn, googleTools(body)), () => newId('call_'));
    for (const p of parts) {
      if (p.functionCall)
        issued.push({
          turnIndex: rec.turnIndex ?? -1,
          id: p.functionCall.id,
          name: p.functionCall.name,
          input: p.functionCall.args,
        });
    }
    if (route.method === 'streamGenerateContent') {
      res.writeHead(200, { ...turn.headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      await hold(turn);
      res.end(googleStream(route.model, parts));
    } else {
      await hold(turn);
      res.writeHead(200, { ...turn.headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(googleJson(route.model, parts)));
    }
    notify();
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = req.url ?? '';
      const route = googleRoute(url);
      const generates = route?.method === 'generateContent' || route?.method === 'streamGenerateContent';
      const api: RecordedRequest['api'] =
        req.method === 'POST' && url.startsWith('/v1/messages') && !url.includes('count_tokens')
          ? 'anthropic'
          : req.method === 'POST' && url.startsWith('/v1/responses')
            ? 'openai'
            : req.method === 'POST' && route && generates
              ? 'google'
              : 'other';
      const rec: RecordedRequest = {
        seq: seq++,
        at: new Date().toISOString(),
        method: req.method ?? '',
        url,
        api,
        side:
          api === 'other' ||
          (api === 'google' ? !isGoogleMainRequest(route?.method ?? '', body) : !isMainRequest(api, body)),
        body,
      };
      requests.push(rec);
      notify();
      try {
        if (api === 'anthropic') await handleAnthropic(body, rec, res);
        else if (api === 'openai') await handleOpenAI(body, rec, res);
        else if (api === 'google' && route) await handleGoogle(body, rec, res, route);
        else if (route?.method === 'countTokens') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ totalTokens: 100 }));
        } else if (url.includes('count_tokens')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ input_tokens: 100 }));
        } else if (req.method === 'GET' && url.startsWith('/v1/models')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ object: 'list', data: [], models: [] }));
        } else {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'not_found', message: `no route ${req.method} ${url}` } }));
        }
      } catch (e) {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(e));
      }
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const waitFor = <T>(get: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        const v = get();
        if (v === undefined) return false;
        cleanup();
        resolve(v);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake model: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        waiters.delete(w);
      };
      const w = (): void => {
        check();
      };
      waiters.add(w);
      check();
    });

  const toolResults = (): ToolResult[] => {
    const seen = new Map<string, ToolResult>();
    for (const r of requests) for (const t of extractToolResults(r.body, r.seq)) if (!seen.has(t.id)) seen.set(t.id, t);
    return [...seen.values()];
  };

  const userMessages = (): string[] => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const r of requests) {
      if (r.side) continue;
      for (const t of extractUserTexts(r.body)) {
        if (seen.has(t)) continue;
        seen.add(t);
        out.push(t);
      }
    }
    return out;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    scenario,
    requests,
    issued,
    setVars(v) {
      vars = { ...vars, ...v };
    },
    turnsServed: () => nextTurn,
    release() {
      const r = releaseHeld;
      releaseHeld = [];
      if (r.length === 0) releaseCredits += 1;
      for (const f of r) f();
    },
    releaseAll() {
      released = true;
      const r = releaseHeld;
      releaseHeld = [];
      for (const f of r) f();
    },
    waitForTurn(index, timeoutMs) {
      return waitFor(() => (nextTurn > index ? true : undefined), timeoutMs, `scenario turn ${index}`).then(
        () => undefined,
      );
    },
    waitForToolResult(id, timeoutMs = 15_000) {
      return waitFor(
        () => {
          const want = id ?? issued[issued.length - 1]?.id;
          if (!want) return undefined;
          return toolResults().find((t) => t.id === want);
        },
        timeoutMs,
        `tool result for ${id ?? 'the latest tool use'}`,
      );
    },
    toolResults,
    userMessages,
    waitForUserMessage(predicate, timeoutMs = 15_000) {
      return waitFor(() => userMessages().find(predicate), timeoutMs, 'a matching user message');
    },
    async stop() {
      released = true;
      for (const f of releaseHeld) f();
      releaseHeld = [];
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
