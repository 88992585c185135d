import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { kVariants } from '../../demo/variants.ts';
import { readJsonFile } from '../../core/io/read.ts';
import { History } from '../../core/schema/history.ts';
import { replay } from '../../replay/replay.ts';
import { captureFlow, flowDone, watchDecoys } from '../../harness/demo-flows.ts';

/**
 * Flows recorded with `bu capture script` on the baseline demo app, replayed on every variant.
 * A step may pass, heal, or refuse (ambiguous / missing); it may never act on another element:
 * decoy clicks are counted in the page, and the app's resulting state is read back over HTTP.
 */

/**
 * Each flow is recorded once and replayed on every variant, in order; the two flows run side by
 * side. The suite replays on the baseline, on the decoys (look-alikes of the recorded elements, where
 * a wrong action would be) and on the variant with every change at once; each other single-change
 * variant repeats a part of that last one, and runs in make bench (`@bench`).
 */
const kInSuite = new Set(['baseline', 'decoys', 'all']);
for (const flow of ['items', 'settings'] as const) {
  test.describe(`${flow} flow`, () => {
    test.describe.configure({ mode: 'serial' });

    let history: History;
    let outputDir: string;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      outputDir = await fs.mkdtemp(path.join(os.tmpdir(), `bu-replay-demo-${flow}-`));
      history = await readJsonFile(History, await captureFlow(flow, outputDir), 'history');
    });

    test.afterAll(async () => {
      if (outputDir) await fs.rm(outputDir, { recursive: true, force: true });
    });

    for (const variant of kVariants) {
      test(`replays on variant ${variant.id} (${variant.name})`, { tag: kInSuite.has(variant.name) ? [] : '@bench' }, async ({ page }) => {
        test.setTimeout(120_000);
        const server = await startDemoServer({ port: 0, variant: variant.id });
        try {
          const decoyHits = await watchDecoys(page.context());
          const { report } = await replay(page, history, {
            replayId: `replay-${variant.id}`,
            baseUrl: server.url,
            substitutions: { vars: {}, secrets: { password: kUser.password } },
          });
          const trail = report.steps.map((s) => `${s.index} ${s.action} ${s.status} ${s.level ?? ''} ${s.category ?? ''} ${s.message ?? ''} ${s.notes.join(' | ')}`).join('\n');
          expect(decoyHits(), trail).toBe(0);
          expect(report.summary.ok, trail).toBe(true);
          expect(await flowDone(flow, server.url), trail).toBe(true);
          expect(JSON.stringify(report)).not.toContain(kUser.password);
          if (variant.id === 0) expect(report.summary.byStatus.healed, trail).toBe(0);
        } finally {
          await server.close();
        }
      });
    }
  });
}
