import type { CaptureSettings } from '../capture/capture-settings.ts';
import type { OutputPaths } from '../core/paths.ts';
import type { RunsDb } from '../core/runs-db.ts';

/** What the MCP server's live browser and its recordings need from the command that started them. */
export interface LiveOptions {
  paths: OutputPaths;
  runs: RunsDb;
  cwd: string;
  env: NodeJS.ProcessEnv;
  settings: CaptureSettings;
  signal: AbortSignal;
  /** Progress for people: stderr only (stdout carries the protocol). */
  log(message: string): void;
}
