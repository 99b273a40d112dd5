import { chromium } from '@playwright/test';
const [,, url, out, w, h, full] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) }, locale: 'zh-CN' });
await p.goto(url, { waitUntil: 'networkidle' });
if (process.argv[7]) await p.evaluate((sel) => document.querySelector(sel)?.scrollIntoView(), process.argv[7]);
console.log('overflow', await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
await p.screenshot({ path: out, fullPage: full === 'full' });
await b.close();
