/**
 * Where a live session's profile comes from besides the extension's own tables: a qualification
 * made on this machine for the exact binary the session runs (its digest read first), and, for
 * testing a release on the day it lands, the extension's own record of a version withheld
 * (`AKK_WITHHOLD_QUALIFIED=claude@2.1.332`): withholding only ever makes a version manual.
 */
import { isAgentName } from '../../shared/agents';
import type { ProfileSource } from '../../adapters/agent-adapter';
import { recordedDiffering, unqualifiedVersionNote } from '../base/adapters';
import type { SessionRegistry } from '../sessions';
import type { AgentProcess } from '../sessions/endpoint';
import type { BinaryDigests } from './binary-digest';
import { grantOf, type LocalQualifications } from './local-qualifications';

interface ProfileSourcesOptions {
  local: LocalQualifications | undefined;
  digests: BinaryDigests;
  /** `agent@version` whose shipped qualification is set aside. */
  withheld: ReadonlySet<string>;
  log(message: string): void;
}

export class ProfileSources {
  constructor(private readonly o: ProfileSourcesOptions) {}

  /** What is known at once: whether the shipped tables are set aside for this version. */
  initial(agent: string, version: string | null): ProfileSource | undefined {
    return version !== null && this.o.withheld.has(`${agent}@${version}`) ? { withholdShipped: true } : undefined;
  }

  /** The source for the process's exact binary: a local record whose digest matches, if any. */
  async resolve(proc: Pick<AgentProcess, 'agent' | 'version' | 'executable'>): Promise<ProfileSource | undefined> {
    const base = this.initial(proc.agent, proc.version);
    const { agent, version, executable } = proc;
    if (!isAgentName(agent) || version === null || !this.o.local) return base;
    // The extension's own tables qualify it: those answer it, whatever a local record says.
    if (unqualifiedVersionNote(agent, version, base) === null) return base;
    const records = this.o.local.forVersion(agent, version);
    if (records.length === 0 || executable === null) return base;
    // The extension's own records hold it as drawing screens differently: that supersedes a local record.
    if (recordedDiffering(agent, version, base)) {
      this.o.log(`${agent} ${version}: a local qualification is superseded by AKK's record of it as differing`);
      return base;
    }
    const sha256 = await this.o.digests.of(executable);
    const record = records.find((r) => r.executable.sha256 === sha256);
    if (!record) {
      const theirs = records.map((r) => r.executable.sha256.slice(0, 12)).join(', ');
      this.o.log(
        `${agent} ${version} at ${executable}: a local qualification exists for another binary ` +
          `(${theirs}), this one is ${sha256?.slice(0, 12) ?? 'unreadable'}`,
      );
      return base;
    }
    this.o.log(`${agent} ${version} at ${executable}: qualified on this machine (${record.qualifiedAt})`);
    return { ...base, local: grantOf(record) };
  }
}

/** Every session reads its profile source again (a local qualification was added or forgotten). */
export function refreshSessionProfiles(registry: SessionRegistry): void {
  for (const s of registry.list()) registry.get(s.session_id)?.refreshProfile();
}
