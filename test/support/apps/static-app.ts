import { nothingToReset, once, removeDir, serveStatic, tempDir } from './serve.ts';
import type { RunningApp } from './types.ts';

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
