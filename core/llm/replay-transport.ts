import { readJsonLines } from '../io/read.ts';
import { LlmCallLine } from '../schema/logs.ts';
import { TransportError } from './transport.ts';
import type { Transport, TransportAnswer, TransportRequest } from './transport.ts';

/**
 * `--llm-replay FILE`: answers from a recorded `llm/<id>.jsonl` in order, so a capture can be
 * reproduced without a model. Calls that got no answer (timeouts, 429s) are skipped; answers that
 * were rejected (malformed JSON) are replayed too, so the same repair happens again.
 */
export class ReplayTransport implements Transport {
  private next = 0;

  private constructor(
    private readonly file: string,
    private readonly lines: LlmCallLine[],
  ) {}

  static async open(file: string): Promise<ReplayTransport> {
    const lines = await readJsonLines(LlmCallLine, file, 'llm replay log');
    return new ReplayTransport(file, lines.filter((line) => line.response !== null && line.response !== undefined));
  }

  get remaining(): number {
    return this.lines.length - this.next;
  }

  async send(request: TransportRequest): Promise<TransportAnswer> {
    const line = this.lines[this.next];
    if (!line) {
      throw new TransportError(
        `llm replay ${this.file} has no answer left for call ${this.next + 1} (${request.purpose}): the run went further than the recording`,
        'fatal',
      );
    }
    if (line.purpose !== request.purpose) {
      throw new TransportError(
        `llm replay ${this.file} diverged at answer ${this.next + 1}: recorded for "${line.purpose}", asked for "${request.purpose}"`,
        'fatal',
      );
    }
    this.next++;
    const content = typeof line.response === 'string' ? line.response : JSON.stringify(line.response);
    return { content, model: line.model, tokensIn: line.tokensIn, tokensOut: line.tokensOut, cost: line.cost };
  }
}
