/**
 * An agent's own word as a second witness beside its screen (issue "Claude Code's own word"): the
 * request its hook relayed is bound to the session whose agent process asked, kept while it is open,
 * and held against the prompt the screen proves. Where both are present they must agree, or the
 * step is manual and says why (nothing is typed); where the agent said nothing, the screen alone
 * decides, as before. A request is open from its arrival (it may come just before the dialog is
 * drawn) until the prompt it was held against is gone from the screen.
 */
import type { AgentWord, WordReply } from '../../shared/agent-word';
import { agentLabel } from '../../shared/agents';
import type { Recognition, WordStep } from '../../adapters/types';
import { fingerprintOf } from '../base/digest';
import { opaqueId } from '../base/ids';
import { ownWordDiffers, versionQualified, wordReceiptsOf, wordStepsOf } from '../base/adapters';
import { readAgentRecord } from '../base/read-text';
import type { Logger } from '../base/logging';
import type { Session, SessionRegistry } from '../sessions';

/**
 * A request held open to be answered later: its output written once (the hook program prints it
 * and exits), or let go with nothing to act on. Closed when the agent ends the hook (a person who
 * answers its dialog No ends it) or the connection breaks.
 */
export interface HeldLine {
  /** Writes the output the agent acts on; false when the line was closed or answered already. */
  answer(output: Record<string, unknown>): boolean;
  /** Lets the request go: the agent goes on as without AKK. */
  release(): void;
  open(): boolean;
  onClose(listener: () => void): void;
}

/**
 * A request held to be answered through its own channel, with the steps it asks: one permission, or
 * the questions of a questionnaire, offered one at a time (`step`, the one offered now) while the
 * answers of those before it wait here for the request's one answer.
 */
interface HeldWord {
  word: AgentWord;
  line: HeldLine;
  steps: readonly WordStep[];
  step: WordStep;
  fingerprint: string;
  /** The chosen labels of the questions answered so far, by question text. */
  answers: Readonly<Record<string, readonly string[]>>;
  /** The answered tool calls in the agent's own record when the request came (undefined: none kept). */
  receiptsBefore: number | undefined;
}

/**
 * Keeps the answer to the question offered now and moves to the next one; false (nothing kept)
 * when it is the request's last step, whose answer goes back with all the others.
 */
function keepWordAnswer(held: HeldWord, answers: Readonly<Record<string, readonly string[]>>): boolean {
  const next = held.steps[held.steps.indexOf(held.step) + 1];
  if (next === undefined) return false;
  held.answers = answers;
  held.step = next;
  held.fingerprint = fingerprintOf(next.fingerprintSource);
  return true;
}

interface Heard {
  word: AgentWord;
  /** The fingerprint of the prompt it was held against, once it was. */
  heldAgainst?: string;
  held?: HeldWord;
}

export class AgentWords {
  private readonly open = new Map<string, Heard>();

  /** Records a word from `session`'s agent: the latest request is the one that is open. */
  heard(sessionId: string, word: AgentWord, held?: HeldWord): void {
    this.open.get(sessionId)?.held?.line.release();
    this.open.set(sessionId, held ? { word, held } : { word });
  }

  /** The session's request held to be answered through its channel, while its line is open. */
  held(sessionId: string): HeldWord | undefined {
    const held = this.open.get(sessionId)?.held;
    return held?.line.open() ? held : undefined;
  }

  /**
   * Keeps the answer to the session's question offered now, to go back with the request's one
   * answer, and offers the next (`keepWordAnswer`); false when there is no next.
   */
  keep(sessionId: string, answers: Readonly<Record<string, readonly string[]>>): boolean {
    const held = this.held(sessionId);
    return held !== undefined && keepWordAnswer(held, answers);
  }

