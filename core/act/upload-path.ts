import fs from 'node:fs';
import path from 'node:path';

/**
 * Which files `upload_file` may hand a page, for capture, replay and the MCP tools alike: the
 * session's own files, or files and folders named with `--upload-path`. Anything else on the disk
 * is out of reach, so a page cannot talk the agent into uploading ~/.ssh/id_rsa.
 */

export interface UploadPlaces {
  /** The session's own files (output/files/<session>). */
  filesDir: string;
  /** Files or folders given with `--upload-path`. */
  uploadPaths: readonly string[];
  cwd: string;
}

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
export function uploadPath(file: string, options: UploadPlaces): string | null {
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
export function uploadableFiles(options: UploadPlaces, limit = 20): string[] {
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

/** Why `file` cannot be uploaded, and what to do about it. */
export function uploadRefusal(file: string, places: UploadPlaces): string {
  const where = [`the session files (${places.filesDir})`, ...places.uploadPaths.map((given) => path.resolve(places.cwd, given))].join(', ');
  return `no file ${file} in ${where}; only those can be uploaded (pass --upload-path FILE to allow another)`;
}
