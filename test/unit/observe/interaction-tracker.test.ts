/**
 * The interaction tracker on its own: a session's settled screens (real captures of the clients)
 * in, the store's durable steps and the client's notifications out. A real memory store; the
 * session is a stand-in with the few facts the tracker reads (its agent and version, how long its
 * terminal has been quiet).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationName } from '../../../src/shared/protocol';
import { InteractionTracker } from '../../../src/server/observe/interaction-tracker';
import { ScrolledLists } from '../../../src/server/step/scrolled-lists';
import type { ScreenCapture, Session } from '../../../src/server/sessions';
import { openStore, type Store } from '../../../src/server/store';
import { LIST_MOVE_KEYS, LIST_MOVES_SIZE, listMovesDir } from '../../../scripts/qualify/capture-list-moves';
import { moveScreenNames } from '../../../scripts/qualify/capture-moves';
import { scenario } from '../../../src/qualify/scenarios';
import { NEWEST } from '../../../src/qualify/versions';
import { readCorpusFile } from '../../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../../src/qualify/harness-data';
import { sleep, until } from '../../../src/qualify/wait';

const SIZE = { cols: 120, rows: 40 };

/** A stored capture of the newest Claude Code at 120x40, as the session's settled screen. */
function claudeScreen(name: string, generation = 1): ScreenCapture {
  const base = join(FIXTURES, 'claude', NEWEST.claude, '120x40', name);
  return capture(readCorpusFile(`${base}.txt`), readCorpusFile(`${base}.ansi.txt`), SIZE, generation);
}

/** The command the capture's scenario had the model ask to run (from the scenario, not the screen). */
function scenarioCommand(name: string): string {
  const base = join(FIXTURES, 'claude', NEWEST.claude, '120x40', name);
  const side = JSON.parse(readCorpusFile(`${base}.json`)) as { scenario: string };
  const turn = scenario(side.scenario).turns.find((t) => t.kind === 'bash');
  assert.ok(turn && 'command' in turn, `${side.scenario} runs no command`);
  return turn.command;
}

function capture(text: string, styled: string, size: { cols: number; rows: number }, generation = 1): ScreenCapture {
  const rows = (t: string): string => t.split('\n').slice(0, size.rows).join('\n');
  return {
    text: rows(text),
    styled: rows(styled),
    ...size,
    cursor: { x: 0, y: 0, visible: false },
    capturedAt: Date.now(),
    generation,
  };
}

/** The stand-in session: the facts the tracker reads, its terminal quiet for `quietMs`. */
function session(id: string, agent: 'claude' | 'gemini', version: string, quiet: { ms: number }): Session {
  return {
    id,
    agent,
    version,
    profileSource: undefined,
    state: 'waiting_input',
    turnId: undefined,
    uncertain: false,
    generation: 1,
    endpoint: undefined,
    msSinceOutput: () => quiet.ms,
  } as unknown as Session;
}

interface Sent {
  name: NotificationName;
  params: Record<string, unknown>;
}

