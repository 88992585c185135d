import fs from 'node:fs/promises';
import path from 'node:path';
import { defineAction } from './define.ts';

export default defineAction({
  name: 'screenshot',
  description: 'Take a screenshot of the viewport (fullPage: true for the whole page) into the session files.',
  async run(ctx, { fullPage }) {
    await fs.mkdir(ctx.filesDir, { recursive: true });
    const file = path.join(ctx.filesDir, `screenshot-step${ctx.step}-${Date.now()}.png`);
    await ctx.page.screenshot({ path: file, fullPage: fullPage ?? false });
    return { text: `Saved screenshot ${path.basename(file)}` };
  },
});
