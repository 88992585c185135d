import { z } from 'zod';

/**
 * The agent's action vocabulary: names and the parameters that are recorded in the history.
 * Capture adds how the element is addressed (an `index` for the model, a `target` in plans);
 * the history replaces that with a fingerprint. Every other layer derives from these definitions.
 */

export const ActionName = z.enum([
  'navigate', 'search', 'go_back', 'wait', 'click', 'input', 'scroll', 'send_keys', 'hover',
  'switch', 'close', 'extract', 'screenshot', 'dropdown_options', 'select_dropdown',
  'upload_file', 'write_file', 'read_file', 'replace_file', 'done',
  'expect_text', 'expect_url', 'expect_title', 'expect_value', 'expect_checked', 'expect_count',
]);
export type ActionName = z.infer<typeof ActionName>;

/** Parameters as recorded, per action (no element addressing). */
export const ActionParams = {
  navigate: z.strictObject({ url: z.string().min(1), newTab: z.boolean().optional() }),
  search: z.strictObject({ query: z.string().min(1), engine: z.enum(['duckduckgo', 'google', 'bing']).optional() }),
  go_back: z.strictObject({}),
  wait: z.strictObject({ seconds: z.number().min(0).max(60).optional() }),
  click: z.strictObject({ button: z.enum(['left', 'right', 'middle']).optional(), double: z.boolean().optional() }),
  input: z.strictObject({ text: z.string(), clear: z.boolean().optional() }),
  scroll: z.strictObject({ down: z.boolean().optional(), pages: z.number().min(0).max(20).optional() }),
  send_keys: z.strictObject({ keys: z.string().min(1) }),
  hover: z.strictObject({}),
  switch: z.strictObject({ tab: z.number().int().min(0) }),
  close: z.strictObject({ tab: z.number().int().min(0).optional() }),
  extract: z.strictObject({ query: z.string().min(1) }),
  screenshot: z.strictObject({ fullPage: z.boolean().optional() }),
  dropdown_options: z.strictObject({}),
  select_dropdown: z.strictObject({ text: z.string() }),
  upload_file: z.strictObject({ path: z.string().min(1) }),
  write_file: z.strictObject({ fileName: z.string().min(1), content: z.string(), append: z.boolean().optional() }),
  read_file: z.strictObject({ fileName: z.string().min(1) }),
  replace_file: z.strictObject({ fileName: z.string().min(1), oldStr: z.string().min(1), newStr: z.string() }),
  done: z.strictObject({ text: z.string(), success: z.boolean().optional() }),
  expect_text: z.strictObject({
    text: z.string().min(1).describe('the text to see, whitespace-collapsed'),
    exact: z.boolean().optional().describe('the whole text of the element (or of a visible element of the page) is exactly it; by default it contains it'),
  }),
  expect_url: z.strictObject({
    url: z.string().min(1).describe('with exact: true an address or path, resolved against the page like navigate; else a part of the address'),
    exact: z.boolean().optional().describe('the whole address is exactly it; by default it contains it'),
  }),
  expect_title: z.strictObject({
    title: z.string().min(1),
    exact: z.boolean().optional().describe('the whole title is exactly it; by default it contains it'),
  }),
  expect_value: z.strictObject({ value: z.string().describe('the value the field holds, exactly') }),
  expect_checked: z.strictObject({ checked: z.boolean().optional().describe('false: expect it unchecked (default true)') }),
  expect_count: z.strictObject({ count: z.number().int().min(0).describe('how many elements the target matches') }),
} satisfies Record<ActionName, z.ZodObject>;

/**
 * Actions that act on (or check) one element of the page. `scroll` may take one (a scrollable
 * container), `expect_text` too (else the text is looked for on the whole page).
 */
export const kElementActions = new Set<ActionName>([
  'click', 'input', 'hover', 'dropdown_options', 'select_dropdown', 'upload_file', 'expect_value', 'expect_checked',
]);
export const kOptionalElementActions = new Set<ActionName>(['scroll', 'expect_text']);
/** Actions whose target may match any number of elements (none, one or many): counted, never acted on. */
export const kMatchingActions = new Set<ActionName>(['expect_count']);

/**
 * Steps that neither act on the page nor wait for it to show something: what the page changes
 * while one of them runs (a `wait`'s seconds), it changes by itself. A check is not one: the
 * content it waits for may be the previous action's late answer.
 */
export const kLeavesPageAlone = new Set<ActionName>(['wait', 'screenshot', 'extract', 'read_file', 'write_file', 'replace_file', 'done']);

/** Checks of what the page shows: they act on nothing, and must hold (with retries, for a bounded time). */
export const kExpectActions = ['expect_text', 'expect_url', 'expect_title', 'expect_value', 'expect_checked', 'expect_count'] as const satisfies readonly ActionName[];
export type ExpectName = (typeof kExpectActions)[number];

export function isExpectAction(name: string): name is ExpectName {
  return (kExpectActions as readonly string[]).includes(name);
}

export function isElementAction(name: ActionName): boolean {
  return kElementActions.has(name);
}
