import type { Secrets } from './record/secrets.ts';

/** How a capture runs: what the command line (or a resumed checkpoint) settles before it starts. */
export interface CaptureSettings {
  headed: boolean;
  cdpUrl?: string;
  wsEndpoint?: string;
  /** Read at the start when it exists, written at the end. */
  storageState?: string;
  allowDomains: string[];
  secrets: Secrets;
  maxSteps: number;
  viewport?: { width: number; height: number };
  actionTimeoutMs?: number;
  /** Files or folders `upload_file` may use besides the session files (`--upload-path`). */
  uploadPaths?: string[];
  /** A labelled screenshot per step for the policy (`--vision`, resolved to on or off). */
  vision?: boolean;
  /** Also record the trace's screencast, the trace viewer's film strip (`--screencast`). */
  screencast?: boolean;
  /** `--mode session`: the user's own tab through the extension, which connects on this port (token: printed, or this one). */
  sessionMode?: { port: number; token?: string };
}
