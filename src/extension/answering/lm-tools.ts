/**
 * The responder as language-model tools (design 000: the responder is a tool an agent calls), for
 * chat agents in VS Code: list the pending steps, answer a question (by option ids, or in words
 * under the step's text policy), decide a permission. Every call that would type into a terminal
 * first shows the person the exact prompt and the chosen answer (`prepareInvocation`), and VS Code
 * runs it only after they continue. The chat can be set to continue by itself, so every decision
 * on a permission, every answer to a step that is not low risk, and every answer with words or a
 * message of the model's is also asked in AKK's own dialog, shown whole, and sent only after its
 * yes. A call's input comes from a model: it is checked like any other untrusted input, and only
 * what the person was shown is sent.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { z } from 'zod';
import type { Answer, TerminalInteraction } from '../../shared/contract';
import { sendDecision } from './approval';
import { decisionLabels } from './decision-labels';
import type { PendingInteractions, PendingStep } from '../core/pending';
import { errorMessageOf } from '../core/rpc-error';
import type { ServerClient } from '../core/server-client';
import { readReply } from './words';
import { PermissionDecisionKind } from '../../shared/contract';
import { DECISION } from '../../shared/decisions';
import { type TextSource } from '../../shared/text-sources';
import { codedError } from '../../shared/errors';
import { toolRefusal } from './tool-refusal';
import { answerNeedsPerson, decideConfirmed, personConfirms } from './confirmation-flow';
import { confirmation } from './confirmation-text';
import { CONFIRM_UI } from './whole-text';

const Id = z.string().min(1).max(128);
const AnswerInput = z
  .object({
    interaction_id: Id,
    option_ids: z.array(Id).min(1).max(16).optional(),
    text: z.string().min(1).max(100_000).optional(),
    words: z.string().min(1).max(2000).optional(),
    message: z.string().min(1).max(100_000).optional(),
  })
  .strict();
const DecideInput = z
  .object({
    interaction_id: Id,
    decision: PermissionDecisionKind,
    reason: z.string().min(1).max(100_000).optional(),
  })
  .strict();

/** What the person was shown for one call, kept from its confirmation to its run. */
interface Prepared {
  /** Why nothing will be sent (the words named no option, say): the run reports it. */
  refused?: unknown;
  step: PendingStep;
  answers: Answer[];
  fromText?: { text: string; via: TextSource };
  /** As markdown, for the chat's confirmation. */
  shown: string;
  /** The answer as the person reads it: the chosen options' labels, or the words to type. */
  chosen: string;
}

function result(value: unknown): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(value))]);
}

