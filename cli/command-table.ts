import { z } from 'zod';
import type { AnyCommandDef } from '../commands/command.ts';

/**
 * The command table of `bu`: one row per top-level command, in pipeline order. Only commands
 * that work are listed. The commands live in commands/, which the API and the MCP tools run too;
 * `bu mcp` serves those tools, so its definition lives in mcp/ (a floor above commands/). Each row loads its module
 * on demand, so `bu extract` never pays for the model client, ts-morph or the MCP SDK, and
 * `bu --help` lists the rows' summaries without loading any (each module's own summary must
 * match its row).
 */
export const commandTable: { name: string; summary: string; load: () => Promise<AnyCommandDef> }[] = [
  { name: 'init', summary: 'set up brow-use in a project: brow-use.config.ts, a folder for generated tests with its Playwright config, a first plan, .gitignore lines', load: async () => (await import('../commands/init.ts')).initCommand },
  { name: 'capture', summary: 'drive a real browser and record a trace, an aria log, a reasoning log and a replayable history', load: async () => (await import('../commands/capture.ts')).captureCommand },
  { name: 'extract', summary: 'trace zip + sidecars -> JSONL and screenshots in extract/<id>/ (no browser, no LLM)', load: async () => (await import('../commands/extract.ts')).extractCommand },
  { name: 'generate', summary: 'extracted runs -> page objects, workflows, Playwright specs and docs (one model from several runs)', load: async () => (await import('../commands/generate.ts')).generateCommand },
  { name: 'baseline', summary: "record what the elements of a passing Playwright suite look like, from its traces, for `bu heal --baseline` (.brow-use/baseline.json)", load: async () => (await import('../commands/baseline.ts')).baselineCommand },
  { name: 'heal', summary: "repair Playwright tests from failing tests' traces: re-find each broken locator's recorded element (generated page objects, or any suite with --baseline), print a patch", load: async () => (await import('../commands/heal.ts')).healCommand },
  { name: 'replay', summary: 'replay a recorded history against the app, re-finding each element and verifying each step', load: async () => (await import('../commands/replay.ts')).replayCommand },
  { name: 'report', summary: 'write a static HTML timeline of a run and its replays (report/<id>/index.html)', load: async () => (await import('../commands/report.ts')).reportCommand },
  { name: 'runs', summary: 'the run database (.brow-use/runs.json)', load: async () => (await import('../commands/runs.ts')).runsCommand },
  { name: 'mcp', summary: 'MCP server on stdio exposing the browser, recording, file, extract, generate and replay tools', load: async () => (await import('../mcp/mcp-command.ts')).mcpCommand },
  { name: 'demo', summary: 'the main job on the bundled demo app: capture, extract, generate, run the generated tests, replay, report', load: async () => (await import('../commands/demo.ts')).demoCommand },
  { name: 'doctor', summary: 'check the set-up: which Chromium runs, where outputs go, whether a model is configured', load: async () => (await import('../commands/doctor.ts')).doctorCommand },
];

/**
 * The commands needed to parse `argv`: only the one named, loaded; else (help, a typo) every
 * command as its table row, which is all the top-level help and suggestions need.
 */
export async function loadCommands(argv: string[]): Promise<AnyCommandDef[]> {
  const first = argv.find((arg) => !arg.startsWith('-'));
  const named = commandTable.find((row) => row.name === first);
  if (!named) return commandTable.map(({ name, summary }) => ({ name, summary, input: z.object({}) }));
  const def = await named.load();
  if (def.name !== named.name || def.summary !== named.summary) throw new Error(`command table row ${named.name} does not match the command it loads (${def.name}: ${def.summary})`);
  return [def];
}

/** Every command loaded (tests check the table against the modules). */
export async function loadAllCommands(): Promise<AnyCommandDef[]> {
  return Promise.all(commandTable.map((row) => loadCommands([row.name]).then(([def]) => def!)));
}
