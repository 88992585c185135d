import { UsageError } from '../core/errors.ts';
import { kNoModelMessage } from '../core/llm/config.ts';
import { llmAvailable } from '../core/llm/create-client.ts';
import { CrawlerPolicy } from '../capture/policies/crawler.ts';
import { runCapture } from '../capture/run-capture.ts';
import { startAllowList } from '../capture/url-policy.ts';
import type { CommandContext, OptionDef } from './command.ts';
import { captureSettings, reportCapture } from './capture-options.ts';
import { runLlmExplore } from './capture-llm.ts';

/**
 * `bu capture explore`: an autonomous walk of an app, recorded like every capture. The policy is
 * the built-in crawler unless a model is configured (`--policy` overrides).
 */

/** An app of a dozen pages is covered in about 40 steps by the crawler; more is asked for explicitly. */
export const kExploreMaxSteps = 40;

export const kExploreOptions: OptionDef[] = [
  { flags: '--url <url>', description: 'start address (http or https)' },
  { flags: '--max-steps <n>', description: `stop after this many steps (default ${kExploreMaxSteps})` },
  { flags: '--policy <name>', description: 'who decides: the built-in crawler or a model (default: llm when a model is configured, else crawler)', choices: ['crawler', 'llm'] },
  { flags: '--allow-destructive', description: 'let the crawler use delete, log out, pay ... controls' },
  { flags: '--fill <name=value>', description: 'a value the crawler types into fields labelled, named or typed NAME (repeatable); use --secret for passwords', repeatable: true },
];

export type ExplorePolicyName = 'crawler' | 'llm';

/** `--policy`, or the default for this environment: the model when one is configured (or replayed). */
export function explorePolicyName(option: unknown, env: NodeJS.ProcessEnv, replayFile?: string | null): ExplorePolicyName {
  if (option === 'crawler' || option === 'llm') return option;
  return llmAvailable(env, replayFile) ? 'llm' : 'crawler';
}

export function parseFills(values: readonly string[]): Record<string, string> {
  const fills: Record<string, string> = {};
  for (const entry of values) {
    const at = entry.indexOf('=');
    if (at < 1) throw new UsageError(`--fill ${entry}: expected NAME=value`, 'e.g. --fill email=ann@example.com');
    fills[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return fills;
}

function startUrl(value: unknown): string {
  if (typeof value !== 'string' || !value) throw new UsageError('bu capture explore needs --url URL', 'e.g. bu capture explore --url http://127.0.0.1:8080/');
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(`--url ${value}: expected an http or https address`, 'e.g. --url http://127.0.0.1:8080/');
}

function positiveInt(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} ${String(value)}: expected a whole number of at least 1`);
  return n;
}

export async function runExplore(ctx: CommandContext, _args: string[], options: Record<string, unknown>): Promise<number> {
  const url = startUrl(options.url);
  const policyName = explorePolicyName(options.policy, ctx.env, options.llmReplay as string | undefined);
  switch (policyName) {
    case 'llm':
      if (!llmAvailable(ctx.env, options.llmReplay as string | undefined)) throw new UsageError(`--policy llm: ${kNoModelMessage}`, 'or use --policy crawler, which needs no model');
      return runLlmExplore(ctx, url, options);
    case 'crawler':
      break;
  }
  const settings = captureSettings(ctx, options, kExploreMaxSteps);
  const allow = startAllowList(url, settings.allowDomains);
  const policy = new CrawlerPolicy({
    allow,
    allowDestructive: Boolean(options.allowDestructive),
    known: { fills: parseFills((options.fill as string[] | undefined) ?? []), secrets: settings.secrets.secretNames },
    ...(options.maxLoopHits !== undefined ? { maxLoopHits: positiveInt(options.maxLoopHits, '--max-loop-hits') } : {}),
  });
  const result = await runCapture({ ctx, command: 'explore', url, policy, settings: { ...settings, allowDomains: allow } });
  const crawl = policy.summary();
  ctx.log(`crawler: ${crawl.states} distinct states, ${crawl.loopHits} loop hits`);
  return reportCapture(ctx, result);
}
