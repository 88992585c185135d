import { defineAction } from './define.ts';

export default defineAction({
  name: 'done',
  description: 'Finish the task: text is the final answer or summary; success: false when it could not be done.',
  async run(_ctx, { text, success }) {
    return { text, done: { text, success: success ?? true } };
  },
});
