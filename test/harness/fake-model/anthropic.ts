// Anthropic Messages API streaming events for one scripted model turn.
import type { ModelTurn } from './types';

export interface ContentBlockOut {
  type: 'text' | 'tool_use';
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
}

/** The content blocks a Claude turn produces (ids already assigned by the caller). */
export function claudeBlocks(turn: ModelTurn, toolId: () => string): ContentBlockOut[] {
  const blocks: ContentBlockOut[] = [];
  if (turn.text) blocks.push({ type: 'text', text: turn.text });
  const tool = (name: string, input: Record<string, unknown>): void => {
    blocks.push({ type: 'tool_use', id: toolId(), name, input });
  };
  switch (turn.kind) {
    case 'text':
      break;
    case 'ask':
      tool('AskUserQuestion', { questions: turn.questions });
      break;
    case 'bash':
      tool('Bash', { command: turn.command, description: turn.description });
      break;
    case 'write':
      tool('Write', { file_path: turn.filePath, content: turn.content });
      break;
    case 'tool':
      tool(turn.name, turn.input);
      break;
    default:
      throw new Error(`turn kind ${turn.kind} is not a Claude turn`);
  }
  if (blocks.length === 0) blocks.push({ type: 'text', text: 'OK.' });
  return blocks;
}

export function sse(event: string, data: unknown): string {
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
      out += sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      out += sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text ?? '' } });
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
  out += sse('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
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
    content: blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: b.id, name: b.name, input: b.input })),
    stop_reason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 20 },
  };
}
