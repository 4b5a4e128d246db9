// SGR escapes in styled captures: stripping them, and matching a run of them between words.

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;:]*m/g;

/** Any run of SGR escapes, as a regular expression source (styled captures put them between words). */
export const SGR_RUN = '(?:\\x1b\\[[0-9;:]*m)*';

export function stripSgr(s: string): string {
  return s.replace(SGR, '');
}
