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
import type { Recognition } from '../../adapters/types';
import { ownWordDiffers } from '../base/adapters';
import type { Logger } from '../base/logging';
import type { Session, SessionRegistry } from '../sessions';

interface Heard {
  word: AgentWord;
  /** The fingerprint of the prompt it was held against, once it was. */
  heldAgainst?: string;
}

export class AgentWords {
  private readonly open = new Map<string, Heard>();

  /** Records a word from `session`'s agent: the latest request is the one that is open. */
  heard(sessionId: string, word: AgentWord): void {
    this.open.set(sessionId, { word });
  }

  /**
   * The recognition as both witnesses allow it: the screen's, unless the agent's open request
   * disagrees with the prompt it proves; then manual, with the disagreement in words.
   */
  judge(session: Session, recognition: Recognition, fingerprint: string | null): Recognition {
    const heard = this.open.get(session.id);
    if (!heard) return recognition;
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

  /** Forgets a session's words (it was closed). */
  forget(sessionId: string): void {
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
): (word: AgentWord) => Promise<WordReply> {
  return (word) => {
    const session = registry
      .list()
      .map((s) => registry.get(s.session_id))
      .find((s) => s !== undefined && s.agent === word.agent && s.endpoint?.agentProcess()?.pid === word.pid);
    if (session && word.pid !== undefined) {
      words.heard(session.id, word);
      log.info(`${agentLabel(word.agent)} said ${word.event} in session ${session.id}`);
    }
    return Promise.resolve({ handled: false });
  };
}
