import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { kRepoRoot } from './cli.ts';

/** Packing the checkout and looking at what a project got, for the install test. */

const PackOutput = z.array(z.object({ filename: z.string(), files: z.array(z.object({ path: z.string() })) })).length(1);
const Manifest = z.object({ devDependencies: z.record(z.string(), z.string()), peerDependencies: z.record(z.string(), z.string()) });

function manifest() {
  return Manifest.parse(JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'package.json'), 'utf8')));
}

/** The Playwright packages a user's project brings (peerDependencies). */
const kPeers = ['@playwright/test', 'playwright'];

/** The lowest Playwright in peerDependencies (`>=1.63.0 <2` -> 1.63.0). */
export function lowestPlaywright(): string {
  const range = manifest().peerDependencies['@playwright/test'] ?? '';
  const lowest = /^>=\s*(\d+\.\d+\.\d+)/.exec(range)?.[1];
  if (!lowest) throw new Error(`no lowest version in the peer range ${JSON.stringify(range)}`);
  return lowest;
}

/**
 * `npm pack` into `dir`; returns the tarball path. The build is not run again (no prepack): dist/
 * is built before the suite (its global setup) and the benchmarks (make's build), and rebuilding
 * it here would take it away from tests that run it meanwhile.
 */
export async function packTarball(dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: kRepoRoot, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 });
  const [packed] = PackOutput.parse(JSON.parse(stdout.slice(stdout.indexOf('['))));
  return path.join(dir, packed!.filename);
}

/**
 * What a user's project has beside brow-use, at this checkout's versions (so npm's cache has them);
 * Playwright (@playwright/test and playwright, the peers) at `playwright` when given, e.g.
 * `lowestPlaywright()`: what a user on an older Playwright has.
 */
export function projectDependencies(playwright?: string): string[] {
  const { devDependencies } = manifest();
  const version = (name: string) => (playwright && kPeers.includes(name) ? playwright : devDependencies[name]);
  return [...kPeers, 'typescript', '@types/node'].map((name) => `${name}@${version(name)}`);
}

/** Every module specifier imported by the .ts files under `dir`. */
export function generatedImports(dir: string): string[] {
  const specifiers: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g)) specifiers.push(match[1]!);
  }
  return specifiers;
}
