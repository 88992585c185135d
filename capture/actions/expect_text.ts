import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_text',
  description: `Check that text is shown: in an element (by its index; it contains text, or is exactly it with exact: true), else anywhere on the page. ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_text', params }),
});
