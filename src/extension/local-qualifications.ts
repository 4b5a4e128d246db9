/**
 * "Forget Local Qualifications": lists the qualifications made on this machine (each bound to the
 * binary it was made for) and removes the ones the person picks; sessions they answered are
 * manual again at once.
 */
import * as vscode from 'vscode';
import { agentLabel } from '../shared/agents';
import type { ForgetLocalQualificationsResult, LocalQualificationSummary } from '../shared/protocol';
import type { CommandDeps } from './command-deps';

function describe(r: LocalQualificationSummary): vscode.QuickPickItem & { record: LocalQualificationSummary } {
  return {
    label: `${agentLabel(r.agent)} ${r.version}`,
    description:
      `binary ${r.sha256.slice(0, 12)} · qualified ${r.qualified_at.slice(0, 10)} with generation ${r.generation}` +
      (r.superseded ? ' · superseded by the extension’s own record' : ''),
    detail: r.executable,
    record: r,
  };
}

export async function forgetLocalQualifications({ client, log }: CommandDeps): Promise<ForgetLocalQualificationsResult> {
  const listed = await client.request('listLocalQualifications', {});
  for (const p of listed.problems) log.warn(`local qualifications: ${p}`);
  if (listed.records.length === 0 && listed.problems.length === 0) {
    void vscode.window.showInformationMessage('Agent Knock Knock: no client version is qualified on this machine.');
    return { removed: [] };
  }
  const picks = await vscode.window.showQuickPick(listed.records.map(describe), {
    title: 'Forget Local Qualifications',
    placeHolder:
      listed.records.length === 0
        ? `${listed.problems.length} file(s) that are not records: press Enter to remove them`
        : 'Pick the qualifications to forget (their sessions are answered in the terminal again)',
    canPickMany: true,
  });
  if (picks === undefined) return { removed: [] };
  const removed: string[] = [];
  if (picks.length === 0 && listed.records.length === 0) {
    removed.push(...(await client.request('forgetLocalQualifications', {})).removed);
  }
  for (const p of picks) {
    const r = p.record;
    removed.push(
      ...(await client.request('forgetLocalQualifications', { agent: r.agent, version: r.version, sha256: r.sha256 }))
        .removed,
    );
  }
  log.info(`forgot local qualifications: ${removed.join(', ') || 'none'}`);
  void vscode.window.showInformationMessage(
    `Agent Knock Knock: ${removed.length} local qualification${removed.length === 1 ? '' : 's'} forgotten.`,
  );
  return { removed };
}
