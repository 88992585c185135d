import { z } from 'zod';
import type { AriaNode } from '../../core/schema/extract.ts';

/**
 * The recorded aria snapshots of a run, reduced to what locator verification needs: the role,
 * accessible name and heading level of every node, per page state.
 */

export interface SnapshotScope {
  role: string;
  name: string;
}

export interface SnapshotNode {
  role: string;
  name: string;
  level: number | null;
  /** Every ancestor node, outermost first. */
  ancestors: SnapshotScope[];
}

export interface RecordedSnapshot {
  url: string;
  /** Null when the source does not record the title (per-action aria snapshots). */
  title: string | null;
  nodes: SnapshotNode[];
}

/** `- button "Sign in" [ref=e12] [cursor=pointer]:` -> role, quoted name, attributes. */
const kLine = /^\s*- ([a-z][a-zA-Z]*)(?: ("(?:[^"\\]|\\.)*"))?((?: \[[^\]]*\])*)/;
const kLevel = /\[level=(\d)\]/;

function unquote(quoted: string): string {
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : quoted.slice(1, -1);
  } catch {
    return quoted.slice(1, -1);
  }
}

/** Parses Playwright's YAML-like aria snapshot text (any mode). */
export function parseAriaText(text: string): SnapshotNode[] {
  const nodes: SnapshotNode[] = [];
  const stack: { indent: number; scope: SnapshotScope }[] = [];
  for (const line of text.split('\n')) {
    const match = kLine.exec(line);
    if (!match) continue;
    const indent = line.length - line.trimStart().length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const role = match[1]!;
    if (role === 'text') continue;
    const level = kLevel.exec(match[3] ?? '');
    const name = match[2] ? unquote(match[2]) : '';
    nodes.push({ role, name, level: level ? Number(level[1]) : null, ancestors: stack.map((s) => s.scope) });
    stack.push({ indent, scope: { role, name } });
  }
  return nodes;
}

const AriaTreeNode = z.looseObject({
  role: z.string(),
  name: z.string().optional(),
  level: z.number().optional(),
  children: z.array(z.unknown()).optional(),
});

/** Flattens Playwright's per-action aria tree (nodes with `children`; strings are text). */
export function fromAriaNodes(nodes: AriaNode[]): SnapshotNode[] {
  const out: SnapshotNode[] = [];
  const visit = (value: unknown, ancestors: SnapshotScope[]) => {
    const node = AriaTreeNode.safeParse(value);
    if (!node.success) return;
    const { role, name = '', level, children = [] } = node.data;
    out.push({ role, name, level: level ?? null, ancestors });
    for (const child of children) visit(child, [...ancestors, { role, name }]);
  };
  for (const node of nodes) visit(node, []);
  return out;
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * How many nodes `getByRole(role, { name, exact })` would match: Playwright compares names
 * case-insensitively as substrings unless `exact`, after collapsing whitespace.
 */
export function countByRole(nodes: SnapshotNode[], role: string, name: string | null, exact: boolean, scope: SnapshotScope | null = null): number {
  const wanted = name === null ? null : normalizeSpace(name);
  let count = 0;
  for (const node of nodes) {
    if (node.role !== role) continue;
    if (scope && !node.ancestors.some((a) => a.role === scope.role && (!scope.name || a.name === scope.name))) continue;
    if (wanted === null) {
      count++;
      continue;
    }
    const actual = normalizeSpace(node.name);
    if (exact ? actual === wanted : actual.toLowerCase().includes(wanted.toLowerCase())) count++;
  }
  return count;
}

/** Landmark roles that structure a page; forms and regions only count when named. */
const kLandmarkRoles = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'search', 'form', 'region']);
const kNamedOnly = new Set(['form', 'region']);

export function landmarksOf(nodes: SnapshotNode[]): { role: string; name: string | null }[] {
  const seen = new Set<string>();
  const out: { role: string; name: string | null }[] = [];
  for (const node of nodes) {
    if (!kLandmarkRoles.has(node.role) || (kNamedOnly.has(node.role) && !node.name)) continue;
    const key = `${node.role}\u0000${node.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ role: node.role, name: node.name || null });
  }
  return out;
}
