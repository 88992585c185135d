import type { CommandDef } from './command.ts';
import { doctorCommand } from './commands/doctor.ts';
import { runsCommand } from './commands/runs.ts';

/** The command table: one row per top-level command. Only commands that work are listed. */
export const commands: CommandDef[] = [runsCommand, doctorCommand];