function refusal(error: unknown): vscode.LanguageModelToolResult {
  return result(toolRefusal(error));
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw codedError('invalid_params', `invalid input: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

function stepOf(pending: PendingInteractions, interactionId: string): PendingStep {
  const step = pending.list().find((s) => s.id === interactionId);
  if (!step) throw codedError('not_found', 'no such step is waiting; list the pending steps again');
  return step;
}

/** The typed answer the input names, with the label of what was chosen (for the confirmation). */
async function answerOf(
  client: ServerClient,
  i: TerminalInteraction,
  input: z.infer<typeof AnswerInput>,
): Promise<Omit<Prepared, 'step' | 'shown'>> {
  const q = i.questions[0];
  if (!q) throw codedError('invalid_params', 'the step has no question');
  const ask = (n: number): string =>
    `give ${n === 0 ? 'option_ids, text or words' : 'only one of option_ids, text, words'}`;
  const given = [input.option_ids, input.text, input.words].filter((v) => v !== undefined).length;
  if (given !== 1) throw codedError('invalid_params', ask(given));
  if (input.text !== undefined) {
    if (q.response_kind !== 'free_text')
      throw codedError('invalid_params', 'this question is answered by choosing options');
    return {
      answers: [{ question_id: q.question_id, response_kind: 'free_text', text: input.text }],
      chosen: input.text,
    };
  }
  if (input.words !== undefined) {
    const r = await readReply(client, i, input.words);
    const kind = q.response_kind === 'confirm' ? 'confirm' : 'single_select';
    return {
      answers: [{ question_id: q.question_id, response_kind: kind, selected_option_ids: [r.option_id] }],
      fromText: { text: input.words, via: r.via },
      chosen: r.label,
    };
  }
  const ids = input.option_ids ?? [];
  const labels = ids.map((id) => q.options.find((o) => o.option_id === id)?.label ?? `(unknown option ${id})`);
  const kind = q.response_kind === 'free_text' ? 'single_select' : q.response_kind;
  const answer: Answer =
    kind === 'multi_select'
      ? { question_id: q.question_id, response_kind: kind, selected_option_ids: ids }
      : { question_id: q.question_id, response_kind: kind, selected_option_ids: [ids[0] ?? ''] };
  return { answers: [answer], chosen: labels.join(', ') };
}

/** Who asks, as AKK's own dialog names a language-model tool. */
const toolCaller = (tool: string): string => vscode.l10n.t('A language-model tool of the chat ({0})', tool);

/** Text as markdown that draws exactly that text (no emphasis, link, HTML or heading of its own). */
function asText(text: string): string {
  return new vscode.MarkdownString().appendText(text).value;
}

/** Text as a fenced block drawn verbatim: its fence is longer than any run of backticks in it. */
function codeBlock(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

const keyOf = (input: unknown): string => createHash('sha256').update(JSON.stringify(input)).digest('hex');

export function registerLanguageModelTools(
  client: ServerClient,
  pending: PendingInteractions,
  log: vscode.LogOutputChannel,
): vscode.Disposable[] {
  const prepared = new Map<string, Prepared>();
  const listTool: vscode.LanguageModelTool<Record<string, never>> = {
    invoke: async () => {
      for (const s of pending.list()) await pending.refresh(s.session.session_id);
      return result({
        steps: pending.list().map((s) => ({
          session_id: s.session.session_id,
          agent: s.session.agent,
          interaction: s.status.interaction,
          permission: s.status.permission,
          manual_reason: s.status.manual_reason,
        })),
      });
    },
  };
  const answerTool: vscode.LanguageModelTool<unknown> = {
    prepareInvocation: async (options) => {
      const key = keyOf(options.input);
      let step: PendingStep | undefined;
      let a: Awaited<ReturnType<typeof answerOf>>;
      try {
        const input = parsed(AnswerInput, options.input);
        step = stepOf(pending, input.interaction_id);
        const i = step.status.interaction;
        if (!i) throw codedError('invalid_params', 'this step is a permission prompt: use the permission tool');
        a = await answerOf(client, i, input);
      } catch (error) {
        // Nothing will be typed, so the person is not asked; the run reports why.
        prepared.set(key, { refused: error, step: step as PendingStep, answers: [], shown: '', chosen: '' });
        return { invocationMessage: vscode.l10n.t('Checking the answer') };
      }
      const input = parsed(AnswerInput, options.input);
      const i = step.status.interaction as TerminalInteraction;
      const q = i.questions[0];
      const then = input.message ? vscode.l10n.t('Then, as the agent’s next message: “{0}”', input.message) : '';
      // The prompt, the answer and the message are the agent's and the model's words: shown as text,
      // never read as markdown (which could draw another answer than the one that is sent).
      const shown =
        `**${asText(q?.prompt ?? '')}**\n\n${vscode.l10n.t('Answer: **{0}**', asText(a.chosen))}` +
        (then ? `\n\n${asText(then)}` : '');
      prepared.set(keyOf(options.input), {
        step,
        answers: a.answers,
        ...(a.fromText ? { fromText: a.fromText } : {}),
        shown,
        chosen: a.chosen,
      });
      return {
        invocationMessage: vscode.l10n.t('Answering the agent’s question'),
        confirmationMessages: {
          title: vscode.l10n.t('Answer the agent in its terminal?'),
          message: new vscode.MarkdownString(shown),
        },
      };
    },
    invoke: async (options) => {
      try {
        const input = parsed(AnswerInput, options.input);
        const p = prepared.get(keyOf(options.input));
        if (!p) throw codedError('confirmation_refused', 'this answer was not confirmed; nothing was sent');
        prepared.delete(keyOf(options.input));
        if (p.refused !== undefined) return refusal(p.refused);
        const i = p.step.status.interaction as TerminalInteraction;
        // A step that is not a low-risk question (a plan to approve), or words or a message of the
        // model's to type: the person confirms it here too, whatever the chat was set to skip.
        const asked = {
          caller: toolCaller('akk_answer_question'),
          interaction: i,
          answer: p.chosen,
          ...(input.message !== undefined ? { message: input.message } : {}),
        };
        if (
          answerNeedsPerson(p.step.status.confirm_before_answer, p.answers, input.message) &&
          !(await personConfirms(CONFIRM_UI, vscode, confirmation(vscode, asked)))
        ) {
          return refusal(
            codedError('confirmation_refused', 'the person did not confirm this answer; nothing was typed'),
          );
        }
        const receipt = await client.request('respondInteraction', {
          interaction_id: i.interaction_id,
          turn_id: i.turn_id,
          answers: p.answers,
          ...(p.step.status.revision ? { expected_revision: p.step.status.revision } : {}),
          ...(p.fromText ? { from_text: p.fromText } : {}),
          ...(input.message ? { message: input.message } : {}),
        });
        return result(receipt);
      } catch (error) {
        log.warn(`language-model tool: answer failed: ${errorMessageOf(error)}`);
        return refusal(error);
      }
    },
  };
  /** The permission each decision call was prepared for, by its input. */
  const preparedDecisions = new Map<string, { interactionId: string; revision: string }>();
  const decideTool: vscode.LanguageModelTool<unknown> = {
    prepareInvocation: (options) => {
      const input = DecideInput.safeParse(options.input);
      const waiting = input.success ? pending.list().find((s) => s.id === input.data.interaction_id) : undefined;
      const p = waiting?.status.permission;
      const revision = waiting?.status.revision;
      preparedDecisions.delete(keyOf(options.input));
      // Nothing will be typed (the run reports why), so the person is not asked.
      if (!input.success || !p || !revision) return { invocationMessage: vscode.l10n.t('Checking the decision') };
      preparedDecisions.set(keyOf(options.input), { interactionId: p.interaction_id, revision });
      // A call the chat never ran leaves its entry: only the latest few are kept.
      if (preparedDecisions.size > 20) preparedDecisions.delete(preparedDecisions.keys().next().value as string);
      const approving = input.data.decision === DECISION.approveOnce;
      const what = decisionLabels(vscode)[input.data.decision];
      // The subject comes last, alone in its block: outside a chat VS Code shows this as plain
      // text, which runs a line after a code block into it.
      const message = new vscode.MarkdownString();
      message.appendMarkdown('**').appendText(p.title).appendMarkdown('**\n\n');
      message.appendMarkdown(`${vscode.l10n.t('Decision: **{0}**', what)}\n\n`);
      if (input.data.reason)
        message.appendText(vscode.l10n.t('Then, as the agent’s next message: “{0}”', input.data.reason));
      message.appendMarkdown(`\n\n${codeBlock(p.subject)}`);
      return {
        invocationMessage: approving
          ? vscode.l10n.t('Approve once: {0}', p.title)
          : vscode.l10n.t('Reject: {0}', p.title),
        confirmationMessages: {
          title: approving
            ? vscode.l10n.t('Approve once this permission in the agent’s terminal?')
            : vscode.l10n.t('Reject this permission in the agent’s terminal?'),
          message,
        },
      };
    },
    invoke: async (options) => {
      try {
        const input = parsed(DecideInput, options.input);
        const key = keyOf(options.input);
        const prepared = preparedDecisions.get(key);
        preparedDecisions.delete(key);
        const fresh = await pending.refresh(stepOf(pending, input.interaction_id).session.session_id);
        const p = fresh?.id === input.interaction_id ? fresh.status.permission : undefined;
        const revision = fresh?.status.revision;
        const call = {
          caller: toolCaller('akk_decide_permission'),
          prepared,
          current: p && revision ? { permission: p, revision } : undefined,
          decision: input.decision,
          reason: input.reason,
        };
        const receipt = await decideConfirmed(
          vscode,
          call,
          (c) => personConfirms(CONFIRM_UI, vscode, c),
          (seen, rev) => sendDecision(client, seen, rev, input.decision, input.reason),
        );
        return result(receipt);
      } catch (error) {
        log.warn(`language-model tool: decision failed: ${errorMessageOf(error)}`);
        return refusal(error);
      }
    },
  };
  return [
    vscode.lm.registerTool('akk_list_pending', listTool),
    vscode.lm.registerTool('akk_answer_question', answerTool),
    vscode.lm.registerTool('akk_decide_permission', decideTool),
  ];
}
