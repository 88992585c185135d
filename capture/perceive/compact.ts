import type { ElementInfo } from '../types.ts';
import { parseAriaSnapshot, textOf, type AriaNode } from './parse-snapshot.ts';

/**
 * From an ai-mode aria snapshot to what a policy reads: the actionable elements (each addressable
 * by its aria ref) and a compact text. Pure, so it is tested on snapshot text without a browser.
 */

/** Roles a user acts on. Anything else counts only when it shows a pointer cursor. */
export const kActionableRoles = new Set([
  'button', 'link', 'textbox', 'checkbox', 'radio', 'combobox', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'tab', 'option', 'searchbox', 'spinbutton', 'slider', 'switch', 'treeitem',
  'listbox', 'gridcell',
]);
/** Roles whose inline text is the control's current value rather than its label. */
const kValueRoles = new Set(['textbox', 'searchbox', 'spinbutton', 'slider', 'combobox']);
/** State attributes worth showing; `active`, `cursor`, `ref`, `box` are noise for a policy. */
const kStateAttrs = ['checked', 'disabled', 'expanded', 'selected', 'pressed', 'level', 'required', 'invalid'];
/** The compact text may use this share of the raw snapshot; elements come first, text fills the rest. */
export const kCompactBudgetRatio = 0.36;
/** Names longer than this are cut: the model needs to recognise an element, not read it. */
const kNameChars = 60;
const kValueChars = 40;
/** Loose text is kept as short snippets for context. */
const kSnippetChars = 80;
/** Role tags guessed for the element list; the fingerprint records the real tag. */
const kTagForRole: Record<string, string> = {
  link: 'a', button: 'button', textbox: 'input', searchbox: 'input', checkbox: 'input', radio: 'input',
  spinbutton: 'input', slider: 'input', combobox: 'select', option: 'option', listbox: 'select',
};

export interface CompactOptions {
  /** Keys (`elementKey`) of the previous step's elements; null marks nothing as new. */
  previousKeys?: ReadonlySet<string> | null;
  /** With `[box=...]` attributes present, elements outside this viewport get `inViewport: false`. */
  viewport?: { width: number; height: number } | null;
}

export interface CompactResult {
  elements: ElementInfo[];
  text: string;
  keys: Set<string>;
  /** Length of the snapshot without `[box=...]`, the size a raw snapshot would have. */
  rawChars: number;
}

export function elementKey(element: Pick<ElementInfo, 'role' | 'name' | 'container'>): string {
  return `${element.role}|${element.name}|${element.container ?? ''}`;
}

export function stripBoxes(snapshot: string): string {
  return snapshot.replace(/ \[box=[^\]]*\]/g, '');
}

