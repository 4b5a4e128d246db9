// A stdio MCP server for the corpus scenarios: one tool, `create_ticket`, whose result names the
// ticket it created. Newline-delimited JSON-RPC as the MCP stdio transport specifies; no network.
'use strict';
const readline = require('node:readline');

const TOOLS = [
  {
    name: 'create_ticket',
    description: 'Create a ticket in the project tracker',
    inputSchema: {
      type: 'object',
      properties: { title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'normal', 'high'] } },
      required: ['title'],
    },
  },
];

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

function result(method, params) {
  switch (method) {
    case 'initialize':
      return {
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'tickets', version: '1.0.0' },
      };
    case 'tools/list':
      return { tools: TOOLS };
    case 'tools/call': {
      const title = String(params.arguments?.title ?? '');
      return { content: [{ type: 'text', text: `Created ticket T-42: ${title}` }] };
    }
    default:
      return {};
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return;
  send({ jsonrpc: '2.0', id: message.id, result: result(message.method, message.params ?? {}) });
});
