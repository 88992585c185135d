import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_checked',
  description: `Check that a checkbox or radio (by its index) is checked (checked: false: unchecked). ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_checked', params }),
});
