// Codex's permission request: the model asks, with the `request_permissions` tool (offered with
// `--enable request_permissions_tool`), for more than the sandbox allows; the client draws
// `Would you like to grant these permissions?` with the rule it asks for.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/** The request: network access, with the model's reason. */
export const CX_PERMISSION_REQUEST = {
  reason: 'Fetch the release notes.',
  permissions: { network: { enabled: true } },
};

/** Codex offers the tool only with this feature. */
export const CX_REQUEST_PERMISSIONS = ['--enable', 'request_permissions_tool'];

const TURNS = [
  { kind: 'tool' as const, name: 'request_permissions', input: CX_PERMISSION_REQUEST },
  { kind: 'text' as const, text: FOLLOW_UP },
];

const REQUEST: DriveStep = {
  state: 'permission-request',
  until: { all: ['Would you like to grant these permissions?', 'Permission rule:'] },
  shapes: ['permission-request'],
};

/** The permission-request scenarios, after the idle step every Codex scenario starts from. */
export function permissionRequestScenarios(idle: DriveStep): NamedScenario[] {
  return [
    {
      name: 'codex-permission-request-grant',
      agent: 'codex',
      description: 'The model requests network access (request_permissions): granted for this turn only.',
      args: CX_REQUEST_PERMISSIONS,
      turns: TURNS,
      steps: [idle, { ...REQUEST, then: [{ keys: ['y'] }], answer: 'tool' }, AFTER],
    },
    {
      name: 'codex-permission-request-deny',
      agent: 'codex',
      description: 'The model requests network access (request_permissions): refused with the native No row.',
      args: CX_REQUEST_PERMISSIONS,
      turns: TURNS,
      steps: [idle, { ...REQUEST, then: [{ choose: 'No' }], answer: 'tool' }, AFTER],
    },
  ];
}
