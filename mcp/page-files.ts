import fs from 'node:fs/promises';
import path from 'node:path';
import type { ts as Ts } from 'ts-morph';
import { ts } from '../generate/ts-morph.ts';
import { UsageError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { insideDir, type OutputPaths } from '../core/paths.ts';
import type { ModelPage } from '../core/schema/page-model.ts';
import { emitContext } from '../generate/emit/context.ts';
import { emitDoc } from '../generate/emit/docs.ts';
import { resolveWrite, type GeneratedFile } from '../generate/emit/emit.ts';
import { emitPageObject } from '../generate/emit/pom.ts';
import { newProject } from '../generate/emit/source.ts';
import { chooseNamer, modelAndNames, type LlmMode } from '../generate/generate.ts';
import { loadRun } from '../generate/load.ts';

/**
 * One page object or one feature doc, emitted by generate's own emitters from recorded runs,
 * checked, and written only inside the output dir (merged with what a person wrote there).
 */

export type PageFileKind = 'pom' | 'doc';

export interface PageFileRequest {
  kind: PageFileKind;
  sessions: string[];
  /** Class name (`LoginPage`), name without the suffix (`Login`), page id or doc name. */
  page: string;
  /** Where to write, relative to the output dir (default: where `bu generate` puts it). */
  path?: string;
  llm: LlmMode;
}

export interface PageFileContext {
  paths: OutputPaths;
  cwd: string;
  env: NodeJS.ProcessEnv;
  log(message: string): void;
}

export interface PageFileResult {
  file: string;
  className: string;
  written: boolean;
  text: string;
}

const kExtension: Record<PageFileKind, string> = { pom: '.ts', doc: '.md' };

/** Resolves `wanted` inside the output dir, or refuses. */
export function confinedPath(root: string, wanted: string): string {
  try {
    return insideDir(root, wanted);
  } catch {
    throw new UsageError(`refused: ${wanted} is outside the output dir ${root}`, 'pass a path relative to the output dir, e.g. pom/LoginPage.ts');
  }
}

/** Syntax errors of TypeScript text (no type checking: imports need not resolve). */
export function syntaxErrors(file: string, text: string): string[] {
  // transpileModule reports syntax errors only: it neither resolves imports nor checks types.
  const { diagnostics = [] } = ts.transpileModule(text, { fileName: file, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return diagnostics.map((d: Ts.Diagnostic) => {
    const at = d.start === undefined || !d.file ? '' : `:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}`;
    return `${file}${at}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

export async function writePageFile(request: PageFileRequest, ctx: PageFileContext): Promise<PageFileResult> {
  const root = ctx.paths.root;
  if (request.path !== undefined) {
    confinedPath(root, request.path);
    if (!request.path.endsWith(kExtension[request.kind])) throw new UsageError(`refused: ${request.path} must end with ${kExtension[request.kind]}`);
  }
  const runs = [];
  for (const sessionId of request.sessions) runs.push(await loadRun(sessionId, { paths: ctx.paths, cwd: ctx.cwd, log: ctx.log }));
  const namer = chooseNamer({ sessions: request.sessions, outDir: root, paths: ctx.paths, cwd: ctx.cwd, env: ctx.env, llm: request.llm, log: ctx.log });
  const { model, names } = await modelAndNames(runs.map((r) => r.input), namer);
  const emit = emitContext(model, names);
  const page = findPage(model.pages, request.page, (p) => emit.pageNames(p.id));
  const fresh = request.kind === 'pom' ? emitPageObject(newProject(), emit, page) : emitDoc(emit, page);
  const generated: GeneratedFile = { file: request.path ?? fresh.file, text: fresh.text, policy: request.kind === 'pom' ? 'merge' : 'doc' };
  const target = confinedPath(root, generated.file);
  const existing = await fs.readFile(target, 'utf8').catch(() => null);
  const text = resolveWrite(generated, existing) ?? fresh.text;
  if (request.kind === 'pom') {
    const errors = syntaxErrors(generated.file, text);
    if (errors.length) throw new UsageError(`refused: the page object would not parse: ${errors.slice(0, 3).join('; ')}`);
  }
  const written = text !== existing;
  if (written) await writeFileAtomic(target, text);
  return { file: path.relative(root, target).split(path.sep).join('/'), className: emit.pageNames(page.id).className, written, text };
}

function findPage(pages: ModelPage[], wanted: string, names: (page: ModelPage) => { className: string; docFile: string }): ModelPage {
  const key = wanted.trim().toLowerCase();
  const found = pages.find((page) => {
    const { className, docFile } = names(page);
    return [page.id, className, className.replace(/Page$/, ''), docFile].some((candidate) => candidate.toLowerCase() === key);
  });
  if (found) return found;
  const known = pages.map((page) => names(page).className).join(', ');
  throw new UsageError(`no page ${wanted} in the recorded runs`, `pages: ${known || '(none)'}`);
}
