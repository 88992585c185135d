import { UsageError } from '../../core/errors.ts';
import { readJsonFile } from '../../core/io/read.ts';
import { Plan } from '../../core/schema/plan.ts';
import { ScriptPolicy } from '../../capture/policies/script.ts';
import { runCapture } from '../../capture/run-capture.ts';
import type { CommandDef } from '../command.ts';
import { kExploreOptions, runExplore } from './capture-explore.ts';
import { agentCommands, agentTuningOptions } from './capture-llm.ts';
import { resumeCommand } from './capture-resume.ts';
import { captureSettings, checkPlaceholders, kCaptureOptions, reportCapture } from './capture-options.ts';

/** `bu capture <subcommand>`: live capture. Shared options and helpers live in capture-options.ts. */
export { captureSettings, checkPlaceholders, kCaptureOptions, kDefaultMaxSteps, reportCapture } from './capture-options.ts';

const scriptCommand: CommandDef = {
  name: 'script',
  summary: 'carry out a written plan (no LLM) and record it exactly as an agent run',
  options: [
    { flags: '--plan <file>', description: 'the plan (JSON, SPEC "Plan files")' },
    { flags: '--url <url>', description: 'start address (default: the plan\'s url, else baseURL of brow-use.config.ts)' },
    { flags: '--max-steps <n>', description: 'stop after this many steps (default: the plan\'s length)' },
    ...kCaptureOptions,
  ],
  json: true,
  async run(ctx, _args, options) {
    if (!options.plan) throw new UsageError('bu capture script needs --plan PLAN.json', 'see SPEC "Plan files" for the format');
    const plan = await readJsonFile(Plan, String(options.plan), 'plan');
    const url = (options.url as string | undefined) ?? plan.url ?? ctx.config?.config.baseURL;
    if (!url) throw new UsageError(`no start address: the plan ${String(options.plan)} has no "url" and --url is missing`, 'pass --url URL (or set baseURL in brow-use.config.ts)');
    // One extra step lets the plan policy say it is done after the last plan step.
    const settings = captureSettings(ctx, options, plan.steps.length + 1);
    checkPlaceholders(plan.steps, settings, `plan ${String(options.plan)}`);
    const result = await runCapture({ ctx, command: 'script', url, policy: new ScriptPolicy(plan), settings });
    return reportCapture(ctx, result);
  },
};

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
