/**
 * End-to-end set-up: a real agent in tmux against the fake model, and the built AKK server over
 * stdio attached to it. Everything the test does to the agent goes through `akk/*` methods.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strict as assert } from 'node:assert';
import { PermissionProjection, TerminalInteraction } from '../../src/shared/contract';
import { NOTIFICATIONS, REQUESTS, type InteractionRequiredParams, type StatusResult } from '../../src/shared/protocol';
import { startFakeModel, type FakeModel } from '../../src/qualify/fake-model';
import type { Scenario } from '../../src/qualify/fake-model/types';
import { launchAgent, type Launched, type LaunchOptions } from '../../src/qualify/launch';
import { stableView } from '../../src/qualify/normalise';
import { NEWEST, type AgentName } from '../../src/qualify/versions';
import { stopAfterTest } from './agent-fixture';
import { StdioServer, type RpcMessage } from './rpc-client';
import { sleep, until } from '../../src/qualify/wait';

export interface ServerAgent {
  model: FakeModel;
  term: Launched;
  server: StdioServer;
  storageDir: string;
  sessionId: string;
  /**
   * Restarts the server on the same store (after a crash, say). `options` are added to the
   * initialization options: a reloaded window connects with a new `ownerId`, say.
   */
  restart(env?: NodeJS.ProcessEnv, options?: Record<string, unknown>): Promise<void>;
  status(): Promise<StatusResult>;
  /** Polls status until `ready` holds. */
  waitStatus(ready: (s: StatusResult) => boolean, timeoutMs?: number, what?: string): Promise<StatusResult>;
  call(method: string, params: unknown, timeoutMs?: number): Promise<RpcMessage>;
  stop(): Promise<void>;
}

/**
 * Extra client arguments and agent config lines for the launch (e.g. `--enable default_mode_request_user_input`),
 * and the client version and pane size when not the newest version at 120x40.
 */
export type LaunchExtras = Pick<LaunchOptions, 'args' | 'config' | 'workspace' | 'rendering' | 'env' | 'prepareHome'> &
  Partial<Pick<LaunchOptions, 'version' | 'size'>>;

/**
 * The agent in tmux, its fake model, and `dist/server.js --stdio` attached to it (`serverJs`: another
 * build of the server, such as an installed copy's, test/support/installed-copy.ts).
 */
export async function startServerAgent(
  agent: AgentName,
  scenario: Scenario,
  env: NodeJS.ProcessEnv = {},
  launch: LaunchExtras = {},
  serverOptions: Record<string, unknown> = {},
  serverJs?: string,
): Promise<ServerAgent> {
  const model = await startFakeModel(scenario);
  const { version = NEWEST[agent], size = { cols: 120, rows: 40 }, ...extras } = launch;
  const term = await launchAgent({ agent, version, size, modelUrl: model.url, ...extras }).catch(async (e: unknown) => {
    await model.stop();
    throw e;
  });
  model.setVars({ workDir: term.workDir });
  const storageDir = mkdtempSync(join(tmpdir(), 'akk-e2e-'));
  let server = new StdioServer(['--stdio'], { ...process.env, ...env }, serverJs);
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.stop().catch(() => undefined);
    await term.stop();
    await model.stop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  // From here on the fixture stops everything after the test, even when the set-up fails.
  stopAfterTest({ term, stop });
  const init = async (options: Record<string, unknown> = {}): Promise<void> => {
    const r = await server.initialize({ storageDir, ownerId: 'e2e-owner', ...serverOptions, ...options });
    assert.ok(r.result, `initialize failed: ${JSON.stringify(r.error)}`);
  };
  await init();
  const attached = await server.call(REQUESTS.attachSession.method, {
    tmux: { socket: term.socket, target: term.target },
  });
  assert.ok(attached.result, `attach failed: ${JSON.stringify(attached.error)}`);
  const sessionId = (attached.result as { session_id: string }).session_id;
  const self: ServerAgent = {
    model,
    term,
    get server() {
      return server;
    },
    storageDir,
    sessionId,
    async restart(restartEnv: NodeJS.ProcessEnv = {}, options: Record<string, unknown> = {}) {
      if (server.exitCode === undefined) await server.stop();
      server = new StdioServer(['--stdio'], { ...process.env, ...restartEnv }, serverJs);
      await init(options);
    },
    status: () => sessionStatus(server, sessionId),
    waitStatus: (ready, timeoutMs, what) =>
      waitForStatus(
        () => self.status(),
        ready,
        term,
        timeoutMs,
        what,
        () => server.logLines('', 20),
      ),
    call: (method, params, timeoutMs) => server.call(method, params, timeoutMs),
    stop,
  };
  return self;
}

/** The session's status, checked against the public contract. */
export async function sessionStatus(server: StdioServer, sessionId: string): Promise<StatusResult> {
  const r = await server.call(REQUESTS.status.method, { session_id: sessionId });
  assert.ok(r.result, `status failed: ${JSON.stringify(r.error)}`);
  const result = r.result as StatusResult;
  // Every projection the server publishes must satisfy the public contract.
  if (result.interaction) TerminalInteraction.parse(result.interaction);
  if (result.permission) PermissionProjection.parse(result.permission);
  return result;
}

