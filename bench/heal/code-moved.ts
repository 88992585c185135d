/**
 * The code-moved family of the heal-suite bench: between the run the baseline was made from and
 * the run that failed, the file of a broken call got a line more or a line less above that call
 * (what a pull request does beside the release). Only lines that hold no call are added or taken
 * away (a comment, a blank line), so the suite does the same as before, every call below sits one
 * line lower or higher, and a baseline matched by line and column alone meets another call there.
 * Pure: the text comes in, the edited text and the move go out; calls named as the oracle names them
 * (`test › file:line:column #turn`) map back to the original lines.
 */

export type MoveHow = 'added' | 'removed';

export interface CodeMove {
  how: MoveHow;
  /** The file edited, as the oracle's places name it (from the suite's root). */
  file: string;
  /** 1-based line of the original text: the added line went before it, or the line taken away. */
  line: number;
}

const kAddedLine = '// a line the change added above the call';

/**
 * `text` with a line added right above line `callLine` (1-based), or the nearest blank or
 * comment-only line above it taken away; null when there is none to take.
 */
export function moveCode(text: string, file: string, callLine: number, how: MoveHow): { text: string; move: CodeMove } | null {
  const lines = text.split('\n');
  if (callLine < 1 || callLine > lines.length) return null;
  if (how === 'added') {
    const indent = /^\s*/.exec(lines[callLine - 1]!)![0];
    lines.splice(callLine - 1, 0, `${indent}${kAddedLine}`);
    return { text: lines.join('\n'), move: { how, file, line: callLine } };
  }
  for (let i = callLine - 2; i >= 0; i--) {
    if (!/^\s*(\/\/.*)?$/.test(lines[i]!)) continue;
    lines.splice(i, 1);
    return { text: lines.join('\n'), move: { how, file, line: i + 1 } };
  }
  return null;
}

/** The line in the original text of line `line` of the edited one; null for the added line itself. */
export function originalLine(line: number, move: CodeMove): number | null {
  if (move.how === 'added') return line === move.line ? null : line > move.line ? line - 1 : line;
  return line >= move.line ? line + 1 : line;
}

/** A call of the edited code (`test › file:line:column #turn`) named by its original line. */
export function originalCall(call: string, move: CodeMove): string {
  const at = /^(.* › )(.+):(\d+):(\d+)( #\d+)$/.exec(call);
  if (!at || at[2] !== move.file) return call;
  const line = originalLine(Number(at[3]), move);
  return line === null ? call : `${at[1]}${at[2]}:${line}:${at[4]}${at[5]}`;
}

/** The map's calls named by their original lines. */
export function originalCalls<T>(calls: Map<string, T>, move: CodeMove | null): Map<string, T> {
  return move ? new Map([...calls].map(([call, value]) => [originalCall(call, move), value])) : calls;
}
