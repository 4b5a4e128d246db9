// Codex's network access approval: drawn only where an administrator's requirements
// (/etc/codex/requirements.toml) turn on the managed network policy, which no user setting can do.
// The client runs in a private mount namespace that has that file (Workspace.requirements), and
// whose /etc/hosts sends the host to this machine, so an approved fetch reaches a server (or fails
// to connect) rather than failing to resolve.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/**
 * An administrator's requirements that put commands' network access under the client's policy
 * (every host not allowed asks), with loopback addresses allowed once a host is approved.
 */
const CX_NETWORK_REQUIREMENTS = ['[experimental_network]', 'enabled = true', 'allow_local_binding = true', ''];

/** The host the command fetches. */
export const CX_NETWORK_HOST = 'example.com';

/** A command that fetches `url` and prints the HTTP status (`000` when nothing answered). */
export function fetchCommand(url: string): string {
  return `curl -sS -o /dev/null -w '%{http_code}\\n' ${url}`;
}

/** The administrator's requirements, and the host sent to this machine. */
export const CX_NETWORK_WORKSPACE = {
  requirements: CX_NETWORK_REQUIREMENTS.join('\n'),
  hosts: { [CX_NETWORK_HOST]: '127.0.0.1' },
};

const TURNS = [
  {
    kind: 'codex-command' as const,
    command: fetchCommand(`http://${CX_NETWORK_HOST}/`),
    justification: 'Fetch the page.',
    escalated: false,
  },
  { kind: 'text' as const, text: FOLLOW_UP },
];

const APPROVAL: DriveStep = {
  state: 'network-approval',
  until: { all: [`approve network access to "${CX_NETWORK_HOST}"`, 'Yes, just this once'] },
  shapes: ['network-approval'],
};

/** The network scenarios, after the idle step every Codex scenario starts from. */
export function networkScenarios(idle: DriveStep): NamedScenario[] {
  return [
    {
      name: 'codex-network-approve',
      agent: 'codex',
      description:
        'A command fetching a page under managed network access: its host approved once (nothing listens ' +
        'on the port, so the proxy answers 502).',
      workspace: CX_NETWORK_WORKSPACE,
      turns: TURNS,
      steps: [idle, { ...APPROVAL, then: [{ keys: ['y'] }], answer: 'tool' }, AFTER],
    },
    {
      name: 'codex-network-reject',
      agent: 'codex',
      description:
        'A command fetching a page under managed network access: rejected with the native No row (interrupts ' +
        'the turn); the next prompt carries the rejection.',
      workspace: CX_NETWORK_WORKSPACE,
      turns: TURNS,
      steps: [
        idle,
        { ...APPROVAL, then: [{ choose: 'No' }] },
        {
          state: 'rejected',
          until: { all: ['›'], none: ['Yes, just this once'] },
          then: [{ prompt: 'continue' }],
          answer: 'tool',
          shapes: ['after-answer', 'idle'],
        },
        AFTER,
      ],
    },
  ];
}
