/** The profile data of Codex's approvals with four rows (four-row-approval.ts reads them). */

/**
 * An approval with four rows: once (its `y` shortcut), two broader grants (never offered), and No.
 * Its title is the first line of its body (a blank line above it), `Environment: local`, `Reason: …`.
 */
export interface FourRowApproval {
  /** The title; its group is the subject. */
  title: RegExp;
  rows: readonly [once: string, broader: string, broadest: string, no: string];
  /** Blank lines below the body, before the approval's own blank lines above the rows. */
  blanksAfterBody: number;
}
