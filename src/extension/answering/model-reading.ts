/**
 * The model path of text resolution (design 001, `ModelInterpretedLowRisk`): a language model from
 * VS Code's language-model API reads the person's reply against the step's closed set of options
 * and may only name one stored option id, or `none`. Anything else it says counts as `none`. The
 * server checks the choice again, and the person confirms the option before anything is typed.
 */
import * as vscode from 'vscode';
import type { TextResolution } from '../../shared/contract';
import { codedError } from '../../shared/errors';

type ModelNeeded = Extract<TextResolution, { status: 'model_needed' }>;

function instructions(need: ModelNeeded, reply: string): string {
  const options = need.options.map((o) => `- ${o.option_id}: ${o.label}${o.description ? ` (${o.description})` : ''}`);
  return [
    'A coding agent asked a person a question. Decide which one option the person’s reply chooses.',
    'Answer with exactly one option id from the list, or with the single word none when the reply does not',
    'clearly choose exactly one option (a question, a condition, several options, or anything else). No other text.',
    '',
    `Question: ${need.prompt}`,
    'Options:',
    ...options,
    '',
    `Reply: ${reply}`,
  ].join('\n');
}

/** The option id the model names for the reply, or `none`. */
export async function readWithModel(need: ModelNeeded, reply: string): Promise<string> {
  const [model] = await vscode.lm.selectChatModels();
  if (!model) {
    throw codedError(
      'text_unresolved',
      vscode.l10n.t('no language model is available to read the reply; choose an option instead'),
    );
  }
  const cancel = new vscode.CancellationTokenSource();
  const timer = setTimeout(() => cancel.cancel(), 30_000);
  try {
    const response = await model.sendRequest(
      [vscode.LanguageModelChatMessage.User(instructions(need, reply))],
      { justification: vscode.l10n.t('Agent Knock Knock reads your reply as one of the options the agent offered.') },
      cancel.token,
    );
    let said = '';
    for await (const part of response.text) said += part;
    const word = said.trim().replace(/^[`'"]+|[`'".]+$/g, '');
    return need.options.some((o) => o.option_id === word) ? word : 'none';
  } finally {
    clearTimeout(timer);
    cancel.dispose();
  }
}
