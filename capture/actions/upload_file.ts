import path from 'node:path';
import { uploadPath, uploadRefusal } from '../../core/act/upload-path.ts';
import { defineAction } from './define.ts';

export { uploadableFiles, uploadPath } from '../../core/act/upload-path.ts';

export default defineAction({
  name: 'upload_file',
  description: 'Set the file of a file input by its index: a file of the session files, or one given with --upload-path.',
  async run(ctx, { path: file }) {
    const resolved = uploadPath(file, ctx);
    if (!resolved) throw new Error(uploadRefusal(file, ctx));
    await ctx.element!.setInputFiles(resolved);
    return { text: `Uploaded ${path.basename(resolved)} to ${ctx.elementLabel}` };
  },
});
