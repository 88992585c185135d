import { z } from 'zod';
import type { CommandContext, CommandDef } from '../../commands/command.ts';
import { extractCommand } from '../../commands/extract.ts';
import { generateCommand } from '../../commands/generate.ts';
import { replayCommand } from '../../commands/replay.ts';
import { runInContext } from '../../commands/run-command.ts';
import { confinedPath } from '../page-files.ts';
import { answer, defineTool, fence, type McpTool, type ToolAnswer, type ToolContext } from './define.ts';

/**
 * extract, generate and replay as tools: each runs the very command `bu` runs, with its typed
 * input, in a context whose human output is collected into the answer instead of stdout; the
 * command's result (`bu --json`'s line) is the answer's structured content.
 */

async function commandAnswer<I extends z.ZodObject, R extends z.ZodType>(ctx: ToolContext, command: CommandDef<I, R>, input: z.input<I>): Promise<ToolAnswer> {
  const printed: string[] = [];
  const context: CommandContext = {
    cwd: ctx.cwd, env: ctx.env, paths: ctx.paths, runs: ctx.runs, signal: ctx.signal,
    log: (message) => ctx.log(message),
    print: (message) => printed.push(message),
  };
  const { code, result } = await runInContext(command, context, input);
  const structured = z.record(z.string(), z.unknown()).safeParse(result);
  const answered = answer([
    ['Result', printed.join('\n') || (code === 0 ? 'done' : 'failed')],
    ['JSON', structured.success ? fence('json', JSON.stringify(structured.data, null, 2)) : null],
  ]);
  const withData = structured.success ? { ...answered, structuredContent: structured.data } : answered;
  return code === 0 ? withData : { ...withData, isError: true };
}

const extract = defineTool({
  name: 'extract',
  title: 'Extract a run',
  description: 'Run `bu extract` on a recorded session: trace zip + sidecars -> extract/<session>/ (JSONL, screenshots). Deterministic, no browser.',
  input: z.strictObject({ session: z.string().min(1).describe('a session id (see `bu runs list`)') }),
  async run(ctx, { session }) {
    return commandAnswer(ctx, extractCommand, { session });
  },
});

const generate = defineTool({
  name: 'generate',
  title: 'Generate code and docs',
  description: 'Run `bu generate`: recorded runs -> page objects, workflows, Playwright specs and feature docs (under the output dir, or out inside it).',
  input: z.strictObject({
    sessions: z.array(z.string().min(1)).min(1),
    out: z.string().min(1).optional().describe('directory relative to the output dir (default: the output dir)'),
    llm: z.enum(['off', 'auto', 'on']).optional().describe('names and docs from a model (default auto)'),
  }),
  async run(ctx, { sessions, out, llm }) {
    const outDir = out === undefined ? ctx.paths.root : confinedPath(ctx.paths.root, out);
    return commandAnswer(ctx, generateCommand, { sessions, out: outDir, llm });
  },
});

const replay = defineTool({
  name: 'replay',
  title: 'Replay a run',
  description: 'Run `bu replay` on a recorded session or history file, in its own headless browser: re-finds each element, verifies each step, writes the report.',
  input: z.strictObject({
    history: z.string().min(1).describe('a session id or a history JSON path'),
    baseUrl: z.string().url().optional().describe('rebase recorded URLs onto this address'),
    vars: z.record(z.string(), z.string()).optional().describe('values of {{var:NAME}} placeholders'),
    strategy: z.enum(['full', 'locator-only']).optional(),
  }),
  async run(ctx, { history, baseUrl, vars, strategy }) {
    return commandAnswer(ctx, replayCommand, { history, baseUrl, vars, strategy, fallback: 'off' });
  },
});

export const pipelineTools: McpTool[] = [extract, generate, replay];
