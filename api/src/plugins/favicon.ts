// /favicon.ico: what a browser asks for by itself (on any page, JSON answers included). The
// picture is the installable app's icon (shell/public/icons, drawn from the favicon's artwork),
// wrapped as an ICO file whose one image is that PNG (valid since Windows Vista; every browser
// reads it).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The icon files looked for, first found wins: the built shell's copy, else its source. */
export function faviconSources(webRoot: string): string[] {
  return [
    path.join(webRoot, 'shell', 'dist', 'icons', 'icon-192.png'),
    path.join(webRoot, 'shell', 'public', 'icons', 'icon-192.png'),
  ];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An ICO file holding this PNG as its only image; null when `png` is no PNG. */
export function icoFromPng(png: Buffer): Buffer | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // IHDR is the first chunk: width and height at bytes 16 and 20.
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(width >= 256 ? 0 : width, 6); // 0 means 256
  header.writeUInt8(height >= 256 ? 0 : height, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

/** Registers GET (and HEAD) /favicon.ico when an icon is there; made once, at start-up. */
export function registerFavicon(app: FastifyInstance, webRoot: string): void {
  const source = faviconSources(webRoot).find((file) => fs.existsSync(file));
  const ico = source ? icoFromPng(fs.readFileSync(source)) : null;
  if (!ico) return;
  app.get('/favicon.ico', async (_request, reply) =>
    reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(ico),
  );
}
