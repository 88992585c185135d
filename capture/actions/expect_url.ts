import { defineAction } from './define.ts';
import { kExpectWait, runExpectation } from './expect-run.ts';

export default defineAction({
  name: 'expect_url',
  description: `Check the address of the page: it contains url (or is exactly it, a path resolved like navigate, with exact: true). ${kExpectWait}`,
  run: (ctx, params) => runExpectation(ctx, { action: 'expect_url', params }),
});
