/**
 * Works out the answer key of every captured screen: each scenario of each target is replayed
 * through the model of its client, screen by screen, with the keys the harness recorded beside
 * the screens (`keys`, `next`) and the releases the scenario made. The recognizer is not used.
 */
import { join } from 'node:path';
import { isAgentName, type AgentName } from '../../shared/agents';
import type { Sidecar } from '../capture';
import type { ModelTurn } from '../fake-model/types';
import type { Workspace } from '../scenario-types';
import { scenario as scenarioNamed, type NamedScenario } from '../scenarios';
import { isStoredFixture, loadCorpus, type Fixture } from '../corpus/fixture-corpus';
import { ClaudeModel } from '../../agents/claude/qualify/answer-key/model';
import { CodexModel } from '../../agents/codex/qualify/answer-key/model';
import { GeminiModel } from '../../agents/gemini/qualify/answer-key/model';
import type { Conversation } from './conversation';
import type { Answer, Delivery, Expected, Token } from './types';
import { readCorpusFile } from '../corpus/corpus-store';

export interface ScreenKey {
  fixture: Fixture;
  side: Sidecar;
  expected: Expected;
  /** How the harness answered the step on this screen, and every key it pressed for it from here. */
  answer?: { answer: Answer; keys: Token[]; detour?: string };
  /** What the fake model must have received, where the capture recorded it (`groundTruth`). */
  delivery?: Delivery;
}

interface Pressed {
  token: Token;
  before: string;
  after: string;
  answer?: Answer;
  detour?: string;
}

/** Each agent's model of its client: an agent of the registry without one does not compile. */
type ModelOf = (f: Fixture, turns: readonly ModelTurn[], workspace: Workspace) => Conversation;
const MODELS: { readonly [N in AgentName]: ModelOf } = {
  claude: (f, turns, w) => new ClaudeModel(turns, f.screen.cols, w.files ?? {}, w.startup ?? []),
  codex: (_f, turns, w) => new CodexModel(turns, w.startup ?? [], w.requirements),
  gemini: (f, turns, w) => new GeminiModel(turns, f.screen.cols, w.files ?? {}, w.mcpServers ?? [], w.startup ?? []),
};

function modelFor(f: Fixture, sc: NamedScenario): Conversation {
  if (!isAgentName(f.agent)) throw new Error(`${f.id}: ${f.agent} is not an agent of the registry`);
  return MODELS[f.agent](f, sc.turns, sc.workspace ?? {});
}

/** One scenario of one target: its screens in capture order. */
function replay(screens: Array<{ fixture: Fixture; side: Sidecar }>): ScreenKey[] {
  const first = screens[0];
  if (!first) return [];
  const sc = scenarioNamed(first.side.scenario);
  const model = modelFor(first.fixture, sc);
  const pressed: Pressed[] = [];
  const press = (token: Token): void => {
    const before = model.stepId();
    const effect = model.apply(token);
    pressed.push({ token, before, after: model.stepId(), ...effect });
  };
  const out: Array<ScreenKey & { start: number; stepId: string }> = [];
  let verified = 0;
  for (const { fixture, side } of screens) {
    // The shared idle screen is captured once per target: later scenarios typed their prompt unseen.
    if (side.step > 0) model.promptUnseen();
    side.keys.forEach(press);
    const expected = model.onScreen(model.expected(), fixture.screen.plain);
    const entry = { fixture, side, expected, start: pressed.length, stepId: model.stepId() };
    side.next.forEach(press);
    const release = sc.steps[side.step]?.then?.find((a) => 'release' in a);
    if (release && 'release' in release) model.release(release.release === 'all');
    let delivery: Delivery | undefined;
    if (side.groundTruth) {
      delivery = model.deliveries[verified];
      if (!delivery)
        throw new Error(`${fixture.id}: the capture recorded an answer the model of the client never submitted`);
      verified += 1;
    }
    out.push({ ...entry, ...(delivery ? { delivery } : {}) });
  }
  if (verified !== model.deliveries.length) {
    throw new Error(
      `${first.side.scenario} on ${first.fixture.id}: ` +
        `${model.deliveries.length} answers submitted, ${verified} recorded by the capture`,
    );
  }
  return out.map(({ start, stepId, ...key }) => {
    const left = pressed.findIndex((p, i) => i >= start && p.before === stepId && p.after !== stepId);
    const leaving = pressed[left];
    if (!leaving?.answer) return key;
    const range = pressed.slice(start, left + 1);
    const detour = range.find((p) => p.detour)?.detour;
    return {
      ...key,
      answer: { answer: leaving.answer, keys: range.map((p) => p.token), ...(detour ? { detour } : {}) },
    };
  });
}

/** The answer key of every screen of a corpus (by default the qualified screens in fixtures/), in its order. */
/**
 * The answer key of every screen, worked out from its scenario and the keys pressed. With
 * `unmodelled`, a scenario whose screens the key's model does not follow (a size the client draws
 * otherwise than the sizes it was modelled on) is left out and told there instead of thrown.
 */
export function answerKeys(
  corpus: Fixture[] = loadCorpus(),
  unmodelled?: (scenario: string, why: string) => void,
): ScreenKey[] {
  const groups = new Map<string, Array<{ fixture: Fixture; side: Sidecar }>>();
  for (const fixture of corpus) {
    const side = sidecarOf(fixture);
    const key = `${fixture.dir}\n${side.scenario}`;
    groups.set(key, [...(groups.get(key) ?? []), { fixture, side }]);
  }
  const byId = new Map<string, ScreenKey>();
  for (const screens of groups.values()) {
    screens.sort((a, b) => a.side.step - b.side.step);
    const keys = replayed(screens);
    if (keys instanceof Error) {
      if (!unmodelled) throw keys;
      unmodelled(screens[0]?.side.scenario ?? '?', keys.message);
      continue;
    }
    for (const k of keys) byId.set(k.fixture.id, k);
  }
  return corpus.flatMap((f) => byId.get(f.id) ?? []);
}

/**
 * Worked out once per process for each run of screens (the same fixtures, in the same order): the
 * corpus is read once (fixture-corpus.ts), and every test file that asks for the keys of the same
 * scenarios gets the same keys, or the same reason they cannot be worked out.
 */
const replays = new Map<string, readonly ScreenKey[] | Error>();
const sidecars = new Map<string, Sidecar>();

function sidecarOf(f: Fixture): Sidecar {
  const path = join(f.dir, `${f.base}.json`);
  let side = sidecars.get(path);
  if (!side) {
    side = JSON.parse(readCorpusFile(path)) as Sidecar;
    // A scratch capture's sidecar is read anew each time: its folder may be written again.
    if (isStoredFixture(f)) sidecars.set(path, side);
  }
  return side;
}

function replayed(screens: Array<{ fixture: Fixture; side: Sidecar }>): readonly ScreenKey[] | Error {
  if (!screens.every((s) => isStoredFixture(s.fixture))) return replayedNow(screens);
  const key = screens.map((s) => s.fixture.id).join('\n');
  let keys = replays.get(key);
  if (keys === undefined) {
    keys = replayedNow(screens);
    replays.set(key, keys);
  }
  return keys;
}

function replayedNow(screens: Array<{ fixture: Fixture; side: Sidecar }>): readonly ScreenKey[] | Error {
  try {
    return Object.freeze([...replay(screens)]);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
