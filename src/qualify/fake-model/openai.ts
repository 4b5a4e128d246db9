// OpenAI Responses API streaming events for one scripted model turn.
import type { OfferedTool, ToolCall } from './types';

interface OutputItem {
  [key: string]: unknown;
  type: 'message' | 'function_call' | 'custom_tool_call';
}

/** Tool names and types offered in a Responses request (top-level, namespaced, or `additional_tools`). */
export function requestTools(body: unknown): OfferedTool[] {
  const out: OfferedTool[] = [];
  const walk = (tools: unknown): void => {
    if (!Array.isArray(tools)) return;
    for (const t of tools as Array<{ name?: unknown; type?: unknown; tools?: unknown }>) {
      if (t.type === 'namespace') walk(t.tools);
      else if (typeof t.name === 'string') out.push({ name: t.name, type: typeof t.type === 'string' ? t.type : '' });
    }
  };
  const b = body as { tools?: unknown; input?: unknown } | null;
  walk(b?.tools);
  if (Array.isArray(b?.input)) {
    for (const i of b.input as Array<{ type?: unknown; tools?: unknown }>)
      if (i.type === 'additional_tools') walk(i.tools);
  }
  return out;
}

/** The output items of one turn: its text as a message, then its tool call (ids assigned by `callId`, `itemId`). */
export function responseItems(
  text: string | undefined,
  call: ToolCall | undefined,
  callId: () => string,
  itemId: () => string,
): OutputItem[] {
  const items: OutputItem[] = [];
  if (text) {
    items.push({
      type: 'message',
      id: itemId(),
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
  }
  if (call) {
    const ids = { id: itemId(), call_id: callId() };
    if ('customInput' in call) {
      items.push({ type: 'custom_tool_call', ...ids, name: call.name, input: call.customInput, status: 'completed' });
    } else {
      const args = JSON.stringify(call.input);
      items.push({ type: 'function_call', ...ids, name: call.name, arguments: args, status: 'completed' });
    }
  }
  if (items.length === 0) {
    items.push({
      type: 'message',
      id: itemId(),
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'OK.', annotations: [] }],
    });
  }
  return items;
}

function sse(data: { type: string } & Record<string, unknown>): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function responseShell(id: string, model: string, status: string, output: OutputItem[]): Record<string, unknown> {
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model,
    output,
    usage:
      status === 'completed'
        ? {
            input_tokens: 12,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 20,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 32,
          }
        : null,
  };
}

export function responseStart(id: string, model: string): string {
  return sse({ type: 'response.created', response: responseShell(id, model, 'in_progress', []) });
}

export function responseBody(id: string, model: string, items: OutputItem[]): string {
  let out = '';
  items.forEach((item, output_index) => {
    if (item.type === 'message') {
      const started = { ...item, status: 'in_progress', content: [] };
      out += sse({ type: 'response.output_item.added', output_index, item: started });
      const content = item.content as Array<{ text: string }>;
      out += sse({
        type: 'response.output_text.delta',
        item_id: item.id,
        output_index,
        content_index: 0,
        delta: content[0]?.text ?? '',
      });
    } else {
      out += sse({ type: 'response.output_item.added', output_index, item });
    }
    out += sse({ type: 'response.output_item.done', output_index, item });
  });
  out += sse({ type: 'response.completed', response: responseShell(id, model, 'completed', items) });
  return out;
}
