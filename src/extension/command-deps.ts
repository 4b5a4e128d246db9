/** What every command handler is given: the client, the log and the views it updates. */
import type * as vscode from 'vscode';
import type { AgentTerminals } from './agent-terminals';
import type { PendingInteractions } from './pending';
import type { QuestionPanel } from './question-panel';
import type { ServerClient } from './server-client';
import type { SessionMutes } from './session-mutes';
import type { SessionsTree } from './sessions-tree';
import type { TerminalWatch } from './terminal-watch';
import type { TmuxLocator } from './tmux-found';

export interface CommandDeps {
  client: ServerClient;
  log: vscode.LogOutputChannel;
  sessions: SessionsTree;
  terminals: AgentTerminals;
  pending: PendingInteractions;
  panel: QuestionPanel;
  watch: TerminalWatch;
  mutes: SessionMutes;
  /** The tmux the server found, which new sessions start in. */
  tmux: TmuxLocator;
}
