/** The shape of the registry of real third-party web apps (see docs/real-apps.md). */

/** A login the app asks for before it shows its content. */
export interface AppLogin {
  user: string;
  password: string;
}

/** One started instance: its own temp dir, its own port on 127.0.0.1. */
export interface RunningApp {
  /** Where a person starts: origin, path prefix and hash route, e.g. `http://127.0.0.1:41234/_utils/#/_all_dbs`. */
  url: string;
  /** Present when the app shows a login form first. */
  login?: AppLogin;
  /** The instance's state folder (a database file, a wiki's data), for oracles that read it. */
  dir: string;
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
  | 'single-page'; // one document, routes change in place

/** Where the app's code comes from. */
export interface AppSource {
  kind: 'npm' | 'debian';
  /** The npm package (as aliased in package.json) or the Debian package. */
  package: string;
  version: string;
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
  /** For apps with a login: a text the app shows once signed in with `RunningApp.login`. */
  signedInText?: string;
  /** Why it cannot run here (a package is missing), or null. */
  unavailable(): string | null;
  start(): Promise<RunningApp>;
}

/** Two real releases of one app, or two implementations of one specification: record on `older`, replay on `newer`. */
export interface ReleasePair {
  app: string;
  older: RealApp;
  newer: RealApp;
  /** What differs between them, as far as a replay sees. */
  differences: string;
}
