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
import type { PermissionRecognition, Recognition } from '../../adapters/types';
import { fingerprintOf } from '../base/digest';
import { opaqueId } from '../base/ids';
import { ownWordDiffers, versionQualified, wordReceiptsOf, wordStepOf } from '../base/adapters';
import { readTextFile } from '../base/read-text';
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

/** A request held to be answered through its own channel, with the step it asks. */
interface HeldWord {
  word: AgentWord;
  line: HeldLine;
  step: PermissionRecognition;
  fingerprint: string;
  /** The answered tool calls in the agent's own record when the request came (undefined: none kept). */
  receiptsBefore: number | undefined;
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
    if (!session || word.pid === undefined) return Promise.resolve({ handled: false });
    log.info(`${agentLabel(word.agent)} said ${word.event} in session ${session.id}`);
    // Where the screen cannot prove a prompt (a release not qualified here), the request itself is
    // the step, answered through the channel that asked; elsewhere the screen answers it.
    const step = versionQualified(session.agent, session.version, session.profileSource)
      ? undefined
      : wordStepOf(session.agent, word.event, word.input, opaqueId('word'));
    const receiptsBefore = step && wordReceiptsOf(session.agent, word.input, readTextFile);
    // Without the agent's own record of its answered calls, an answer's effect could not be seen.
    if (step === undefined || receiptsBefore === undefined) {
      words.heard(session.id, word);
      return Promise.resolve({ handled: false });
    }
    words.heard(session.id, word, {
      word,
      line,
      step,
      fingerprint: fingerprintOf(step.fingerprintSource),
      receiptsBefore,
    });
    held(session, line);
    return Promise.resolve('holding');
  };
}
