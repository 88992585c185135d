import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../../core/errors.ts';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import { readJsonLines } from '../../core/io/read.ts';
import { EdgeRecord } from '../../core/schema/extract.ts';
import { checkResult } from '../../capture/agent/result-format.ts';
import { ResultFormat } from '../../capture/agent/task.ts';
import { extractTrace } from '../../extract/extract.ts';
import { confinedPath, writePageFile, type PageFileKind } from '../page-files.ts';
import { pomSummary } from '../pom-summary.ts';
import { defineTool, fence, jsonAnswer, answer, type McpTool, type ToolContext } from './define.ts';

/**
 * File tools: page objects and feature docs through generate's emitters, the result of a run,
 * and read-only views of what extract and generate produced. Every path stays inside the output dir.
 */

const Sessions = z.array(z.string().min(1)).min(1).describe('recorded session ids to build the page model from (extracted first when needed)');
const Llm = z.enum(['off', 'auto', 'on']).optional().describe('names from a model: off, auto (default: when one is configured), on');

function pageFileTool(kind: PageFileKind): McpTool {
  const what = kind === 'pom' ? 'page object' : 'feature doc';
  return defineTool({
    name: kind === 'pom' ? 'write_page_object' : 'write_feature_doc',
    title: kind === 'pom' ? 'Write a page object' : 'Write a feature doc',
    description:
      `Write the ${what} of one page of the recorded runs with \`bu generate\`'s emitter (merged with what is already there). ` +
      `The path is relative to the output dir; a path outside it is refused.`,
    input: z.strictObject({
      sessions: Sessions,
      page: z.string().min(1).describe('the page: class name (LoginPage), name (Login) or page id'),
      path: z.string().min(1).optional().describe(`where to write, relative to the output dir (default ${kind === 'pom' ? 'pom/<Class>.ts' : 'docs/<page>.md'})`),
      llm: Llm,
    }),
    async run(ctx, { sessions, page, path: file, llm }) {
      const result = await writePageFile({ kind, sessions, page, path: file, llm: llm ?? 'auto' }, ctx);
      return answer([
        ['Result', `${result.written ? 'Wrote' : 'Unchanged:'} ${result.file} (${result.className}) under ${ctx.paths.root}`],
        [kind === 'pom' ? 'Page object' : 'Feature doc', fence(kind === 'pom' ? 'ts' : 'markdown', result.text)],
      ]);
    },
  });
}

/** The recording in progress or the last one, or the session asked for (it must be in the run database). */
async function resultSession(ctx: ToolContext, wanted: string | undefined): Promise<string> {
  const sessionId = wanted ?? ctx.live.recordedSessionId;
  if (!sessionId) throw new UsageError('no session to attach the result to', 'record one first (start_recording or record_run) or pass session');
  if (!(await ctx.runs.get(sessionId))) throw new UsageError(`no run ${sessionId} in ${ctx.runs.file}`, 'pass a session id from `bu runs list`');
  return sessionId;
}

const writeResult = defineTool({
  name: 'write_result',
  title: 'Write the result of a run',
  description: 'Write the result of the recorded run to results/<session>.<format>, checked in its format (a CSV header, valid JSON ...), and note it in the run database.',
  input: z.strictObject({
    text: z.string().min(1).describe('the result, in the format'),
    format: ResultFormat.optional().describe('markdown (default), csv, json or txt'),
    session: z.string().min(1).optional().describe('default: the recording in progress, else the last one'),
  }),
  async run(ctx, { text, format: given, session }) {
    const format = given ?? 'markdown';
    const sessionId = await resultSession(ctx, session);
    const checked = checkResult(format, ctx.live.settings.secrets.redactText(text));
    if (!checked.ok) throw new UsageError(`the result was not written: ${checked.error}`);
    const file = ctx.paths.result(sessionId, format);
    await writeFileAtomic(file, checked.text);
    await ctx.runs.upsert({ sessionId, artifacts: { result: file }, format, recordsExtracted: checked.records });
    return jsonAnswer({ sessionId, file, format, records: checked.records }, `Wrote ${file}.`);
  },
});

const readEdges = defineTool({
  name: 'read_observed_edges',
  title: 'Observed edges',
  description: 'The page transitions observed in a recorded run (extract/<session>/edges.jsonl: from, to, the action, confidence); extracts the run first when needed.',
  input: z.strictObject({ session: z.string().min(1) }),
  readOnly: true,
  async run(ctx, { session }) {
    const file = path.join(ctx.paths.extractDir(session), 'edges.jsonl');
    if (!fs.existsSync(file)) await extractTrace(session, { paths: ctx.paths, cwd: ctx.cwd });
    const edges = await readJsonLines(EdgeRecord, file, 'edges.jsonl');
    const lines = edges.map((e) => `- ${e.from} -> ${e.to} by ${e.apiName} (step ${e.step ?? '?'}, ${e.confidence})`).join('\n');
    return answer([['Edges', lines || '(no page transitions observed)'], ['JSON', fence('json', JSON.stringify(edges, null, 2))]]);
  },
});

const readPom = defineTool({
  name: 'read_pom_summary',
  title: 'Page object summary',
  description: 'Classes, members and methods of the page objects under the output dir (read from their source, hand edits included).',
  input: z.strictObject({ path: z.string().min(1).optional().describe('a .ts file or directory relative to the output dir (default pom)') }),
  readOnly: true,
  async run(ctx, { path: wanted }) {
    const target = confinedPath(ctx.paths.root, wanted ?? 'pom');
    const classes = pomSummary(target, ctx.paths.root);
    const lines = classes.map((c) => `- ${c.name} (${c.file}): ${c.members.length} member(s), methods ${c.methods.map((m) => `${m.name}(${m.params.map((p) => p.name).join(', ')})`).join(', ') || 'none'}`);
    return jsonAnswer({ classes }, lines.join('\n') || `no classes under ${target}`);
  },
});

export const fileTools: McpTool[] = [pageFileTool('pom'), pageFileTool('doc'), writeResult, readEdges, readPom];
