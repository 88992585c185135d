#!/usr/bin/env node
// `npm run build`: the TypeScript sources -> dist/ (JavaScript and .d.ts, by tsc with
// tsconfig.build.json), then the session-mode extension -> extension/dist/. What `npm pack` ships.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

fs.rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('build: tsc failed');
  process.exit(1);
}
fs.chmodSync(path.join(dist, 'cli', 'bu.js'), 0o755);
const { buildExtension } = await import(path.join(dist, 'extension', 'build.js'));
const extension = await buildExtension();
console.log(`build: ${path.relative(root, dist)}/ and ${path.relative(root, extension)}/`);
