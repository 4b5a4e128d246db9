/**
 * Driving the workbench the way a person does, for the agent flows: the question panel's frame and
 * its options, the status-bar count, notifications and the command palette.
 */
import { writeFileSync } from 'node:fs';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { until } from './agent-tmux';
import { escapeOutsideTerminals, screenshot } from './ui-support';

export function panelFrame(p: Page): FrameLocator {
  return p.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function option(frame: FrameLocator, label: string): Locator {
  return frame
    .locator('.option')
    .filter({ has: frame.locator('.label', { hasText: new RegExp(`^${escapeRe(label)}$`) }) });
}

/**
 * Chooses `label` and waits until the panel's Send is enabled. A step the agent redraws while it
 * keeps working (Codex's async question) may come back as a fresh step with nothing chosen, as it
 * would for a person, who then chooses again: so does this, a few times at most.
 */
export async function choose(frame: FrameLocator, label: string): Promise<void> {
  const submit = frame.locator('#submit');
  for (let attempt = 0; attempt < 3; attempt++) {
    await option(frame, label).click();
    for (let i = 0; i < 20; i++) {
      if (await submit.isEnabled().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`choosing "${label}" never enabled Send`);
}

/**
 * Chooses `label` and presses Send until `next` is shown: a step the agent redraws while it keeps
 * working comes back fresh, unchosen, and is chosen again.
 */
export async function chooseAndSend(frame: FrameLocator, label: string, next: Locator): Promise<void> {
  const shown = (ms: number): Promise<boolean> =>
    next.waitFor({ timeout: ms }).then(
      () => true,
      () => false,
    );
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await shown(10)) return;
    await choose(frame, label);
    const sent = await frame
      .locator('#submit')
      .click({ timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (sent && (await shown(20_000))) return;
  }
  throw new Error(`choosing "${label}" and Send never showed what comes next`);
}

async function statusText(p: Page): Promise<string> {
  return (await p.locator('.statusbar-item', { hasText: /AKK/ }).first().innerText({ timeout: 5000 })).trim();
}

/** The status bar's pending steps: those answered here, and those answered in the terminal. */
function pendingCounts(text: string): { here: number; terminal: number } {
  // `AKK 2`, `AKK 1 in terminal`, `AKK 2 · 1 in terminal`.
  const m = /AKK\s*(\d+(?!\d* in terminal))?(?:\s*·\s*)?(?:(\d+) in terminal)?$/.exec(text);
  return { here: m?.[1] ? Number(m[1]) : 0, terminal: m?.[2] ? Number(m[2]) : 0 };
}

/** Waits until the status bar counts `n` pending steps, wherever each is answered. */
export async function waitPendingCount(p: Page, n: number, timeoutMs = 30_000): Promise<void> {
  await waitStatus(
    p,
    n === 0 ? 'the status bar to show no pending step' : `the status bar to count ${n} pending step(s)`,
    (c) => c.here + c.terminal === n,
    timeoutMs,
  );
}

/** Waits until a pending step is answered here (offered, not only shown for the terminal). */
export async function waitAnsweredHere(p: Page, timeoutMs = 30_000): Promise<void> {
  await waitStatus(p, 'the status bar to count a step answered here', (c) => c.here >= 1, timeoutMs);
}

async function waitStatus(
  p: Page,
  what: string,
  done: (c: { here: number; terminal: number }) => boolean,
  timeoutMs: number,
): Promise<void> {
  let seen = '';
  await until(
    what,
    async () => {
      seen = await statusText(p);
      return done(pendingCounts(seen)) ? true : undefined;
    },
    timeoutMs,
  ).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)}; status bar shows "${seen}"`);
  });
}

/** The notification about the step: a toast, or (when toasts are held back) in the notification centre. */
export async function findNotification(p: Page, text: string | RegExp): Promise<Locator> {
  const item = p
    .locator('.notification-list-item', { has: p.locator('.notification-list-item-message', { hasText: text }) })
    .last();
  const asToast = await item.waitFor({ state: 'visible', timeout: 8_000 }).then(
    () => true,
    () => false,
  );
  if (!asToast) {
    await p.locator('[id="status.notifications"]').click({ timeout: 10_000 });
    await item.waitFor({ state: 'visible', timeout: 15_000 });
  }
  return item;
}

/** A button of the notification about the step, once it shows. */
export async function notificationButton(p: Page, text: string | RegExp, button: string): Promise<Locator> {
  const note = await findNotification(p, text);
  const b = note.locator('.monaco-button', { hasText: button });
  await b.waitFor({ state: 'visible', timeout: 10_000 });
  return b;
}

/** Every message in the notification centre (opened for the purpose). */
export async function notificationTexts(p: Page): Promise<string[]> {
  const centre = p.locator('.notifications-center');
  if (!(await centre.isVisible())) await p.locator('[id="status.notifications"]').click({ timeout: 5000 });
  return p.locator('.notifications-center .notification-list-item-message').allInnerTexts();
}

export async function clearNotifications(p: Page): Promise<void> {
  await escapeOutsideTerminals(p);
  // "Clear All Notifications" from the palette keeps later waits from matching an old message.
  await palette(p, 'Notifications: Clear All Notifications');
}

/** Runs a palette command by keyboard: F1, the title, Enter. Returns once the palette has closed or moved on. */
export async function palette(p: Page, title: string, shot?: string): Promise<void> {
  const input = p.locator('.quick-input-widget input');
  // A view that takes focus as it updates (a webview re-rendering) can close the palette as it
  // opens: open it again, up to three times.
  for (let attempt = 1; ; attempt++) {
    await escapeOutsideTerminals(p);
    await p.keyboard.press('F1');
    try {
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      await input.fill(`>${title}`, { timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const row = p.locator('.quick-input-list .monaco-list-row', { hasText: title.split(': ').pop() ?? title }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  if (shot) await screenshot(p, shot);
  await p.keyboard.press('Enter');
  await until(
    `the palette to run "${title}"`,
    async () =>
      !(await input.isVisible()) || !(await input.inputValue().catch(() => '')).startsWith('>') ? true : undefined,
    15_000,
  );
}

/**
 * Writes the workspace settings and restarts the server from the palette, which takes them as it
 * starts; returns once the status bar says it runs again.
 */
export async function restartWithSettings(p: Page, settingsFile: string, settings: unknown): Promise<void> {
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2) + '\n');
  await new Promise((r) => setTimeout(r, 1500));
  await palette(p, 'Agent Knock Knock: Restart Server');
  await waitServerRunning(p, 'the server to run again', 30_000);
}

/** Returns once the status-bar item says the server runs. */
export async function waitServerRunning(p: Page, what = 'the server to run', timeoutMs = 60_000): Promise<void> {
  const status = p.locator('.statusbar-item', { hasText: /AKK/ }).first();
  await until(
    what,
    async () => (((await status.getAttribute('aria-label')) ?? '').includes('server running') ? true : undefined),
    timeoutMs,
  );
}
