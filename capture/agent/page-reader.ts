import type { Observation } from '../types.ts';
import { chunkLines, splitPageText, type Chunk } from './chunks.ts';
import type { ObserveMove } from './output.ts';

/**
 * How the model reads one observation within one step: whole when it fits the prompt budget,
 * else part by part (the model answers "next_chunk", acts, or says "done_observing"), and after
 * it stopped reading, the page header alone with a reminder that every index it read is valid.
 */

type ReadState = { kind: 'whole' } | { kind: 'part'; part: number } | { kind: 'after'; read: number };

export class PageReader {
  readonly chunks: Chunk[] | null;
  private state: ReadState;
  private readonly header: string;

  /** `capacity`: tokens a part may take, or null to show the page whole. */
  constructor(
    private readonly observation: Observation,
    capacity: number | null,
  ) {
    const page = splitPageText(observation.text);
    this.header = page.header;
    const chunks = capacity === null ? null : chunkLines(page.lines, capacity);
    this.chunks = chunks && chunks.length > 1 ? chunks : null;
    this.state = this.chunks ? { kind: 'part', part: 1 } : { kind: 'whole' };
  }

  /** Reading part by part, with parts left or not. */
  get reading(): boolean {
    return this.state.kind === 'part';
  }

  get position(): string {
    switch (this.state.kind) {
      case 'whole':
        return 'whole page';
      case 'part':
        return `part ${this.state.part} of ${this.chunks!.length}`;
      case 'after':
        return `after reading ${this.state.read} of ${this.chunks!.length} parts`;
    }
  }

  /** The `<browser_state>` text for the current position. */
  browserState(): string {
    const total = this.observation.elements.length;
    switch (this.state.kind) {
      case 'whole':
        return this.observation.text;
      case 'part': {
        const chunk = this.chunks![this.state.part - 1]!;
        const last = this.state.part === chunk.parts;
        const range = chunk.first !== null ? ` (elements [${chunk.first}]-[${chunk.last}] of ${total})` : '';
        const how = last
          ? 'This is the last part: act, or call done.'
          : `Act if what you need is here; else answer observe: "next_chunk" (no actions) to read part ${chunk.part + 1}, or "done_observing" to stop reading and act on what you noted.`;
        return `${this.header}\nPart ${chunk.part} of ${chunk.parts} of the page${range}. ${how}\n${chunk.text}`;
      }
      case 'after': {
        const lastRead = this.chunks![this.state.read - 1]!;
        const header = this.header.split('\n').slice(0, -1).join('\n');
        return `${header}\nYou read parts 1-${this.state.read} of ${this.chunks!.length} of this page (elements up to [${lastRead.last ?? '?'}] of ${total}); every index you read is valid. Act now on what you read and noted (observe is not available any more in this step).`;
      }
    }
  }

  /** Follows the model's observe move; false when there is nothing to move (not reading parts). */
  move(observe: ObserveMove): boolean {
    if (this.state.kind !== 'part') return false;
    const parts = this.chunks!.length;
    if (observe === 'next_chunk' && this.state.part < parts) this.state = { kind: 'part', part: this.state.part + 1 };
    else this.state = { kind: 'after', read: this.state.part };
    return true;
  }
}
