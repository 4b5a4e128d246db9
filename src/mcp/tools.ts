/**
 * The supervisor's tools, for any MCP client: list the steps agents wait on, answer a question (by
 * option ids, or in words under the step's text policy), decide a permission (typed only once the
 * person confirms it in the editor). Every call goes through the AKK server, which owns the fences:
 * a fresh offer to this connection, the revision, the durable reservation, the recapture, the proof.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Answer, type TerminalInteraction } from '../shared/contract';
import { MAX_MESSAGE_LENGTH } from '../shared/answer-text';
import type { StatusResult } from '../shared/protocol';
import { AkkRefusal, type AkkLink } from './akk-link';
import { PermissionDecisionKind } from '../shared/contract';
import { TEXT_SOURCE } from '../shared/text-sources';

const Id = z.string().min(1).max(128);
/** The step's revision as list_pending gave it: a supervisor answers only what it was shown. */
const Revision = z.string().regex(/^\d{1,15}$/, 'the revision list_pending gave');

function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

function refused(error: unknown): CallToolResult {
  const code = error instanceof AkkRefusal ? error.code : 'internal_error';
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: { code, message } }, null, 2) }] };
}

async function guarded(fn: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await fn());
  } catch (error) {
    return refused(error);
  }
}

/** What this connection was last shown of each step (its questions' kinds), by interaction id. */
type Shown = Map<string, TerminalInteraction>;

export function registerSupervisorTools(server: McpServer, link: AkkLink): void {
  const shown: Shown = new Map();

  server.registerTool(
    'list_pending',
    {
      title: 'List pending agent steps',
      description:
        'Lists the questions and permission prompts that coding agents in the editor are waiting on, with the ids ' +
        'needed to answer each. Listing a step is what lets this connection answer it, for a short time.',
      inputSchema: {},
    },
    () =>
      guarded(async () => {
        const { sessions } = await link.call('listSessions', {});
        const steps: Array<Partial<StatusResult>> = [];
        for (const s of sessions.filter((x) => x.pending !== null)) {
          const status = await link.call('status', { session_id: s.session_id });
          if (status.interaction) shown.set(status.interaction.interaction_id, status.interaction);
          steps.push({
            session_id: status.session_id,
            agent: status.agent,
            state: status.state,
            turn_id: status.turn_id,
            revision: status.revision,
            interaction: status.interaction,
            permission: status.permission,
            manual_reason: status.manual_reason,
            offer_expires_at: status.offer_expires_at,
            confirm_before_answer: status.confirm_before_answer,
          });
        }
        return { steps };
      }),
  );

  server.registerTool(
    'respond_interaction',
    {
      title: 'Answer an agent question',
      description:
        'Answers the current step of a question listed by list_pending, with the `revision` it listed as ' +
        "`expected_revision`: either `answers` (the step's option ids " +
        'or free text), or `words` (resolved only to an option the step lets words name: its label or number). ' +
        '`message` is sent to the agent as its next message once the step is done. A free-text answer or a ' +
        '`message` is typed only after the person confirms it in the editor, on any step.',
      inputSchema: {
        interaction_id: Id,
        turn_id: Id,
        expected_revision: Revision,
        answers: z.array(Answer).min(1).max(4).optional(),
        words: z.string().min(1).max(2000).optional(),
        message: z.string().min(1).max(MAX_MESSAGE_LENGTH).optional(),
      },
    },
    (args) =>
      guarded(async () => {
        if ((args.answers === undefined) === (args.words === undefined))
          throw new AkkRefusal('invalid_params', 'give either answers or words');
        const base = {
          interaction_id: args.interaction_id,
          turn_id: args.turn_id,
          expected_revision: args.expected_revision,
          ...(args.message !== undefined ? { message: args.message } : {}),
        };
        if (args.answers) return link.call('respondInteraction', { ...base, answers: args.answers });
        const words = args.words ?? '';
        const r = await link.call('resolveText', {
          interaction_id: args.interaction_id,
          turn_id: args.turn_id,
          text: words,
        });
        if (r.status !== 'resolved') {
          const choices = r.options.map((o) => `${o.option_id} (${o.label})`).join(', ');
          throw new AkkRefusal('text_unresolved', `the words name no option exactly; choose one of: ${choices}`);
        }
        const kind = shown
          .get(args.interaction_id)
          ?.questions.find((q) => q.question_id === r.question_id)?.response_kind;
        if (kind !== 'single_select' && kind !== 'confirm')
          throw new AkkRefusal('offer_required', 'list the step with list_pending first');
        const answer = { question_id: r.question_id, response_kind: kind, selected_option_ids: [r.option_id] };
        const receipt = await link.call('respondInteraction', {
          ...base,
          answers: [answer],
          from_text: { text: words, via: TEXT_SOURCE.exactAlias },
        });
        return { ...receipt, resolved_option: { option_id: r.option_id, label: r.label } };
      }),
  );

  server.registerTool(
    'decide_permission',
    {
      title: 'Decide an agent permission prompt',
      description:
        'Approves once or rejects a permission prompt listed by list_pending, with the `revision` it listed as ' +
        '`expected_revision`. Nothing is typed until the person ' +
        'confirms the decision in the editor. With a rejection, `reason` is sent to the agent as its next message.',
      inputSchema: {
        interaction_id: Id,
        turn_id: Id,
        expected_revision: Revision,
        decision: PermissionDecisionKind,
        reason: z.string().min(1).max(MAX_MESSAGE_LENGTH).optional(),
      },
    },
    (args) =>
      guarded(() =>
        link.call('approve', {
          interaction_id: args.interaction_id,
          turn_id: args.turn_id,
          expected_revision: args.expected_revision,
          decision: args.decision,
          ...(args.reason !== undefined ? { message: args.reason } : {}),
        }),
      ),
  );
}
