/**
 * Codex's gated prompt shapes, named once: a version answers a prompt of one of these only once its
 * own qualification captured it (`QUALIFIED_SHAPES`). A recognition's `shape` is always one of them;
 * one that is not is refused (agent-adapter.ts).
 */
export const CODEX_SHAPES = {
  commandApprovalWrapped: 'command-approval-wrapped',
  networkApproval: 'network-approval',
  permissionRequest: 'permission-request',
  rateLimit: 'rate-limit',
  startup: 'startup',
} as const;
