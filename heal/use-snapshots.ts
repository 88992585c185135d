import type { BaselineCall, BaselineTest, CodeAt } from '../core/schema/baseline.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';
import { readTrace, type SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { suiteFrames, suiteRoot, testKey } from './baseline.ts';
import { kEvidencePhases, readTestCalls, type TestCalls } from './failure.ts';
import type { TestTrace } from './test-traces.ts';
import { tracedSources } from './traced-sources.ts';
import { lineAfter } from './unified-diff.ts';

/** A call's place in the code and how many calls its test made there before it. */
export interface PlacedCall {
  at: CodeAt;
  nth: number;
}

/**
 * The run's traces by test, to show any test's snapshot of the call it made at a place in the code:
 * what a use of a shared locator found, or no longer found, in this run. A test that passed has a
 * trace only when the run kept every trace (`--trace on`). A test this run did not run (a rerun of
 * only the tests a heal changed) is shown from its latest trace of the runs before (`earlier`, read
 * only when needed): its code and the app are what they were there.
 */
export class UseSnapshots {
  private byTest: Map<string, { file: string; read: TestCalls }> | null = null;

  /**
   * `textNow` gives a file's text as heal reads it now, by the path a trace's stack names it with
   * (null when it is not found): a trace of code edited since has its places moved to where they are now.
   */
  constructor(
    private readonly traces: readonly TestTrace[],
    private readonly earlier: () => Promise<readonly TestTrace[]> = async () => [],
    private readonly textNow: (file: string) => string | null = () => null,
  ) {}

  private async index(): Promise<Map<string, { file: string; read: TestCalls }>> {
    if (this.byTest) return this.byTest;
    this.byTest = await UseSnapshots.byTest(this.traces);
    return this.byTest;
  }

  private static async byTest(traces: readonly TestTrace[]): Promise<Map<string, { file: string; read: TestCalls }>> {
    const out = new Map<string, { file: string; read: TestCalls }>();
    for (const trace of traces) {
      const read = await readTestCalls(await openTraceZip(trace.file)).catch(() => null);
      if (read) out.set(testKey(read.title).key, { file: trace.file, read });
    }
    return out;
  }

  private async find(test: string): Promise<{ file: string; read: TestCalls } | null> {
    const own = (await this.index()).get(test);
    if (own) return own;
    const earlier = await UseSnapshots.byTest(await this.earlier());
    for (const [key, found] of earlier) if (!this.byTest!.has(key)) this.byTest!.set(key, found);
    return this.byTest!.get(test) ?? null;
  }

  /**
   * Where the baseline's `call` of `test` is made in the code now: the call of the test's trace
   * with the same method and selector, as many such calls in (the baseline's calls are found by
   * what they ran, as a failing call is), its line moved through any edit of its file since the
   * trace ran. A heal that collapsed a chain above it moved it; the baseline's line is another
   * call's now. The baseline's own place when no trace of the test made that call.
   */
  async placeNow(test: BaselineTest, call: BaselineCall): Promise<PlacedCall> {
    const recorded = { at: call.at, nth: call.nth };
    const found = await this.find(test.test);
    if (!found) return recorded;
    const root = suiteRoot(testKey(found.read.title).file, found.read.calls);
    if (root === null) return recorded;
    const alike = (file: string, method: string, selector: string | null) => file === call.at.file && method === call.method && selector === call.selector;
    const k = test.calls.filter((c) => alike(c.at.file, c.method, c.selector)).indexOf(call);
    const traced = found.read.calls.filter((c) => c.selector !== null).map((c) => ({ call: c, at: suiteFrames(c.stack, root)[0] }));
    const same = traced.filter((t) => t.at && alike(t.at.file, t.call.method, t.call.selector));
    const match = k < 0 ? undefined : same[k];
    if (!match?.at) return recorded;
    const at = match.at;
    const nth = traced.slice(0, traced.indexOf(match)).filter((t) => t.at?.file === at.file && t.at.line === at.line && t.at.column === at.column).length;
    const frame = match.call.stack.find((f) => f.line === at.line && f.file.replace(/\\/g, '/').endsWith(`/${at.file}`))?.file;
    const now = frame ? this.textNow(frame) : null;
    const ran = frame && now !== null ? await this.ranText(found.file, frame) : undefined;
    return { at: ran === undefined || ran === now ? at : { ...at, line: lineAfter(ran, now!, at.line) }, nth };
  }

  private readonly ran = new Map<string, Promise<string | undefined>>();

  /** The text of `frame`'s file as the trace `file` ran it. */
  private ranText(file: string, frame: string): Promise<string | undefined> {
    const key = `${file}\u0000${frame}`;
    let text = this.ran.get(key);
    if (!text) {
      text = openTraceZip(file).then((zip) => tracedSources(zip, [frame])).then((texts) => texts.get(frame));
      this.ran.set(key, text);
    }
    return text;
  }

  /**
   * Shows the snapshot of `test`'s `nth` call at `at` in `shown`: the address it was taken at, or
   * why it cannot be (`unreached`: the test's trace is there, it stopped before making the call).
   */
  async show(shown: SnapshotPage, test: string, at: CodeAt, nth: number): Promise<{ pageUrl: string } | { missing: string; unreached?: true }> {
    const found = await this.find(test);
    if (!found) return { missing: 'this run has no trace of its test (it passed with traces kept only on failure? run the suite with `--trace on`)' };
    const root = suiteRoot(testKey(found.read.title).file, found.read.calls);
    const here = root === null ? [] : found.read.calls.filter((c) => {
      const first = c.selector !== null ? suiteFrames(c.stack, root)[0] : undefined;
      return first?.file === at.file && first.line === at.line && first.column === at.column;
    });
    const call = here[nth] ?? here.at(-1);
    if (!call) return { missing: 'its test did not reach the call in this run', unreached: true };
    return UseSnapshots.showCall(shown, await readTrace(found.file), call.callId);
  }

  /**
   * Shows the snapshot of the last call `test` made in this run that has one: the page its test
   * stopped on (a failing test, the page of the call it failed at).
   */
  async showLast(shown: SnapshotPage, test: string): Promise<{ pageUrl: string } | { missing: string }> {
    const found = await this.find(test);
    if (!found) return { missing: 'this run has no trace of its test' };
    const trace = await readTrace(found.file);
    const last = found.read.calls.findLast((c) => c.selector !== null && kEvidencePhases.some((phase) => trace.snapshots.find(c.callId, phase) !== null));
    if (!last) return { missing: 'its trace has no DOM snapshot of a call' };
    return UseSnapshots.showCall(shown, trace, last.callId);
  }

  private static async showCall(shown: SnapshotPage, { snapshots, resources }: Awaited<ReturnType<typeof readTrace>>, callId: string): Promise<{ pageUrl: string } | { missing: string }> {
    const snapshot = kEvidencePhases.map((phase) => snapshots.find(callId, phase)).find((s) => s !== null) ?? null;
    if (!snapshot) return { missing: `its trace has no DOM snapshot of the call (${callId})` };
    await shown.show(snapshot, snapshots.html(snapshot), resources);
    return { pageUrl: snapshot.frameUrl };
  }
}
