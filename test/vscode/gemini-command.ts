/**
 * Gemini CLI as a person has it in a terminal: a `gemini` command on their PATH with its home and
 * its fake model, and the long answer that fills a terminal (Gemini CLI draws below the shell's
 * lines and is read once its output has filled the terminal).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { geminiEnv } from '../../src/agents/gemini/qualify/launch';
import type { FakeModel } from '../../src/qualify/fake-model';
import type { Page } from 'playwright-core';
import { sleep, until } from './agent-tmux';
import { sessionRow } from './terminal-support';

/** An answer longer than any terminal is tall. */
export const LONG_ANSWER = Array.from({ length: 45 }, (_, i) => `Line ${i + 1} of the answer.`).join('\n\n');

/** The composer once it is ready for a request. */
export const GEMINI_IDLE = /Type your message or @path\/to\/file/;

/**
 * A `gemini` on the person's PATH: the cached client with its home, its key and its fake model.
 * CI=true (set where the tests run) would make it take its terminal for a CI job and leave.
 */
export function geminiCommand(binDir: string, home: string, model: FakeModel, bin: string): string {
  const env = Object.entries({ HOME: home, ...geminiEnv(model.url) })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const file = path.join(binDir, 'gemini');
  fs.writeFileSync(file, `#!/bin/sh\nexec env -u CI ${env} '${process.execPath}' '${bin}' "$@"\n`, { mode: 0o755 });
  return file;
}

/**
 * Gemini CLI just typed into a terminal (`type` types there as the person does) is given time to
 * start, asked for the long answer that fills its terminal, and waited for until the session it is
 * (`label`) is read as idle: drawn below the shell's lines, it is read only once its output has
 * filled the terminal.
 */
export async function fillWithLongAnswer(
  p: Page,
  label: string,
  model: FakeModel,
  type: (text: string) => Promise<void>,
): Promise<void> {
  // Not yet read (its first screen has not filled the terminal), it is given time to start.
  await sessionRow(p, label, /idle|observe only/);
  await sleep(12_000);
  await type('Tell me a lot');
  await until(
    'the long answer to be asked for',
    () => Promise.resolve(model.requests.some((r) => !r.side) || undefined),
    30_000,
  );
  await sleep(3000); // it is drawn
  await sessionRow(p, label, /idle/);
}
