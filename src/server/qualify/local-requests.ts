/** The requests about qualifications made on this machine: list them, and forget them. */
import type { RequestParams } from '../../shared/protocol';
import type { ForgetLocalQualificationsResult, ListLocalQualificationsResult } from '../../shared/qualification-shapes';
import { recordedDiffering, unqualifiedVersionNote } from '../base/adapters';
import type { LocalQualifications, LocalRecord } from './local-qualifications';

export function listLocalQualifications(
  local: LocalQualifications | undefined,
  withheld: ReadonlySet<string>,
): ListLocalQualificationsResult {
  if (!local) return { location: null, records: [], problems: [] };
  const { records, problems } = local.read();
  const superseded = (r: LocalRecord): boolean => {
    const source = withheld.has(`${r.agent}@${r.version}`) ? { withholdShipped: true } : undefined;
    return unqualifiedVersionNote(r.agent, r.version, source) === null || recordedDiffering(r.agent, r.version, source);
  };
  return {
    location: local.dir,
    records: records.map(({ record: r }) => ({
      agent: r.agent,
      version: r.version,
      generation: r.generation,
      executable: r.executable.path,
      sha256: r.executable.sha256,
      qualified_at: r.qualifiedAt,
      seconds: r.seconds,
      screens: r.screens,
      superseded: superseded(r),
    })),
    problems,
  };
}

/** Removes the records asked for; the sessions they answered read their profile source again. */
export function forgetLocalQualifications(
  local: LocalQualifications | undefined,
  params: RequestParams<'forgetLocalQualifications'>,
  refresh: () => void,
): ForgetLocalQualificationsResult {
  const removed = local?.forget(params) ?? [];
  if (removed.length > 0) refresh();
  return { removed };
}
