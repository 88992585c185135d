/**
 * Agent benchmark: `npx tsx bench/agent.bench.ts`. Runs agent captures against a scripted
 * OpenAI-compatible server (the real `openai` client sends real requests) and prints P5: the
 * input tokens of one agent step, counted with the o200k tokenizer on what was actually sent,
 * the system prompt and the structured-output schema included. Two figures per run:
 *   whole    — every input token of the step's request;
 *   changing — the tokens after the longest prefix shared with an earlier request of the run,
 *              i.e. what a provider's prompt cache cannot serve (providers cache prefixes only).
 * Runs: the bundled demo app (a sign-in, then a walk over its links), the same with subtasks on,
 * a real app we did not write (DokuWiki, when installed), and a generated page of 5,000
 * elements read in chunks under --observe-budget.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { requestSequence, requestTokens, sharedPrefix, type CountedMessage } from '../core/llm/tokens.ts';
import { startDemoServer } from '../demo/server.ts';
import { runCli } from '../harness/cli.ts';
import { dokuwikiUnavailable, startDokuWiki } from '../harness/apps/dokuwiki-install.ts';
import { isFinishCheck, startFakeLlm, step, verdict, type RecordedRequest, type Script, type Scripted } from '../harness/fake-llm.ts';
import { kBigPageButtons, startLongSite } from '../harness/sites/long-site.ts';

/** Steps of a walk: enough for a median over several different pages. */
const kWalkSteps = 8;
/** The goal for the changing part of one step's prompt. */
const kGoalChangingTokens = 2_000;
/** The prompt budget of the big-page run (the test of chunked observation uses the same). */
const kBigPageBudget = 6_000;
/** The demo app's own demo account (shown on its sign-in page). */
const kDemoLogin = { email: 'ann@example.com', password: 'correct-horse' };

function stepPrompt(request: RecordedRequest): string {
  return request.messages.find((m) => m.role === 'user' && m.content.includes('<browser_state>'))?.content ?? '';
}

function isStep(request: RecordedRequest): boolean {
  return !isFinishCheck(request) && stepPrompt(request) !== '';
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The messages and the response_format schema exactly as the client sent them. */
function sent(request: RecordedRequest): { messages: CountedMessage[]; schema: string } {
  const body = JSON.parse(request.raw) as { response_format?: { json_schema?: unknown } };
  const schema = body.response_format?.json_schema ? JSON.stringify(body.response_format.json_schema) : '';
  return { messages: request.messages.map((m) => ({ role: m.role, content: m.content })), schema };
}

interface Figures {
  steps: number;
  whole: number[];
  changing: number[];
  calls: number;
}

/** Whole and changing tokens of every step request (every request counts as a possible cache entry). */
function figures(requests: RecordedRequest[]): Figures {
  const seen: number[][] = [];
  const whole: number[] = [];
  const changing: number[] = [];
  for (const request of requests) {
    const { messages, schema } = sent(request);
    const sequence = requestSequence(messages, schema);
    const cached = seen.reduce((best, earlier) => Math.max(best, sharedPrefix(earlier, sequence)), 0);
    seen.push(sequence);
    if (!isStep(request)) continue;
    const total = requestTokens(messages, schema);
    whole.push(total);
    changing.push(Math.max(0, total - cached));
  }
  return { steps: whole.length, whole, changing, calls: requests.length };
}

function report(label: string, f: Figures, extra = ''): void {
  console.log(`${label}: ${f.steps} step calls (${f.calls} model calls in all)${extra}`);
  console.log(`  whole input per step:    ${f.whole.join(', ')}`);
  console.log(`  changing part per step:  ${f.changing.join(', ')}`);
  console.log(`  P5 median whole = ${median(f.whole)} tokens; median changing = ${median(f.changing)} tokens (goal <= ${kGoalChangingTokens}); largest prompt = ${Math.max(...f.whole)} tokens`);
}

/** The first same-site link of the page list the walk has not opened yet. */
function nextLink(request: RecordedRequest, base: string, seen: Set<string>, accept: (url: URL) => boolean): string | null {
  const origin = new URL(base).origin;
  for (const match of stepPrompt(request).matchAll(/\]link "[^"]*" href=(\S+)/g)) {
    let url: URL;
    try {
      url = new URL(match[1]!, base);
    } catch {
      continue;
    }
    if (url.origin === origin && accept(url) && !seen.has(url.href)) return url.href;
  }
  return null;
}

function indexOf(request: RecordedRequest, role: string, name: string): number | null {
  const match = new RegExp(`\\[(\\d+)\\]${role} "${name}"`).exec(/<browser_state>[\s\S]*<\/browser_state>/.exec(stepPrompt(request))?.[0] ?? '');
  return match ? Number(match[1]) : null;
}

