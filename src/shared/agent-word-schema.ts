/** A relayed word checked where it arrives (the server's word socket): anything else is not a word. */
import { z } from 'zod';
import type { AgentWord as Word } from './agent-word';
import { AGENTS } from './agents';

export const AgentWord: z.ZodType<Word> = z
  .object({
    v: z.literal(1),
    agent: z.enum(AGENTS),
    event: z.string().min(1).max(64),
    pid: z.number().int().positive().optional(),
    pane: z
      .string()
      .regex(/^%\d{1,9}$/)
      .optional(),
    input: z.record(z.string(), z.unknown()),
  })
  .strict();
