import type { CommandDef } from './command.ts';
import { captureCommand } from './commands/capture.ts';
import { demoCommand } from './commands/demo.ts';
import { doctorCommand } from './commands/doctor.ts';
import { extractCommand } from './commands/extract.ts';
import { generateCommand } from './commands/generate.ts';
import { mcpCommand } from './commands/mcp.ts';
import { reportCommand } from './commands/report.ts';
import { replayCommand } from './commands/replay.ts';
import { runsCommand } from './commands/runs.ts';

/** The command table: one row per top-level command. Only commands that work are listed. */
export const commands: CommandDef[] = [
  captureCommand,
  extractCommand,
  generateCommand,
  replayCommand,
  reportCommand,
  runsCommand,
  mcpCommand,
  demoCommand,
  doctorCommand,
];
