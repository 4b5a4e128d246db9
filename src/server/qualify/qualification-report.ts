/**
 * The report of a local qualification that did not qualify a release: what the person can read,
 * and send to the project if they choose, to have the release qualified in the next build. It is
 * built from the run's own outcome (the runner's `--report` file): the version, the binary's
 * digest, the release it was compared with, every screen that differs with its rows, every check
 * that failed. It never holds the person's paths, user name or host name: each is replaced by a
 * placeholder before the text leaves the server. Nothing is sent anywhere by the product.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';

const Outcome = z.object({
  agent: z.string(),
  version: z.string(),
  result: z.string(),
  reason: z.string(),
  nearest: z.string().nullable(),
  generation: z.string().nullable(),
  sha256: z.string(),
  seconds: z.number(),
  screens: z.number(),
  differences: z.array(z.object({ screen: z.string(), what: z.string(), diff: z.string() })),
  failures: z.array(z.object({ screen: z.string(), check: z.string(), detail: z.string() })),
  shownOnlyDifferences: z.array(z.string()),
  personSize: z
    .object({
      size: z.string(),
      rendering: z.string(),
      screens: z.number(),
      shownOnly: z.array(z.string()),
      unreached: z.array(z.string()),
      unjudged: z.array(z.string()).default([]),
      misread: z.array(z.string()),
    })
    .optional(),
});

/** What identifies the person or their machine, each with the placeholder it becomes. */
export interface Identifying {
  binary: string;
  home: string;
  user: string;
  host: string;
}

export function identifyingHere(binary: string): Identifying {
  return { binary, home: os.homedir(), user: os.userInfo().username, host: os.hostname() };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with the binary's path, the home folder, the user name and the host name replaced. */
export function redact(text: string, who: Identifying): string {
  const pairs: Array<[string, string]> = [
    [who.binary, '<binary>'],
    [path.dirname(who.binary), '<binary folder>'],
    [who.home, '~'],
  ];
  let out = text;
  for (const [value, placeholder] of pairs.filter(([v]) => v.length > 1).sort((a, b) => b[0].length - a[0].length))
    out = out.split(value).join(placeholder);
  // Names as words only: a user called "a" must not blank every letter a.
  for (const [value, placeholder] of [
    [who.user, '<user>'],
    [who.host, '<host>'],
  ] as const)
    if (value.length >= 2) out = out.replace(new RegExp(`(?<![\\w-])${escape(value)}(?![\\w-])`, 'g'), placeholder);
  return out;
}

/** What the capture at the person's own terminal size found. */
function sizeSection(e: NonNullable<z.infer<typeof Outcome>['personSize']>): string[] {
  const list = (title: string, items: readonly string[]): string[] =>
    items.length > 0 ? [`### ${title} (${items.length})`, '', ...items.map((i) => `- ${i}`), ''] : [];
  return [
    `## At this terminal's size, ${e.size} (${e.rendering}, ${e.screens} screens)`,
    '',
    ...list('Read otherwise than the scenario (a reason)', e.misread),
    ...list('Only shown at this size (not a reason)', e.shownOnly),
    ...list('Not reached at this size (not a reason)', e.unreached),
    ...list('Not judged at this size: the answer keys do not model it (not a reason)', e.unjudged),
  ];
}

/** The report as Markdown, or null when the outcome file is not one (the run ended before writing it). */
export function qualificationReport(raw: unknown, who: Identifying, product: string): string | null {
  const parsed = Outcome.safeParse(raw);
  if (!parsed.success) return null;
  const o = parsed.data;
  const fence = (text: string): string => ['```diff', text.replace(/```/g, '`\u200b``'), '```'].join('\n');
  const lines = [
    `# ${o.agent} ${o.version}: not qualified on this machine (${o.result})`,
    '',
    'Written on this machine and not sent anywhere. Paths, the user name and the host name are replaced ' +
      '(`<binary>`, `~`, `<user>`, `<host>`); read it before sharing it.',
    '',
    `- product: ${product}`,
    `- client: ${o.agent} ${o.version}, binary sha256 ${o.sha256}`,
    o.nearest === null
      ? '- compared with: no qualified release below it'
      : `- compared with: ${o.nearest}${o.generation === null ? '' : ` (generation ${o.generation})`}`,
    `- screens: ${o.screens}, in ${o.seconds} s`,
    `- verdict: ${o.reason}`,
    '',
    `## Screens that differ (${o.differences.length})`,
    '',
    ...o.differences.flatMap((d) => [`### ${d.screen} (${d.what})`, '', fence(d.diff), '']),
    ...(o.failures.length > 0
      ? [
          `## Checks that failed (${o.failures.length})`,
          '',
          ...o.failures.map((f) => `- ${f.screen}: ${f.check}: ${f.detail}`),
          '',
        ]
      : []),
    ...(o.personSize ? sizeSection(o.personSize) : []),
    ...(o.shownOnlyDifferences.length > 0
      ? ['## Worded otherwise, only shown (not a reason)', '', ...o.shownOnlyDifferences.map((s) => `- ${s}`), '']
      : []),
  ];
  return redact(lines.join('\n'), who);
}
