#!/usr/bin/env node
// `npm run build`: the TypeScript sources -> dist/ (JavaScript and .d.ts, by tsc with
// tsconfig.build.json), the in-page code -> one script per function (dist/core/in-page/bundles.json,
// read by dist/core/in-page.js instead of bundling at run time), the plan JSON Schema from its zod schema -> core/schema/plan.schema.json, then
// the session-mode extension -> extension/dist/. What `npm pack` ships.
//
// `--no-check`: tsc only emits (--noCheck: declaration errors are still reported, type errors are
// not). For `make test`, whose `make check` right after type-checks every source the build compiles
// with the same compiler options (tsconfig.json, which tsconfig.build.json extends): the shipped
// sources were checked twice (about 6 CPU-s of the build's 13).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

fs.rmSync(dist, { recursive: true, force: true });
const check = process.argv.includes('--no-check') ? ['--noCheck'] : [];
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), ...check], { stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('build: tsc failed');
  process.exit(1);
}
fs.chmodSync(path.join(dist, 'cli', 'bu.js'), 0o755);
// tsc rewrites `./x.ts` imports to `./x.js` in JavaScript but not in declarations: a project on an
// older TypeScript, or without allowImportingTsExtensions, must read them as .js too.
const relativeTs = /((?:from\s+|import\s*\(\s*)['"]\.{1,2}\/[^'"]+)\.ts(['"])/g;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = fs.readFileSync(file, 'utf8');
  const rewritten = text.replace(relativeTs, '$1.js$2');
  if (rewritten !== text) fs.writeFileSync(file, rewritten);
}
const { bundleInPage } = await import(pathToFileURL(path.join(dist, 'core', 'in-page-bundle.js')).href);
const { kBuiltBundlesFile } = await import(pathToFileURL(path.join(dist, 'core', 'in-page.js')).href);
const bundles = await bundleInPage(path.join(root, 'core', 'in-page', 'index.ts'));
fs.writeFileSync(path.join(dist, 'core', kBuiltBundlesFile), `${JSON.stringify(bundles, null, 1)}\n`);
const { kPlanSchemaFile, planJsonSchemaText } = await import(pathToFileURL(path.join(dist, 'core', 'schema', 'plan-json-schema.js')).href);
const schemaFile = path.join(root, kPlanSchemaFile);
fs.mkdirSync(path.dirname(schemaFile), { recursive: true });
if (!fs.existsSync(schemaFile) || fs.readFileSync(schemaFile, 'utf8') !== planJsonSchemaText()) fs.writeFileSync(schemaFile, planJsonSchemaText());
const { buildExtensionIfChanged } = await import(pathToFileURL(path.join(dist, 'extension', 'build.js')).href);
const extension = await buildExtensionIfChanged();
console.log(`build: ${path.relative(root, dist)}/, ${kPlanSchemaFile} and ${path.relative(root, extension)}/`);
