import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { kPackageRoot } from '../core/package.ts';
import type { SourceLocation } from './failure.ts';

/**
 * Where in the user's own code a failing call was made, to name in a message: the innermost frame
 * of its stack that is not in a package (node_modules, Node's own, brow-use's compiled files a
 * generated spec's `replay()` runs), named by its path from the project folder, and a compiled file
 * mapped to its source through its source map when the project has both. Stack paths are those of
 * the machine that ran the test, so a frame is found here by its path's tail.
 */

/** The part of a source map read to map one position back to its source. */
const SourceMapFile = z.object({
  version: z.literal(3),
  file: z.string().default(''),
  sources: z.array(z.string()),
  sourceRoot: z.string().default(''),
  sourcesContent: z.array(z.string().nullable()).default([]).transform((contents) => contents.map((c) => c ?? '')),
  names: z.array(z.string()).default([]),
  mappings: z.string(),
});

/** `tests/a.spec.ts` for `/ci/work/e2e/tests/a.spec.ts` when `root` holds it, with the file there; else null. */
export function localTail(file: string, root: string): { relative: string; local: string } | null {
  const parts = file.split(/[\\/]/).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const relative = parts.slice(i).join('/');
    const local = path.join(root, relative);
    if (fs.existsSync(local) && fs.statSync(local).isFile()) return { relative, local };
  }
  return null;
}

/** A frame in a package, in Node itself, or in brow-use's own files: not the user's code. */
export function isPackageFrame(file: string): boolean {
  const unix = file.replace(/\\/g, '/');
  if (/^node:|^internal\//.test(unix) || unix.includes('/node_modules/')) return true;
  // brow-use itself, installed by a path without node_modules in it (a linked workspace package).
  const own = kPackageRoot.split(path.sep).join('/');
  return unix.startsWith(`${own}/`) && /^\/(dist|api|replay|locate|core|heal)\//.test(unix.slice(own.length));
}

/** `local`'s position mapped through its source map (inline, named by its comment, or `<file>.map` beside it); null when it has none. */
export function mapThroughSourceMap(local: string, line: number, column: number): { file: string; line: number; column: number } | null {
  if (!/\.[cm]?js$/.test(local)) return null;
  let payload: unknown;
  let mapDir = path.dirname(local);
  try {
    const text = fs.readFileSync(local, 'utf8');
    const url = /\/\/[#@] sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
    const inline = url && /^data:application\/json[^,]*;base64,(.+)$/.exec(url)?.[1];
    if (inline) payload = JSON.parse(Buffer.from(inline, 'base64').toString('utf8'));
    else {
      const mapFile = url && !url.startsWith('data:') ? path.resolve(mapDir, decodeURIComponent(url)) : `${local}.map`;
      if (!fs.existsSync(mapFile)) return null;
      mapDir = path.dirname(mapFile);
      payload = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    }
  } catch {
    return null;
  }
  const parsed = SourceMapFile.safeParse(payload);
  if (!parsed.success) return null;
  const entry = new SourceMap(parsed.data).findEntry(line - 1, Math.max(0, column - 1));
  if (!('originalSource' in entry)) return null;
  const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(mapDir, parsed.data.sourceRoot, entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

/** The innermost frame of the user's code in `stack`, as `file:line` from `root`; null when every frame is a package's. */
export function userPlace(stack: readonly SourceLocation[], root: string): string | null {
  const frame = stack.find((f) => !isPackageFrame(f.file));
  if (!frame) return null;
  const found = localTail(frame.file, root);
  const mapped = found && mapThroughSourceMap(found.local, frame.line, frame.column);
  if (mapped) {
    const relative = path.relative(root, mapped.file).split(path.sep).join('/');
    return `${relative.startsWith('..') ? path.basename(mapped.file) : relative}:${mapped.line}`;
  }
  return `${found?.relative ?? path.basename(frame.file)}:${frame.line}`;
}
