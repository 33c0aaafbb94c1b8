// Draws the installed app's icons (shell/public/icons/*.png) from the favicon's artwork with
// Chromium, so every icon is the same picture. Run it after changing shell/public/favicon.svg:
//   node scripts/make-icons.mjs
// The PNGs are committed (a build needs no browser); shell/src/pwa.test.ts checks their sizes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const art = fs.readFileSync(path.join(root, 'shell', 'public', 'favicon.svg'), 'utf8');
const out = path.join(root, 'shell', 'public', 'icons');

// "any" icons: the artwork on a white rounded square. "maskable": a full-bleed background with
// the artwork inside the central 80% circle that every platform mask keeps.
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const page = (size, maskable) => `<!doctype html><html><body style="margin:0">
<div style="width:${size}px;height:${size}px;display:grid;place-items:center;
  background:${maskable ? '#edf2ff' : '#ffffff'};border-radius:${maskable ? 0 : size * 0.22}px">
  <div style="width:${size * (maskable ? 0.5 : 0.72)}px;height:${size * (maskable ? 0.5 : 0.72)}px">
    ${art.replace('<svg ', '<svg width="100%" height="100%" ')}
  </div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  fs.mkdirSync(out, { recursive: true });
  for (const icon of ICONS) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon.size, icon.maskable));
    await tab.screenshot({ path: path.join(out, icon.file), omitBackground: !icon.maskable });
    await tab.close();
    console.log(`[icons] ${icon.file}`);
  }
} finally {
  await browser.close();
}
