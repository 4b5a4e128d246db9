/**
 * Claude Code's questionnaire tab header: `←  ☐ Database  ☒ Features  ✔ Submit  →`.
 * The plain text says which questions are answered; only the styled capture says which tab
 * is current (it alone has a background colour).
 */
import { styledRuns } from '../../../adapters/screen';

export interface TabHeader {
  tabs: Array<{ label: string; answered: boolean; submit: boolean }>;
  /** 0-based index of the current tab, or -1 when it could not be proven. */
  current: number;
}

const TAB = /^([☐☒✔]) (.+)$/;

export function parseTabHeader(plain: string, styled: string | undefined): TabHeader | undefined {
  const line = plain.trimEnd();
  let body = line;
  const arrows = line.startsWith('←  ') && line.endsWith('  →');
  if (arrows) body = line.slice(3, -3);
  else body = line.trim();
  const parts = body.split(/ {2}/).map((p) => p.trim());
  const tabs: TabHeader['tabs'] = [];
  for (const part of parts) {
    const m = TAB.exec(part);
    if (!m) return undefined;
    const mark = m[1];
    tabs.push({ label: m[2] ?? '', answered: mark === '☒', submit: mark === '✔' });
  }
  if (tabs.length === 0) return undefined;
  const submitTabs = tabs.filter((t) => t.submit).length;
  if (arrows ? submitTabs !== 1 || !tabs[tabs.length - 1]?.submit : submitTabs !== 0) return undefined;
  return { tabs, current: styled === undefined ? -1 : currentTab(styled, tabs.length) };
}

/** The tab drawn on a background colour; -1 unless exactly one run of tab text has one. */
function currentTab(styled: string, count: number): number {
  const runs = styledRuns(styled);
  let index = -1;
  let seen = 0;
  let found = -1;
  for (const run of runs) {
    for (const ch of run.text) {
      if (ch === '☐' || ch === '☒' || ch === '✔') {
        index++;
        if (run.bg !== undefined || run.inverse) {
          if (found !== -1 && found !== index) return -1;
          found = index;
          seen++;
        }
      }
    }
  }
  return seen === 1 && index === count - 1 ? found : -1;
}
