import { keySegments, type KeySegment } from '../../core/act/key-segments.ts';
import { str } from '../../core/locator/model-code.ts';

/**
 * The code of a recorded key sequence (core/act/key-segments.ts): one `press` per key or chord,
 * and the text that keys spelled typed at once. On an element's member (`this.postBodyInput`) the
 * calls go to it, which focuses it first; else to the page's keyboard, where the focus is.
 */

export interface KeyCode {
  statements: string[];
  /** What the keys do, as a method's doc says it: `Types “Sow the beans.” into “Post body”.` */
  description: string;
}

/** The element the keys go to: its member expression and what a reader calls it. */
export interface KeyTarget {
  /** Null when the keys go to the keyboard though the element has the focus (an editor, see pom.ts). */
  member: string | null;
  label: string;
}

function segmentCall(segment: KeySegment, on: string | null): string {
  if (segment.kind === 'text') return on ? `await ${on}.pressSequentially(${str(segment.text)});` : `await this.page.keyboard.type(${str(segment.text)});`;
  return on ? `await ${on}.press(${str(segment.key)});` : `await this.page.keyboard.press(${str(segment.key)});`;
}

/** Consecutive keys said as one list (`presses Control+A, Delete`), each text as what it types. */
function doing(segments: KeySegment[]): string {
  const parts: string[] = [];
  let keys: string[] = [];
  const endKeys = () => {
    if (keys.length) parts.push(`presses ${keys.join(', ')}`);
    keys = [];
  };
  for (const segment of segments) {
    if (segment.kind === 'key') {
      keys.push(segment.key);
      continue;
    }
    endKeys();
    parts.push(`types “${segment.text}”`);
  }
  endKeys();
  return parts.join(', then ');
}

export function keyCode(keys: string, target: KeyTarget | null): KeyCode {
  const segments = keySegments(keys);
  const said = doing(segments);
  const typesOnly = segments.length === 1 && segments[0]!.kind === 'text';
  const where = target ? ` ${typesOnly ? 'into' : 'in'} ${target.label}` : '';
  return {
    statements: segments.map((segment) => segmentCall(segment, target?.member ?? null)),
    description: `${said.charAt(0).toUpperCase()}${said.slice(1)}${where}.`,
  };
}
