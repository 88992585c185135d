import { nothingToReset, once, removeDir, serveStatic, tempDir } from './serve.ts';
import { npmPackageDir, npmPackageVersion, npmUnavailable } from './packages.ts';
import type { AppTrait, RealApp, RunningApp } from './types.ts';

/** Starting an app that is a folder of static files (a bundle from npm plus a page and its data). */
export interface StaticAppOptions {
  /** Names the temp dir. */
  name: string;
  /** Served under this prefix, ending in `/` (`/docs/v5/`). */
  prefix: string;
  /** Appended to the prefix for the start URL (`#/`), or ''. */
  route: string;
  /** Writes the app's files into `dir`. */
  build(dir: string): void;
}

/** Its state lives in the browser: a fresh browser context is a fresh app, so `reset` has nothing to do. */
export async function startStaticApp(options: StaticAppOptions): Promise<RunningApp> {
  const dir = tempDir(options.name);
  try {
    options.build(dir);
    const served = await serveStatic(dir, options.prefix);
    return { url: served.url + options.route, dir, reset: nothingToReset, stop: once(async () => {
      await served.close();
      removeDir(dir);
    }) };
  } catch (err) {
    removeDir(dir);
    throw err;
  }
}

export interface NpmStaticAppOptions extends Omit<StaticAppOptions, 'build'> {
  /** The npm package (as aliased in package.json). */
  package: string;
  kind: string;
  traits: readonly AppTrait[];
  readyText: string;
  /** The package's files the app needs, relative to its folder. */
  files: string[];
  /** Writes the app's files into `dir`, taking what it needs from the package's folder. */
  build(dir: string, packageDir: string): void;
}

/** An app that is an npm package's bundle served as static files: a registry entry without its optional parts. */
export function npmStaticApp(options: NpmStaticAppOptions): RealApp {
  return {
    name: options.name,
    kind: options.kind,
    source: { kind: 'npm', package: options.package, version: npmPackageVersion(options.package) ?? 'not installed' },
    traits: options.traits,
    readyText: options.readyText,
    unavailable: () => npmUnavailable(options.package, options.files),
    start: () => startStaticApp({ ...options, build: (dir) => options.build(dir, npmPackageDir(options.package)!) }),
  };
}
