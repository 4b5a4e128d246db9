// A scenario session: fake model + real client in tmux, with verified key input. Shared by the
// live tier and the fixture capture driver.
import { startFakeModel, type FakeModel } from './fake-model';
import { launchAgent, type Launched } from './launch';
import { stableView } from './normalise';
import type { Action, Matcher, NamedScenario } from './scenarios';
import type { AgentName, TermSize } from './versions';
import { sleep } from './wait';
import type { Rendering } from '../shared/rendering';

export interface Session {
  fm: FakeModel;
  term: Launched;
  /** Every key or text sent since the last `takeKeyLog()`, in tmux notation. */
  takeKeyLog(): string[];
  /** Waits for the matcher (settled unless animated) and returns the plain screen. */
  screen(
    m: Matcher | ((s: string) => boolean),
    opts?: { timeoutMs?: number; animated?: boolean; what?: string },
  ): Promise<string>;
  /** Sends keys one at a time, proving each took effect by recapture. */
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  prompt(text: string): Promise<void>;
  perform(action: Action): Promise<void>;
  stop(): Promise<void>;
}

interface SessionOptions {
  agent: AgentName;
  version: string;
  size?: TermSize;
  scenario: NamedScenario;
  /** Records the client's raw output into this file (see LaunchOptions.recordStream). */
  recordStream?: string;
  /** The theme, colour depth and background it draws under (see LaunchOptions.rendering). */
  rendering?: Rendering;
  /** The exact executable to run (see LaunchOptions.binary). */
  binary?: string;
}

function matches(screen: string, m: Matcher): boolean {
  return (
    m.all.every((s) => screen.includes(s)) &&
    (m.any === undefined || m.any.some((s) => screen.includes(s))) &&
    !(m.none ?? []).some((s) => screen.includes(s))
  );
}

function describe(m: Matcher): string {
  const any = m.any ? ` and one of [${m.any.join(', ')}]` : '';
  return `[${m.all.map((s) => JSON.stringify(s)).join(', ')}]${any}${m.none ? ` without [${m.none.join(', ')}]` : ''}`;
}

/**
 * Digit of the numbered row labelled `label`: an exact label (a trailing '.' ignored) wins, else the
 * only row whose label starts with `label`. Labels end at two spaces (Codex's description column, a box's
 * padding).
 */
function rowDigit(screen: string, label: string): string | undefined {
  const rows: Array<{ digit: string; label: string }> = [];
  for (const line of screen.split('\n')) {
    const m = /^[\s│]*[❯›●]?\s*(\d)\.\s+(?:\[.\]\s+)?(.*?)(?:\s{2,}.*)?$/.exec(line);
    if (m?.[1] && m[2] !== undefined) rows.push({ digit: m[1], label: m[2].trim() });
  }
  const exact = rows.filter((r) => r.label === label || r.label.replace(/\.$/, '') === label);
  if (exact.length > 0) return exact[exact.length - 1]?.digit;
  const prefix = rows.filter((r) => r.label.startsWith(label));
  return prefix.length === 1 ? prefix[0]?.digit : undefined;
}

/** The row that carries the cursor (Claude `❯`, Codex `›`, Gemini CLI `●`) in the bottom part of the screen. */
function focusedRow(screen: string): string | undefined {
  const lines = screen.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] ?? '';
    if (/^[\s│]*[❯›●]\s*\d+\./.test(l)) return l;
  }
  return undefined;
}

