/**
 * Codex's permission request as the captures show it: the model calls `request_permissions`
 * (offered with `--enable request_permissions_tool`) and the client asks `Would you like to grant
 * these permissions?` with `Permission rule: <rule>` and four rows. `y` grants them for this turn;
 * the No row (`No, continue without permissions`) refuses them and the turn goes on. Either way the
 * tool result goes out at once: `{"permissions": {…granted, the others null}, "scope": "turn"}`.
 * A grant for the turn is not a grant of once, so only the refusal is offered; the broader grants
 * are never offered either.
 */
import type { Dialog, DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Expected, Token } from '../../../../qualify/answer-key/types';

/** The rule line Codex draws for the permissions requested (network access only, in this corpus). */
function ruleOf(permissions: Record<string, unknown>): string {
  const asked = Object.keys(permissions);
  if (asked.length !== 1 || asked[0] !== 'network')
    throw new Error(`unmodelled permission request ${asked.join(', ')}`);
  return 'network';
}

export class PermissionRequestDialog implements Dialog {
  constructor(private readonly requested: Record<string, unknown>) {}

  stepId(): string {
    return 'permission-request';
  }

  expected(): Expected {
    return {
      kind: 'permission',
      tool: 'other',
      title: 'Would you like to grant these permissions?',
      subject: ruleOf(this.requested),
      decisions: ['reject'],
    };
  }

  apply(token: Token): DialogStep {
    const granted = token === 'y' ? true : token === '4' ? false : undefined;
    if (granted === undefined) throw new Error(`unmodelled key ${token} in a permission request`);
    return {
      answer: { kind: 'decision', decision: granted ? 'approve_once' : 'reject' },
      outcome: 'submitted',
      delivery: { kind: 'codex_permissions', granted, requested: this.requested },
    };
  }
}