  /**
   * The recognition as both witnesses allow it: the screen's, unless the agent's open request
   * disagrees with the prompt it proves; then manual, with the disagreement in words.
   */
  judge(session: Session, recognition: Recognition, fingerprint: string | null): Recognition {
    const heard = this.open.get(session.id);
    if (!heard) return recognition;
    // A request held to be answered through its channel is the step while its line is open: the
    // screen of a session whose release is not qualified proves nothing either way.
    if (heard.held) return heard.held.line.open() ? heard.held.step : recognition;
    const prompt = recognition.kind === 'permission' || recognition.kind === 'questionnaire';
    if (!prompt || fingerprint === null) {
      // The prompt the request was held against is gone: the request was answered one way or another.
      if (heard.heldAgainst !== undefined) this.open.delete(session.id);
      return recognition;
    }
    if (heard.heldAgainst !== undefined && heard.heldAgainst !== fingerprint) {
      // Another prompt: its own request is still to come (or never comes, without hooks).
      this.open.delete(session.id);
      return recognition;
    }
    heard.heldAgainst = fingerprint;
    const why = ownWordDiffers(session.agent, recognition, heard.word.event, heard.word.input);
    if (why === undefined) return recognition;
    return {
      kind: 'manual_required',
      reason: `${agentLabel(session.agent)}'s own request and its screen disagree (${why}): answer in the terminal`,
    };
  }

  /** Forgets a session's words (it was closed), letting a held request go. */
  forget(sessionId: string): void {
    this.open.get(sessionId)?.held?.line.release();
    this.open.delete(sessionId);
  }
}

/** How often a held request's call is looked for in the agent's own record, answered in the terminal. */
const TERMINAL_ANSWER_POLL_MS = 500;

/**
 * A person who answers the dialog Yes in the terminal does not end the agent's hook (its later
 * answer is ignored): once the agent's own record shows the call answered, the request is let go,
 * which ends its step as answered in the terminal. AKK's own answer closes the line first.
 */
function watchTerminalAnswer(session: Session, word: AgentWord, line: HeldLine, before: number, log: Logger): void {
  const watch = setInterval(() => {
    if (!line.open()) return clearInterval(watch);
    const now = wordReceiptsOf(session.agent, word.input, readAgentRecord);
    if (now === undefined || now === before) return;
    clearInterval(watch);
    log.info(`session ${session.id}: its agent's own request was answered in the terminal`);
    line.release();
  }, TERMINAL_ANSWER_POLL_MS);
  watch.unref();
}

/**
 * What the server says to a relayed word: bound to the session whose agent process asked and
 * recorded there, it is heard; the agent is given nothing to act on (its dialog goes on as drawn).
 * A word from a process no session runs is not this server's.
 */
export function hearWords(
  registry: SessionRegistry,
  words: AgentWords,
  log: Logger,
  held: (session: Session, line: HeldLine) => void,
): (word: AgentWord, line: HeldLine) => Promise<WordReply | 'holding'> {
  return (word, line) => {
    const session = registry
      .list()
      .map((s) => registry.get(s.session_id))
      .find((s) => s !== undefined && s.agent === word.agent && s.endpoint?.agentProcess()?.pid === word.pid);
    if (!session || word.pid === undefined) {
      log.info(
        `${agentLabel(word.agent)} said ${word.event} from process ${String(word.pid)}, which no session here runs`,
      );
      return Promise.resolve({ handled: false });
    }
    log.info(`${agentLabel(word.agent)} said ${word.event} in session ${session.id}`);
    // Where the screen cannot prove a prompt (a release not qualified here), the request itself is
    // the step, answered through the channel that asked; elsewhere the screen answers it.
    const steps = versionQualified(session.agent, session.version, session.profileSource)
      ? undefined
      : wordStepsOf(session.agent, word.event, word.input, opaqueId('word'));
    const step = steps?.[0];
    const receiptsBefore = step && wordReceiptsOf(session.agent, word.input, readAgentRecord);
    // Without the agent's own record of its answered calls, an answer's effect could not be seen.
    if (steps === undefined || step === undefined || receiptsBefore === undefined) {
      const record = String(word.input.transcript_path);
      if (steps !== undefined)
        log.info(`session ${session.id}: its agent's record (${record}) cannot be read; not held`);
      words.heard(session.id, word);
      return Promise.resolve({ handled: false });
    }
    words.heard(session.id, word, {
      word,
      line,
      steps,
      step,
      fingerprint: fingerprintOf(step.fingerprintSource),
      answers: {},
      receiptsBefore,
    });
    held(session, line);
    watchTerminalAnswer(session, word, line, receiptsBefore, log);
    return Promise.resolve('holding');
  };
}
