// Codex's command approvals for long commands: the `$` line and the "don't ask again" row wrap at
// the pane width, and the screen must still name the exact command.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/** A command of about 80 characters: its `$` line wraps at 80 columns, its "don't ask again" row at 120. */
export const CX_LONG_APPROVED = 'mkdir -p build/reports && echo "quarterly release notes" > build/reports/notes.txt';

/** A command of about 200 characters: its `$` line wraps at every size, its row at 80 and 120. */
export const CX_LONG_REJECTED =
  'printf \'%s\\n\' "release checklist: update the changelog, tag the version and publish the packages" ' +
  '"then announce the release on the mailing list and close the release milestone" > ../release-checklist.txt';

/** A long command with CJK ideographs (two cells each): its lines must still line up exactly. */
export const CX_LONG_WIDE =
  'mkdir -p build/报告 && echo "季度发布说明 更新日志 版本标签 quarterly notes" > build/报告/说明.txt';

/** The corpus shapes of a command approval whose command or rows may wrap. */
const WRAPPED_COMMAND_APPROVAL = ['permission-command', 'command-approval-wrapped'];

/** The long-command scenarios, after the idle step every Codex scenario starts from. */
export function longCommandScenarios(idle: DriveStep): NamedScenario[] {
  return [
    {
      name: 'codex-long-command-approve',
      agent: 'codex',
      description:
        'A long escalated command (its `$` line and rows wrap) approved once; it writes a file in the project.',
      turns: [
        {
          kind: 'codex-command',
          command: CX_LONG_APPROVED,
          justification: 'Write the release notes into build/reports?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
      steps: [
        idle,
        {
          state: 'command-approval',
          until: { all: ['quarterly release notes', 'Yes, proceed'] },
          then: [{ keys: ['y'] }],
          answer: 'tool',
          shapes: WRAPPED_COMMAND_APPROVAL,
        },
        AFTER,
      ],
    },
    {
      name: 'codex-long-command-reject',
      agent: 'codex',
      description: 'A command of about 200 characters (wrapped at every size) rejected with the native No row.',
      turns: [
        {
          kind: 'codex-command',
          command: CX_LONG_REJECTED,
          justification: 'Write the release checklist next to the project?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
      steps: [
        idle,
        {
          state: 'command-approval',
          until: { all: ['release-checklist.txt', 'Yes, proceed'] },
          then: [{ choose: 'No' }],
          shapes: WRAPPED_COMMAND_APPROVAL,
        },
        {
          state: 'rejected',
          until: { all: ['›'], none: ['Yes, proceed'] },
          then: [{ prompt: 'continue' }],
          answer: 'tool',
          shapes: ['after-answer', 'idle'],
        },
        AFTER,
      ],
    },
    {
      name: 'codex-long-command-wide',
      agent: 'codex',
      description: 'A long command with CJK ideographs (its `$` line and rows wrap) approved once.',
      turns: [
        {
          kind: 'codex-command',
          command: CX_LONG_WIDE,
          justification: 'Write the release notes into build?',
          escalated: true,
        },
        { kind: 'text', text: FOLLOW_UP },
      ],
      steps: [
        idle,
        {
          state: 'command-approval',
          until: { all: ['季度发布说明', 'Yes, proceed'] },
          then: [{ keys: ['y'] }],
          answer: 'tool',
          shapes: WRAPPED_COMMAND_APPROVAL,
        },
        AFTER,
      ],
    },
  ];
}
