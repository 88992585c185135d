import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { kNoModelMessage } from '../core/llm/config.ts';
import { llmAvailable } from '../core/llm/create-client.ts';
import { CrawlerPolicy } from '../capture/policies/crawler.ts';
import { runCapture } from '../capture/run-capture.ts';
import { startAllowList } from '../capture/url-policy.ts';
import { defineCommand } from './command.ts';
import { CaptureResult, captureSettings, kCaptureFields, reportCapture } from './capture-options.ts';
import { kAgentTuningFields, runLlmExplore } from './capture-llm.ts';
import { cliField, wholeNumber } from './field-meta.ts';

/**
 * `bu capture explore`: an autonomous walk of an app, recorded like every capture. The policy is
 * the built-in crawler unless a model is configured (`--policy` overrides).
 */

/** An app of a dozen pages is covered in about 40 steps by the crawler; more is asked for explicitly. */
export const kExploreMaxSteps = 40;

export const ExplorePolicyName = z.enum(['crawler', 'llm']);
export type ExplorePolicyName = z.infer<typeof ExplorePolicyName>;

export const ExploreInput = z.object({
  url: z.string().optional().register(cliField, { description: 'start address (http or https)' }),
  maxSteps: wholeNumber().optional().register(cliField, { description: `stop after this many steps (default ${kExploreMaxSteps})` }),
  policy: ExplorePolicyName.optional().register(cliField, {
    description: 'who decides: the built-in crawler or a model (default: llm when a model is configured, else crawler)', value: 'name',
  }),
  allowDestructive: z.boolean().default(false).register(cliField, { description: 'let the crawler use delete, log out, pay ... controls' }),
  fills: z.record(z.string(), z.string()).optional().register(cliField, {
    description: 'a value the crawler types into fields labelled, named or typed NAME (repeatable); use --secret for passwords', flag: 'fill', example: '--fill email=ann@example.com',
  }),
  ...kAgentTuningFields,
  ...kCaptureFields,
});

/** `--policy`, or the default for this environment: the model when one is configured (or replayed). */
export function explorePolicyName(option: ExplorePolicyName | undefined, env: NodeJS.ProcessEnv, replayFile?: string | null): ExplorePolicyName {
  return option ?? (llmAvailable(env, replayFile) ? 'llm' : 'crawler');
}

function startUrl(value: string | undefined): string {
  if (!value) throw new UsageError('bu capture explore needs --url URL', 'e.g. bu capture explore --url http://127.0.0.1:8080/');
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(`--url ${value}: expected an http or https address`, 'e.g. --url http://127.0.0.1:8080/');
}

export const exploreCommand = defineCommand({
  name: 'explore',
  summary: 'explore an app on its own (the built-in crawler, or a model when one is configured) and record it',
  input: ExploreInput,
  result: CaptureResult,
  async run(ctx, input) {
    const url = startUrl(input.url);
    const policyName = explorePolicyName(input.policy, ctx.env, input.llmReplay);
    switch (policyName) {
      case 'llm':
        if (!llmAvailable(ctx.env, input.llmReplay)) throw new UsageError(`--policy llm: ${kNoModelMessage}`, 'or use --policy crawler, which needs no model');
        return runLlmExplore(ctx, url, input);
      case 'crawler':
        break;
    }
    const settings = captureSettings(ctx, input, kExploreMaxSteps);
    const allow = startAllowList(url, settings.allowDomains);
    const policy = new CrawlerPolicy({
      allow,
      allowDestructive: input.allowDestructive,
      known: { fills: input.fills ?? {}, secrets: settings.secrets.secretNames },
      ...(input.maxLoopHits !== undefined ? { maxLoopHits: input.maxLoopHits } : {}),
    });
    const result = await runCapture({ ctx, command: 'explore', url, policy, settings: { ...settings, allowDomains: allow } });
    const crawl = policy.summary();
    ctx.log(`crawler: ${crawl.states} distinct states, ${crawl.loopHits} loop hits`);
    return reportCapture(ctx, result);
  },
});
