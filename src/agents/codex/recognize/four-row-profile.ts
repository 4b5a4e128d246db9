/** The profile data of Codex's approvals with four rows (four-row-approval.ts reads them). */

/**
 * An approval with four rows: a first grant (its `y` shortcut), two broader grants (never offered), and No.
 * Its title is the first line of its body (a blank line above it), `Environment: local`,
 * `Reason: …`, and where it has one, a blank line and its `rule` line.
 */
export interface FourRowApproval {
  /** The title; its group, if any, is the subject. */
  title: RegExp;
  /** The prefix of the body's last line, whose rest is the subject (the title then has no group). */
  rule?: string;
  rows: readonly [first: string, broader: string, broadest: string, no: string];
  /**
   * What the first row (its `y` shortcut) grants. Only a grant of exactly this once is offered, as
   * `approve_once`; a grant for the rest of the turn is left to the person in the terminal, since no
   * decision this product offers is named for that scope.
   */
  firstRowGrants: 'once' | 'this_turn';
  /** Blank lines below the body, before the approval's own blank lines above the rows. */
  blanksAfterBody: number;
}

/** Network access to a host (every release so far draws it alike). */
export const NETWORK_APPROVAL: FourRowApproval = {
  title: /^Do you want to approve network access to "([^"\s]+)"\?$/,
  rows: [
    'Yes, just this once (y)',
    'Yes, and allow this host for this conversation (a)',
    'Yes, and allow this host in the future (p)',
    'No, and tell Codex what to do differently (esc)',
  ],
  firstRowGrants: 'once',
  blanksAfterBody: 1,
};

/** The model's request for more permissions: the rule it asks for is the subject. */
export const PERMISSION_REQUEST: FourRowApproval = {
  title: /^Would you like to grant these permissions\?$/,
  rule: 'Permission rule: ',
  rows: [
    'Yes, grant these permissions for this turn (y)',
    'Yes, grant for this turn with strict auto review (r)',
    'Yes, grant these permissions for this session (a)',
    'No, continue without permissions (d)',
  ],
  firstRowGrants: 'this_turn',
  blanksAfterBody: 0,
};
