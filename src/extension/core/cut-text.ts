// Words cut to a notice's or a dialog's limit without splitting a character (an emoji is two UTF-16 units).

/** At most `max` UTF-16 units of `text`, never ending inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}
