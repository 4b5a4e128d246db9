/**
 * The conversation around the dialogs, as both clients run it against the scripted fake model: a
 * typed prompt is one request that plays the next scenario turn; a held text turn shows the working
 * state until the scenario releases it; a dialog's submitted answer is a tool result, which is the
 * next request; an answer that interrupts the turn reaches the model only with the next prompt.
 */
import type { ModelTurn } from '../fake-model/types';
import type { ClientModel, Delivery, Expected, KeyEffect, Token } from './types';

export interface DialogStep extends KeyEffect {
  /**
   * `submitted`: the tool result goes out now; `interrupted`: the turn ends, the result waits for the
   * next prompt; `closed`: a dialog of the client's own (a start-up screen) is gone, nothing is sent.
   */
  outcome?: 'submitted' | 'interrupted' | 'closed';
  delivery?: Delivery;
}

export interface Dialog {
  expected(): Expected;
  stepId(): string;
  apply(token: Token): DialogStep;
}

/**
 * A question the turn keeps working under (Codex async): answered while the held turn runs, its
 * answer goes out as a message of its own.
 */
export interface Overlay extends Dialog {
  /** Once answered the overlay is gone and the screen shows the working turn. */
  answered(): boolean;
}

export abstract class Conversation implements ClientModel {
  readonly deliveries: Delivery[] = [];
  private turn = -1;
  private state: 'idle' | 'working' | 'dialog' = 'idle';
  private dialog: Dialog | undefined;
  private overlay: Overlay | undefined;
  private composer = '';
  private holdNone = false;
  private pendingOnPrompt: Delivery | undefined;

  constructor(private readonly turns: readonly ModelTurn[]) {}

  /** The dialog a turn opens, or an overlay for a turn that keeps working, or nothing for a text turn. */
  /**
   * The dialog a turn opens, or an overlay for a turn that keeps working, or `continues` for a tool
   * the client runs without asking (its result is the next request).
   */
  protected abstract open(turn: ModelTurn): { dialog?: Dialog; overlay?: Overlay; continues?: boolean };

  /** A model response is played (each turn, whatever its kind); by default nothing follows from it. */
  protected onResponse(_turn: ModelTurn): void {}

  /** The dialog the client opens of its own once the task has ended (rate-limit choices); by default none. */
  protected atTaskEnd(): Dialog | undefined {
    return undefined;
  }

  /** What the screen itself settles about the expectation (a row the client overdrew, say); by default nothing. */
  onScreen(expected: Expected, _plain: readonly string[]): Expected {
    return expected;
  }

  expected(): Expected {
    if (this.state === 'dialog' && this.dialog) return this.dialog.expected();
    if (this.overlay && !this.overlay.answered()) return this.overlay.expected();
    return { kind: 'activity', state: this.state === 'working' ? 'working' : 'idle' };
  }

  stepId(): string {
    if (this.state === 'dialog' && this.dialog) return `turn${this.turn}:${this.dialog.stepId()}`;
    if (this.overlay && !this.overlay.answered()) return `turn${this.turn}:overlay:${this.overlay.stepId()}`;
    return `${this.state}:${this.turn}`;
  }

  /** The first captured screen of a scenario after the shared idle screen: its prompt was typed unseen. */
  promptUnseen(): void {
    if (this.turn === -1 && this.state === 'idle') this.request();
  }

  /** The client opens with a dialog of its own (start-up screens) before its first prompt. */
  protected startWith(dialog: Dialog): void {
    this.dialog = dialog;
    this.state = 'dialog';
  }

  apply(token: Token): KeyEffect {
    if (this.state === 'dialog' && this.dialog) {
      const { outcome, delivery, ...effect } = this.dialog.apply(token);
      if (outcome === 'submitted') {
        if (delivery) this.deliveries.push(delivery);
        this.dialog = undefined;
        this.request();
      } else if (outcome === 'interrupted') {
        this.pendingOnPrompt = delivery;
        this.dialog = undefined;
        this.state = 'idle';
      } else if (outcome === 'closed') {
        this.dialog = undefined;
        this.state = 'idle';
      }
      return effect;
    }
    if (this.overlay && !this.overlay.answered()) {
      const { delivery, ...effect } = this.overlay.apply(token);
      if (delivery) this.deliveries.push(delivery);
      return effect;
    }
    if (this.state !== 'idle') throw new Error(`a key (${token}) was sent while the turn was working`);
    if (token.startsWith('text:')) this.composer += token.slice(5);
    else if (token === 'Enter' && this.composer !== '') {
      this.composer = '';
      if (this.pendingOnPrompt) this.deliveries.push(this.pendingOnPrompt);
      this.pendingOnPrompt = undefined;
      this.request();
    } else throw new Error(`unexpected key ${token} at the idle prompt`);
    return {};
  }

  release(all: boolean): void {
    if (all) this.holdNone = true;
    if (this.state !== 'working') return;
    const answered = this.overlay?.answered() === true;
    this.overlay = undefined;
    this.state = 'idle';
    // The held turn ends; the answer to a question it worked under goes out as the next request.
    if (answered) this.request();
    else this.taskEnded();
  }

  /** The task has ended (idle): the client may open a dialog of its own. */
  private taskEnded(): void {
    const dialog = this.atTaskEnd();
    if (!dialog) return;
    this.dialog = dialog;
    this.state = 'dialog';
  }

  /** One request to the model: it plays the next turn. */
  private request(): void {
    this.turn += 1;
    const turn = this.turns[this.turn];
    if (!turn) {
      this.state = 'idle';
      this.taskEnded();
      return;
    }
    this.onResponse(turn);
    if (turn.kind === 'text') {
      this.state = turn.hold && !this.holdNone ? 'working' : 'idle';
      if (this.state === 'idle') this.taskEnded();
      return;
    }
    const opened = this.open(turn);
    if (opened.dialog) {
      this.dialog = opened.dialog;
      this.state = 'dialog';
    } else if (opened.overlay) {
      this.overlay = opened.overlay;
      // The tool is accepted at once and the conversation goes on under the question.
      this.request();
    } else if (opened.continues) this.request();
  }
}

/** U+FE0F does not survive the terminal (fixtures/README.md): a label as drawn and as answered. */
export function drawn(label: string): string {
  return label.replace(/\uFE0F/g, '');
}

export function digit(token: Token): number | undefined {
  return /^[1-9]$/.test(token) ? Number(token) : undefined;
}
