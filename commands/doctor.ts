import { resolveBrowser } from '../core/browser.ts';
import { playwrightSupport } from '../core/playwright-support.ts';
import type { CommandDef } from './command.ts';

export const doctorCommand: CommandDef = {
  name: 'doctor',
  summary: 'check the set-up: which Chromium runs, where outputs go, whether a model is configured',
  options: [{ flags: '--browser', description: 'only resolve the browser (exit 2 when none is found)' }],
  json: true,
  async run(ctx, _args, options) {
    const browser = resolveBrowser(ctx.env);
    // Headless captures and replays may run a lighter build (Chromium's headless shell).
    const headlessBrowser = resolveBrowser(ctx.env, { headless: true });
    ctx.print(`browser: ${browser.executablePath} (${browser.source})`);
    if (headlessBrowser.executablePath !== browser.executablePath) ctx.print(`headless runs: ${headlessBrowser.executablePath} (${headlessBrowser.source}, headless shell)`);
    if (options.browser) {
      ctx.result({ browser, headlessBrowser });
      return 0;
    }
    const model = ctx.env.OPENAI_API_KEY || ctx.env.OPENAI_BASE_URL ? ctx.env.BU_MODEL || '(default model)' : null;
    const playwright = playwrightSupport();
    ctx.print(`playwright: ${playwright.version} (${playwright.supported ? 'supported' : `NOT in the supported range ${playwright.range}: install a version in it`})`);
    if (ctx.config) ctx.print(`config: ${ctx.config.file}`);
    ctx.print(`output: ${ctx.paths.root}`);
    ctx.print(`runs database: ${ctx.paths.runsDb}`);
    ctx.print(`model: ${model ?? 'none configured (set OPENAI_API_KEY or OPENAI_BASE_URL; capture uses the crawler)'}`);
    ctx.result({ browser, headlessBrowser, playwright, config: ctx.config?.file ?? null, output: ctx.paths.root, runsDb: ctx.paths.runsDb, model });
    return 0;
  },
};
