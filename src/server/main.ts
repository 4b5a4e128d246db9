/**
 * The AKK background server. Started by the extension over IPC, or by hand:
 *   node dist/server.js --stdio
 */
import { connect, transportFromArgs } from './rpc/transport';
import { connectionLogger, trapUncaught } from './base/logging';
import { serve } from './server';

const transport = transportFromArgs(process.argv);
if (!transport) {
  process.stderr.write('usage: node dist/server.js --stdio\n');
  process.exit(2);
}
const connection = connect(transport);
const log = connectionLogger(connection);
trapUncaught(log);
serve(connection, log);
