import { defineAction, sleep } from './define.ts';

/** Long enough for a spinner or a debounced search, short enough not to stall a run. */
const kDefaultWaitSeconds = 3;

export default defineAction({
  name: 'wait',
  description: `Wait for the page to settle (seconds, default ${kDefaultWaitSeconds}, at most 60).`,
  async run(ctx, { seconds }) {
    const wait = seconds ?? kDefaultWaitSeconds;
    await sleep(wait * 1000, ctx.signal);
    return { text: `Waited ${wait} s` };
  },
});
