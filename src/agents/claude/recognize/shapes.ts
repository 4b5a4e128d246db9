/**
 * Claude Code's gated prompt shapes, named once: a version answers a prompt of one of these only
 * once its own qualification captured it (`QUALIFIED_SHAPES`). A recognition's `shape` is always one
 * of them; one that is not is refused (agent-adapter.ts).
 */
export const CLAUDE_SHAPES = {
  permissionEdit: 'permission-edit',
  permissionFetch: 'permission-fetch',
  permissionMcp: 'permission-mcp',
  planApproval: 'plan-approval',
  startup: 'startup',
  startupMcpServers: 'startup-mcp-servers',
  startupBypass: 'startup-bypass',
  multiSelectWrapped: 'multi-select-wrapped',
} as const;
