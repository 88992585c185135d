import fs from 'node:fs/promises';
import { defineAction } from './define.ts';
import { kReadFileMaxChars, sessionFile } from './files.ts';

export default defineAction({
  name: 'read_file',
  description: 'Read a file from the session files.',
  async run(ctx, { fileName }) {
    const text = await fs.readFile(sessionFile(ctx.filesDir, fileName), 'utf8');
    return { text: text.length > kReadFileMaxChars ? text.slice(0, kReadFileMaxChars) + '…' : text };
  },
});
