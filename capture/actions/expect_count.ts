import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_count',
  description: `Check how many elements target (a selector or locator code) matches: exactly count (0: none left). ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_count', params }),
});
