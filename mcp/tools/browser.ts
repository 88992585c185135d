import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ActionParams, kExpectActions, type ActionName, type ExpectName } from '../../core/schema/actions.ts';
import type { Executed } from '../../capture/actions/executed.ts';
import { actionDef } from '../../capture/actions/registry.ts';
import type { Observation } from '../../capture/types.ts';
import { playwrightCode } from '../code.ts';
import { callFor, McpTarget } from '../target.ts';
import { answer, defineTool, fence, type McpTool, type ToolAnswer, type ToolContext } from './define.ts';

/**
 * Browser tools on the live session. Their inputs are the capture actions' own recorded params
 * (capture/actions/registry.ts) plus a `target` for element actions; every answer shows the
 * Playwright code that ran, the result, and a fresh snapshot whose refs the next call can use.
 */

/** The registry's wording talks to a model that sees an indexed element list. */
function describe(action: ActionName, lead?: string): string {
  const def = actionDef(action);
  const text = def.element === 'required' ? def.description.replace(/\bits index\b/g, 'its target') : def.description;
  return lead ? `${lead} ${text}` : text;
}

function pageSection(observation: Observation | null): string | null {
  if (!observation) return null;
  const tabs = observation.tabs.length > 1 ? `\n- Tabs: ${observation.tabs.map((t) => `[${t.index}]${t.index === observation.activeTab ? '*' : ''} ${t.url}`).join(', ')}` : '';
  return `- URL: ${observation.url}\n- Title: ${observation.title}${tabs}`;
}

export function snapshotAnswer(observation: Observation, sections: Array<[string, string | null]> = []): ToolAnswer {
  return answer([...sections, ['Page', pageSection(observation)], ['Snapshot', fence('yaml', observation.ariaSnapshot)]]);
}

/** The answer to executed actions: their code, result (or error), recording note, page and snapshot. */
export async function actionAnswer(ctx: ToolContext, executed: Executed | Executed[], extra: ToolAnswer['content'] = []): Promise<ToolAnswer> {
  const all = Array.isArray(executed) ? executed : [executed];
  const code = all.flatMap((e) => (e.record ? playwrightCode(e.record) : []));
  const failed = all.find((e) => !e.outcome.ok);
  const observation = await ctx.live.observation().catch(() => null);
  const recording = ctx.live.activeRecording;
  const result = answer([
    ['Ran Playwright code', code.length ? fence('js', code.join('\n')) : null],
    [failed ? 'Error' : 'Result', failed ? failed.outcome.error : all.map((e) => e.outcome.text).join('\n')],
    ['Recording', recording ? `step ${recording.nextStep - 1} of ${recording.sessionId}` : null],
    ['Page', pageSection(observation)],
    ['Snapshot', observation ? fence('yaml', observation.ariaSnapshot) : null],
  ], extra);
  return failed ? { ...result, isError: true } : result;
}

async function run(ctx: ToolContext, action: ActionName, params: Record<string, unknown>, target?: McpTarget): Promise<Executed> {
  const observation = target === undefined ? null : await ctx.live.observation();
  return ctx.live.execute(callFor(action, params, target, observation));
}

function elementTool(name: string, title: string, action: 'click' | 'hover' | 'select_dropdown'): McpTool {
  return defineTool({
    name, title, description: describe(action),
    input: actionDef(action).recorded.extend({ target: McpTarget }),
    async run(ctx, { target, ...params }) {
      return actionAnswer(ctx, await run(ctx, action, params, target));
    },
  });
}

function pageTool(name: string, title: string, action: 'navigate' | 'go_back' | 'send_keys' | 'wait'): McpTool {
  return defineTool({
    name, title, description: describe(action),
    input: actionDef(action).recorded,
    async run(ctx, params) {
      return actionAnswer(ctx, await run(ctx, action, params));
    },
  });
}

/**
 * One tool per expect action (`browser_expect_text`, ...): the check must hold within its timeout,
 * else the tool answers an error; while recording, it becomes an expect step of the history.
 */
