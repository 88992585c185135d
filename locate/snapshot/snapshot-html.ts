import { z } from 'zod';

/**
 * The DOM snapshots of a Playwright trace as HTML documents. Each `frame-snapshot` event holds a
 * frame's DOM as nested arrays: a string is a text node, `[name, attributes, ...children]` an
 * element, and `[[n, i]]` "node i of the snapshot taken n snapshots ago in this frame", where
 * nodes are numbered in post-order and references themselves are not numbered. Playwright marks
 * the element an action targeted with `__playwright_target__` in the snapshot of its input phase,
 * and keeps form state in `__playwright_value_`, `__playwright_checked_`, `__playwright_selected_`.
 */

export const kTargetAttribute = '__playwright_target__';

const FrameSnapshot = z.looseObject({
  callId: z.string(),
  phase: z.string().optional(),
  snapshotName: z.string().optional(),
  pageId: z.string(),
  frameId: z.string(),
  frameUrl: z.string(),
  isMainFrame: z.boolean().optional(),
  html: z.unknown(),
  viewport: z.strictObject({ width: z.number(), height: z.number() }).optional(),
  resourceOverrides: z.array(z.looseObject({ url: z.string(), sha1: z.string().optional() })).optional(),
});
export type FrameSnapshot = z.infer<typeof FrameSnapshot>;

const FrameSnapshotLine = z.looseObject({ type: z.literal('frame-snapshot'), snapshot: FrameSnapshot });
/** Trace versions before 9 named the phase only on the action events (`inputSnapshot: 'input@12'`). */
const PhaseLine = z.looseObject({
  type: z.enum(['before', 'input', 'after']),
  beforeSnapshot: z.string().optional(),
  inputSnapshot: z.string().optional(),
  afterSnapshot: z.string().optional(),
});

type Node = string | [[number, number]] | [string, Record<string, string>?, ...unknown[]];

/** The snapshots of every frame, in trace order, and where each action's snapshots are. */
export class TraceSnapshots {
  private readonly byFrame = new Map<string, FrameSnapshot[]>();
  private readonly byCall = new Map<string, { frameId: string; index: number }>();
  private readonly postOrder = new WeakMap<FrameSnapshot, Node[]>();

