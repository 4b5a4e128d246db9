/**
 * A client's start-up screens, driven by keys: each opens with its cursor on one row; arrows move
 * it and Enter on the accepting row lets the client go on to the next screen, or start. AKK only
 * names them; the person answers. Each client gives its screens, in the order it shows them.
 */
import type { Dialog, DialogStep } from './conversation';
import type { Expected, Token } from './types';

export interface StartupScreen {
  /** The name the recognizer reports (`ManualRecognition.startup`). */
  name: string;
  /** The row under the cursor when the screen opens, and the row whose Enter lets the client start. */
  cursor: number;
  accept: number;
  rows: number;
}

export class StartupDialog implements Dialog {
  private readonly screens: StartupScreen[];
  private index = 0;
  private cursor: number;

  /** `order`: the client's screens by `Workspace.startup` name, in the order it shows them. */
  constructor(order: ReadonlyArray<readonly [string, StartupScreen]>, kept: readonly string[]) {
    const unknown = kept.filter((k) => !order.some(([name]) => name === k));
    if (unknown.length > 0) throw new Error(`no start-up screen named ${unknown.join(', ')}`);
    this.screens = order.filter(([name]) => kept.includes(name)).map(([, screen]) => screen);
    this.cursor = this.screens[0]?.cursor ?? 0;
  }

  private get screen(): StartupScreen {
    return this.screens[this.index] as StartupScreen;
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
