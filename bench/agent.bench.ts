/**
 * Agent benchmark: `npx tsx bench/agent.bench.ts`. Runs `bu capture guided` on the bundled demo
 * app with a scripted OpenAI-compatible server that walks the app's links (one per step, then
 * done), and prints P5: the median input tokens of one agent step. The fake server cannot
 * tokenize, so tokens are counted as the prompt's characters / 4; the structured-output schema
 * sent in response_format is not counted (providers that bill it cache it across calls).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDemoServer } from '../demo/server.ts';
import { runCli } from '../test/support/cli.ts';
import { isFinishCheck, kFakeCharsPerToken, startFakeLlm, step, verdict, type RecordedRequest } from '../test/support/fake-llm.ts';

/** Steps of the walk: enough for a median over several different pages. */
const kWalkSteps = 8;
/** The budget the project sets for one step's prompt (browser-use was measured at ~7.3K). */
const kGoalTokens = 2_000;

function stepPrompt(request: RecordedRequest): string {
  return request.messages.find((m) => m.role === 'user' && m.content.includes('<browser_state>'))?.content ?? '';
}

/** The first same-site link of the page list that the walk has not opened yet. */
function nextLink(request: RecordedRequest, base: string, seen: Set<string>): string | null {
  for (const match of stepPrompt(request).matchAll(/\]link "[^"]*" href=(\S+)/g)) {
    const url = new URL(match[1]!, base).href;
    if (url.startsWith(base) && !seen.has(url)) return url;
  }
  return null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const demo = await startDemoServer({ port: 0 });
const seen = new Set<string>([demo.url]);
let steps = 0;
/** The demo app's own demo account (shown on its sign-in page). */
const kDemoLogin = { email: 'ann@example.com', password: 'correct-horse' };

function elementIndex(request: RecordedRequest, role: string, name: string): number | null {
  const match = new RegExp(`\\[(\\d+)\\]${role} "${name}"`).exec(stepPrompt(request));
  return match ? Number(match[1]) : null;
}

const llm = await startFakeLlm((request) => {
  if (isFinishCheck(request)) return verdict(true);
  const [email, password, signIn] = [elementIndex(request, 'textbox', 'Email'), elementIndex(request, 'textbox', 'Password'), elementIndex(request, 'button', 'Sign in')];
  if (steps === 0 && email && password && signIn) {
    steps++;
    return step([{ input: { index: email, text: kDemoLogin.email } }, { input: { index: password, text: kDemoLogin.password } }, { click: { index: signIn } }], { goal: 'sign in' });
  }
  const link = ++steps < kWalkSteps ? nextLink(request, demo.url, seen) : null;
  if (!link) return step({ done: { text: `Visited ${seen.size} pages.`, success: true } });
  seen.add(link);
  return step({ navigate: { url: link } }, { memory: `visited ${seen.size} pages`, goal: `open ${link}` });
});
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-agent-'));
try {
  const result = await runCli(['capture', 'guided', '--url', demo.url, '--intent', 'see every page of the app', '--max-steps', String(kWalkSteps + 2), '--json'], {
    cwd: dir,
    env: { BU_OUTPUT: path.join(dir, 'output'), OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: 'bench', BU_MODEL: 'fake-model' },
  });
  if (result.code !== 0) throw new Error(`the capture failed (exit ${result.code}):\n${result.stderr}`);
  const stepRequests = llm.requests.filter((request) => !isFinishCheck(request));
  const perStep = stepRequests.map((request) => Math.ceil(request.messages.reduce((sum, m) => sum + m.content.length, 0) / kFakeCharsPerToken));
  console.log(`agent steps: ${perStep.length}; input tokens per step: ${perStep.join(', ')}`);
  console.log(`P5 median input tokens per step = ${median(perStep)} (goal <= ${kGoalTokens}; counted as prompt chars / ${kFakeCharsPerToken}, the fake server cannot tokenize)`);
} finally {
  await llm.close();
  await demo.close();
  await fs.rm(dir, { recursive: true, force: true });
}
