import { z } from 'zod';
import { PageModel } from '../core/schema/page-model.ts';
import { generate } from '../generate/generate.ts';
import { defineCommand } from './command.ts';
import { cliField } from './field-meta.ts';

export const GenerateInput = z.object({
  sessions: z.array(z.string().min(1)).min(1).register(cliField, { description: 'extracted session ids (one model is built from all of them)', positional: true }),
  out: z.string().min(1).optional().register(cliField, { description: 'where pom/, workflows/, tests/, docs/ go (default: the output dir)', value: 'dir' }),
  llm: z.enum(['off', 'auto', 'on']).default('auto').register(cliField, { description: 'names and docs from a model: off, auto (when OPENAI_API_KEY or OPENAI_BASE_URL is set), on', value: 'mode' }),
});

export const GenerateResult = z.object({
  outDir: z.string(),
  /** The page model file (model.json). */
  model: z.string(),
  pages: z.number().int(),
  flows: z.number().int(),
  written: z.array(z.string()),
  unchanged: z.array(z.string()),
  /** Files left alone because they already exist (playwright.config.ts, tsconfig.json). */
  skipped: z.array(z.string()),
  diagnostics: z.number().int(),
  /** Element locators checked against the recorded DOM snapshots. */
  locators: PageModel.shape.locatorCheck,
  llmCalls: z.number().int(),
});

export const generateCommand = defineCommand({
  name: 'generate',
  summary: 'extracted runs -> page objects, workflows, Playwright specs and docs (one model from several runs)',
  input: GenerateInput,
  result: GenerateResult,
  async run(ctx, { sessions, out, llm }) {
    const result = await generate({
      sessions,
      outDir: out ?? ctx.paths.root,
      paths: ctx.paths,
      cwd: ctx.cwd,
      env: ctx.env,
      llm,
      log: ctx.log,
      project: ctx.config ? { file: ctx.config.file, baseURL: ctx.config.config.baseURL ?? null } : null,
    });
    ctx.print(`generated ${result.pages} page objects and ${result.flows} flows in ${result.outDir} (${result.written.length} files written, ${result.unchanged.length} unchanged)`);
    if (result.diagnostics) ctx.print(`${result.diagnostics} locator notes: see ${result.model} ("diagnostics") and docs/`);
    return { code: 0, result };
  },
});
