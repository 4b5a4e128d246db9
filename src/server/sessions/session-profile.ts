/**
 * Where a session's profile comes from besides the shipped tables (a qualification made on this
 * machine for its binary; the shipped record withheld), followed per agent process; and what the
 * session list says of a version that is not qualified.
 */
import type { ProfileSource } from '../../adapters/agent-adapter';
import { isAgentName, pinningAdvice, type AgentKind } from '../../shared/agents';
import type { SessionSummary } from '../../shared/protocol';
import { nearestQualifiedVersion, recordedDiffering, unqualifiedVersionNote } from '../base/adapters';
import type { AgentProcess } from './endpoint';

/** Where a session's profile may come from besides the shipped tables (see server/qualify). */
export interface SessionProfiles {
  /** What is known at once for an agent and version. */
  initial(agent: AgentKind, version: string | null): ProfileSource | undefined;
  /** For the process's exact binary (a local qualification once its digest is read). */
  resolve(proc: AgentProcess): Promise<ProfileSource | undefined>;
}

export class SessionProfile {
  private current: ProfileSource | undefined;
  /** The agent process whose source was last asked for. */
  private asked: string | null = null;

  constructor(
    private readonly profiles: SessionProfiles | undefined,
    private readonly log: (message: string) => void,
  ) {}

  get source(): ProfileSource | undefined {
    return this.current;
  }

  /** A new agent or version: what is known at once, until `refresh` reads the rest. */
  reset(agent: AgentKind, version: string | null): void {
    this.current = this.profiles?.initial(agent, version);
  }

  /** Reads the source for this agent process; `changed` is called when it differs from before. */
  refresh(proc: AgentProcess, changed: () => void): void {
    if (!this.profiles) return;
    const asked = `${proc.pid}:${proc.startTime}`;
    this.asked = asked;
    this.profiles.resolve(proc).then(
      (source) => {
        if (this.asked !== asked || JSON.stringify(source) === JSON.stringify(this.current)) return;
        this.current = source;
        this.log(`profile source ${JSON.stringify(source ?? {})}`);
        changed();
      },
      (e: unknown) => this.log(`reading the profile source failed: ${String(e)}`),
    );
  }
}

/** The session list's words for a version identified exactly but not qualified (none otherwise). */
export function unqualifiedSummary(
  agent: AgentKind,
  version: string | null,
  source: ProfileSource | undefined,
): Pick<SessionSummary, 'unqualified_version'> {
  const note = version === null ? null : unqualifiedVersionNote(agent, version, source);
  if (note === null || version === null) return {};
  const nearest = nearestQualifiedVersion(agent, version);
  const pinning = nearest !== null && isAgentName(agent) ? pinningAdvice(agent, nearest) : null;
  const qualifiable = !recordedDiffering(agent, version, source);
  return { unqualified_version: { nearest_qualified: nearest, note, pinning, qualifiable } };
}
