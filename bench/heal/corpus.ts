import type { APIRequestContext, Page } from 'playwright';

/**
 * What the heal corpus needs of an app: a way to start it on 127.0.0.1, to put it back in its
 * starting state between replays, and its flows, each a plan file with an oracle that judges the
 * app's final state (never replay's own verdict).
 */

export interface RunningApp {
  /** The app's base address, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** The instance's own files, for apps whose oracle reads them. */
  dir?: string;
  /** Back to the state flows were recorded in (data, sessions). */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export interface OracleInput {
  app: RunningApp;
  /** The page the replay left. */
  page: Page;
  /** Requests with the replay's cookies. */
  request: APIRequestContext;
}

export interface Flow {
  name: string;
  /** The plan file (SPEC "Plan files"), relative to bench/heal/plans/. */
  plan: string;
  /** Where the flow starts, relative to the app's base address. */
  start: string;
  /** Secrets the plan types, by name. */
  secrets?: Record<string, string>;
  /**
   * Covered by the app's other flows (a login that another flow starts with): run only with
   * BENCH_EXTRA=1, so the default run fits its time.
   */
  extra?: boolean;
  /** Null when the app is in the state the flow leaves it in, else what is wrong. */
  oracle(input: OracleInput): Promise<string | null>;
}

export interface CorpusApp {
  name: string;
  /** Why the app cannot run here, or null. */
  unavailable(): string | null;
  start(): Promise<RunningApp>;
  flows: Flow[];
  /**
   * Another real release (or another implementation of the same spec) with the same flows:
   * recorded on `start()`, replayed on this.
   */
  other?: { name: string; unavailable(): string | null; start(): Promise<RunningApp> };
}
