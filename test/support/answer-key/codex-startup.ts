/**
 * Codex's start-up screens as the captures of 0.171.0 show them, in the order the client shows
 * them: an update found by the last check (`Update now` under the cursor, then `Skip` and `Skip
 * until next version`), folder trust (`Trust and continue` under the cursor, then `Back to Agent
 * Command Center`), then a model migration (`Try new model` under the cursor, then `Use existing
 * model`). AKK only names them; the person answers with arrows and Enter.
 */
import type { Dialog, DialogStep } from './conversation';
import type { Expected, Token } from './types';

interface Screen {
  name: string;
  /** The row under the cursor when the screen opens, and the row whose Enter lets the client start. */
  cursor: number;
  accept: number;
  rows: number;
}

const SCREENS: Readonly<Record<string, Screen>> = {
  update: { name: 'update', cursor: 0, accept: 1, rows: 3 },
  trust: { name: 'folder-trust', cursor: 0, accept: 0, rows: 2 },
  'model-migration': { name: 'model-migration', cursor: 0, accept: 1, rows: 2 },
};
const ORDER = ['update', 'trust', 'model-migration'];

export class CodexStartupDialog implements Dialog {
  private readonly screens: Screen[];
  private index = 0;
  private cursor: number;

  constructor(kept: readonly string[]) {
    const unknown = kept.filter((k) => !ORDER.includes(k));
    if (unknown.length > 0) throw new Error(`no Codex start-up screen named ${unknown.join(', ')}`);
    this.screens = ORDER.filter((k) => kept.includes(k)).map((k) => SCREENS[k] as Screen);
    this.cursor = this.screens[0]?.cursor ?? 0;
  }

  private get screen(): Screen {
    return this.screens[this.index] as Screen;
  }

  stepId(): string {
    return `startup:${this.screen.name}`;
  }

  expected(): Expected {
    return { kind: 'manual_required', because: 'a start-up screen only the person answers', startup: this.screen.name };
  }

  apply(token: Token): DialogStep {
    const s = this.screen;
    if (token === 'Up' || token === 'Down') {
      this.cursor = Math.max(0, Math.min(s.rows - 1, this.cursor + (token === 'Down' ? 1 : -1)));
      return {};
    }
    if (token !== 'Enter' || this.cursor !== s.accept) throw new Error(`unmodelled key ${token} on ${s.name}`);
    const why = 'a start-up screen AKK never answers: the harness answered it as the person would';
    this.index += 1;
    if (this.index >= this.screens.length) return { answer: { kind: 'not_offered', why }, outcome: 'closed' };
    this.cursor = this.screen.cursor;
    return { answer: { kind: 'not_offered', why } };
  }
}
