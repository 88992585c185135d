import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_value',
  description: `Check that a field (by its index) holds exactly value. ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_value', params }),
});
