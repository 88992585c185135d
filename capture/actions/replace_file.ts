import fs from 'node:fs/promises';
import { defineAction } from './define.ts';
import { sessionFile } from './files.ts';

export default defineAction({
  name: 'replace_file',
  description: 'Replace every occurrence of oldStr with newStr in a file of the session files.',
  async run(ctx, { fileName, oldStr, newStr }) {
    const file = sessionFile(ctx.filesDir, fileName);
    const text = await fs.readFile(file, 'utf8');
    const count = text.split(oldStr).length - 1;
    if (!count) throw new Error(`${JSON.stringify(oldStr)} does not occur in ${fileName}`);
    await fs.writeFile(file, text.split(oldStr).join(newStr));
    return { text: `Replaced ${count} occurrence(s) in ${fileName}` };
  },
});
