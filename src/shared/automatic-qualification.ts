/**
 * Which session setting `akk.qualify.automatic` qualifies next, without asking: one run at a time,
 * each session at most once, never one that is gone or has no qualified release to be compared
 * with, and never again a version whose run here did not qualify it (a release that draws a screen
 * differently stays so until the extension's next build; running it again would only cost minutes
 * each time a session starts). A run the person cancelled is not repeated either.
 */
import type { SessionSummary } from './listing-shapes';
import type { QualifyVersionResult } from './qualification-shapes';

/** The setting's value as read: only a real `true` turns it on (a hand-edited "false" is a string). */
export function automaticQualificationOn(value: unknown): boolean {
  return value === true;
}

const versionKey = (s: Pick<SessionSummary, 'agent' | 'version'>): string => `${s.agent}@${s.version ?? ''}`;

export class AutomaticQualificationQueue {
  private readonly sessionsTried = new Set<string>();
  private readonly versionsNotQualified = new Set<string>();

  /** The session to qualify now, if any; it is marked tried. */
  next(sessions: readonly SessionSummary[]): SessionSummary | undefined {
    const due = sessions.find(
      (s) =>
        // A client still starting may be its launcher, not yet the binary that draws (and is qualified).
        s.state !== 'exited' &&
        s.state !== 'starting' &&
        s.version !== null &&
        s.unqualified_version?.nearest_qualified &&
        s.unqualified_version.qualifiable &&
        !s.qualified_on_this_machine &&
        !this.sessionsTried.has(s.session_id) &&
        !this.versionsNotQualified.has(versionKey(s)),
    );
    if (due) this.sessionsTried.add(due.session_id);
    return due;
  }

  /** What came of a run started for `session` (`error`: the request itself failed). */
  finished(session: SessionSummary, result: QualifyVersionResult['result'] | 'error'): void {
    if (result !== 'qualified') this.versionsNotQualified.add(versionKey(session));
  }
}
