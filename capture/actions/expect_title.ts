import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_title',
  description: `Check the page title: it contains title (or is exactly it with exact: true). ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_title', params }),
});
