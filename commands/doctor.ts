import { z } from 'zod';
import { resolveBrowser } from '../core/browser.ts';
import { playwrightSupport } from '../core/playwright-support.ts';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

const ResolvedBrowser = z.object({ executablePath: z.string(), source: z.enum(['BU_BROWSER', 'playwright', 'system']), shell: z.boolean() });

export const DoctorInput = z.object({
  browser: z.boolean().default(false).register(cliField, { description: 'only resolve the browser (exit 2 when none is found)' }),
});

/** With `--browser`, only the two browsers. */
export const DoctorResult = z.object({
  browser: ResolvedBrowser,
  headlessBrowser: ResolvedBrowser,
  playwright: z.object({ version: z.string(), range: z.string(), supported: z.boolean() }).optional(),
  config: z.string().nullable().optional(),
  output: z.string().optional(),
  runsDb: z.string().optional(),
  model: z.string().nullable().optional(),
});

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'check the set-up: which Chromium runs, where outputs go, whether a model is configured',
  input: DoctorInput,
  result: DoctorResult,
  async run(ctx, input) {
    const browser = resolveBrowser(ctx.env);
    // Headless captures and replays may run a lighter build (Chromium's headless shell).
    const headlessBrowser = resolveBrowser(ctx.env, { headless: true });
    ctx.print(`browser: ${browser.executablePath} (${browser.source})`);
    if (headlessBrowser.executablePath !== browser.executablePath) ctx.print(`headless runs: ${headlessBrowser.executablePath} (${headlessBrowser.source}, headless shell)`);
    if (input.browser) return { code: 0, result: { browser, headlessBrowser } };
    const model = ctx.env.OPENAI_API_KEY || ctx.env.OPENAI_BASE_URL ? ctx.env.BU_MODEL || '(default model)' : null;
    const playwright = playwrightSupport();
    ctx.print(`playwright: ${playwright.version} (${playwright.supported ? 'supported' : `NOT in the supported range ${playwright.range}: install a version in it`})`);
    if (ctx.config) ctx.print(`config: ${ctx.config.file}`);
    ctx.print(`output: ${ctx.paths.root}`);
    ctx.print(`runs database: ${ctx.paths.runsDb}`);
    ctx.print(`model: ${model ?? 'none configured (set OPENAI_API_KEY or OPENAI_BASE_URL; capture uses the crawler)'}`);
    return { code: 0, result: { browser, headlessBrowser, playwright, config: ctx.config?.file ?? null, output: ctx.paths.root, runsDb: ctx.paths.runsDb, model } };
  },
});
