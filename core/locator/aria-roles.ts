import type { Page } from 'playwright-core';

/**
 * The roles `getByRole` accepts (Playwright's `AriaRole`), and those of them that find an element.
 * Roles read from an aria snapshot are not all ARIA roles: `text` is how a snapshot writes a text
 * node, `StaticText` how the browser's tree does; such a role in generated code fails `tsc` and
 * matches nothing. test/core/aria-roles.spec.ts checks the list against Playwright's types file.
 */

export type AriaRole = Parameters<Page['getByRole']>[0];

export const kAriaRoles = [
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell', 'checkbox',
  'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition', 'deletion', 'dialog', 'directory',
  'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell', 'group', 'heading', 'img',
  'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'marquee', 'math', 'meter', 'menu', 'menubar',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation',
  'progressbar', 'radio', 'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox',
  'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'superscript', 'switch', 'tab', 'table',
  'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
] as const satisfies readonly AriaRole[];

/** Fails to compile when Playwright adds a role the list above lacks. */
type Missing = Exclude<AriaRole, (typeof kAriaRoles)[number]>;
const kNoneMissing: [Missing] extends [never] ? true : Missing = true;
void kNoneMissing;

/**
 * Roles `getByRole` accepts that say nothing about an element: `generic` is any `<div>` or
 * `<span>`, `none` and `presentation` remove the element from the accessibility tree.
 */
const kNotIdentifying = new Set<string>(['generic', 'none', 'presentation']);

const kRoles = new Set<string>(kAriaRoles);

/** The role when `getByRole` accepts it and it tells the element apart, else null. */
export function locatorRole(role: string | null | undefined): AriaRole | null {
  return role && kRoles.has(role) && !kNotIdentifying.has(role) ? (role as AriaRole) : null;
}
