// npm run bench: every section, printed as medians and ratios, never asserted. Sections can be chosen:
//   npm run bench -- store sessions recognition
// store: durable commits at 100 and 100,000 interactions, and while compactions run.
// sessions: detection and idle CPU through the built server (npm run build first), 50 tmux panes.
// recognition: recognition against capture cost, and respond latency against the real Claude Code.
// mirror: an integrated-terminal session's CPU (the screen mirror) against a tmux session's, streaming and idle;
//   and the proof from a program's start (a terminal per start row) on recorded Gemini CLI streams.
// process-table: the portable POSIX process table (ps, lsof) against /proc, read alone and through the server.
// server-start: from spawning the server to its first answers, as the extension meets it on activation.
// agent-hook: what AKK's hook program adds to each permission dialog of a connected agent, against bare node.
// word-latency: notify and answer latency of a Claude Code permission, screen path beside hook path.
// qualify: how long qualifying the newest Claude Code on this machine takes, quiet and beside two busy CPUs
//   (only where that client is installed and the runner built; otherwise it says so and measures nothing).
import { benchAgentHook } from './agent-hook.bench';
import { benchMirror, benchStartRows } from './mirror.bench';
import { benchProcessTable } from './process-table.bench';
import { benchQualify } from './qualify.bench';
import { benchRecognition } from './recognition.bench';
import { benchServerStart } from './server-start.bench';
import { benchSessions } from './sessions.bench';
import { benchStore } from './store.bench';
import { benchWordLatency } from './word-latency.bench';

const SECTIONS: Record<string, () => Promise<void>> = {
  store: benchStore,
  sessions: benchSessions,
  recognition: benchRecognition,
  mirror: async () => {
    await benchMirror();
    await benchStartRows();
  },
  'process-table': benchProcessTable,
  qualify: benchQualify,
  'server-start': benchServerStart,
  'agent-hook': benchAgentHook,
  'word-latency': benchWordLatency,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length > 0 ? wanted : Object.keys(SECTIONS);
  for (const name of names) {
    const run = SECTIONS[name];
    if (!run) throw new Error(`unknown bench section ${name}; sections: ${Object.keys(SECTIONS).join(', ')}`);
    console.log(`\n== ${name}`);
    await run();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
