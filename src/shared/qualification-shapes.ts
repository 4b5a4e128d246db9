/**
 * The protocol's shapes for qualifications made on this machine: qualifying a session's binary,
 * its progress, and listing and forgetting the records (the methods are in protocol.ts).
 */
import { z } from 'zod';
import { AGENTS, type AgentName } from './agents';
import { Id } from './opaque-id';

export const ListLocalQualificationsParams = z.object({}).strict();
/** One qualification made on this machine, bound to the binary it was made for. */
export interface LocalQualificationSummary {
  agent: AgentName;
  version: string;
  generation: string;
  executable: string;
  sha256: string;
  qualified_at: string;
  seconds: number;
  screens: number;
  /**
   * The extension's own records decide this version: they qualify it (and answer it), or they hold
   * it as drawing screens differently (and it is never answered); this record grants nothing.
   */
  superseded: boolean;
}
export interface ListLocalQualificationsResult {
  /** Where the records are kept; null when the editor gave no global storage. */
  location: string | null;
  records: LocalQualificationSummary[];
  /** Files there that are not records, each with why. */
  problems: string[];
}

export const ForgetLocalQualificationsParams = z
  .object({
    agent: z.enum(AGENTS).optional(),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .optional(),
    /** One binary's record. */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .strict();
export interface ForgetLocalQualificationsResult {
  /** The record files removed. */
  removed: string[];
}

export const QualifyVersionParams = z
  .object({
    session_id: Id,
    /**
     * The background of the terminal the session is drawn in, as the editor knows it (its colour
     * theme): for a client that adapts its colours to the terminal's background.
     */
    terminal_background: z.enum(['dark', 'light']).optional(),
  })
  .strict();
export interface QualifyVersionResult {
  result: 'qualified' | 'differs' | 'unreachable' | 'cancelled' | 'failed';
  /** One sentence: how it was qualified, or why not. */
  reason: string;
  agent: AgentName;
  version: string;
  seconds: number;
  /** The screens that differ from the nearest qualified release's, or failed a check. */
  differing: string[];
  /**
   * When not qualified: the run's report in Markdown (each differing screen with its rows, each
   * failed check), with the person's paths, user and host names replaced, for them to read and,
   * if they choose, send to the project. Nothing sends it.
   */
  report?: string;
}
export const CancelQualificationParams = z.object({}).strict();
interface CancelQualificationResultShape {
  cancelled: boolean;
}

/** A line of a running qualification's progress (not kept: a reconnected client asks again). */
export interface QualificationProgressParams {
  session_id: string;
  message: string;
  /** Scenarios done of all, where known. */
  done: number;
  total: number;
}

export type CancelQualificationResult = CancelQualificationResultShape;
