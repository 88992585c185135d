import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { kPackageRoot } from './package.ts';

/**
 * Which Playwright brow-use runs with, and whether it is in the supported range: the
 * peerDependencies of package.json (the lowest is tested by test/compat, the highest by the suite).
 */

const Manifest = z.object({ version: z.string(), peerDependencies: z.record(z.string(), z.string()).optional() });

export interface PlaywrightSupport {
  version: string;
  range: string;
  supported: boolean;
}

function parts(version: string): number[] {
  return version.split(/[.-]/).slice(0, 3).map((part) => Number(part) || 0);
}

function atLeast(version: string, lowest: string): boolean {
  const [a, b] = [parts(version), parts(lowest)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

export function playwrightSupport(): PlaywrightSupport {
  const read = (file: string) => Manifest.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const version = read(createRequire(import.meta.url).resolve('playwright/package.json')).version;
  const range = read(path.join(kPackageRoot, 'package.json')).peerDependencies?.playwright ?? '*';
  const lowest = /^>=\s*(\d+\.\d+\.\d+)/.exec(range)?.[1];
  const major = /<\s*(\d+)/.exec(range)?.[1];
  const supported = (!lowest || atLeast(version, lowest)) && (!major || parts(version)[0]! < Number(major));
  return { version, range, supported };
}
