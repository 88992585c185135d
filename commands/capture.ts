import path from 'node:path';
import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { readJsonFile } from '../core/io/read.ts';
import { Plan } from '../core/schema/plan.ts';
import { packageFile } from '../core/package.ts';
import { kPlanSchemaFile } from '../core/schema/plan-json-schema.ts';
import { checkPlaceholders } from '../capture/check-placeholders.ts';
import { checkPassed, checkPlan, describeCheck, type TargetCheck } from '../capture/check-plan.ts';
import { ScriptPolicy } from '../capture/policies/script.ts';
import { runCapture } from '../capture/run-capture.ts';
import { Session } from '../capture/session.ts';
import type { CaptureSettings } from '../capture/capture-settings.ts';
import { defineCommand, defineGroup, type CommandContext, type Outcome } from './command.ts';
import { exploreCommand } from './capture-explore.ts';
import { agentCommands } from './capture-llm.ts';
import { resumeCommand } from './capture-resume.ts';
import { CaptureResult, captureSettings, kCaptureFields, reportCapture } from './capture-options.ts';
import { cliField, wholeNumber } from './field-meta.ts';

/** `bu capture <subcommand>`: live capture. Shared fields and helpers live in capture-options.ts. */

/** The shipped doc that lists the plan actions, each with an example, and the plan schema, as paths a user can open. */
export const kPlanDoc = packageFile('docs/plan-format.md', process.cwd());
const kPlanSchema = packageFile(kPlanSchemaFile, process.cwd());
export { captureSettings, kCaptureFields, kDefaultMaxSteps, reportCapture } from './capture-options.ts';

export const ScriptInput = z.object({
  plan: z.union([z.string().min(1), Plan]).optional().register(cliField, {
    description: `the plan (JSON; actions and examples: ${kPlanDoc}, schema: ${kPlanSchema}); a program may pass the plan itself`, value: 'file',
  }),
  url: z.string().optional().register(cliField, { description: "start address (default: the plan's url, else baseURL of brow-use.config.ts)" }),
  maxSteps: wholeNumber().optional().register(cliField, { description: "stop after this many steps, one action each (default: the plan's length)" }),
  check: z.boolean().default(false).register(cliField, {
    description: "validate the plan and count what each target matches on the live page, acting on nothing but the plan's own sign-in (exit 1 unless each target it can see matches one element)",
  }),
  ...kCaptureFields,
});

/** `--check`: what each step's target matches on the live page. */
export const PlanCheckResult = z.object({
  url: z.string(),
  steps: z.number().int(),
  targets: z.array(z.custom<TargetCheck>((value) => typeof value === 'object' && value !== null)),
  /** The step the check signed in at (the plan's own sign-in, run for real), else null. */
  signedInAt: z.number().int().nullable(),
  /** Why the plan's sign-in was not run or did not sign in, else null. */
  signInNote: z.string().nullable(),
  ok: z.boolean(),
});

const scriptCommand = defineCommand({
  name: 'script',
  summary: 'carry out a written plan (no LLM) and record it exactly as an agent run',
  input: ScriptInput,
  result: z.union([CaptureResult, PlanCheckResult]),
  async run(ctx, input): Promise<Outcome<CaptureResult | z.input<typeof PlanCheckResult>>> {
    if (input.plan === undefined) throw new UsageError('bu capture script needs --plan PLAN.json', `see ${kPlanDoc} for the format`);
    const plan = typeof input.plan === 'string' ? await readJsonFile(Plan, path.resolve(ctx.cwd, input.plan), 'plan') : input.plan;
    const where = typeof input.plan === 'string' ? `plan ${input.plan}` : 'the plan';
    const url = input.url ?? plan.url ?? ctx.config?.config.baseURL;
    if (!url) throw new UsageError(`no start address: ${where} has no "url" and --url is missing`, 'pass --url URL (or set baseURL in brow-use.config.ts)');
    const settings = captureSettings(ctx, input, plan.steps.length);
    if (input.check) return runCheck(ctx, plan, url, settings);
    checkPlaceholders(plan.steps, settings, where);
    const result = await runCapture({ ctx, command: 'script', url, policy: new ScriptPolicy(plan), settings });
    return reportCapture(ctx, result);
  },
});

/** `--check`: the targets on the live page, one line per step; exit 1 unless each names one element. */
async function runCheck(ctx: CommandContext, plan: Plan, url: string, settings: CaptureSettings): Promise<Outcome<z.input<typeof PlanCheckResult>>> {
  const session = await Session.create({
    headed: settings.headed, cdpUrl: settings.cdpUrl, wsEndpoint: settings.wsEndpoint, storageState: settings.storageState, viewport: settings.viewport, env: ctx.env,
  });
  try {
    const { targets: checks, signedInAt, signInNote } = await checkPlan(session, plan, url, settings.secrets);
    for (const check of checks) ctx.print(describeCheck(check));
    if (signInNote) ctx.print(signInNote);
    const bad = checks.filter((check) => !checkPassed(check));
    const unchecked = checks.filter((check) => check.unchecked !== null);
    const seen = bad.length ? `${bad.length} do not name what their step needs` : 'each it could see names what its step needs';
    const notSeen = unchecked.length ? `; ${unchecked.length} not checked (steps ${unchecked.map((check) => check.step).join(', ')}: they appear only after a step the check does not perform)` : '';
    const acted = signedInAt === null ? 'nothing was acted on' : `only the plan's sign-in was carried out, up to step ${signedInAt}; nothing after it was acted on`;
    ctx.print(`${plan.steps.length} step(s), ${checks.length} target(s): ${seen}${notSeen} (${acted})`);
    return { code: bad.length ? 1 : 0, result: { url, steps: plan.steps.length, targets: checks, signedInAt, signInNote, ok: !bad.length } };
  } finally {
    await session.dispose();
  }
}

export const captureCommand = defineGroup({
  name: 'capture',
  summary: 'drive a real browser and record a trace, an aria log, a reasoning log and a replayable history',
  subcommands: [scriptCommand, exploreCommand, ...agentCommands, resumeCommand],
});

/** The subcommands a program runs: a plan, or an exploration. */
export { exploreCommand, scriptCommand };
