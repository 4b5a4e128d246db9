/**
 * The hook program AKK adds to an agent (`node dist/agent-hook.js [--dir DIR] <agent> <event>`): it
 * reads the agent's request on standard input and relays it to the AKK servers of this machine
 * (relay.ts), then prints the output the agent acts on. Never in the agent's way: whatever fails
 * (no server, a request it cannot read, an unknown agent), it prints `{}` at once and exits 0.
 */
import { tmpdir } from 'node:os';
import { MAX_WORD_BYTES, defaultWordDir, type AgentWord } from '../shared/agent-word';
import { isAgentName } from '../shared/agents';
import { relay } from './relay';

/** How long a handled request may be held: below the hook timeout Connect registers (`HOOK_TIMEOUT_S`, 3600 s). */
const HOLD_MS = 3_500_000;

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_WORD_BYTES) resolve('');
    });
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', () => resolve(''));
  });
}

async function output(argv: string[], env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  const at = argv.indexOf('--dir');
  const dir = at >= 0 ? argv[at + 1] : defaultWordDir(env.XDG_RUNTIME_DIR, tmpdir(), process.getuid?.() ?? 0);
  const [agent, event] = at >= 0 ? argv.filter((_, i) => i !== at && i !== at + 1) : argv;
  let input: unknown;
  try {
    input = JSON.parse(await readStdin());
  } catch {
    return {};
  }
  if (!isAgentName(agent) || !event || dir === undefined) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return {};
  const pid = Number(env.CLAUDE_PID);
  const word: AgentWord = {
    v: 1,
    agent,
    event,
    ...(Number.isSafeInteger(pid) && pid > 0 ? { pid } : {}),
    ...(env.TMUX_PANE && /^%\d{1,9}$/.test(env.TMUX_PANE) ? { pane: env.TMUX_PANE } : {}),
    input: input as Record<string, unknown>,
  };
  return relay(dir, word, HOLD_MS);
}

void output(process.argv.slice(2), process.env)
  .catch(() => ({}))
  .then((out) => {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    process.exit(0);
  });
