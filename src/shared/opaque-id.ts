/** The shape of every opaque id that crosses the protocol (sessions, turns, interactions, terminals). */
import { z } from 'zod';

export const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'an opaque id');
