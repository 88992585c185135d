import fs from 'node:fs';
import path from 'node:path';
import { defineAction } from './define.ts';

/**
 * `upload_file` only hands the page files the user meant to give: the session's own files, or
 * files and folders named with `--upload-path`. Anything else on the disk is out of reach, so a
 * page cannot talk the agent into uploading ~/.ssh/id_rsa.
 */

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The real path (symlinks followed) when the file exists, else null. */
function existing(file: string): string | null {
  try {
    return fs.statSync(file).isFile() ? fs.realpathSync(file) : null;
  } catch {
    return null;
  }
}

function realRoot(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/**
 * Where `file` is, among the allowed places: the session files, then each `--upload-path` (a file
 * by its path or its name, a folder by a path inside it). Null when it is none of them.
 */
export function uploadPath(file: string, options: { filesDir: string; uploadPaths: readonly string[]; cwd: string }): string | null {
  const roots = [options.filesDir, ...options.uploadPaths.map((given) => path.resolve(options.cwd, given))];
  const candidates = [path.resolve(options.cwd, file)];
  if (!path.isAbsolute(file)) {
    // A folder is searched by the relative path; a single allowed file also answers to its name.
    for (const root of roots) candidates.push(existing(root) ? (path.basename(root) === file ? root : '') : path.join(root, file));
  }
  for (const candidate of candidates.filter(Boolean)) {
    const real = existing(candidate);
    if (!real) continue;
    for (const root of roots) {
      const allowed = realRoot(root);
      if (real === allowed || inside(allowed, real)) return real;
    }
  }
  return null;
}

/** The files `upload_file` may use, as the model should name them (at most `limit`). */
export function uploadableFiles(options: { filesDir: string; uploadPaths: readonly string[]; cwd: string }, limit = 20): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= limit) return;
      if (entry.isFile()) out.push(prefix + entry.name);
      else if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    }
  };
  walk(options.filesDir, '');
  for (const given of options.uploadPaths) {
    const resolved = path.resolve(options.cwd, given);
    if (existing(resolved)) out.push(resolved);
    else walk(resolved, `${resolved}${path.sep}`);
  }
  return out.slice(0, limit);
}

export default defineAction({
  name: 'upload_file',
  description: 'Set the file of a file input by its index: a file of the session files, or one given with --upload-path.',
  async run(ctx, { path: file }) {
    const resolved = uploadPath(file, ctx);
    if (!resolved) {
      const where = [`the session files (${ctx.filesDir})`, ...ctx.uploadPaths.map((given) => path.resolve(ctx.cwd, given))].join(', ');
      throw new Error(`no file ${file} in ${where}; only those can be uploaded (pass --upload-path FILE to allow another)`);
    }
    await ctx.element!.setInputFiles(resolved);
    return { text: `Uploaded ${path.basename(resolved)} to ${ctx.elementLabel}` };
  },
});
