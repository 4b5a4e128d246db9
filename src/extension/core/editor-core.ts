/** What answering and qualification are given: the server, the log and the pending steps. */
import type * as vscode from 'vscode';
import type { PendingInteractions } from './pending';
import type { ServerClient } from './server-client';

export interface EditorCore {
  client: ServerClient;
  log: vscode.LogOutputChannel;
  pending: PendingInteractions;
}
