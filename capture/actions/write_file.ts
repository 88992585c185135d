import fs from 'node:fs/promises';
import path from 'node:path';
import { defineAction } from './define.ts';
import { sessionFile } from './files.ts';

export default defineAction({
  name: 'write_file',
  description: 'Write (or with append: true, append) text to a file in the session files.',
  async run(ctx, { fileName, content, append }) {
    const file = sessionFile(ctx.filesDir, fileName);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (append) await fs.appendFile(file, content);
    else await fs.writeFile(file, content);
    return { text: `${append ? 'Appended' : 'Wrote'} ${content.length} characters to ${fileName}` };
  },
});
