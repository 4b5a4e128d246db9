/**
 * The parameters of the integrated-terminal messages of the protocol (protocol.ts holds their
 * method names): the editor reports commands and their output, the server asks it to write.
 */
import { z } from 'zod';
import type { AgentName } from './lifecycle';
import { Id } from './opaque-id';

const TerminalName = z.string().min(1).max(200);

/**
 * A command started in an editor terminal (shell integration), or a terminal found running one
 * whose output cannot be read: the server identifies the agent from the shell's process tree.
 */
export const TerminalStartedParams = z
  .object({
    terminal_id: Id,
    /** Identifies this command's run in the terminal; output and end name it. */
    execution_id: Id,
    name: TerminalName,
    /** The terminal's shell process. */
    shell_pid: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31),
    /**
     * Why the output cannot be read, when it cannot: the terminal has no shell integration, or
     * the agent was running before this window (re)loaded. The session is then observe-only.
     */
    unreadable: z.enum(['no_shell_integration', 'running_before_reload']).optional(),
    /**
     * The command line as the shell reported it. Used only where the server cannot read the
     * system's processes: a command naming an agent is then listed, observe only.
     */
    command_line: z.string().max(4000).optional(),
  })
  .strict();
export interface TerminalStartedResult {
  /** The session for the agent, or null when no supported agent runs in that command. */
  session_id: string | null;
  agent: AgentName | 'unknown';
  version: string | null;
}

/** Largest chunk of terminal output in one notification, in UTF-16 code units. */
export const MAX_TERMINAL_CHUNK = 256 * 1024;

export const TerminalOutputParams = z
  .object({
    terminal_id: Id,
    execution_id: Id,
    /** 0 for the command's first chunk, then 1, 2 …: a gap means output was lost. */
    seq: z.number().int().min(0),
    data: z.string().max(MAX_TERMINAL_CHUNK),
  })
  .strict();

export const TerminalEndedParams = z
  .object({
    terminal_id: Id,
    /** The command that ended; absent when the whole terminal closed. */
    execution_id: Id.optional(),
  })
  .strict();

/** Server to client: write exactly this text to the terminal (`Terminal.sendText(text, false)`). */
export interface TerminalWriteParams {
  terminal_id: string;
  text: string;
}
export interface TerminalWriteResult {
  written: true;
}