/** Polls `status` until `ready` holds; the error shows the last status, the agent's screen and the server's log. */
export async function waitForStatus(
  status: () => Promise<StatusResult>,
  ready: (s: StatusResult) => boolean,
  term: Launched,
  timeoutMs = 30_000,
  what = 'status',
  log?: () => string,
): Promise<StatusResult> {
  const deadline = Date.now() + timeoutMs;
  let last: StatusResult | undefined;
  while (Date.now() < deadline) {
    last = await status();
    if (ready(last)) return last;
    await sleep(200);
  }
  // Why the step was left to the terminal comes first: a summary that keeps one line keeps it.
  const manual = last?.manual_reason ? ` (left to the terminal: ${last.manual_reason})` : '';
  const screen = await term.capture();
  const said = log ? `\nthe server's last log lines:\n${log()}` : '';
  throw new Error(`timed out waiting for ${what}${manual}; last status: ${JSON.stringify(last)}\n${screen}${said}`);
}

/** Types a composer prompt in the agent's terminal, as the user would, to start a turn. */
export async function userPrompt(term: Launched, text: string): Promise<void> {
  await term.waitForSettled((s) => s.includes('❯') || s.includes('›'), 30_000, 300, 'the idle prompt');
  await term.sendText(text);
  await sleep(300);
  await term.sendKeys('Enter');
}

/** `akk/approve` of the status's permission with `decision`, echoing the revision it showed. */
export function approve(a: Pick<ServerAgent, 'call'>, s: StatusResult, decision: 'approve_once' | 'reject') {
  return a.call(
    REQUESTS.approve.method,
    {
      interaction_id: s.permission?.interaction_id,
      turn_id: s.permission?.turn_id,
      decision,
      expected_revision: s.revision,
    },
    30_000,
  );
}

/** The current question of a status, asserted present. */
export function question(s: StatusResult) {
  const i = s.interaction;
  const q = i?.questions[0];
  assert.ok(i && q, `no question pending: ${JSON.stringify(s)}`);
  return { i, q };
}

/** The opaque id of the option labelled `label` in the current question. */
export function optionId(s: StatusResult, label: string): string {
  const { q } = question(s);
  const o = q.options.find((x) => x.label === label);
  assert.ok(o, `no option "${label}" in ${JSON.stringify(q.options.map((x) => x.label))}`);
  return o.option_id;
}

/** Answers the current question of `s` with one typed answer. */
export async function respond(a: ServerAgent, s: StatusResult, answer: unknown) {
  const { i } = question(s);
  return a.call(
    REQUESTS.respondInteraction.method,
    { interaction_id: i.interaction_id, turn_id: i.turn_id, answers: [answer] },
    30_000,
  );
}

/** The id of the step a status shows (its questionnaire's or its permission's). */
const stepIdOf = (s: StatusResult): string | undefined =>
  s.interaction?.interaction_id ?? s.permission?.interaction_id ?? undefined;

/**
 * Answers a step as a person in the panel would: the step `find` names is read, then `send`
 * answers it. A step the agent redrew between the reading and the answer (a late frame, on a busy
 * machine) is refused as stale_revision, which types nothing; the person then answers the step
 * as it is now shown, under its new id: so does this, three times at most. Any other outcome,
 * and the third refusal, is returned as it is.
 */
export async function answerAsShown(
  a: ServerAgent,
  find: (s: StatusResult) => boolean,
  what: string,
  send: (s: StatusResult) => Promise<RpcMessage>,
): Promise<{ s: StatusResult; r: RpcMessage }> {
  let stale: string | undefined;
  for (let attempt = 1; ; attempt++) {
    const s = await a.waitStatus((x) => find(x) && stepIdOf(x) !== stale, 30_000, what);
    const r = await send(s);
    if (r.error?.data?.code !== 'stale_revision' || attempt >= 3) return { s, r };
    stale = stepIdOf(s);
  }
}

/** Resolves once the client was told the agent waits on a step left to the terminal, for `reason`. */
export async function toldLeftToTerminal(a: ServerAgent, reason: string): Promise<InteractionRequiredParams> {
  const told = await until(
    `the client to be told the step is left to the terminal (${reason})`,
    () =>
      a.server.notifications.find(
        (n) =>
          n.method === NOTIFICATIONS.interactionRequired &&
          (n.params as InteractionRequiredParams).manual_reason === reason,
      ),
    10_000,
  );
  const params = told.params as InteractionRequiredParams;
  assert.equal(params.interaction, null);
  assert.equal(params.permission, null);
  return params;
}

/**
 * Over `ms`, the screen stays as it was (its animations aside) and the model receives nothing
 * beyond the `answered` earlier steps' answers (none by default).
 */
export async function nothingTyped(a: ServerAgent, ms = 2000, answered = 0): Promise<void> {
  const before = stableView(await a.term.capture());
  await sleep(ms);
  assert.equal(stableView(await a.term.capture()), before, 'the screen changed: something was typed');
  assert.equal(a.model.toolResults().length, answered, 'the model received an answer');
}
