// OpenAI Responses API streaming events for one scripted model turn (Codex).
import type { ModelTurn } from './types';

export interface OutputItem {
  [key: string]: unknown;
  type: 'message' | 'function_call' | 'custom_tool_call';
}

interface ToolInfo {
  name: string;
  type: string;
}

/** Tool names and types offered in a Responses request (top-level, namespaced, or `additional_tools`). */
export function requestTools(body: unknown): ToolInfo[] {
  const out: ToolInfo[] = [];
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
    for (const i of b.input as Array<{ type?: unknown; tools?: unknown }>) if (i.type === 'additional_tools') walk(i.tools);
  }
  return out;
}

function commandCall(tools: ToolInfo[], command: string, extra: Record<string, unknown>): { name: string; args: Record<string, unknown> } {
  const names = new Set(tools.map((t) => t.name));
  if (names.has('exec_command')) return { name: 'exec_command', args: { cmd: command, ...extra } };
  if (names.has('shell_command')) return { name: 'shell_command', args: { command, ...extra } };
  return { name: 'shell', args: { command: ['bash', '-lc', command], ...extra } };
}

export function codexItems(turn: ModelTurn, tools: ToolInfo[], callId: () => string, itemId: () => string): OutputItem[] {
  const items: OutputItem[] = [];
  const text = turn.text ?? (turn.kind === 'text' ? turn.text : undefined);
  if (text) {
    items.push({
      type: 'message',
      id: itemId(),
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
  }
  const fn = (name: string, args: Record<string, unknown>): void => {
    items.push({ type: 'function_call', id: itemId(), call_id: callId(), name, arguments: JSON.stringify(args), status: 'completed' });
  };
  switch (turn.kind) {
    case 'text':
      break;
    case 'codex-questions':
      fn(turn.tool ?? 'request_user_input', { questions: turn.questions });
      break;
    case 'codex-command': {
      const extra: Record<string, unknown> = turn.escalated
        ? { sandbox_permissions: 'require_escalated', justification: turn.justification }
        : {};
      const c = commandCall(tools, turn.command, extra);
      fn(c.name, c.args);
      break;
    }
    case 'codex-patch': {
      const t = tools.find((x) => x.name === 'apply_patch');
      if (t && t.type === 'custom') {
        items.push({ type: 'custom_tool_call', id: itemId(), call_id: callId(), name: 'apply_patch', input: turn.patch, status: 'completed' });
      } else fn('apply_patch', { input: turn.patch });
      break;
    }
    case 'tool':
      fn(turn.name, turn.input);
      break;
    default:
      throw new Error(`turn kind ${turn.kind} is not a Codex turn`);
  }
  if (items.length === 0) {
    items.push({ type: 'message', id: itemId(), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'OK.', annotations: [] }] });
  }
  return items;
}

export function sse(data: { type: string } & Record<string, unknown>): string {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function responseShell(id: string, model: string, status: string, output: OutputItem[]): Record<string, unknown> {
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
      out += sse({ type: 'response.output_text.delta', item_id: item.id, output_index, content_index: 0, delta: content[0]?.text ?? '' });
    } else {
      out += sse({ type: 'response.output_item.added', output_index, item });
    }
    out += sse({ type: 'response.output_item.done', output_index, item });
  });
  out += sse({ type: 'response.completed', response: responseShell(id, model, 'completed', items) });
  return out;
}
