/**
 * AKK as an MCP server, for any MCP client (a supervising Claude Code or Codex, an IDE agent):
 *   node dist/mcp.js [--socket PATH]
 * It speaks MCP over stdio and reaches the AKK server of a VS Code window through that window's
 * supervisor socket (`--socket`, else AKK_SUPERVISOR_SOCKET, which VS Code sets in its terminals).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AkkLink } from './akk-link';
import { registerSupervisorTools } from './tools';

const VERSION: string = process.env.AKK_VERSION ?? '0.0.0-dev';

function socketFromArgs(argv: readonly string[]): string | undefined {
  const i = argv.indexOf('--socket');
  if (i >= 0) return argv[i + 1];
  return process.env.AKK_SUPERVISOR_SOCKET || undefined;
}

const server = new McpServer(
  { name: 'agent-knock-knock', version: VERSION },
  {
    instructions:
      'Agent Knock Knock supervises coding agents running in VS Code terminals. list_pending shows what they wait ' +
      'on, each step with the revision to answer it at; respond_interaction answers questions (one that is not low ' +
      'risk, such as a plan, once the person confirms); decide_permission asks the person to confirm a permission ' +
      'decision.',
  },
);
const link = new AkkLink(socketFromArgs(process.argv), () => {
  const client = server.server.getClientVersion();
  return client ? `${client.name} ${client.version}`.slice(0, 100) : 'an MCP client';
});
registerSupervisorTools(server, link);

const transport = new StdioServerTransport();
transport.onclose = () => {
  link.close();
  process.exit(0);
};
void server.connect(transport);
