import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { parseJsonLines } from '../../core/io/read.ts';
import { outputPaths } from '../../core/paths.ts';
import { RunsDb } from '../../core/runs-db.ts';
import { LlmCallLine, ReasoningLine } from '../../core/schema/logs.ts';
import type { RunRecord } from '../../core/schema/run.ts';
import { servePages } from '../apps/serve.ts';
import { runCli, type CliResult } from '../cli.ts';
import type { FakeLlm } from '../fake-llm.ts';

/** A tiny shop served on 127.0.0.1 and a CLI runner wired to a fake model, for agent captures. */

/** The home page shows an account token, as API-key pages do: a secret that is on the page itself. */
function pages(token: string): Record<string, string> {
  return {
  '/': `<!doctype html><title>Shop</title><h1>Shop</h1>
<p>Your token: <code>${token}</code></p>
<nav><a href="/products">Products</a></nav>
<button id="noop" type="button">Refresh</button>
<label>Access token <input id="token" type="text"></label>
<button type="button" onclick="document.querySelector('#saved').textContent='Saved ' + document.querySelector('#token').value">Save</button>
<p id="saved"></p>`,
  '/products': `<!doctype html><title>Products</title><h1>Products</h1>
<table><tr><th>Name</th><th>Price</th></tr><tr><td>Kettle</td><td>25</td></tr><tr><td>Toaster</td><td>40</td></tr><tr><td>Mixer</td><td>90</td></tr></table>
<a href="/">Home</a>`,
  };
}

/** Each capture launches Chromium; on a loaded 2-core machine two captures take over a minute. */
export const kCliTestTimeoutMs = 180_000;

export interface Site {
  url: string;
  close(): Promise<void>;
}

export const kSiteToken = 'tok-51c7-AbXy-9qZ';

export async function startSite(): Promise<Site> {
  return servePages(pages(kSiteToken));
}

export interface Workspace {
  dir: string;
  output: string;
  run(args: string[], llm: FakeLlm | null, env?: Record<string, string>): Promise<CliResult>;
  runEntry(sessionId: string): Promise<RunRecord>;
  llmLines(sessionId: string): Promise<LlmCallLine[]>;
  reasoning(sessionId: string): Promise<ReasoningLine[]>;
  dispose(): Promise<void>;
}

export async function workspace(): Promise<Workspace> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-agent-'));
  const output = path.join(dir, 'output');
  const paths = outputPaths(output);
  const runs = new RunsDb(paths.runsDb);
  return {
    dir,
    output,
    run: (args, llm, env = {}) => runCli([...args, '--json'], {
      cwd: dir,
      timeoutMs: 90_000,
      env: {
        BU_OUTPUT: output, BU_MODEL: 'fake-model', OPENAI_API_KEY: llm ? 'test' : '', OPENAI_BASE_URL: llm?.url ?? '', BU_LLM_TIMEOUT_MS: '10000', ...env,
      },
    }),
    runEntry: async (sessionId) => {
      const entry = await runs.get(sessionId);
      if (!entry) throw new Error(`no run ${sessionId} in ${runs.file}`);
      return entry;
    },
    llmLines: async (sessionId) => parseJsonLines(LlmCallLine, await fs.readFile(paths.llmLog(sessionId), 'utf8'), sessionId),
    reasoning: async (sessionId) => parseJsonLines(ReasoningLine, await fs.readFile(paths.reasoning(sessionId), 'utf8'), sessionId),
    dispose: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

export function sessionIdOf(result: CliResult): string {
  const id = result.json?.sessionId;
  if (typeof id !== 'string') throw new Error(`no sessionId in the CLI output:\n${result.stdout}\n${result.stderr}`);
  return id;
}

export interface Harness {
  site: Site;
  ws: Workspace;
}

/**
 * Registers the hooks every agent spec needs: one site for the file, a fresh workspace (and the
 * CLI test timeout, unless `timeoutMs` is null) for every test.
 */
export function useHarness(options: { start?: () => Promise<Site>; timeoutMs?: number | null } = {}): Harness {
  const harness = {} as Harness;
  test.beforeAll(async () => {
    harness.site = await (options.start ?? startSite)();
  });
  test.afterAll(async () => {
    await harness.site?.close();
  });
  test.beforeEach(async () => {
    if (options.timeoutMs !== null) test.setTimeout(options.timeoutMs ?? kCliTestTimeoutMs);
    harness.ws = await workspace();
  });
  test.afterEach(async () => {
    await harness.ws?.dispose();
  });
  return harness;
}
