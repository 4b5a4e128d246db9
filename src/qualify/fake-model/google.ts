// Google's Generative Language API (v1beta), as a client built on Google's gen-AI SDK speaks it:
// `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` for the conversation (server-sent
// events, one GenerateContentResponse per event), `:generateContent` for side requests that want
// one JSON answer (a router's complexity score, a next-speaker check), `:countTokens`. A tool call
// is a `functionCall` part; its result comes back as a `functionResponse` part of a user content.
import type { OfferedTool, ToolCall, ToolResult } from './types';

interface GooglePart {
  text?: string;
  functionCall?: { id: string; name: string; args: Record<string, unknown> };
}

/** The model and method of a Generative Language API path, or undefined for any other path. */
export function googleRoute(url: string): { model: string; method: string } | undefined {
  const m = /^\/v1(?:beta|alpha)?\/models\/([^/:?]+):([A-Za-z]+)(?:\?|$)/.exec(url);
  return m?.[1] && m[2] ? { model: decodeURIComponent(m[1]), method: m[2] } : undefined;
}

/** The functions a request declares (`tools[].functionDeclarations[]`). */
export function googleTools(body: unknown): OfferedTool[] {
  const tools = (body as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) return [];
  return (tools as Array<{ functionDeclarations?: unknown }>).flatMap((t) =>
    Array.isArray(t.functionDeclarations)
      ? (t.functionDeclarations as Array<{ name?: unknown }>)
          .filter((d): d is { name: string } => typeof d.name === 'string')
          .map((d) => ({ name: d.name, type: 'function' }))
      : [],
  );
}

/** A conversation request streams and declares functions; a router or a check asks for one answer without them. */
export function isGoogleMainRequest(method: string, body: unknown): boolean {
  return method === 'streamGenerateContent' && googleTools(body).length > 0;
}

/** The parts of one turn: its text, then its function call (its id assigned by `callId`). */
export function googleParts(text: string | undefined, call: ToolCall | undefined, callId: () => string): GooglePart[] {
  const parts: GooglePart[] = [];
  if (text) parts.push({ text });
  if (call) {
    const args = 'input' in call ? call.input : { input: call.customInput };
    parts.push({ functionCall: { id: callId(), name: call.name, args } });
  }
  if (parts.length === 0) parts.push({ text: 'OK.' });
  return parts;
}

const USAGE = { promptTokenCount: 12, candidatesTokenCount: 20, totalTokenCount: 32 };

function response(model: string, parts: GooglePart[], finished: boolean): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finished ? { finishReason: 'STOP' } : {}) }],
    ...(finished ? { usageMetadata: USAGE } : {}),
    modelVersion: model,
  };
}

/** One server-sent event as the API frames it. */
function event(data: unknown): string {
  return `data: ${JSON.stringify(data)}\r\n\r\n`;
}

/** The stream of one turn: each part as its own event, the last one finishing the candidate. */
export function googleStream(model: string, parts: GooglePart[]): string {
  return parts.map((p, i) => event(response(model, [p], i === parts.length - 1))).join('');
}

/** The whole answer of one non-streaming request. */
export function googleJson(model: string, parts: GooglePart[]): Record<string, unknown> {
  return response(model, parts, true);
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/**
 * A value of the schema a side request asks its answer in (`responseJsonSchema`, or the older
 * `responseSchema`): the fewest words, the smallest number; where an enum offers the user as the
 * one to speak next, the user (the turn ends, as it does after every scripted turn).
 */
function valueOf(schema: JsonSchema | undefined, filler: string): unknown {
  const type = (schema?.type ?? 'string').toLowerCase();
  if (schema?.enum?.length) return schema.enum.includes('user') ? 'user' : schema.enum[0];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema?.properties ?? {})) out[k] = valueOf(v, filler);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return filler;
}

/** The text of a side request's answer: JSON of its schema, or `filler` when it asks for prose. */
export function googleSideText(body: unknown, filler: string): string {
  const config = (body as { generationConfig?: Record<string, unknown> } | null)?.generationConfig ?? {};
  const schema = (config.responseJsonSchema ?? config.responseSchema) as JsonSchema | undefined;
  return schema || config.responseMimeType === 'application/json' ? JSON.stringify(valueOf(schema, filler)) : filler;
}

type Content = { role?: unknown; parts?: unknown };

function contentsOf(body: unknown): Content[] {
  const contents = (body as { contents?: unknown } | null)?.contents;
  return Array.isArray(contents) ? (contents as Content[]) : [];
}

function partsOf(c: Content): Array<Record<string, unknown>> {
  return Array.isArray(c.parts) ? (c.parts as Array<Record<string, unknown>>) : [];
}

/** Every user text of a request, in order. */
export function googleUserTexts(body: unknown): string[] {
  return contentsOf(body)
    .filter((c) => c.role === 'user')
    .flatMap((c) => partsOf(c).flatMap((p) => (typeof p.text === 'string' ? [p.text] : [])));
}

/**
 * Every function result of a request: `response.output` (or the whole response as JSON), an error
 * where the client reports one (`response.error`).
 */
export function googleToolResults(body: unknown, seq: number): ToolResult[] {
  const out: ToolResult[] = [];
  for (const c of contentsOf(body)) {
    for (const p of partsOf(c)) {
      const fr = p.functionResponse as { id?: unknown; name?: unknown; response?: Record<string, unknown> } | undefined;
      if (!fr) continue;
      const r = fr.response ?? {};
      const isError = r.error !== undefined;
      const value = isError ? r.error : r.output;
      const content = typeof value === 'string' ? value : JSON.stringify(value ?? r);
      // Later requests may carry a result again under `<tool>__<id>`: it is the same result.
      const id = String(fr.id ?? fr.name);
      const name = typeof fr.name === 'string' ? fr.name : '';
      out.push({ id: id.startsWith(`${name}__`) ? id.slice(name.length + 2) : id, content, isError, requestSeq: seq });
    }
  }
  return out;
}
