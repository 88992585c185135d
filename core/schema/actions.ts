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
} satisfies Record<ActionName, z.ZodObject>;

/** Actions that act on one element of the page. `scroll` may take one (a scrollable container). */
export const kElementActions = new Set<ActionName>([
  'click', 'input', 'hover', 'dropdown_options', 'select_dropdown', 'upload_file',
]);
export const kOptionalElementActions = new Set<ActionName>(['scroll']);

export function isElementAction(name: ActionName): boolean {
  return kElementActions.has(name);
}