/** The plan and the subtask check of a run with --subtasks: two subtasks, each checked complete. */
function subtaskAnswer(request: RecordedRequest): Scripted | null {
  const system = request.messages[0]?.content ?? '';
  if (system.startsWith('You plan')) return { json: { subtasks: ['Sign in if the app asks for it', 'Open every page the app links to'], reflection: 'Both are needed, in this order.', revised: null } };
  if (system.startsWith('You check whether a browser agent has completed')) return { json: { complete: true, reason: 'the page shows it' } };
  return null;
}

/** A walk over the app's links, one per step, then done; a sign-in first where the page offers one. */
function walkScript(start: string, accept: (url: URL) => boolean): Script {
  const seen = new Set<string>([start]);
  let steps = 0;
  return (request) => {
    // Before the finish check: both system prompts start "You check whether".
    const planning = subtaskAnswer(request);
    if (planning) return planning;
    if (isFinishCheck(request)) return verdict(true);
    if (!isStep(request)) return undefined;
    const [email, password, signIn] = [indexOf(request, 'textbox', 'Email'), indexOf(request, 'textbox', 'Password'), indexOf(request, 'button', 'Sign in')];
    if (steps === 0 && email && password && signIn) {
      steps++;
      return withSubtaskDone(step([{ input: { index: email, text: kDemoLogin.email } }, { input: { index: password, text: kDemoLogin.password } }, { click: { index: signIn } }], { goal: 'sign in' }));
    }
    const link = ++steps < kWalkSteps ? nextLink(request, start, seen, accept) : null;
    if (!link) return step({ done: { text: `Visited ${seen.size} pages.`, success: true } });
    seen.add(link);
    return step({ navigate: { url: link } }, { memory: `visited ${seen.size} pages`, goal: `open ${link}` });
  };
}

/** The sign-in step finishes the first subtask (runs without subtasks ignore the field). */
function withSubtaskDone(answer: Scripted): Scripted {
  return 'json' in answer ? { json: { ...(answer.json as object), subtask_done: true } } : answer;
}

/** The 5,000-element page: read part by part until the last item is listed, click it, then done. */
function bigPageScript(): Script {
  return (request) => {
    if (isFinishCheck(request)) return verdict(true);
    if (!isStep(request)) return undefined;
    const text = stepPrompt(request);
    if (text.includes(`Clicked Item ${kBigPageButtons}`)) return step({ done: { text: 'clicked', success: true } });
    const target = indexOf(request, 'button', `Item ${kBigPageButtons}`);
    if (target === null) return { json: { thinking: null, evaluation_previous_goal: 'Unknown', memory: '', next_goal: 'read on', observe: 'next_chunk', action: [] } };
    return step({ click: { index: target } });
  };
}

async function capture(args: string[], script: Script): Promise<RecordedRequest[]> {
  const llm = await startFakeLlm(script);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-agent-'));
  try {
    const result = await runCli([...args, '--json'], {
      cwd: dir,
      env: { BU_OUTPUT: path.join(dir, 'output'), OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'bench', BU_MODEL: 'fake-model' },
    });
    if (result.code !== 0) throw new Error(`the capture failed (exit ${result.code}):\n${result.stderr}`);
    return llm.requests;
  } finally {
    await llm.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const walkArgs = (url: string) => ['capture', 'guided', '--url', url, '--intent', 'see every page of the app', '--max-steps', String(kWalkSteps + 2)];

const demo = await startDemoServer({ port: 0 });
try {
  report('demo app', figures(await capture(walkArgs(demo.url), walkScript(demo.url, () => true))));
  report('demo app, --subtasks', figures(await capture([...walkArgs(demo.url), '--subtasks'], walkScript(demo.url, () => true))));
} finally {
  await demo.close();
}

const big = await startLongSite();
try {
  const f = figures(await capture(['capture', 'run', '--url', `${big.url}big`, '--instruction', `Click Item ${kBigPageButtons}`, '--format', 'txt', '--observe-budget', String(kBigPageBudget), '--max-steps', '3'], bigPageScript()));
  report(`${kBigPageButtons}-element page, --observe-budget ${kBigPageBudget}`, f, `; largest prompt ${Math.max(...f.whole)} ${Math.max(...f.whole) <= kBigPageBudget ? '<=' : '>'} budget ${kBigPageBudget}`);
} finally {
  await big.close();
}

const noWiki = dokuwikiUnavailable();
if (noWiki) console.log(`DokuWiki: skipped (${noWiki})`);
else {
  const wiki = await startDokuWiki();
  try {
    // Page views, the index and the change lists only: edit forms, logins and admin tools are not part of a walk.
    const readOnly = (url: URL) => url.pathname.endsWith('doku.php') && ['index', 'recent', 'revisions', 'backlink', null].includes(url.searchParams.get('do'));
    report('DokuWiki (real app)', figures(await capture(walkArgs(wiki.url), walkScript(wiki.url, readOnly))));
  } finally {
    await wiki.close();
  }
}
