import { UsageError } from '../core/errors.ts';
import { readJsonFile } from '../core/io/read.ts';
import { Plan } from '../core/schema/plan.ts';
import { packageFile } from '../core/package.ts';
import { kPlanSchemaFile } from '../core/schema/plan-json-schema.ts';
import { checkPlaceholders } from '../capture/check-placeholders.ts';
import { checkPassed, checkPlan, describeCheck } from '../capture/check-plan.ts';
import { ScriptPolicy } from '../capture/policies/script.ts';
import { runCapture } from '../capture/run-capture.ts';
import { Session } from '../capture/session.ts';
import type { CaptureSettings } from '../capture/capture-settings.ts';
import type { CommandContext, CommandDef } from './command.ts';
import { kExploreOptions, runExplore } from './capture-explore.ts';
import { agentCommands, agentTuningOptions } from './capture-llm.ts';
import { resumeCommand } from './capture-resume.ts';
import { captureSettings, kCaptureOptions, reportCapture } from './capture-options.ts';

/** `bu capture <subcommand>`: live capture. Shared options and helpers live in capture-options.ts. */

/** The shipped doc that lists the plan actions, each with an example, and the plan schema, as paths a user can open. */
export const kPlanDoc = packageFile('docs/plan-format.md', process.cwd());
const kPlanSchema = packageFile(kPlanSchemaFile, process.cwd());
export { captureSettings, kCaptureOptions, kDefaultMaxSteps, reportCapture } from './capture-options.ts';

const scriptCommand: CommandDef = {
  name: 'script',
  summary: 'carry out a written plan (no LLM) and record it exactly as an agent run',
  options: [
    { flags: '--plan <file>', description: `the plan (JSON; actions and examples: ${kPlanDoc}, schema: ${kPlanSchema})` },
    { flags: '--url <url>', description: 'start address (default: the plan\'s url, else baseURL of brow-use.config.ts)' },
    { flags: '--max-steps <n>', description: 'stop after this many steps, one action each (default: the plan\'s length)' },
    { flags: '--check', description: 'validate the plan and count what each target matches on the live page, acting on nothing (exit 1 unless each matches one element)' },
    ...kCaptureOptions,
  ],
  json: true,
  async run(ctx, _args, options) {
    if (!options.plan) throw new UsageError('bu capture script needs --plan PLAN.json', `see ${kPlanDoc} for the format`);
    const plan = await readJsonFile(Plan, String(options.plan), 'plan');
    const url = (options.url as string | undefined) ?? plan.url ?? ctx.config?.config.baseURL;
    if (!url) throw new UsageError(`no start address: the plan ${String(options.plan)} has no "url" and --url is missing`, 'pass --url URL (or set baseURL in brow-use.config.ts)');
    if (options.check) return runCheck(ctx, plan, url, captureSettings(ctx, options, plan.steps.length));
    const settings = captureSettings(ctx, options, plan.steps.length);
    checkPlaceholders(plan.steps, settings, `plan ${String(options.plan)}`);
    const result = await runCapture({ ctx, command: 'script', url, policy: new ScriptPolicy(plan), settings });
    return reportCapture(ctx, result);
  },
};

/** `--check`: the targets on the live page, one line per step; exit 1 unless each names one element. */
async function runCheck(ctx: CommandContext, plan: Plan, url: string, settings: CaptureSettings): Promise<number> {
  const session = await Session.create({
    headed: settings.headed, cdpUrl: settings.cdpUrl, wsEndpoint: settings.wsEndpoint, storageState: settings.storageState, viewport: settings.viewport, env: ctx.env,
  });
  try {
    const checks = await checkPlan(session, plan, url);
    for (const check of checks) ctx.print(describeCheck(check));
    const bad = checks.filter((check) => !checkPassed(check));
    ctx.print(`${plan.steps.length} step(s), ${checks.length} target(s): ${bad.length ? `${bad.length} do not name exactly one element` : 'each names what its step needs'} (nothing was acted on)`);
    ctx.result({ url, steps: plan.steps.length, targets: checks, ok: !bad.length });
    return bad.length ? 1 : 0;
  } finally {
    await session.dispose();
  }
}

const exploreCommand: CommandDef = {
  name: 'explore',
  summary: 'explore an app on its own (the built-in crawler, or a model when one is configured) and record it',
  options: [...kExploreOptions, ...agentTuningOptions(), ...kCaptureOptions],
  json: true,
  run: runExplore,
};

export const captureCommand: CommandDef = {
  name: 'capture',
  summary: 'drive a real browser and record a trace, an aria log, a reasoning log and a replayable history',
  subcommands: [scriptCommand, exploreCommand, ...agentCommands(kCaptureOptions), resumeCommand],
};
