import { UsageError } from '../../core/errors.ts';
import { readJsonFile, readJsonLines } from '../../core/io/read.ts';
import type { OutputPaths } from '../../core/paths.ts';
import type { RunsDb } from '../../core/runs-db.ts';
import { History } from '../../core/schema/history.ts';
import { AriaLogLine } from '../../core/schema/logs.ts';

/**
 * `run --grounded SESSION`: what an earlier exploration learned about the app (its pages and the
 * actions that lead from one to another), as a short text for the prompt.
 */

/** Enough to sketch a dozen-page app; a larger map costs more tokens than it saves steps. */
const kMaxPages = 40;
const kMaxEdges = 60;

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

export interface Grounding {
  sourceSessionId: string;
  text: string;
}

export async function loadGrounding(options: { sessionId: string; runs: RunsDb; paths: OutputPaths }): Promise<Grounding> {
  const { sessionId, paths } = options;
  const run = await options.runs.get(sessionId);
  if (!run) throw new UsageError(`--grounded ${sessionId}: no such run in ${options.runs.file}`, 'see `bu runs list` for recorded sessions, e.g. an explore run');
  const history = await readJsonFile(History, run.artifacts.history ?? paths.history(sessionId), 'history');
  const aria = await readJsonLines(AriaLogLine, run.artifacts.ariaLog ?? paths.ariaLog(sessionId), 'aria log').catch(() => []);
  const pages = new Map<string, string>();
  for (const line of aria) if (!pages.has(line.url)) pages.set(line.url, line.title);
  const edges = new Set<string>();
  for (const step of history.steps) {
    if (!pages.has(step.pre.url)) pages.set(step.pre.url, step.pre.title);
    if (!pages.has(step.post.url)) pages.set(step.post.url, step.post.title);
    if (!step.ok || step.pre.url === step.post.url) continue;
    const via = step.fingerprint ? `${step.action} ${step.fingerprint.role ?? step.fingerprint.tag} "${step.fingerprint.name}"` : step.action;
    edges.add(`${pathOf(step.pre.url)} --${via}--> ${pathOf(step.post.url)}`);
  }
  const pageLines = [...pages].slice(0, kMaxPages).map(([url, title]) => `- ${url} ${JSON.stringify(title)}`);
  const edgeLines = [...edges].slice(0, kMaxEdges).map((edge) => `- ${edge}`);
  const text = [`Pages (${pages.size}):`, ...pageLines, edgeLines.length ? `Transitions (${edges.size}):` : 'Transitions: none recorded', ...edgeLines].join('\n');
  return { sourceSessionId: sessionId, text };
}
