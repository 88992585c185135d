import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../core/errors.ts';
import { kExtensionDist, kFromSources, kPackageRoot } from '../core/package.ts';

/**
 * Builds the unpacked extension into `extension/dist/` (load it from chrome://extensions with
 * "Load unpacked"). `ensureExtensionBuilt()` rebuilds only when a source changed: the build
 * records a hash of its inputs. Run directly (`make extension`) to build and print the folder.
 */

export const kExtensionDir = path.join(kPackageRoot, 'extension');
const kRepo = kPackageRoot;
const kBuildInfo = 'build-info.json';
/** The Chrome that first keeps a service worker with socket traffic awake. */
const kTarget = 'chrome116';

async function inputFiles(): Promise<string[]> {
  const sources = await fs.readdir(path.join(kExtensionDir, 'src'));
  return [
    ...sources.filter((name) => name.endsWith('.ts')).sort().map((name) => path.join(kExtensionDir, 'src', name)),
    path.join(kExtensionDir, 'manifest.json'),
    path.join(kExtensionDir, 'popup.html'),
    path.join(kExtensionDir, 'build.ts'),
    path.join(kRepo, 'capture', 'session-mode', 'protocol.ts'),
  ];
}

async function inputsHash(): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const file of await inputFiles()) hash.update(path.relative(kRepo, file)).update('\0').update(await fs.readFile(file)).update('\0');
  return hash.digest('hex');
}

async function builtHash(dist: string): Promise<string | null> {
  try {
    return (JSON.parse(await fs.readFile(path.join(dist, kBuildInfo), 'utf8')) as { inputs?: string }).inputs ?? null;
  } catch {
    return null;
  }
}

/** Builds into a temp folder, then swaps it in, so a reader never sees half a build. */
export async function buildExtension(dist = kExtensionDist): Promise<string> {
  const { build } = await import('esbuild');
  const inputs = await inputsHash();
  const temp = `${dist}.tmp-${process.pid}-${Date.now()}`;
  try {
    await build({
      entryPoints: { 'service-worker': path.join(kExtensionDir, 'src', 'service-worker.ts'), popup: path.join(kExtensionDir, 'src', 'popup.ts') },
      outdir: temp,
      bundle: true,
      format: 'esm',
      target: kTarget,
      platform: 'browser',
      logLevel: 'silent',
      legalComments: 'none',
    });
    for (const file of ['manifest.json', 'popup.html']) await fs.copyFile(path.join(kExtensionDir, file), path.join(temp, file));
    await fs.writeFile(path.join(temp, kBuildInfo), JSON.stringify({ inputs }, null, 2) + '\n');
    await fs.rm(dist, { recursive: true, force: true });
    await fs.rename(temp, dist).catch(async (err: NodeJS.ErrnoException) => {
      // A concurrent build of the same sources won the rename: its output is as good as ours.
      if ((await builtHash(dist)) !== inputs) throw err;
    });
    return dist;
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}

/**
 * The built extension folder, rebuilt first when it is missing or older than its sources. The
 * installed package ships it built (`npm run build`) and has no sources to compare with.
 */
export async function ensureExtensionBuilt(dist = kExtensionDist): Promise<string> {
  if (!kFromSources) {
    if (await builtHash(dist)) return dist;
    throw new UsageError(`the extension is missing from ${dist}`, 'reinstall brow-use (the package ships the extension built)');
  }
  return buildExtensionIfChanged(dist);
}

/** Builds only when the sources changed since the last build (a build swaps the folder, which a running browser may be loading). */
export async function buildExtensionIfChanged(dist = kExtensionDist): Promise<string> {
  if ((await builtHash(dist)) === (await inputsHash())) return dist;
  return buildExtension(dist);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildExtension().then(
    (dist) => console.log(`built the extension into ${dist}: load it with "Load unpacked" in chrome://extensions`),
    (err: unknown) => {
      console.error(`extension build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
