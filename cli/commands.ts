import type { CommandDef } from './command.ts';

/**
 * The command table: one row per top-level command, in pipeline order. Only commands that work
 * are listed. Each row loads its module on demand, so `bu extract` never pays for the model
 * client, ts-morph or the MCP SDK.
 */
export const commandTable: { name: string; load: () => Promise<CommandDef> }[] = [
  { name: 'init', load: async () => (await import('./commands/init.ts')).initCommand },
  { name: 'capture', load: async () => (await import('./commands/capture.ts')).captureCommand },
  { name: 'extract', load: async () => (await import('./commands/extract.ts')).extractCommand },
  { name: 'generate', load: async () => (await import('./commands/generate.ts')).generateCommand },
  { name: 'replay', load: async () => (await import('./commands/replay.ts')).replayCommand },
  { name: 'report', load: async () => (await import('./commands/report.ts')).reportCommand },
  { name: 'runs', load: async () => (await import('./commands/runs.ts')).runsCommand },
  { name: 'mcp', load: async () => (await import('./commands/mcp.ts')).mcpCommand },
  { name: 'demo', load: async () => (await import('./commands/demo.ts')).demoCommand },
  { name: 'doctor', load: async () => (await import('./commands/doctor.ts')).doctorCommand },
];

/** The commands needed to parse `argv`: only the one named, or all of them (help, a typo). */
export async function loadCommands(argv: string[]): Promise<CommandDef[]> {
  const first = argv.find((arg) => !arg.startsWith('-'));
  const named = commandTable.find((row) => row.name === first);
  const rows = named ? [named] : commandTable;
  const defs = await Promise.all(rows.map((row) => row.load()));
  defs.forEach((def, i) => {
    if (def.name !== rows[i]!.name) throw new Error(`command table row ${rows[i]!.name} loads ${def.name}`);
  });
  return defs;
}
