// Anthropic Messages API streaming events for one scripted model turn.
import type { ToolCall } from './types';

interface ContentBlockOut {
  type: 'text' | 'tool_use';
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
}

/** The content blocks of one turn: its text, then its tool call (ids assigned by `toolId`). */
export function messageBlocks(
  text: string | undefined,
  call: ToolCall | undefined,
  toolId: () => string,
): ContentBlockOut[] {
  const blocks: ContentBlockOut[] = [];
  if (text) blocks.push({ type: 'text', text });
  if (call) {
    if (!('input' in call)) throw new Error(`the Messages API has no custom tool (${call.name})`);
    blocks.push({ type: 'tool_use', id: toolId(), name: call.name, input: call.input });
  }
  if (blocks.length === 0) blocks.push({ type: 'text', text: 'OK.' });
  return blocks;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function messageStart(id: string, model: string): string {
  return sse('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  });
}

export function messageBody(blocks: ContentBlockOut[]): string {
  let out = '';
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      out += sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: b.text ?? '' },
      });
    } else {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} },
      });
      out += sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input ?? {}) },
      });
    }
    out += sse('content_block_stop', { type: 'content_block_stop', index });
  });
  const stop = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  out += sse('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 20 },
  });
  out += sse('message_stop', { type: 'message_stop' });
  return out;
}

/** Non-streaming reply (some side requests do not stream). */
export function messageJson(id: string, model: string, blocks: ContentBlockOut[]): unknown {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: blocks.map((b) =>
      b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: b.id, name: b.name, input: b.input },
    ),
    stop_reason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 20 },
  };
}
