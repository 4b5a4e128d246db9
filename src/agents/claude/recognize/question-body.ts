/**
 * The top of a Claude Code question tab or review, below its top rule: the optional tab header,
 * a blank line, the question (or title) lines and a blank line; and the step it shows.
 */
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { parseTabHeader, type TabHeader } from './tab-header';

interface Body {
  header: TabHeader | undefined;
  headerLine: number;
  question: string[];
  rest: number;
}

/** Top rule, optional tab header, blank, title/question lines, blank. */
export function readBody(s: ScreenSnapshot, top: number, end: number): Body | ManualRecognition {
  let i = top + 1;
  let header: TabHeader | undefined;
  let headerLine = -1;
  const first = s.plain[i] ?? '';
  if (/[☐☒✔]/.test(first)) {
    header = parseTabHeader(first, s.styled?.[i]);
    if (!header) return manual('the question tabs are not in the supported form');
    headerLine = i;
    i++;
    if ((s.plain[i] ?? '').trim() !== '') return manual('no blank line below the question tabs');
    i++;
  }
  const question: string[] = [];
  for (; i < end && (s.plain[i] ?? '').trim() !== ''; i++) question.push((s.plain[i] ?? '').trimEnd());
  if (question.length === 0) return manual('the question text is missing');
  if ((s.plain[i] ?? '').trim() !== '') return manual('no blank line below the question');
  return { header, headerLine, question, rest: i + 1 };
}

/** Long questions carry a `│ ` gutter on every line; wrapped lines join with one space. */
export function joinQuestion(lines: string[]): string {
  const gutter = lines.every((l) => l.startsWith('│ '));
  return lines.map((l) => (gutter ? l.slice(2) : l).trim()).join(' ');
}

export function stepOf(
  header: TabHeader | undefined,
): { index: number; total: number; label?: string } | ManualRecognition {
  if (!header) return { index: 1, total: 1 };
  if (header.current < 0) return manual('the current question tab could not be proven from the screen styles');
  const tab = header.tabs[header.current];
  return { index: header.current + 1, total: header.tabs.length, ...(tab && !tab.submit ? { label: tab.label } : {}) };
}
