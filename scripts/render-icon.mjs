// Renders media/icon.svg to media/icon.png (128x128, the Marketplace's size) in headless Chromium.
//   node scripts/render-icon.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'media', 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.AKK_CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.locator('svg').screenshot({ path: join(root, 'media', 'icon.png'), omitBackground: true });
await browser.close();
