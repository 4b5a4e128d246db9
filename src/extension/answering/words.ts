/**
 * A reply in words to a question step: the server resolves it under the step's policy (an exact
 * alias directly; for a model-interpreted step, the closed set of options a language model may
 * choose from, and then that choice, checked again). The result is only a selection: the person
 * checks it and sends it, and the answer carries the words so the server can read them again.
 */
import * as vscode from 'vscode';
import type { TerminalInteraction } from '../../shared/contract';
import { readWithModel } from './model-reading';
import type { ServerClient } from '../core/server-client';
import { type TextSource } from '../../shared/text-sources';
import { codedError } from '../../shared/errors';

interface ReadReply {
  question_id: string;
  option_id: string;
  label: string;
  via: TextSource;
}

export async function readReply(client: ServerClient, step: TerminalInteraction, text: string): Promise<ReadReply> {
  const ids = { interaction_id: step.interaction_id, turn_id: step.turn_id, text };
  const first = await client.request('resolveText', ids);
  if (first.status === 'resolved') return first;
  const choice = await readWithModel(first, text);
  const checked = await client.request('resolveText', { ...ids, model_choice: choice });
  if (checked.status !== 'resolved')
    throw codedError('text_unresolved', vscode.l10n.t('the reply was not read as any option'));
  return checked;
}
