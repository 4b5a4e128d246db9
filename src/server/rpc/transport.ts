/**
 * Creates the JSON-RPC connection for the transport the server was started with:
 * `--stdio` (scripts, tests, other tools; frames are guarded) or `--node-ipc` (the editor).
 */
import {
  createConnection,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  type Connection,
} from 'vscode-languageserver/node';
import { MAX_MESSAGE_BYTES } from '../../shared/protocol';
import { FrameGuard } from './frame-guard';

type Transport = 'stdio' | 'node-ipc';

export function transportFromArgs(argv: readonly string[]): Transport | undefined {
  if (argv.includes('--stdio')) return 'stdio';
  if (argv.includes('--node-ipc')) return 'node-ipc';
  return undefined;
}

export function connect(transport: Transport): Connection {
  if (transport === 'node-ipc') return createConnection(ProposedFeatures.all);
  const writer = new StreamMessageWriter(process.stdout);
  const guard = new FrameGuard(MAX_MESSAGE_BYTES, (rejected) => {
    void writer.write({
      jsonrpc: '2.0',
      id: rejected.id,
      error: { code: rejected.rpcCode, message: rejected.message, data: { code: rejected.code } },
    } as Parameters<typeof writer.write>[0]);
  });
  process.stdin.pipe(guard);
  // The client went away: nothing can reach this server any more.
  guard.on('end', () => setImmediate(() => process.exit(0)));
  return createConnection(ProposedFeatures.all, new StreamMessageReader(guard), writer);
}
