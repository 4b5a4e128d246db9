// What a client's request to the fake model carries, in each vendor's wire format: whether it is a
// main-conversation request, the person's texts and the tool results sent back.
import { googleToolResults, googleUserTexts } from './google';
import type { ToolResult, WireApi } from './types';

/** Codex asks for a thread title with a JSON schema output format `{title}`. */
export function wantsTitle(body: unknown): boolean {
  const fmt = (
    body as { text?: { format?: { type?: string; schema?: { properties?: Record<string, unknown> } } } } | null
  )?.text?.format;
  return fmt?.type === 'json_schema' && fmt.schema?.properties?.title !== undefined;
}

/** Main-conversation requests offer tools; title and quota requests do not. */
export function isMainRequest(api: WireApi, body: unknown): boolean {
  const b = body as { tools?: unknown; input?: unknown } | null;
  const tools = b?.tools;
  if (api === 'anthropic') {
    return Array.isArray(tools) && tools.some((t: unknown) => (t as { name?: unknown }).name === 'Bash');
  }
  if (wantsTitle(body)) return false;
  if (Array.isArray(tools) && tools.length > 0) return true;
  // Models with code mode receive their tools as an `additional_tools` input item.
  return Array.isArray(b?.input) && (b.input as Array<{ type?: unknown }>).some((i) => i.type === 'additional_tools');
}

/** Every user message text in one request body (Messages API or Responses API). */
export function extractUserTexts(body: unknown): string[] {
  const out: string[] = [];
  const b = body as { messages?: unknown; input?: unknown } | null;
  const items = [
    ...(Array.isArray(b?.messages) ? (b.messages as unknown[]) : []),
    ...(Array.isArray(b?.input) ? (b.input as unknown[]) : []),
  ] as Array<{ role?: unknown; content?: unknown }>;
  for (const m of items) {
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') out.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const c of m.content as Array<{ type?: string; text?: string }>) {
        if ((c.type === 'text' || c.type === 'input_text') && typeof c.text === 'string') out.push(c.text);
      }
    }
  }
  return [...out, ...googleUserTexts(body)];
}

/** Every tool result contained in one request body. */
export function extractToolResults(body: unknown, seq: number): ToolResult[] {
  const out: ToolResult[] = [];
  const b = body as { messages?: unknown; input?: unknown } | null;
  if (b && Array.isArray(b.messages)) {
    for (const m of b.messages as Array<{ content?: unknown }>) {
      if (!Array.isArray(m.content)) continue;
      for (const c of m.content as Array<Record<string, unknown>>) {
        if (c.type !== 'tool_result') continue;
        let text = '';
        if (typeof c.content === 'string') text = c.content;
        else if (Array.isArray(c.content)) {
          text = (c.content as Array<{ type?: string; text?: string }>)
            .filter((x) => x.type === 'text')
            .map((x) => x.text ?? '')
            .join('\n');
        }
        out.push({ id: String(c.tool_use_id), content: text, isError: c.is_error === true, requestSeq: seq });
      }
    }
  }
  if (b && Array.isArray(b.input)) {
    for (const it of b.input as Array<Record<string, unknown>>) {
      if (it.type !== 'function_call_output' && it.type !== 'custom_tool_call_output') continue;
      const o = it.output;
      let text: string;
      if (typeof o === 'string') text = o;
      else if (o && typeof o === 'object' && typeof (o as { content?: unknown }).content === 'string')
        text = (o as { content: string }).content;
      else if (Array.isArray(o)) text = (o as Array<{ text?: string }>).map((x) => x.text ?? '').join('\n');
      else text = JSON.stringify(o);
      out.push({ id: String(it.call_id), content: text, isError: false, requestSeq: seq });
    }
  }
  return [...out, ...googleToolResults(body, seq)];
}
