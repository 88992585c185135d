import fs from 'node:fs';
import path from 'node:path';
import { defineAction } from './define.ts';

/** A relative path is looked up in the session files first, then in the working directory. */
export function uploadPath(file: string, filesDir: string, cwd: string): string {
  if (path.isAbsolute(file)) return file;
  const inFiles = path.resolve(filesDir, file);
  return fs.existsSync(inFiles) ? inFiles : path.resolve(cwd, file);
}

export default defineAction({
  name: 'upload_file',
  description: 'Set the file of a file input by its index (path relative to the session files or the working directory).',
  async run(ctx, { path: file }) {
    const resolved = uploadPath(file, ctx.filesDir, ctx.cwd);
    if (!fs.existsSync(resolved)) throw new Error(`no file ${file} (looked in ${ctx.filesDir} and ${ctx.cwd})`);
    await ctx.element!.setInputFiles(resolved);
    return { text: `Uploaded ${path.basename(resolved)} to ${ctx.elementLabel}` };
  },
});
