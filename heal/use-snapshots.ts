import type { CodeAt } from '../core/schema/baseline.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';
import { readTrace, type SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { suiteFrames, suiteRoot, testKey } from './baseline.ts';
import { kEvidencePhases, readTestCalls, type TestCalls } from './failure.ts';
import type { TestTrace } from './test-traces.ts';

/**
 * The run's traces by test, to show any test's snapshot of the call it made at a place in the code:
 * what a use of a shared locator found, or no longer found, in this run. A test that passed has a
 * trace only when the run kept every trace (`--trace on`). A test this run did not run (a rerun of
 * only the tests a heal changed) is shown from its latest trace of the runs before (`earlier`, read
 * only when needed): its code and the app are what they were there.
 */
export class UseSnapshots {
  private byTest: Map<string, { file: string; read: TestCalls }> | null = null;

  constructor(private readonly traces: readonly TestTrace[], private readonly earlier: () => Promise<readonly TestTrace[]> = async () => []) {}

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

  /** Shows the snapshot of `test`'s `nth` call at `at` in `shown`: the address it was taken at, or why it cannot be. */
  async show(shown: SnapshotPage, test: string, at: CodeAt, nth: number): Promise<{ pageUrl: string } | { missing: string }> {
    const found = await this.find(test);
    if (!found) return { missing: 'this run has no trace of its test (it passed with traces kept only on failure? run the suite with `--trace on`)' };
    const root = suiteRoot(testKey(found.read.title).file, found.read.calls);
    const here = root === null ? [] : found.read.calls.filter((c) => {
      const first = c.selector !== null ? suiteFrames(c.stack, root)[0] : undefined;
      return first?.file === at.file && first.line === at.line && first.column === at.column;
    });
    const call = here[nth] ?? here.at(-1);
    if (!call) return { missing: 'its test did not reach the call in this run' };
    const { snapshots, resources } = await readTrace(found.file);
    const snapshot = kEvidencePhases.map((phase) => snapshots.find(call.callId, phase)).find((s) => s !== null) ?? null;
    if (!snapshot) return { missing: `its trace has no DOM snapshot of the call (${call.callId})` };
    await shown.show(snapshot, snapshots.html(snapshot), resources);
    return { pageUrl: snapshot.frameUrl };
  }
}