  constructor(traceLines: Iterable<string>) {
    const phaseOf = new Map<string, string>();
    for (const line of traceLines) {
      if (!line.includes('"type":"frame-snapshot"') && !line.includes('Snapshot"')) continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        continue;
      }
      const phases = PhaseLine.safeParse(value);
      if (phases.success) {
        const { beforeSnapshot, inputSnapshot, afterSnapshot } = phases.data;
        if (beforeSnapshot) phaseOf.set(beforeSnapshot, 'before');
        if (inputSnapshot) phaseOf.set(inputSnapshot, 'action');
        if (afterSnapshot) phaseOf.set(afterSnapshot, 'after');
        continue;
      }
      const parsed = FrameSnapshotLine.safeParse(value);
      if (!parsed.success) continue;
      const snapshot = parsed.data.snapshot;
      const phase = snapshot.phase ?? (snapshot.snapshotName ? phaseOf.get(snapshot.snapshotName) : undefined);
      const list = this.byFrame.get(snapshot.frameId) ?? [];
      this.byFrame.set(snapshot.frameId, list);
      list.push(snapshot);
      if (snapshot.isMainFrame !== false && phase) this.byCall.set(`${snapshot.callId}\u0000${phase}`, { frameId: snapshot.frameId, index: list.length - 1 });
    }
  }

  /** The main frame's snapshot of an action at a phase (`before`, `action`, `after`), or null. */
  find(callId: string, phase: 'before' | 'action' | 'after'): FrameSnapshot | null {
    const at = this.byCall.get(`${callId}\u0000${phase}`);
    return at ? this.byFrame.get(at.frameId)![at.index]! : null;
  }

  /** The snapshot as an HTML document that renders without scripts. */
  html(snapshot: FrameSnapshot): string {
    const list = this.byFrame.get(snapshot.frameId) ?? [];
    const index = list.indexOf(snapshot);
    if (index < 0) throw new Error(`snapshot of ${snapshot.callId} is not in this trace`);
    const out: string[] = ['<!DOCTYPE html>'];
    this.write(snapshot.html as Node, index, list, out, 0);
    return out.join('');
  }

  private nodes(snapshot: FrameSnapshot): Node[] {
    let nodes = this.postOrder.get(snapshot);
    if (!nodes) {
      const found: Node[] = [];
      const visit = (node: unknown) => {
        if (typeof node === 'string') found.push(node);
        else if (isElement(node)) {
          for (const child of node.slice(2)) visit(child);
          found.push(node);
        }
      };
      visit(snapshot.html);
      nodes = found;
      this.postOrder.set(snapshot, nodes);
    }
    return nodes;
  }

  private write(node: unknown, index: number, list: FrameSnapshot[], out: string[], depth: number): void {
    if (depth > kMaxDepth) return;
    if (typeof node === 'string') {
      out.push(escapeText(node));
      return;
    }
    if (isReference(node)) {
      const [ago, nodeIndex] = node[0];
      const at = index - ago;
      const target = at >= 0 && at <= index ? this.nodes(list[at]!)[nodeIndex] : undefined;
      if (target !== undefined) this.write(target, at, list, out, depth + 1);
      return;
    }
    if (!isElement(node)) return;
    const name = node[0];
    const upper = name.toUpperCase();
    if (kDropped.has(upper)) return;
    const attributes = (node[1] ?? {}) as Record<string, string>;
    if (upper === 'META' && attributes['http-equiv']) return;
    const children = node.slice(2);
    const shown: [string, string][] = [];
    let text: string | null = null;
    for (const [key, value] of Object.entries(attributes)) {
      if (key === kTargetAttribute) shown.push([key, '']);
      else if (key === '__playwright_value_') {
        if (upper === 'INPUT') shown.push(['value', value]);
        else if (upper === 'TEXTAREA') text = value;
      } else if (key === '__playwright_checked_') {
        if (value === 'true') shown.push(['checked', '']);
      } else if (key === '__playwright_selected_') {
        if (value === 'true') shown.push(['selected', '']);
      } else if (key === '__playwright_shadow_root_') shown.push(['shadowrootmode', 'open']);
      else if (key === '__playwright_style_sheet_') text = value;
      else if (key.startsWith('__playwright')) continue;
      else if (upper === 'INPUT' && key === 'value' && '__playwright_value_' in attributes) continue;
      else if (upper === 'INPUT' && key === 'checked' && '__playwright_checked_' in attributes) continue;
      else if (upper === 'OPTION' && key === 'selected' && '__playwright_selected_' in attributes) continue;
      else if (/^on/i.test(key) || !kAttributeName.test(key)) continue;
      else shown.push([key, value]);
    }
    out.push(`<${name}`);
    for (const [key, value] of shown) out.push(value === '' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`);
    out.push('>');
    if (kVoid.has(upper)) return;
    if (text !== null) out.push(upper === 'STYLE' ? text.replace(/<\/style/gi, '<\\/style') : escapeText(text));
    else if (upper === 'STYLE') {
      // Raw text: entities would not be decoded, so the CSS is written as is.
      for (const child of children) if (typeof child === 'string') out.push(child.replace(/<\/style/gi, '<\\/style'));
    } else for (const child of children) this.write(child, index, list, out, depth + 1);
    out.push(`</${name}>`);
  }
}

/** Deeper than any real page: a malformed trace cannot recurse without end. */
const kMaxDepth = 2000;
/** Scripts never run here; `noscript` would render its fallback as markup with scripts off. */
const kDropped = new Set(['SCRIPT', 'NOSCRIPT']);
const kVoid = new Set(['AREA', 'BASE', 'BR', 'COL', 'EMBED', 'HR', 'IMG', 'INPUT', 'LINK', 'META', 'SOURCE', 'TRACK', 'WBR']);
const kAttributeName = /^[A-Za-z_:][\w:.-]*$/;

function isElement(node: unknown): node is [string, Record<string, string>?, ...unknown[]] {
  return Array.isArray(node) && typeof node[0] === 'string';
}

function isReference(node: unknown): node is [[number, number]] {
  return Array.isArray(node) && Array.isArray(node[0]) && typeof node[0][0] === 'number' && typeof node[0][1] === 'number';
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