function isActionable(node: AriaNode): boolean {
  if (!node.ref || node.role === 'text') return false;
  return kActionableRoles.has(node.role) || (node.attrs.cursor === 'pointer' && !wrapsOneControl(node));
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * An element that shows the pointer only around one control, with no text of its own: a widget
 * toolkit's layout table drawn around its button, a card around its one link. Clicking it is
 * clicking the control, so it is no second element to act on (a crawler would click both, and a
 * page object name both). A row with text beside its button is clickable itself.
 */
function wrapsOneControl(node: AriaNode): boolean {
  const controls: AriaNode[] = [];
  const collect = (n: AriaNode) => {
    for (const child of n.children) {
      if (child.ref && kActionableRoles.has(child.role)) controls.push(child);
      else collect(child);
    }
  };
  collect(node);
  if (controls.length !== 1) return false;
  const control = controls[0]!;
  const own = new Set(words(`${control.name} ${textOf(control)}`));
  return words(textOf(node)).every((word) => own.has(word));
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

function attributesOf(node: AriaNode): Record<string, string> {
  const out: Record<string, string> = {};
  if (node.props.url !== undefined) out.href = node.props.url;
  if (node.props.placeholder !== undefined) out.placeholder = node.props.placeholder;
  if (kValueRoles.has(node.role)) {
    const selected = node.children.find((child) => child.role === 'option' && child.attrs.selected !== undefined);
    const value = node.role === 'combobox' && selected ? selected.name : node.text;
    if (value) out.value = value;
  }
  for (const attr of kStateAttrs) if (node.attrs[attr] !== undefined) out[attr] = node.attrs[attr] || 'true';
  return out;
}

export function renderElement(element: ElementInfo): string {
  const parts = [`${element.isNew ? '*' : ''}[${element.index}]${element.role}`];
  if (element.name) parts.push(JSON.stringify(element.name));
  for (const [key, value] of Object.entries(element.attributes)) {
    parts.push(value === 'true' ? key : `${key}=${clip(value, kValueChars)}`);
  }
  return parts.join(' ');
}

interface Line {
  text: string;
  /** Elements, headings and frame markers always stay; loose text only while the budget lasts. */
  required: boolean;
}

export function compactSnapshot(snapshot: string, options: CompactOptions = {}): CompactResult {
  const rawChars = stripBoxes(snapshot).length;
  const elements: ElementInfo[] = [];
  const lines: Line[] = [];
  const keys = new Set<string>();
  const viewport = options.viewport ?? null;

  const visit = (node: AriaNode, depth: number, container: string | null, offset: { x: number; y: number }) => {
    const pad = '  '.repeat(depth);
    if (node.role === 'iframe') {
      const where = `iframe${node.name ? ` "${clip(node.name, kNameChars)}"` : ''} ${node.ref ?? ''}`.trim();
      lines.push({ text: `${pad}${where}:`, required: true });
      const inner = node.box ? { x: offset.x + node.box.x, y: offset.y + node.box.y } : offset;
      for (const child of node.children) visit(child, depth + 1, where, inner);
      return;
    }
    if (isActionable(node)) {
      const name = clip(node.name || (kValueRoles.has(node.role) ? '' : textOf(node, kNameChars * 2)), kNameChars);
      const partial = { role: node.role, name, container };
      const key = elementKey(partial);
      const element: ElementInfo = {
        index: elements.length + 1,
        ref: node.ref!,
        ...partial,
        tag: kTagForRole[node.role] ?? 'div',
        attributes: attributesOf(node),
        isNew: options.previousKeys ? !options.previousKeys.has(key) : false,
        ...(node.box ? {
          inViewport: inViewport(node.box, offset, viewport),
          box: { x: node.box.x + offset.x, y: node.box.y + offset.y, width: node.box.width, height: node.box.height },
        } : {}),
      };
      keys.add(key);
      elements.push(element);
      lines.push({ text: pad + renderElement(element), required: true });
      // Children of a control (option lists, link images) are part of it; nested controls still count.
      for (const child of node.children) if (child.role !== 'option' || child.ref) visitNested(child, depth + 1, container, offset);
      return;
    }
    if (node.role === 'heading') {
      const level = Number(node.attrs.level ?? '2');
      lines.push({ text: `${pad}${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${clip(node.name || textOf(node), kSnippetChars)}`, required: true });
      for (const child of node.children) visitNested(child, depth, container, offset);
      return;
    }
    const own = node.text ?? (node.role === 'img' || node.role === 'cell' || node.role === 'columnheader' ? node.name : '');
    if (own) lines.push({ text: `${pad}${clip(own, kSnippetChars)}`, required: false });
    for (const child of node.children) visit(child, depth, container, offset);
  };
  const visitNested = (node: AriaNode, depth: number, container: string | null, offset: { x: number; y: number }) => {
    if (isActionable(node) || node.role === 'iframe') visit(node, depth, container, offset);
    else for (const child of node.children) visitNested(child, depth, container, offset);
  };

  for (const root of parseAriaSnapshot(snapshot)) visit(root, 0, null, { x: 0, y: 0 });
  return { elements, text: fitToBudget(lines, rawChars * kCompactBudgetRatio), keys, rawChars };
}

function inViewport(box: NonNullable<AriaNode['box']>, offset: { x: number; y: number }, viewport: CompactOptions['viewport']): boolean {
  if (!viewport) return true;
  const x = box.x + offset.x;
  const y = box.y + offset.y;
  if (box.width <= 0 || box.height <= 0) return false;
  return x < viewport.width && y < viewport.height && x + box.width > 0 && y + box.height > 0;
}

function fitToBudget(lines: Line[], budget: number): string {
  let used = lines.filter((line) => line.required).reduce((sum, line) => sum + line.text.length + 1, 0);
  const kept: string[] = [];
  let omitted = 0;
  for (const line of lines) {
    if (line.required) kept.push(line.text);
    else if (used + line.text.length + 1 <= budget) {
      kept.push(line.text);
      used += line.text.length + 1;
    } else omitted++;
  }
  if (omitted) kept.push(`(${omitted} more text lines not shown; use extract to read the page)`);
  return kept.join('\n');
}
