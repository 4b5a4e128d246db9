/** What the editor tells the server when it starts it (LSP `initializationOptions`), checked at the boundary. */
import { z } from 'zod';

/** Options the editor passes when it starts the server (LSP `initializationOptions`). */
export const InitializationOptions = z
  .object({
    /** Folder for the interaction store (the extension's workspace storage). */
    storageDir: z.string().min(1).max(4096).optional(),
    /** The extension's global storage: qualifications made on this machine are kept there. */
    globalStorageDir: z.string().min(1).max(4096).optional(),
    /**
     * Identifies this connection: offers made through it are its own. Sessions and interactions
     * belong to the workspace store, so a new id after a window reload still answers them.
     */
    ownerId: z.string().min(1).max(200).optional(),
    /**
     * The client promises to echo, as `expected_revision`, the revision it rendered; a response
     * without one is then refused instead of filled in.
     */
    echoesRevision: z.boolean().optional(),
    /** False in an untrusted workspace: observe only, never send input. */
    inputAllowed: z.boolean().optional(),
    /** How long an offer created by `akk/status` stays valid, in seconds. */
    offerLifetimeSeconds: z.number().int().min(5).max(3600).optional(),
    /**
     * Where supervisors connect (`dist/mcp.js --socket`): a Unix socket path. Absent: no supervisor
     * socket is opened.
     */
    supervisorSocket: z.string().min(1).max(100).optional(),
    /**
     * The word folder, where agents' hooks relay their own requests (`dist/agent-hook.js --dir`):
     * this server's socket is made there. Absent: the user's own (src/shared/agent-word.ts).
     */
    agentWordDir: z.string().min(1).max(80).optional(),
    /** The tmux executable (setting akk.tmux.path). */
    tmuxPath: z.string().min(1).max(4096).optional(),
    /**
     * Setting akk.textResolution.allowLowRisk: low-risk steps created from now on may be answered
     * by words a language model reads as one of their options (after the person confirms).
     */
    allowLowRiskText: z.boolean().optional(),
  })
  .passthrough();
export type InitializationOptions = z.infer<typeof InitializationOptions>;
