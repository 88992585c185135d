#!/usr/bin/env node
// Runs the private-API adapter test, the locator read-back test and a type check of the shipped
// sources against another Playwright release:
//   node test/compat/run.mjs [version]     (default: the lowest in package.json peerDependencies)
// The release is installed once into .tmp-compat/playwright-<version>/ (from npm's cache when it
// has it); a copy of the sources there gets a node_modules whose playwright, playwright-core and
// @playwright/test are that release and everything else links to this checkout's packages, so
// every import and require of Playwright, ESM or CommonJS, resolves to the release under test.
// The whole pipeline at the lowest release runs in the packed install test
// (test/package/install.spec.ts), whose project has that release.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The adapter test and the locator code that release prints, read back. */
const specs = ['test/core/playwright-internals.spec.ts', 'test/core/locator-build.spec.ts'];
// The folders the type check covers (tsconfig.json's include), so a new folder is never left out.
const tsconfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
const sources = [...new Set([...tsconfig.include, 'bin', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'])];
const playwrightPackages = ['playwright', 'playwright-core', '@playwright'];

const lowest = /^>=\s*(\d+\.\d+\.\d+)/.exec(manifest.peerDependencies['@playwright/test'])?.[1];
const version = process.argv[2] ?? lowest;
if (!version) throw new Error('no version given and none in peerDependencies');
const dir = path.join(root, '.tmp-compat', `playwright-${version}`);
const installed = path.join(dir, 'node_modules');

if (!fs.existsSync(path.join(installed, '@playwright', 'test', 'package.json'))) {
  console.log(`compat: installing Playwright ${version} into ${path.relative(root, dir)}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'playwright-compat', private: true }));
  const npm = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', `@playwright/test@${version}`, `playwright@${version}`], { cwd: dir, stdio: 'inherit' });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}

const work = path.join(dir, 'work');
fs.rmSync(work, { recursive: true, force: true });
// The builds (dist/, extension/dist/) too, with the times kept: the suite's global setup there
// rebuilds only when a source is newer than the build, as it does here, so an up-to-date build
// is copied instead of compiled again.
for (const entry of [...sources, 'dist']) {
  if (!fs.existsSync(path.join(root, entry))) continue;
  fs.cpSync(path.join(root, entry), path.join(work, entry), { recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](node_modules|test-results|output)$/.test(src) });
}
const modules = path.join(work, 'node_modules');
fs.mkdirSync(modules);
for (const name of fs.readdirSync(path.join(root, 'node_modules'))) {
  if (name.startsWith('.') || playwrightPackages.includes(name)) continue;
  fs.symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
}
for (const name of playwrightPackages) fs.symlinkSync(path.join(installed, name), path.join(modules, name));

/** Runs a Node script in the copy, its output passed through; resolves to its exit status. */
function runInWork(label, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: work, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`compat: ${label}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (status) => {
      if (status !== 0) console.error(`compat: ${label} failed (exit ${status})`);
      resolve(status ?? 1);
    });
  });
}

const cli = path.join(installed, '@playwright', 'test', 'cli.js');
const actual = JSON.parse(fs.readFileSync(path.join(installed, 'playwright-core', 'package.json'), 'utf8')).version;
console.log(`compat: Playwright ${actual}: ${specs.join(' ')}, and tsc -p tsconfig.build.json`);
// The shipped sources (what the build compiles) type-checked against that release's types, beside
// the tests: the user's project of the install test checks only their declarations.
const statuses = await Promise.all([
  runInWork('the tests', [cli, 'test', '--workers', '1', ...specs]),
  runInWork('tsc -p tsconfig.build.json', [path.join(modules, 'typescript', 'bin', 'tsc'), '--noEmit', '--singleThreaded', '-p', 'tsconfig.build.json']),
]);
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
