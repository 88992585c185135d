/**
 * A parser for Playwright's ai-mode aria snapshot text (YAML-like lines such as
 * `- button "Save" [disabled] [ref=e5] [cursor=pointer]: text`). Pure: text in, tree out.
 */

export interface AriaNode {
  /** ARIA role, `text` for loose text, `generic` for unnamed containers. */
  role: string;
  name: string;
  /** Bracket attributes without `ref`/`box`: checked, disabled, level, cursor, selected ... */
  attrs: Record<string, string>;
  ref: string | null;
  box: { x: number; y: number; width: number; height: number } | null;
  /** Inline text after the colon (a textbox value, a paragraph's text). */
  text: string | null;
  /** `/url`, `/placeholder` and other `/name: value` lines. */
  props: Record<string, string>;
  children: AriaNode[];
  /** 1-based line number in the snapshot. */
  line: number;
}

/** One `[name=value]` attribute and the whitespace after it, matched where the previous one ended. */
const kAttr = /\[([a-z-]+)(?:=([^\]]*))?\]\s*/y;
const kRole = /^[A-Za-z][\w-]*/;
const kQuote = 0x22;
const kBackslash = 0x5c;

/** Reads a double-quoted string with JSON-style escapes starting at `at`; returns value and end. */
function readQuoted(text: string, at: number): { value: string; end: number } | null {
  if (text.charCodeAt(at) !== kQuote) return null;
  // Unescaped runs are copied as slices: names are long and escapes rare.
  let value = '';
  let from = at + 1;
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === kBackslash && i + 1 < text.length) {
      const next = text[i + 1]!;
      value += text.slice(from, i) + (next === 'n' ? '\n' : next === 't' ? '\t' : next);
      from = i + 2;
      i++;
    } else if (ch === kQuote) {
      return { value: value + text.slice(from, i), end: i + 1 };
    }
  }
  return null;
}

/** A YAML scalar as Playwright writes it: plain, "double-quoted" or 'single-quoted'. */
function unquoteScalar(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) {
    const quoted = readQuoted(trimmed, 0);
    if (quoted) return quoted.value;
  }
  if (trimmed.startsWith("'") && trimmed.endsWith("'") && trimmed.length >= 2) return trimmed.slice(1, -1).replace(/''/g, "'");
  return trimmed;
}

/** Splits `key: value` where the key may be single-quoted as a whole (`'button "a: b" [ref=e1]': x`). */
function splitEntry(body: string): { key: string; value: string | null } {
  if (body.startsWith("'")) {
    let i = 1;
    while (i < body.length) {
      if (body[i] === "'" && body[i + 1] === "'") {
        i += 2;
        continue;
      }
      if (body[i] === "'") break;
      i++;
    }
    const key = body.slice(1, i).replace(/''/g, "'");
    const rest = body.slice(i + 1);
    if (rest.startsWith(':')) return { key, value: rest.slice(1).trim() || null };
    return { key, value: null };
  }
  // The key ends at the first `:` outside a quoted name and outside brackets.
  let inQuote = false;
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (inQuote) {
      if (ch === '\\') i++;
      else if (ch === '"') inQuote = false;
      continue;
    }
    if (ch === '"') inQuote = true;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (ch === ':' && depth === 0 && (i + 1 === body.length || body[i + 1] === ' ')) {
      return { key: body.slice(0, i), value: body.slice(i + 1).trim() || null };
    }
  }
  return { key: body, value: null };
}

function parseKey(key: string): Pick<AriaNode, 'role' | 'name' | 'attrs' | 'ref' | 'box'> {
  const roleMatch = kRole.exec(key);
  const role = roleMatch ? roleMatch[0] : key;
  let rest = key.slice(role.length).trimStart();
  let name = '';
  const quoted = readQuoted(rest, 0);
  if (quoted) {
    name = quoted.value;
    rest = rest.slice(quoted.end).trimStart();
  }
  const attrs: Record<string, string> = {};
  let ref: string | null = null;
  let box: AriaNode['box'] = null;
  kAttr.lastIndex = 0;
  for (let match = kAttr.exec(rest); match; match = kAttr.exec(rest)) {
    const [, attrName, attrValue] = match;
    if (attrName === 'ref') ref = attrValue ?? null;
    else if (attrName === 'box' && attrValue) {
      const [x, y, width, height] = attrValue.split(',').map(Number);
      box = { x: x!, y: y!, width: width!, height: height! };
    } else attrs[attrName!] = attrValue ?? '';
  }
  return { role, name, attrs, ref, box };
}

/** Parses a whole ai-mode snapshot into a forest of nodes. Unknown lines are kept as text. */
export function parseAriaSnapshot(snapshot: string): AriaNode[] {
  const roots: AriaNode[] = [];
  const stack: { indent: number; node: AriaNode }[] = [];
  const lines = snapshot.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const match = /^(\s*)- (.*)$/.exec(raw);
    if (!match) continue;
    const indent = match[1]!.length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack.length ? stack[stack.length - 1]!.node : null;
    const { key, value } = splitEntry(match[2]!);
    if (key.startsWith('/')) {
      if (parent) parent.props[key.slice(1)] = value ? unquoteScalar(value) : '';
      continue;
    }
    let node: AriaNode;
    if (key === 'text') {
      node = { role: 'text', name: '', attrs: {}, ref: null, box: null, text: value ? unquoteScalar(value) : '', props: {}, children: [], line: i + 1 };
    } else {
      // Fields listed one by one: a spread here leaves V8 with slow dictionary objects, which made
      // parsing a 2,000-element page three times slower and every later read of the tree slower too.
      const { role, name, attrs, ref, box } = parseKey(key);
      node = { role, name, attrs, ref, box, text: value ? unquoteScalar(value) : null, props: {}, children: [], line: i + 1 };
    }
    (parent ? parent.children : roots).push(node);
    stack.push({ indent, node });
  }
  return roots;
}

/** Visible text under a node (names and inline text), whitespace-collapsed. */
export function textOf(node: AriaNode, limit = 120): string {
  const parts: string[] = [];
  const visit = (n: AriaNode) => {
    if (n.name) parts.push(n.name);
    if (n.text) parts.push(n.text);
    if (parts.join(' ').length < limit) n.children.forEach(visit);
  };
  visit(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, limit);
}