describe('the interaction tracker, from settled screens to durable steps', function () {
  this.timeout(20_000);
  let store: Store;
  let sent: Sent[];
  let tracker: InteractionTracker;
  const quiet = { ms: 10_000 };
  beforeEach(async () => {
    store = await openStore({ dir: null, maintenanceIntervalMs: 0 });
    sent = [];
    quiet.ms = 10_000;
    tracker = new InteractionTracker({
      store,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      send: (name, params) =>
        Promise.resolve(void sent.push({ name, params: params as unknown as Record<string, unknown> })),
      lists: new ScrolledLists(),
    });
  });
  afterEach(() => store.close());

  const required = (): Sent[] => sent.filter((s) => s.name === 'interactionRequired');

  it('a permission on screen is one durable step, announced once; the same screen again is the same step', async () => {
    const s = session('ses_one', 'claude', NEWEST.claude, quiet);
    const first = await tracker.observe(s, claudeScreen('32-permission-bash'));
    assert.equal(first.interaction?.kind, 'permission');
    assert.equal(store.getInteraction(first.interaction.id)?.status, 'active');
    await until('the step to be announced', () => (required().length > 0 ? true : undefined), 2000);
    const again = await tracker.observe(s, claudeScreen('32-permission-bash'));
    assert.equal(again.interaction?.id, first.interaction.id);
    await sleep(100);
    assert.equal(required().length, 1, JSON.stringify(sent));
    const permission = required()[0]?.params.permission as { interaction_id: string; subject: string };
    assert.equal(permission.interaction_id, first.interaction.id);
    assert.equal(permission.subject, scenarioCommand('32-permission-bash'));
    assert.equal(store.listInteractions({ sessionId: s.id }).length, 1);
  });

  it('another prompt in its place: the first step is invalidated and the new one announced', async () => {
    const s = session('ses_two', 'claude', NEWEST.claude, quiet);
    const bash = await tracker.observe(s, claudeScreen('32-permission-bash'));
    const write = await tracker.observe(s, claudeScreen('42-permission-write'));
    assert.ok(bash.interaction && write.interaction);
    assert.notEqual(write.interaction.id, bash.interaction.id);
    assert.equal(store.getInteraction(bash.interaction.id)?.status, 'invalidated');
    assert.equal(store.getInteraction(write.interaction.id)?.status, 'active');
    await until('the new step to be announced', () =>
      required().some(
        (r) => (r.params.permission as { interaction_id?: string } | null)?.interaction_id === write.interaction?.id,
      )
        ? true
        : undefined,
    );
  });

  it('a step is announced only once its terminal has been quiet, and not at all if replaced meanwhile', async () => {
    const s = session('ses_busy', 'claude', NEWEST.claude, quiet);
    quiet.ms = 0;
    const bash = await tracker.observe(s, claudeScreen('32-permission-bash'));
    await tracker.observe(s, claudeScreen('42-permission-write'));
    quiet.ms = 10_000;
    await until('a step to be announced', () => (required().length > 0 ? true : undefined), 3000);
    await sleep(200);
    const announced = required().map((r) => (r.params.permission as { interaction_id: string }).interaction_id);
    assert.ok(
      !announced.includes(bash.interaction?.id as string),
      `the replaced step was announced: ${announced.join(', ')}`,
    );
    assert.equal(announced.length, 1);
  });

  it('a step the person dismissed is never offered again while its prompt is on screen', async () => {
    const s = session('ses_dismissed', 'claude', NEWEST.claude, quiet);
    const first = await tracker.observe(s, claudeScreen('32-permission-bash'));
    assert.ok(first.interaction);
    await store.dismiss(first.interaction.id, 'answered in the terminal');
    const again = await tracker.observe(s, claudeScreen('32-permission-bash'));
    assert.equal(again.interaction, undefined);
    assert.equal(again.fenced, true);
    assert.equal(store.listInteractions({ sessionId: s.id, statuses: ['active'] }).length, 0);
  });

  it('a screen not proven to be the terminal changes nothing in the store', async () => {
    const s = session('ses_unproven', 'claude', NEWEST.claude, quiet);
    const seen = await tracker.observe(s, {
      ...claudeScreen('32-permission-bash'),
      unproven: 'the mirror is in doubt',
    });
    assert.equal(seen.recognition.kind, 'manual_required');
    assert.equal(store.listInteractions({ sessionId: s.id }).length, 0);
  });

  describe("a window of a scrolled list (Gemini CLI's)", () => {
    const home = (): ScreenCapture => {
      const name = moveScreenNames(LIST_MOVE_KEYS)[0] as string;
      const read = (ext: string): string => readFileSync(join(listMovesDir('0.61.0'), `${name}${ext}`), 'utf8');
      return capture(read('.txt'), read('.ansi.txt'), LIST_MOVES_SIZE);
    };

    it('is told to whoever reads lists, once the terminal is quiet; nothing is offered meanwhile', async () => {
      const s = session('ses_list', 'gemini', '0.61.0', quiet);
      const told: string[] = [];
      tracker.onListToRead(({ session: x, home: w }) => told.push(`${x.id}:${w.cursor ?? 'none'}`));
      const seen = await tracker.observe(s, home());
      assert.equal(seen.recognition.kind, 'manual_required');
      await until('the list to be told', () => (told.length > 0 ? true : undefined), 3000);
      assert.deepEqual(told, ['ses_list:1']);
      assert.equal(store.listInteractions({ sessionId: s.id }).length, 0);
      assert.equal(required().length, 0, 'a list being read is not yet news for the person');
    });

    it('with nobody to read it, is left to the terminal, and the person is told why', async () => {
      const s = session('ses_list_manual', 'gemini', '0.61.0', quiet);
      await tracker.observe(s, home());
      const told = await until('the manual step to be announced', () => required()[0]);
      assert.match(String(told.params.manual_reason), /scroll|out of sight|rows/);
      assert.equal(told.params.interaction, null);
      assert.equal(told.params.permission, null);
    });
  });
});
