import { ariaHash } from '../../../core/aria/state.ts';

/**
 * The crawler's state identity: the observation's normalized aria hash, computed on a snapshot
 * without what a user types or ticks, and with repeated rows counted once. A form with other values in it is the same place to
 * explore from; counting it as new would let every fill create states without end.
 */

/** Roles whose inline text (`- textbox "Email" [ref=e5]: ann@example.com`) is the value, not the label. */
const kValueLine = /^(\s*- (?:textbox|searchbox|spinbutton|slider|combobox)(?: "(?:[^"\\]|\\.)*")?(?: \[[^\]]*\])*)(?::.*)?$/;
/** Choice marks; the checked box or selected option is state of the form, not of the page. */
const kChoiceMarks = / \[(?:checked|selected)(?:=[^\]]*)?\]/g;

export function withoutFieldValues(snapshot: string): string {
  return snapshot
    .split('\n')
    .map((line) => {
      const value = kValueLine.exec(line);
      return (value ? value[1]! : line).replace(kChoiceMarks, '');
    })
    .join('\n');
}

interface Node {
  line: string;
  children: Node[];
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function parse(lines: readonly string[]): Node[] {
  const roots: Node[] = [];
  const stack: { indent: number; node: Node }[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const node: Node = { line, children: [] };
    const indent = indentOf(line);
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    (stack.length ? stack[stack.length - 1]!.node.children : roots).push(node);
    stack.push({ indent, node });
  }
  return roots;
}

/** The role of a snapshot line (`- listitem "Milk" [ref=e4]:` -> `listitem`), `text` for loose text. */
function roleOf(line: string): string {
  return /^\s*- ([a-z/]+)/.exec(line)?.[1] ?? 'text';
}

/** A node's shape: its roles all the way down, without names, text or attributes. */
function shapeOf(node: Node): string {
  return `${roleOf(node.line)}(${node.children.map(shapeOf).join(',')})`;
}

/** Roles of the items of a collection; other siblings (paragraphs, fields) always count. */
const kRowRoles = new Set(['listitem', 'row', 'treeitem', 'article', 'option']);

function render(nodes: readonly Node[], out: string[]): void {
  let previous: string | null = null;
  for (const node of nodes) {
    const shape = kRowRoles.has(roleOf(node.line)) ? shapeOf(node) : null;
    // The second and later rows of one shape in a list or table are the same place.
    if (shape !== null && shape === previous) continue;
    previous = shape;
    out.push(node.line);
    render(node.children, out);
  }
}

/**
 * A snapshot with runs of same-shaped siblings (the rows of a list or a table) cut to their first:
 * a list of one row is a new state after an empty one, a list of two rows is not a new state
 * after a list of one. Adding items without end then cannot look like new places to explore.
 */
export function withoutRepeatedRows(snapshot: string): string {
  const out: string[] = [];
  render(parse(snapshot.split('\n')), out);
  return out.join('\n');
}

/** Falls back to the observation's own hash when there is no snapshot to read (tests, empty pages). */
export function crawlerStateKey(observation: { ariaSnapshot: string; stateHash: string }): string {
  return observation.ariaSnapshot ? ariaHash(withoutRepeatedRows(withoutFieldValues(observation.ariaSnapshot))) : observation.stateHash;
}
