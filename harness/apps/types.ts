import type { APIRequestContext, Page } from 'playwright';

/** The shape of the registry of real third-party web apps (see docs/real-apps.md). */

/** A login the app asks for before it shows its content (or before its admin pages). */
export interface AppLogin {
  user: string;
  password: string;
}

/** One started instance: its own temp dir, its own port on 127.0.0.1. */
export interface RunningApp {
  /** Where a person starts: origin, path prefix and hash route, e.g. `http://127.0.0.1:41234/_utils/#/_all_dbs`. */
  url: string;
  /** Present when the app has a password form (its first page, or its admin pages). */
  login?: AppLogin;
  /** The instance's state folder (a database file, a wiki's data), for oracles that read it. */
  dir: string;
  /** Puts the app's data back the way `start()` left it (between replays of recorded flows). */
  reset(): Promise<void>;
  /** Stops the server and removes the temp dir; safe to call twice. */
  stop(): Promise<void>;
}

/** What an app is good for in tests and benchmarks. */
export type AppTrait =
  | 'login' // a password form before the content
  | 'hash-routes' // routes in the fragment (`#/database/plants`)
  | 'path-prefix' // served under a prefix (`/docs/v5/`), not at the origin's root
  | 'unnamed-row-controls' // rows or cards whose checkboxes or icon-only buttons have no accessible name
  | 'server-rendered' // full page loads per route
  | 'single-page' // one document, routes change in place
  | 'shadow-dom' // controls inside web components' shadow roots
  | 'opens-tab' // a recorded flow opens a tab or window (target=_blank, window.open) and acts there
  | 'self-changing' // content that changes with no action (a ticking counter, a clock, a polled status)
  | 'widget-framework'; // built on a widget toolkit's own windows, menus and layout tables (MochaUI, ExtJS, Dojo)

/** Where the app's code comes from. */
export interface AppSource {
  kind: 'npm' | 'debian';
  /** The npm package (as aliased in package.json) or the Debian package. */
  package: string;
  version: string;
}

/** The conformance pipeline's stages, in order. */
export type ConformanceStage = 'explore' | 'extract' | 'generate' | 'tsc' | 'specs' | 'replay';

/** A known failure: the first stage it shows at, and why. */
export interface ExpectedFailure {
  stage: ConformanceStage;
  reason: string;
}

/** How the conformance suite (test/conformance) runs the whole pipeline on the app. */
export interface ConformancePart {
  /** Crawler step budget: small, so the suite stays quick (8 when absent). */
  maxSteps?: number;
  /**
   * A written plan (`bu capture script`) recorded beside the crawl at the app's start URL: a flow a
   * user would write down. Its session goes through every later stage with the crawl's.
   */
  plan?(url: string): object;
  /**
   * A known failure: the suite lets the app fail at that stage or a later one (never earlier), and
   * says so when it passes every stage; the bench reports it.
   */
  expectedFailure?: ExpectedFailure;
  /**
   * The plan signs in as `RunningApp.login` though no login stands before the content: both
   * captures get its password as the secret `password` (`{{secret:password}}` in the plan).
   */
  signsIn?: boolean;
  /**
   * Runs in the conformance bench only, not in `make test`: an older release of an app whose
   * newest release the suite runs (the same configuration, the same kind of markup), an app whose
   * every trait an app the suite runs has too, or one whose traits the suite proves on pages of its
   * own (test/conformance/conformance.spec.ts). The suite still starts and renders it
   * (test/apps/apps.spec.ts).
   */
  benchOnly?: boolean;
}

export interface OracleInput {
  /** The instance, its `url` being the origin the flows start from. */
  app: RunningApp;
  /** The page the replay left. */
  page: Page;
  /** Requests with the replay's cookies. */
  request: APIRequestContext;
}

/** A flow of the heal corpus: a plan file, and an oracle that judges the app's final state (never replay's own verdict). */
export interface CorpusFlow {
  name: string;
  /** The plan file (docs/plan-format.md), relative to bench/heal/plans/. */
  plan: string;
  /** Where the flow starts, relative to the app's origin. */
  start: string;
  /** Secrets the plan types, by name. */
  secrets?: Record<string, string>;
  /** Covered by the app's other flows (a login another flow starts with): run only with BENCH_EXTRA=1. */
  extra?: boolean;
  /** Null when the app is in the state the flow leaves it in, else what is wrong. */
  oracle(input: OracleInput): Promise<string | null>;
}

/** How the heal corpus (bench/heal-corpus.bench.ts) records and replays flows on the app. */
export interface CorpusPart {
  flows: CorpusFlow[];
  /** Another real release with the same flows: recorded on this app, replayed on that one. */
  other?: RealApp;
}

export interface RealApp {
  /** Stable id, e.g. `fauxton`, `tiddlywiki-5.3`. */
  name: string;
  /** What kind of app it is, in a few words. */
  kind: string;
  source: AppSource;
  traits: readonly AppTrait[];
  /** A text the first page really shows once it is ready (a heading, a row): proof it rendered. */
  readyText: string;
  /** For apps with the `login` trait: a text the app shows once signed in with `RunningApp.login`. */
  signedInText?: string;
  /** Why it cannot run here (a package is missing, with what to install), or null. */
  unavailable(): string | null;
  start(): Promise<RunningApp>;
  /**
   * Runs in the benchmarks only (`make bench`: the conformance bench, the heal corpus), never in
   * `make test`, which must stay within its time: no test of the suite starts it.
   */
  benchOnly?: boolean;
  /** Present when the conformance suite runs the app. */
  conformance?: ConformancePart;
  /** Present when the heal corpus runs flows on the app. */
  corpus?: CorpusPart;
}

/** Two real releases of one app: record on `older`, replay on `newer`. */
export interface ReleasePair {
  app: string;
  older: RealApp;
  newer: RealApp;
  /** What differs between them, as far as a replay sees. */
  differences: string;
}
