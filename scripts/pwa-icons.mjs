#!/usr/bin/env node
// Draws the installable app's icons (apps/web/public/icons/*.png) from the logo in
// apps/web/public/favicon.svg with Debian's Chromium: `node scripts/pwa-icons.mjs`.
// "any" icons are the logo as it is (rounded square, transparent corners); "maskable" icons fill
// the whole square with the logo's gradient and keep the mark inside the central safe zone
// (a circle of 80 % of the size), so a launcher's circle or squircle mask never cuts it.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const web = path.resolve(import.meta.dirname, "../apps/web/public");
const logo = readFileSync(path.join(web, "favicon.svg"), "utf8");
const gradient = /<defs>.*<\/defs>/.exec(logo)?.[0];
const mark = /<path [^>]*\/>/.exec(logo)?.[0];
if (!gradient || !mark) throw new Error("favicon.svg: no gradient or mark found");

// The mark spans 14 of the logo's 32 units; scaled by 0.75 around the centre it stays well
// inside the safe zone's circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${gradient}<rect width="32" height="32" fill="url(#g)"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${mark}</g></svg>`;

const out = path.join(web, "icons");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const [name, svg] of [
    ["icon", logo],
    ["maskable", maskable],
  ]) {
    for (const size of [192, 512]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
      );
      const file = path.join(out, `${name}-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      await page.close();
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
} finally {
  await browser.close();
}