function expectTool(action: ExpectName): McpTool {
  const def = actionDef(action);
  const input = def.element === 'none' ? def.recorded : def.recorded.extend({ target: def.element === 'optional' ? McpTarget.optional() : McpTarget });
  return defineTool({
    name: `browser_${action}`,
    title: `Expect ${action.replace(/^expect_/, '')}`,
    description: def.description.replace(/\bits index\b/g, 'its target').replace(/\btarget \(a selector or locator code\)/, 'target'),
    input,
    async run(ctx, { target, ...params }: Record<string, unknown> & { target?: McpTarget }) {
      return actionAnswer(ctx, await run(ctx, action, params, target));
    },
  });
}

const snapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Page snapshot',
  description: 'The accessibility snapshot of the active tab, with refs (e12) that element tools accept as target.',
  input: z.strictObject({}),
  readOnly: true,
  async run(ctx) {
    return snapshotAnswer(await ctx.live.snapshot());
  },
});

const type = defineTool({
  name: 'browser_type',
  title: 'Type text',
  description: `${describe('input')} submit: true presses Enter afterwards.`,
  input: actionDef('input').recorded.extend({ target: McpTarget, submit: z.boolean().optional().describe('press Enter after typing') }),
  async run(ctx, { target, submit, ...params }) {
    const typed = await run(ctx, 'input', params, target);
    if (!submit || !typed.outcome.ok) return actionAnswer(ctx, typed);
    return actionAnswer(ctx, [typed, await run(ctx, 'send_keys', { keys: 'Enter' })]);
  },
});

const screenshot = defineTool({
  name: 'browser_take_screenshot',
  title: 'Screenshot',
  description: describe('screenshot'),
  input: actionDef('screenshot').recorded,
  async run(ctx, params) {
    const executed = await run(ctx, 'screenshot', params);
    const file = /Saved screenshot (\S+)/.exec(executed.outcome.text)?.[1];
    const data = file ? await fs.readFile(path.join(ctx.live.filesDir, file)).catch(() => null) : null;
    return actionAnswer(ctx, executed, data ? [{ type: 'image', data: data.toString('base64'), mimeType: 'image/png' }] : []);
  },
});

const tabs = defineTool({
  name: 'browser_tabs',
  title: 'Tabs',
  description: 'List the open tabs, open a new one (with url), select one or close one (by index; close defaults to the current tab).',
  input: z.strictObject({
    action: z.enum(['list', 'new', 'select', 'close']),
    index: ActionParams.switch.shape.tab.optional().describe('tab index (select, close)'),
    url: ActionParams.navigate.shape.url.optional().describe('address for a new tab (default about:blank)'),
  }),
  async run(ctx, { action, index, url }) {
    switch (action) {
      case 'list': {
        const session = await ctx.live.session();
        const infos = await session.tabInfos();
        return answer([['Tabs', infos.map((t) => `- [${t.index}]${t.index === session.activeTab ? ' (current)' : ''} ${JSON.stringify(t.title)} ${t.url}`).join('\n')]]);
      }
      case 'new':
        return actionAnswer(ctx, await run(ctx, 'navigate', { url: url ?? 'about:blank', newTab: true }));
      case 'select':
        if (index === undefined) throw new Error('browser_tabs select needs an index (see browser_tabs list)');
        return actionAnswer(ctx, await run(ctx, 'switch', { tab: index }));
      case 'close':
        return actionAnswer(ctx, await run(ctx, 'close', index === undefined ? {} : { tab: index }));
    }
  },
});

export const browserTools: McpTool[] = [
  pageTool('browser_navigate', 'Navigate to a URL', 'navigate'),
  snapshot,
  elementTool('browser_click', 'Click', 'click'),
  type,
  elementTool('browser_select_option', 'Select an option', 'select_dropdown'),
  pageTool('browser_press_key', 'Press keys', 'send_keys'),
  elementTool('browser_hover', 'Hover', 'hover'),
  pageTool('browser_navigate_back', 'Go back', 'go_back'),
  tabs,
  screenshot,
  pageTool('browser_wait_for', 'Wait', 'wait'),
  ...kExpectActions.map(expectTool),
];
