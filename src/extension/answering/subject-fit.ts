/**
 * Whether what a permission asks (its command, file or address as the agent drew it) is shown
 * whole on one line of a notification or a quick pick. One that is not (more lines, or longer than
 * such a line shows) is decided only where it is shown whole: the question panel.
 */

/** The longest subject a notification or a quick pick line shows without cutting it. */
const ONE_LINE = 120;

export function shownWhole(subject: string): boolean {
  return !subject.includes('\n') && [...subject].length <= ONE_LINE;
}

/** How many lines the subject has after its first. */
export function linesAfterFirst(subject: string): number {
  return subject.split('\n').length - 1;
}
