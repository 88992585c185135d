import { kElementListHeading } from '../perceive/perceive.ts';
import { countTokens } from '../../core/llm/tokens.ts';

/**
 * Observation in chunks: a page whose model-facing text does not fit the prompt budget is cut
 * into parts on element boundaries (an element and the lines indented under it stay together),
 * each under a token capacity. Every element keeps its index, so an index read in any part can
 * be acted on. Pure: the text in, the parts out.
 */

export interface PageText {
  /** Tab, scroll position, notices: shown with every part. */
  header: string;
  /** The element list and the page's text, one entry per line. */
  lines: string[];
}

export interface Chunk {
  /** 1-based part number, and how many parts the page has. */
  part: number;
  parts: number;
  text: string;
  /** Indexes of the first and last element listed in this part, null when it lists none. */
  first: number | null;
  last: number | null;
  tokens: number;
}

const kElementLine = /^\s*\*?\[(\d+)\]/;

export function splitPageText(text: string): PageText {
  const lines = text.split('\n');
  const at = lines.indexOf(kElementListHeading);
  if (at < 0) return { header: text, lines: [] };
  return { header: lines.slice(0, at + 1).join('\n'), lines: lines.slice(at + 1) };
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

/** An element (or text line) with the lines nested under it. */
function groups(lines: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (last && indent(line) > indent(last[0]!)) last.push(line);
    else out.push([line]);
  }
  return out;
}

function elementRange(lines: readonly string[]): { first: number | null; last: number | null } {
  let first: number | null = null;
  let last: number | null = null;
  for (const line of lines) {
    const match = kElementLine.exec(line);
    if (!match) continue;
    const index = Number(match[1]);
    first ??= index;
    last = index;
  }
  return { first, last };
}

/**
 * Packs the lines into parts of at most `capacity` tokens (a single line longer than that is a
 * part of its own). A group larger than a part is split between its lines.
 */
export function chunkLines(lines: readonly string[], capacity: number): Chunk[] {
  const parts: { lines: string[]; tokens: number }[] = [];
  let current: { lines: string[]; tokens: number } = { lines: [], tokens: 0 };
  const flush = () => {
    if (current.lines.length) parts.push(current);
    current = { lines: [], tokens: 0 };
  };
  const add = (piece: string[], tokens: number) => {
    if (current.tokens + tokens > capacity) flush();
    current.lines.push(...piece);
    current.tokens += tokens;
  };
  for (const group of groups(lines)) {
    const tokens = countTokens(group.join('\n')) + 1;
    if (tokens <= capacity) add(group, tokens);
    else for (const line of group) add([line], countTokens(line) + 1);
  }
  flush();
  return parts.map((part, i) => ({ part: i + 1, parts: parts.length, text: part.lines.join('\n'), tokens: part.tokens, ...elementRange(part.lines) }));
}
