/**
 * An edit Claude Code opened as a diff in the editor it is connected to (`/ide`: the official
 * Claude Code extension, or another editor's integration). The terminal then draws the question
 * and its choices without the diff, under "Opened changes in <editor> ⧉" and the file's name:
 *
 *     Opened changes in Visual Studio Code ⧉
 *     config.yaml
 *     Do you want to make this edit to config.yaml?
 *
 * What the edit is lives in that editor's diff, not on this screen, so AKK cannot show it: the
 * step is the person's, in the diff (accepted or rejected there) or in the terminal. Recognised
 * exactly, as a dialog of its own, so that the person is told where to answer.
 */
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';

const HEADER = /^ Opened changes in (\S.{0,59}) ⧉$/;
const QUESTION = /^Do you want to (?:make this edit to|create) (\S.{0,199})\?$/;

/** The edit opened in an editor, given the prompt's top rule and question rows; undefined when it is not one. */
export function openedInEditor(s: ScreenSnapshot, top: number, questionRow: number): ManualRecognition | undefined {
  const header = HEADER.exec((s.plain[top + 1] ?? '').trimEnd());
  const fileLine = (s.plain[top + 2] ?? '').trimEnd();
  const asks = QUESTION.exec((s.plain[questionRow] ?? '').trimEnd().slice(1));
  if (!header || questionRow !== top + 3 || !/^ \S+$/.test(fileLine) || asks?.[1] !== fileLine.slice(1))
    return undefined;
  const editor = header[1] as string;
  return {
    kind: 'manual_required',
    dialog: 'ide-diff',
    reason:
      `Claude Code opened its edit to ${asks[1]} as a diff in ${editor}: ` +
      `accept or reject it there, or answer in the terminal`,
  };
}
