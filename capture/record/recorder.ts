import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../core/io/atomic.ts';
import type { OutputPaths } from '../../core/paths.ts';
import { AriaLogLine, ReasoningLine, type ReasoningKind } from '../../core/schema/logs.ts';
import { History, HistoryStep, kHistoryVersion } from '../../core/schema/history.ts';
import type { z } from 'zod';
import type { RecordedStep } from '../actions/executed.ts';
import type { Observation } from '../types.ts';
import type { Secrets } from './secrets.ts';

/**
 * Writes the sidecars of one capture as it goes: `aria-log/<id>.jsonl` (one line per step),
 * `reasoning/<id>.jsonl`, and `history/<id>.json` rewritten atomically after every step, so an
 * interrupted run keeps everything it did. Every byte passes through secret redaction.
 */

export interface RecorderOptions {
  paths: OutputPaths;
  sessionId: string;
  startUrl: string;
  viewport: { width: number; height: number } | null;
  secrets: Secrets;
  now?: () => Date;
  /** Continue a session (`bu capture resume`): its history so far, the pages it saw, and this part's trace file. */
  resume?: { history: History; pagesVisited: readonly string[]; traceFile: string };
  /** Where warnings about secrets found in the app's own text go (stderr). */
  warn?: (message: string) => void;
}

/** Roles whose inline text in a snapshot line is the field's value: a typed position. */
const kValueLine = /^(\s*- (?:textbox|searchbox|spinbutton|slider|combobox)\b[^:]*?:)( .*)$/;

export class Recorder {
  private readonly history: History;
  private readonly urls = new Set<string>();
  private readonly produced: Record<string, string> = {};
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: RecorderOptions) {
    if (options.resume) {
      const { history, pagesVisited } = options.resume;
      // Secrets and variables may be given anew on resume; the history keeps every name it used.
      this.history = {
        ...history,
        secrets: [...new Set([...history.secrets, ...options.secrets.secretNames])],
        variables: { ...history.variables, ...options.secrets.variableValues },
      };
      for (const url of pagesVisited) this.urls.add(url);
      return;
    }
    this.history = {
      version: kHistoryVersion,
      sessionId: options.sessionId,
      startUrl: options.startUrl,
      recordedAt: this.timestamp(),
      viewport: options.viewport,
      secrets: options.secrets.secretNames,
      variables: options.secrets.variableValues,
      steps: [],
    };
  }

  private timestamp(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  get files(): { trace: string; ariaLog: string; reasoning: string; history: string } {
    const { paths, sessionId } = this.options;
    return { trace: this.options.resume?.traceFile ?? paths.trace(sessionId), ariaLog: paths.ariaLog(sessionId), reasoning: paths.reasoning(sessionId), history: paths.history(sessionId) };
  }

  get startUrl(): string {
    return this.history.startUrl;
  }

  get stepCount(): number {
    return this.history.steps.length;
  }

  get pagesVisited(): number {
    return this.urls.size;
  }

  /** The distinct URLs seen so far (for checkpoints). */
  get visitedUrls(): string[] {
    return [...this.urls];
  }

  /** Files produced by actions (downloads), label -> path, for the run's artifacts. */
  get artifacts(): Record<string, string> {
    return { ...this.produced };
  }

  artifact(label: string, file: string): void {
    this.produced[label] = file;
  }

  visited(url: string): void {
    if (url && url !== 'about:blank') this.urls.add(url);
  }

  /** Serialises writes so lines keep their order even when callers do not await. */
  private enqueue(write: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(write, write);
    return this.writes;
  }

  private appendLine<S extends z.ZodType>(file: string, schema: S, value: z.infer<S>): Promise<void> {
    // Redacted string by string, before serialising: each string is judged in its own surroundings.
    const line = JSON.stringify(this.options.secrets.redactDeep(schema.parse(value)));
    return this.enqueue(async () => {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, line + '\n');
    });
  }

  /** Learns where secrets occur in the app's own text before they are typed (warning once each). */
  learn(...texts: string[]): void {
    for (const text of texts) for (const warning of this.options.secrets.learn(text)) this.options.warn?.(warning);
  }

  aria(observation: Observation): Promise<void> {
    this.visited(observation.url);
    this.learn(observation.url, observation.title, observation.ariaSnapshot);
    const secrets = this.options.secrets;
    // Field values in the snapshot are typed positions; the rest is page text (redacted with the line).
    const snapshot = observation.ariaSnapshot
      .split('\n')
      .map((line) => {
        const value = kValueLine.exec(line);
        return value ? value[1]! + secrets.redactTyped(value[2]!) : line;
      })
      .join('\n');
    return this.appendLine(this.files.ariaLog, AriaLogLine, {
      step: observation.step,
      ts: this.timestamp(),
      url: observation.url,
      title: observation.title,
      tab: observation.activeTab,
      snapshot,
      hash: observation.stateHash,
    });
  }

  reasoning(step: number, kind: z.infer<typeof ReasoningKind>, text: string, nextGoal?: string): Promise<void> {
    return this.appendLine(this.files.reasoning, ReasoningLine, { step, ts: this.timestamp(), kind, text, ...(nextGoal ? { nextGoal } : {}) });
  }

  /** Adds one executed action and rewrites the history file (temp file + rename). */
  step(record: RecordedStep): Promise<void> {
    const step = HistoryStep.parse({ ...record, index: this.history.steps.length });
    this.history.steps.push(step);
    this.visited(step.pre.url);
    this.visited(step.post.url);
    return this.writeHistory();
  }

  /** Run metadata a policy keeps in the history (an agent's subtasks); written at once. */
  runMetadata(meta: Pick<History, 'subtasks'>): Promise<void> {
    const next = JSON.stringify(meta.subtasks);
    if (next === JSON.stringify(this.history.subtasks)) return this.writes;
    this.history.subtasks = this.options.secrets.redactDeep(meta.subtasks);
    return this.writeHistory();
  }

  /** Steps arrive redacted (at the time they ran); the start URL is what the user gave: neither is rewritten later. */
  writeHistory(): Promise<void> {
    const text = JSON.stringify(History.parse(this.history), null, 2) + '\n';
    return this.enqueue(() => writeFileAtomic(this.files.history, text));
  }

  /** Creates the sidecar files (empty logs, a history without steps) so every artifact exists from the start. */
  start(): Promise<void> {
    return this.enqueue(async () => {
      for (const file of [this.files.ariaLog, this.files.reasoning]) {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.appendFile(file, '');
      }
    }).then(() => this.writeHistory());
  }

  /** Waits for every queued write. */
  flush(): Promise<void> {
    return this.enqueue(async () => undefined);
  }
}
