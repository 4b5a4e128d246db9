/**
 * Claude Code's own word beside its screen: a `PermissionRequest` (what the client says it asks, as
 * its hook receives it) held against the prompt the screen proves. They agree only when the request
 * is for the tool the dialog asks about and names the same thing: a Bash command exactly (spacing
 * aside, as the dialog wraps it), a file by its path, a fetch by its address, each question's text
 * and its options in order. Anything else is a disagreement, said in words.
 */
import { DECISION } from '../../../shared/decisions';
import type {
  PermissionRecognition,
  QuestionnaireRecognition,
  Recognition,
  WordAnswer,
  WordStep,
} from '../../../adapters/types';

const PERMISSION_REQUEST = 'PermissionRequest';
const QUESTION_TOOL = 'AskUserQuestion';
const PLAN_TOOL = 'ExitPlanMode';

// The terminal drops the emoji variation selector; the dialog wraps long rows.
const spaced = (s: string): string =>
  s
    .replace(/\uFE0F/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The dialog tools by the names Claude Code gives its own tools. */
const TOOLS: Partial<Record<PermissionRecognition['tool'], readonly string[]>> = {
  bash: ['Bash'],
  write: ['Write'],
  edit: ['Edit', 'MultiEdit', 'Write', 'NotebookEdit'],
  web_fetch: ['WebFetch'],
};

function permissionDiffers(r: PermissionRecognition, tool: string, input: Record<string, unknown>): string | undefined {
  if (r.tool === 'mcp') return tool.startsWith('mcp__') ? undefined : `the request is for ${tool}, not an MCP tool`;
  const names = TOOLS[r.tool];
  if (names === undefined) return undefined;
  if (!names.includes(tool)) return `the request is for ${tool}; the screen asks about ${r.tool}`;
  if (r.tool === 'bash') {
    const command = text(input.command);
    return command !== undefined && spaced(command) === spaced(r.subject)
      ? undefined
      : `the request's command is not the one the screen draws`;
  }
  if (r.tool === 'write' || r.tool === 'edit') {
    const file = text(input.file_path) ?? text(input.notebook_path);
    return file !== undefined && (file === r.subject || file.endsWith(`/${r.subject}`))
      ? undefined
      : `the request's file is not the one the screen draws`;
  }
  const url = text(input.url);
  return url !== undefined && (url.includes(r.subject) || r.subject.includes(url))
    ? undefined
    : `the request's address is not the one the screen draws`;
}

function questionDiffers(
  r: QuestionnaireRecognition,
  tool: string,
  input: Record<string, unknown>,
): string | undefined {
  // A plan's approval is the client's own question, with no question of the model's to hold it to.
  if (tool === PLAN_TOOL) return undefined;
  if (tool !== QUESTION_TOOL) return `the request is for ${tool}; the screen asks a question`;
  // The review of several answers is the client's own step too.
  if (r.question.responseKind === 'confirm') return undefined;
  const questions = Array.isArray(input.questions) ? (input.questions as Array<Record<string, unknown>>) : [];
  const asked = questions.find((q) => spaced(text(q.question) ?? '') === spaced(r.question.prompt));
  if (!asked) return `the request asks no question "${r.question.prompt}"`;
  const options = Array.isArray(asked.options) ? (asked.options as Array<Record<string, unknown>>) : [];
  const own = options.map((o) => spaced(text(o.label) ?? ''));
  const drawn = r.question.options.filter((o) => o.role === 'choice').map((o) => spaced(o.label));
  return own.length === drawn.length && own.every((label, i) => label === drawn[i])
    ? undefined
    : `the request's options for "${r.question.prompt}" are not the ones the screen draws`;
}

/** Why Claude Code's own request and the screen's prompt disagree, or undefined when they agree. */
export function claudeWordDiffers(recognition: Recognition, event: string, input: Readonly<Record<string, unknown>>) {
  if (event !== PERMISSION_REQUEST) return undefined;
  const tool = text(input.tool_name) ?? '';
  const toolInput = (input.tool_input ?? {}) as Record<string, unknown>;
  if (recognition.kind === 'permission') return permissionDiffers(recognition, tool, toolInput);
  if (recognition.kind === 'questionnaire') return questionDiffers(recognition, tool, toolInput);
  return undefined;
}

/** A Bash request as a permission step: approved once or rejected, nothing else. */
function bashStep(input: Readonly<Record<string, unknown>>, nonce: string): PermissionRecognition | undefined {
  const own = input.tool_input;
  const command = typeof own === 'object' && own !== null ? text((own as Record<string, unknown>).command) : undefined;
  if (command === undefined || command.trim() === '') return undefined;
  return {
    kind: 'permission',
    profileId: `word:claude:${PERMISSION_REQUEST}`,
    fingerprintSource: `${PERMISSION_REQUEST}\nBash\n${command}\n${nonce}`,
    tool: 'bash',
    title: 'Bash command',
    subject: command,
    decisions: [DECISION.approveOnce, DECISION.reject],
    // No key: the answer is the request's own.
    plan: { [DECISION.approveOnce]: [], [DECISION.reject]: [] },
  };
}

/** The model's questions as it sent them, each with its text and at least two labelled options. */
function modelQuestions(input: Readonly<Record<string, unknown>>): Array<Record<string, unknown>> | undefined {
  const own = input.tool_input as { questions?: unknown } | undefined;
  const questions = own?.questions;
  if (!Array.isArray(questions) || questions.length === 0 || questions.length > 4) return undefined;
  const ok = (questions as unknown[]).every((q) => {
    const { question, options } = (q ?? {}) as Record<string, unknown>;
    return (
      text(question)?.trim() &&
      Array.isArray(options) &&
      options.length >= 2 &&
      options.every((o) => text((o as Record<string, unknown> | null)?.label)?.trim())
    );
  });
  return ok ? (questions as Array<Record<string, unknown>>) : undefined;
}

/**
 * An `AskUserQuestion` request as one questionnaire step per question, in order (offered in turn;
 * the request's one answer carries them all). Each question offers the model's own options: a
 * single choice, or several where the model allowed several. Words of the person's own (the
 * dialog's "Type something") are left to the terminal.
 */
function questionSteps(
  input: Readonly<Record<string, unknown>>,
  nonce: string,
): QuestionnaireRecognition[] | undefined {
  const questions = modelQuestions(input);
  if (!questions) return undefined;
  return questions.map((q, i) => {
    const multi = q.multiSelect === true;
    const options = (q.options as Array<Record<string, unknown>>).map((o, k) => ({
      key: `o${k + 1}`,
      label: text(o.label) ?? '',
      ...(text(o.description) ? { description: text(o.description) } : {}),
      role: 'choice' as const,
      ...(multi ? { checked: false } : {}),
    }));
    const none = Object.fromEntries(options.map((o) => [o.key, []]));
    const header = text(q.header);
    return {
      kind: 'questionnaire',
      profileId: `word:claude:${PERMISSION_REQUEST}`,
      fingerprintSource: `${PERMISSION_REQUEST}\n${QUESTION_TOOL}\n${text(q.question) ?? ''}\n${nonce}\n${i + 1}`,
      step: { index: i + 1, total: questions.length },
      question: {
        key: `q${i + 1}`,
        ...(header ? { header } : {}),
        prompt: text(q.question) ?? '',
        responseKind: multi ? 'multi_select' : 'single_select',
        options,
      },
      // No key: the answers go back as the request's own answer.
      plan: multi
        ? { choose: {}, toggle: Object.fromEntries(options.map((o) => [o.key, { keys: [] }])), advance: { keys: [] } }
        : { choose: none },
    };
  });
}

/**
 * The steps Claude Code's own request asks, for the server to offer and answer through the hook
 * where the screen cannot prove them: a Bash command (approved once or rejected), or the questions
 * of an `AskUserQuestion`. `nonce` tells one request from another that asks the same.
 */
export function claudeWordSteps(
  event: string,
  input: Readonly<Record<string, unknown>>,
  nonce: string,
): readonly WordStep[] | undefined {
  if (event !== PERMISSION_REQUEST) return undefined;
  const tool = text(input.tool_name);
  if (tool === 'Bash') {
    const step = bashStep(input, nonce);
    return step ? [step] : undefined;
  }
  return tool === QUESTION_TOOL ? questionSteps(input, nonce) : undefined;
}

/**
 * The hook's output for an answer: allow with nothing else (never a persistent grant), or deny
 * with the person's reason, which the model receives as the tool's error; for questions, allow with
 * the model's own questions and every answer (question text to the chosen labels, several joined
 * with ", ", as the dialog joins them). A questionnaire is never allowed without every answer.
 */
export function claudeWordAnswer(
  input: Readonly<Record<string, unknown>>,
  answer: WordAnswer,
): Record<string, unknown> | undefined {
  const output = (decision: Record<string, unknown>) => ({
    hookSpecificOutput: { hookEventName: PERMISSION_REQUEST, decision },
  });
  if (answer.kind === 'decision')
    return output(
      answer.decision === DECISION.approveOnce
        ? { behavior: 'allow' }
        : { behavior: 'deny', message: answer.message ?? 'The person declined this command.' },
    );
  const questions = modelQuestions(input);
  if (!questions) return undefined;
  const answers: Record<string, string> = {};
  for (const q of questions) {
    const prompt = text(q.question) ?? '';
    const chosen = answer.answers[prompt];
    if (!chosen || chosen.length === 0) return undefined;
    answers[prompt] = chosen.join(', ');
  }
  return output({ behavior: 'allow', updatedInput: { questions, answers } });
}

/** A value as JSON with its object keys in order, so two inputs that say the same compare equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The content blocks of one transcript line, or none when it is not a message. */
function blocks(line: string): Array<Record<string, unknown>> {
  try {
    const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
    return Array.isArray(content) ? (content as Array<Record<string, unknown>>) : [];
  } catch {
    return [];
  }
}

/**
 * How many of the session's tool calls that asked exactly what the request asks (its tool and its
 * whole input) have a result in its transcript (`transcript_path` of the request; `read` gives a
 * file's text): one more after an answer is its effect, one more before it is an answer given in
 * the terminal. Results of other calls do not count, however late the client writes them.
 * Undefined when the request names no transcript or it cannot be read.
 */
export function claudeWordReceipts(
  input: Readonly<Record<string, unknown>>,
  read: (path: string) => string | undefined,
): number | undefined {
  const path = text(input.transcript_path);
  const transcript = path === undefined ? undefined : read(path);
  if (transcript === undefined) return undefined;
  const tool = text(input.tool_name);
  const asked = canonical(input.tool_input ?? {});
  const calls = new Set<string>();
  let results = 0;
  for (const line of transcript.split('\n')) {
    if (line.includes('"type":"tool_use"')) {
      for (const b of blocks(line)) {
        if (b.type === 'tool_use' && b.name === tool && typeof b.id === 'string' && canonical(b.input ?? {}) === asked)
          calls.add(b.id);
      }
    }
    if (calls.size > 0 && line.includes('"type":"tool_result"')) {
      for (const b of blocks(line)) if (b.type === 'tool_result' && calls.has(String(b.tool_use_id))) results += 1;
    }
  }
  return results;
}