export async function startSession(opts: SessionOptions): Promise<Session> {
  const fm = await startFakeModel(opts.scenario);
  let term: Launched;
  try {
    term = await launchAgent({
      agent: opts.agent,
      version: opts.version,
      size: opts.size ?? { cols: 120, rows: 40 },
      modelUrl: fm.url,
      args: opts.scenario.args,
      workspace: opts.scenario.workspace,
      recordStream: opts.recordStream,
      ...(opts.rendering ? { rendering: opts.rendering } : {}),
      ...(opts.binary ? { binary: opts.binary } : {}),
    });
  } catch (e) {
    await fm.stop();
    throw e;
  }
  fm.setVars({ workDir: term.workDir });
  let keyLog: string[] = [];

  /** The styled screen without its animations (spinners, blinking bullets): see stableView. */
  const styled = async (): Promise<string> => stableView(await term.capture({ styled: true }));

  /** Waits until the styled screen differs from `before`; false on timeout. */
  const changed = async (before: string, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await styled()) !== before) return true;
      await sleep(30);
    }
    return false;
  };

  const pressOne = async (key: string): Promise<void> => {
    const before = await styled();
    await term.sendKeys(key);
    keyLog.push(key);
    if (await changed(before, 2500)) return;
    // A key that lands within the client's post-paint guard is dropped and leaves the screen as it
    // was: send it again (logged once: the log holds the keys that took effect).
    await term.sendKeys(key);
    if (await changed(before, 4000)) return;
    throw new Error(`key ${key} had no visible effect; screen:\n${await term.capture()}`);
  };

  const session: Session = {
    fm,
    term,
    takeKeyLog() {
      const k = keyLog;
      keyLog = [];
      return k;
    },
    async screen(m, o = {}) {
      const pred = typeof m === 'function' ? m : (s: string): boolean => matches(s, m);
      const what = o.what ?? (typeof m === 'function' ? 'screen' : describe(m));
      const timeoutMs = o.timeoutMs ?? 20_000;
      if (o.animated) return term.waitForScreen(pred, timeoutMs, what);
      return term.waitForSettled(pred, timeoutMs, 400, what, stableView);
    },
    async press(...keys) {
      for (const k of keys) await pressOne(k);
    },
    async type(text) {
      const before = await styled();
      await term.sendText(text);
      keyLog.push(`text:${text}`);
      if (!(await changed(before, 2500))) {
        // Dropped (the client was not taking input yet): nothing was typed, so typing again is safe.
        await term.sendText(text);
        if (!(await changed(before, 4000))) throw new Error(`typing ${JSON.stringify(text)} had no visible effect`);
      }
      await term
        .waitForScreen((s) => s.includes(text.slice(-12)), 3000, `typed text ${JSON.stringify(text)}`)
        .catch(() => undefined);
    },
    async prompt(text) {
      await session.type(text);
      // Codex takes fast text followed by Enter as a paste (Enter becomes a newline): let the burst window pass.
      await sleep(300);
      await pressOne('Enter');
    },
    async perform(a) {
      if ('keys' in a) await session.press(...a.keys);
      else if ('text' in a) await session.type(a.text);
      else if ('paste' in a) {
        await term.paste(a.paste);
        keyLog.push(`paste:${a.paste}`);
      } else if ('release' in a) {
        if (a.release === 'all') fm.releaseAll();
        else fm.release();
      } else if ('prompt' in a) await session.prompt(a.prompt);
      else if ('choose' in a) {
        const screen = await term.capture();
        const d = rowDigit(screen, a.choose);
        if (!d) throw new Error(`no numbered row ${JSON.stringify(a.choose)} on screen:\n${screen}`);
        await pressOne(d);
      } else if ('focus' in a) {
        for (let i = 0; i < 8; i++) {
          const row = focusedRow(await term.capture());
          if (row?.includes(a.focus)) return;
          await pressOne(a.focus_key ?? 'Down');
        }
        throw new Error(`could not focus row ${JSON.stringify(a.focus)}`);
      } else if ('sleep' in a) await sleep(a.sleep);
      else if ('keyFor' in a) {
        const screen = await term.capture();
        const hit = a.keyFor.find((k) => screen.includes(k.when));
        if (!hit)
          throw new Error(`none of ${a.keyFor.map((k) => JSON.stringify(k.when)).join(', ')} on screen:\n${screen}`);
        await pressOne(hit.key);
      }
    },
    async stop() {
      await term.stop();
      await fm.stop();
    },
  };
  return session;
}
