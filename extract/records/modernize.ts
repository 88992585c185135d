/**
 * Migrates trace events of older trace format versions to the version 10 shape, one pure step per
 * version, following Playwright's own trace modernizer. Only the fields extract reads are touched.
 *
 *  6 -> 7  `context-options` gains `monotonicTime`/`wallTime` (taken from the first action when absent)
 *  7 -> 8  `before.apiName` becomes `before.title`
 *  8 -> 9  snapshots named on the action (`beforeSnapshot: "before@<callId>"`) get a `phase`;
 *          screencast frames and other files referenced by `sha1` get `file: resources/<sha1>`
 *  9 -> 10 test-runner `stepId`s replace `callId`s so both trace files share one id per call
 */

export const kMinTraceVersion = 6;
export const kMaxTraceVersion = 10;

type Raw = Record<string, unknown>;

/** Per-file migration state (snapshot names seen, step ids, the first action's clock). */
export class Modernizer {
  private readonly snapshotPhases = new Map<string, string>();
  private readonly stepIds = new Map<string, string>();
  private context: Raw | undefined;

  constructor(readonly version: number) {}

  /** Returns the event in version 10 shape (mutated in place). */
  migrate(event: Raw): Raw {
    for (let v = this.version; v < kMaxTraceVersion; v++) this.step(v, event);
    return event;
  }

  private step(from: number, event: Raw): void {
    switch (from) {
      case 6: return this.from6(event);
      case 7: return this.from7(event);
      case 8: return this.from8(event);
      case 9: return this.from9(event);
      default: return;
    }
  }

  private from6(event: Raw): void {
    if (event.type === 'context-options') {
      this.context = event;
      event.origin ??= 'library';
      return;
    }
    if (event.type === 'before' && this.context && typeof this.context.monotonicTime !== 'number') {
      this.context.monotonicTime = event.startTime;
      if (typeof event.wallTime === 'number') this.context.wallTime = event.wallTime;
    }
  }

  private from7(event: Raw): void {
    if (event.type === 'before' && typeof event.apiName === 'string') {
      event.title ??= event.apiName;
      delete event.apiName;
    }
  }

  private from8(event: Raw): void {
    const names: [string, string][] = [['beforeSnapshot', 'before'], ['inputSnapshot', 'action'], ['afterSnapshot', 'after']];
    if (event.type === 'before' || event.type === 'input' || event.type === 'after') {
      for (const [key, phase] of names) {
        if (typeof event[key] === 'string') this.snapshotPhases.set(event[key] as string, phase);
        delete event[key];
      }
    }
    if (event.type === 'screencast-frame' && typeof event.sha1 === 'string') {
      event.file = `resources/${event.sha1}`;
      delete event.sha1;
    }
    if (event.type === 'frame-snapshot' && isRaw(event.snapshot)) {
      const name = event.snapshot.snapshotName;
      if (typeof name === 'string' && this.snapshotPhases.has(name)) event.snapshot.phase = this.snapshotPhases.get(name);
    }
  }

  private from9(event: Raw): void {
    if (event.type === 'before') {
      if (typeof event.stepId === 'string' && event.stepId !== event.callId) this.stepIds.set(event.callId as string, event.stepId);
      delete event.stepId;
      if (typeof event.parentId === 'string') event.parentId = this.stepIds.get(event.parentId) ?? event.parentId;
    }
    if (event.type === 'before' || event.type === 'input' || event.type === 'after' || event.type === 'log') {
      event.callId = this.stepIds.get(event.callId as string) ?? event.callId;
    }
    if (event.type === 'frame-snapshot' && isRaw(event.snapshot)) {
      const id = event.snapshot.callId as string;
      event.snapshot.callId = this.stepIds.get(id) ?? id;
    }
  }
}

export function isRaw(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
