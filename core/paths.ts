import path from 'node:path';

/** Where every artifact of a run lives, derived from one output directory. */
export interface OutputPaths {
  root: string;
  /** `.brow-use/` beside the output dir. */
  stateDir: string;
  runsDb: string;
  trace(id: string): string;
  ariaLog(id: string): string;
  reasoning(id: string): string;
  history(id: string): string;
  llmLog(id: string): string;
  result(id: string, format: string): string;
  extractDir(id: string): string;
  replayDir(id: string): string;
  reportDir(id: string): string;
}

export function outputPaths(root: string): OutputPaths {
  const abs = path.resolve(root);
  const stateDir = path.join(path.dirname(abs), '.brow-use');
  return {
    root: abs,
    stateDir,
    runsDb: path.join(stateDir, 'runs.json'),
    trace: (id) => path.join(abs, 'traces', `${id}.zip`),
    ariaLog: (id) => path.join(abs, 'aria-log', `${id}.jsonl`),
    reasoning: (id) => path.join(abs, 'reasoning', `${id}.jsonl`),
    history: (id) => path.join(abs, 'history', `${id}.json`),
    llmLog: (id) => path.join(abs, 'llm', `${id}.jsonl`),
    result: (id, format) => path.join(abs, 'results', `${id}.${format}`),
    extractDir: (id) => path.join(abs, 'extract', id),
    replayDir: (id) => path.join(abs, 'replays', id),
    reportDir: (id) => path.join(abs, 'report', id),
  };
}

/** The output dir from `BU_OUTPUT` (default `output`), resolved against cwd. */
export function defaultOutputRoot(env: NodeJS.ProcessEnv, cwd: string): string {
  return path.resolve(cwd, env.BU_OUTPUT || 'output');
}

/** Session ids are `<command>-<unix-ms>`. */
export function newSessionId(command: string, now: number): string {
  return `${command}-${now}`;
}

export const kSessionIdPattern = /^[a-z][a-z0-9_-]*-\d{10,}$/;

/** Resolves `candidate` inside `root`, refusing anything that escapes it. */
export function insideDir(root: string, candidate: string): string {
  const resolved = path.resolve(root, candidate);
  const rel = path.relative(root, resolved);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new Error(`path ${candidate} is outside ${root}`);
  }
  return resolved;
}

/** The session's own files (write_file, screenshots, downloads, uploads). */
export function sessionFilesDir(paths: OutputPaths, sessionId: string): string {
  return path.join(paths.root, 'files', sessionId);
}
