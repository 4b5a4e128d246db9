/** What every command handler is given: the client, the log and the views it updates. */
import type { AgentTerminals } from './terminals/agent-terminals';
import type { EditorCore } from './core/editor-core';
import type { QuestionPanel } from './panel/question-panel';
import type { SessionMutes } from './terminals/session-mutes';
import type { SessionsTree } from './terminals/sessions-tree';
import type { TerminalWatch } from './terminals/terminal-watch';
import type { TmuxLocator } from './terminals/tmux-found';

export interface CommandDeps extends EditorCore {
  sessions: SessionsTree;
  terminals: AgentTerminals;
  panel: QuestionPanel;
  watch: TerminalWatch;
  mutes: SessionMutes;
  /** The tmux the server found, which new sessions start in. */
  tmux: TmuxLocator;
}
