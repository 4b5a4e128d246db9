/**
 * Codex's network access approval as the captures show it: under an administrator's requirements
 * that turn the managed network policy on (`[experimental_network]` with `enabled = true`), a
 * command that fetches from a host not allowed asks `Do you want to approve network access to
 * "<host>"?` with four rows. `y` approves once (the command runs and its output is the tool
 * result); the No row interrupts the turn, and the aborted call reaches the model with the next
 * prompt, as for a command approval. The broader grants are never offered.
 */
import type { Dialog, DialogStep } from '../../../../qualify/answer-key/conversation';
import type { Expected, Token } from '../../../../qualify/answer-key/types';

/** Whether the administrator's requirements turn the managed network policy on. */
export function managesNetwork(requirements: string | undefined): boolean {
  if (requirements === undefined) return false;
  const table = /^\[experimental_network\]$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(requirements)?.[1] ?? '';
  return /^enabled\s*=\s*true\s*$/m.test(table);
}

/** The host a command fetches from (its first http(s) URL), if any. */
export function fetchedHost(command: string): string | undefined {
  return /\bhttps?:\/\/([^/:\s'"]+)/.exec(command)?.[1];
}

export class NetworkApprovalDialog implements Dialog {
  constructor(private readonly host: string) {}

  stepId(): string {
    return 'network-approval';
  }

  expected(): Expected {
    return {
      kind: 'permission',
      tool: 'network',
      title: `Do you want to approve network access to "${this.host}"?`,
      subject: this.host,
      decisions: ['approve_once', 'reject'],
    };
  }

  apply(token: Token): DialogStep {
    if (token === 'y')
      return {
        answer: { kind: 'decision', decision: 'approve_once' },
        outcome: 'submitted',
        delivery: { kind: 'codex_approval', approved: true },
      };
    if (token === '4')
      return {
        answer: { kind: 'decision', decision: 'reject' },
        outcome: 'interrupted',
        delivery: { kind: 'codex_approval', approved: false },
      };
    throw new Error(`unmodelled key ${token} in a network access approval`);
  }
}
