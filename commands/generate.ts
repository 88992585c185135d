import { UsageError } from '../core/errors.ts';
import { generate, type LlmMode } from '../generate/generate.ts';
import type { CommandDef } from './command.ts';

const kLlmModes: LlmMode[] = ['off', 'auto', 'on'];

export const generateCommand: CommandDef = {
  name: 'generate',
  summary: 'extracted runs -> page objects, workflows, Playwright specs and docs (one model from several runs)',
  args: ['<sessions...>'],
  options: [
    { flags: '--out <dir>', description: 'where pom/, workflows/, tests/, docs/ go (default: the output dir)' },
    { flags: '--llm <mode>', description: 'names and docs from a model: off, auto (when OPENAI_API_KEY or OPENAI_BASE_URL is set), on', default: 'auto', choices: kLlmModes },
  ],
  json: true,
  async run(ctx, args, options) {
    const sessions = args.filter(Boolean);
    if (!sessions.length) throw new UsageError('bu generate needs a session id', 'see `bu runs list`');
    const llm = kLlmModes.find((mode) => mode === options.llm) ?? 'auto';
    const result = await generate({
      sessions,
      outDir: typeof options.out === 'string' ? options.out : ctx.paths.root,
      paths: ctx.paths,
      cwd: ctx.cwd,
      env: ctx.env,
      llm,
      log: ctx.log,
      project: ctx.config ? { file: ctx.config.file, baseURL: ctx.config.config.baseURL ?? null } : null,
    });
    ctx.print(`generated ${result.pages} page objects and ${result.flows} flows in ${result.outDir} (${result.written.length} files written, ${result.unchanged.length} unchanged)`);
    if (result.diagnostics) ctx.print(`${result.diagnostics} locator notes: see ${result.model} ("diagnostics") and docs/`);
    ctx.result({ ...result });
    return 0;
  },
};
