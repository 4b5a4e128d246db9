// Codex's prompt shapes for the README's table (scripts/qualify/shapes-table.ts): what AKK answers,
// shows only, or has not seen yet, and the corpus shapes of the screens behind each.
import type { PromptShape } from '../../../qualify/agents/types';

export const CODEX_PROMPT_SHAPES: PromptShape[] = [
  {
    prompt: '`request_user_input` choices, `None of the above` and notes',
    handling: 'answered',
    tags: ['single-select', 'free-text'],
  },
  {
    prompt: 'Several questions and the unanswered review',
    handling: 'answered',
    tags: ['multi-question', 'final-review'],
  },
  { prompt: 'Async question while the turn keeps working', handling: 'answered', tags: ['async-question'] },
  { prompt: 'Command approval', handling: 'answered', tags: ['permission-command'] },
  {
    prompt: 'Command approval with a long command (wrapped rows)',
    handling: 'answered',
    tags: ['command-approval-wrapped'],
    note: 'gated',
  },
  { prompt: 'File-change approval', handling: 'answered', tags: ['permission-file-change'] },
  {
    prompt: "Network access approval (under an administrator's `/etc/codex/requirements.toml`)",
    handling: 'answered',
    tags: ['network-approval'],
    note: 'gated',
  },
  {
    prompt:
      'Permission request (`request_permissions`: the rule the model asks for); refused from the editor, ' +
      'granted in the terminal (its grant is for the whole turn, never offered as once)',
    handling: 'answered',
    tags: ['permission-request'],
    note: 'gated',
  },
  {
    prompt: 'Start-up: an update found by the last check, folder trust, a model migration',
    handling: 'shown only',
    tags: ['startup'],
  },
  {
    prompt: 'Rate-limit choices (switch to a model with lower credit usage) once a limit is nearly used up',
    handling: 'shown only',
    tags: ['rate-limit'],
  },
];
