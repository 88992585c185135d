import { requestTokens, type CountedMessage } from '../../core/llm/tokens.ts';
import type { RecordedRequest, Scripted } from '../fake-llm.ts';
import { servePages } from '../apps/serve.ts';
import type { Site } from './agent-site.ts';

/**
 * For the long-task tests: a small shop with a colour swatch, pages of many buttons where a click
 * writes the button's name into the title, and helpers that tell the agent's model questions apart
 * by their system prompt and count what a request really sent.
 */

/** The benchmark's big page (/big): what reading a page in parts costs at that size. */
export const kBigPageButtons = 5_000;
/**
 * The test's page read in parts (/catalogue): 9 parts under test/agent/agent-chunks.spec.ts's
 * budget, where the claim needs more than 5. Every part is a step over the whole page's text, so
 * the cost grows with the page: that file took 32 CPU-s on 5,000 buttons and 18-19 on 1,500.
 */
export const kPartsPageButtons = 1_500;

function catalogue(buttons: number): string {
  return `<!doctype html><title>Catalogue</title><h1>Catalogue</h1>
<div id="list">${Array.from({ length: buttons }, (_, i) => `<button type="button" onclick="document.title='Clicked Item ${i + 1}'">Item ${i + 1}</button>`).join('')}</div>`;
}

const kPages: Record<string, string> = {
  '/': `<!doctype html><title>Shop</title><h1>Shop</h1>
<nav><a href="/products">Products</a> <a href="/big">Catalogue</a></nav>
<button type="button" aria-label="Swatch" style="width:120px;height:60px;background:#d01010;border:0"></button>`,
  '/products': `<!doctype html><title>Products</title><h1>Products</h1>
<table><tr><th>Name</th><th>Price</th></tr><tr><td>Kettle</td><td>25</td></tr><tr><td>Toaster</td><td>40</td></tr><tr><td>Mixer</td><td>90</td></tr></table>
<a href="/">Home</a>`,
  '/big': catalogue(kBigPageButtons),
  '/catalogue': catalogue(kPartsPageButtons),
};

export async function startLongSite(): Promise<Site> {
  return servePages(kPages);
}

export type PromptKind = 'step' | 'plan' | 'check' | 'revise' | 'summary' | 'element' | 'finish';

/** Which of the agent's questions a request is, from its system prompt. */
export function promptKind(request: RecordedRequest): PromptKind {
  const system = request.messages[0]?.content ?? '';
  if (system.startsWith('You drive a web browser')) return 'step';
  if (system.startsWith('You plan')) return 'plan';
  if (system.startsWith('You check whether a browser agent has completed')) return 'check';
  if (system.startsWith('You revise')) return 'revise';
  if (system.startsWith('You compress')) return 'summary';
  if (system.startsWith('You look at a close screenshot')) return 'element';
  if (system.startsWith('You check whether')) return 'finish';
  throw new Error(`unknown prompt: ${system.slice(0, 80)}`);
}

/** Answers by prompt kind, each kind from its own queue in order. */
export function byKind(queues: Partial<Record<PromptKind, (Scripted | ((request: RecordedRequest) => Scripted))[]>>) {
  const next: Partial<Record<PromptKind, number>> = {};
  return (request: RecordedRequest): Scripted | undefined => {
    const kind = promptKind(request);
    const queue = queues[kind] ?? [];
    const at = next[kind] ?? 0;
    next[kind] = at + 1;
    const entry = queue[at];
    return typeof entry === 'function' ? entry(request) : entry;
  };
}

export function userText(request: RecordedRequest): string {
  return request.messages.find((m) => m.role === 'user')?.content ?? '';
}

/** Input tokens of a request as sent: messages with their framing and the response_format schema. */
export function sentTokens(request: RecordedRequest): number {
  const body = JSON.parse(request.raw) as { response_format?: { json_schema?: unknown } };
  const schema = body.response_format?.json_schema ? JSON.stringify(body.response_format.json_schema) : '';
  return requestTokens(request.messages.map((m): CountedMessage => ({ role: m.role, content: m.content })), schema);
}

/** The index of the first listed element whose line matches `pattern` in the request's page text. */
export function listedIndex(request: RecordedRequest, pattern: RegExp): number | null {
  const state = /<browser_state>\n([\s\S]*?)\n<\/browser_state>/.exec(userText(request))?.[1] ?? '';
  const line = state.split('\n').find((l) => pattern.test(l));
  const match = line && /\[(\d+)\]/.exec(line);
  return match ? Number(match[1]) : null;
}

/** One step answer with the agent's newer fields. */
export function agentStep(action: Record<string, unknown>[] | Record<string, unknown>, extra: { observe?: 'next_chunk' | 'done_observing'; subtaskDone?: boolean; memory?: string; goal?: string } = {}): Scripted {
  return {
    json: {
      thinking: null, evaluation_previous_goal: 'Success: on track', memory: extra.memory ?? '', next_goal: extra.goal ?? 'continue',
      observe: extra.observe ?? null, ...(extra.subtaskDone !== undefined ? { subtask_done: extra.subtaskDone } : {}),
      action: Array.isArray(action) ? action : [action],
    },
  };
}
