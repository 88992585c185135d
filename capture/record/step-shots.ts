import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright';
import { appendJsonLine } from '../../core/io/atomic.ts';
import { entryData, newStoredEntry, withData, type StoredEntry } from '../../core/io/zip-entries.ts';
import { placeStepShots, type StepShot } from './place-step-shots.ts';
import { untraced } from './untraced.ts';

/**
 * The screenshots a capture takes itself, one when a step has settled (see place-step-shots.ts).
 * They are written beside the tracer's raw files as they are taken, with an index line each, so
 * the trace of a capture that was killed gets them back when it is rebuilt from those files.
 */

/**
 * JPEG quality of a step screenshot: what a person reads on a page stays sharp, at about a tenth
 * of the PNG's size; the picture is for people (extract's screenshots, the report), no tool
 * compares its pixels.
 */
const kShotQuality = 80;
/** A screenshot that takes longer is given up: the step is recorded without one. */
const kShotTimeoutMs = 5_000;
/** The index of the shots in the raw trace folder, one JSON line each. */
const kIndexFile = 'bu-step-shots.jsonl';
/** Where the shots are in the raw trace folder and in the zip (Playwright's own folder for them). */
const kShotDir = 'screenshots';

export class StepShots {
  private groups = 0;
  private taken = 0;

  /** `dir`: the launch's raw trace folder; `prefix` tells this trace's shots from another part's. */
  constructor(private readonly dir: string, private readonly prefix: string) {}

  /** The capture opened a trace group (a step's action). */
  groupOpened(): void {
    this.groups++;
  }

  /**
   * A screenshot of `page` as it is now, for the trace. `inGroup`: taken inside the group opened
   * last, before it closes. Never throws: a page that is gone or will not draw gets no shot.
   */
  async take(page: Page, inGroup: boolean): Promise<void> {
    if (page.isClosed()) return;
    const group = this.groups;
    const image = await untraced(page, () => page.screenshot({ type: 'jpeg', quality: kShotQuality, scale: 'css', timeout: kShotTimeoutMs })).catch(() => null);
    if (!image) return;
    const name = `${this.prefix}-${++this.taken}.jpeg`;
    const shot: StepShot = { file: `${kShotDir}/${name}`, group, inGroup };
    try {
      await fs.mkdir(path.join(this.dir, kShotDir), { recursive: true });
      await fs.writeFile(path.join(this.dir, kShotDir, name), image);
      await appendJsonLine(path.join(this.dir, kIndexFile), shot);
    } catch {
      // The raw folder is gone (the capture is ending): the step keeps its DOM snapshots.
    }
  }
}

/** The shots whose index lines name `prefix`'s files, as written to `dir`. */
async function readShots(dir: string, prefix: string): Promise<StepShot[]> {
  const text = await fs.readFile(path.join(dir, kIndexFile), 'utf8').catch(() => '');
  const shots: StepShot[] = [];
  for (const line of text.split('\n')) {
    try {
      const shot = JSON.parse(line) as StepShot;
      if (typeof shot.file === 'string' && shot.file.startsWith(`${kShotDir}/${prefix}-`) && typeof shot.group === 'number') shots.push(shot);
    } catch {
      // A line cut short when the process was killed.
    }
  }
  return shots;
}

/**
 * `entries` (a trace zip's) with `prefix`'s shots from `dir` placed in its `trace.trace`: their
 * images added, each with its `screenshot` event. Unchanged when there are none to place.
 */
export async function withStepShots(entries: readonly StoredEntry[], dir: string, prefix: string): Promise<StoredEntry[]> {
  const shots = await readShots(dir, prefix);
  const traceEntry = entries.find((entry) => entry.name === 'trace.trace');
  if (!shots.length || !traceEntry) return [...entries];
  const text = entryData(traceEntry).toString('utf8');
  const images: StoredEntry[] = [];
  const names = new Set(entries.map((entry) => entry.name));
  const lines: string[] = [];
  for (const event of placeStepShots(text, shots)) {
    if (!names.has(event.file)) {
      const data = await fs.readFile(path.join(dir, event.file)).catch(() => null);
      if (!data) continue;
      images.push(newStoredEntry(event.file, data));
    }
    lines.push(JSON.stringify(event));
  }
  if (!lines.length) return [...entries];
  const joined = `${text}${text.endsWith('\n') || !text ? '' : '\n'}${lines.join('\n')}\n`;
  return [...entries.map((entry) => (entry === traceEntry ? withData(entry, Buffer.from(joined, 'utf8')) : entry)), ...images];
}
