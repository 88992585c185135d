import { chromium } from 'playwright';
import { corpusApps } from '/work/main/harness/apps/index.ts';
import { launchOptions } from '/work/main/core/browser.ts';
const app = corpusApps().find((a) => a.name === process.argv[2])!;
const running = await app.start();
console.log('url', running.url, running.login);
const browser = await chromium.launch(launchOptions());
const page = await browser.newPage();
for (const p of process.argv.slice(3)) {
  await page.goto(new URL(p, running.url).href);
  await page.waitForTimeout(800);
  console.log('== ', p, await page.title());
  
  if (process.env.ARIA) console.log(await page.locator("body").ariaSnapshot());
  console.log(await page.evaluate(() => Array.from(document.querySelectorAll("main input,main button,main textarea,main select,main label, #dokuwiki__content input, #dokuwiki__content button, #dokuwiki__content label, #dokuwiki__content textarea")).slice(0,80).map((e) => `${e.tagName} type=${e.getAttribute("type")} for=${e.getAttribute("for")} id=${e.id} name=${e.getAttribute('name')} class=${e.className} ${e.getAttribute('href') ?? ''} ${(e.textContent ?? '').trim().slice(0,30)}`).join('\n')));
}
await browser.close();
await running.stop();
