import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { benchApp } from '../../bench/heal/bench-app.ts';
import { kMutants } from '../../bench/heal/instrument.ts';
import { corpusApps } from '../../harness/apps/index.ts';
import { kBuBin } from '../../harness/cli.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * The heal corpus's gate in small: one real app (the static wiki: no server language, the quickest),
 * one adversarial mutant (a same-named copy of every control in an aside), two of its flows (one
 * fills a form, one ticks a row's unnamed checkbox) recorded and replayed through the corpus's own
 * code. `full` never acts on a wrong element, and never does worse than the recorded locator
 * alone. The benchmark runs every flow of every app.
 */

/** A form and a row's unnamed control: the other flows only click what they find by name. */
const kSmokeFlows = ['new-tiddler', 'check-task'];

test.setTimeout(240_000);

// The suite proves look-alikes told apart on its own pages (test/heal/demo.spec.ts, test/replay/wrong-element.spec.ts): this runs in make bench.
test('the heal corpus on one app and its decoy mutant: no wrong-element action, never below the recorded locator', { tag: '@bench' }, async ({ browser }) => {
  const app = corpusApps().find((a) => a.name === 'tiddlywiki');
  needRealApp(!app ? 'the registry has no tiddlywiki' : app.unavailable() && `TiddlyWiki cannot run here: ${app.unavailable()}`);
  const outputDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-smoke-'));
  try {
    const result = await benchApp(browser, app!, {
      mutants: kMutants.filter((m) => m.kind === 'decoy'), strategies: ['full', 'locator-only'], extra: false, only: kSmokeFlows, workers: 1, other: false,
      outputDir, p3Heal: false, p3One: false, bu: kBuBin, log: () => undefined,
    });
    expect(result).not.toBeNull();
    const full = result!.results.filter((r) => r.strategy === 'full');
    expect(full.map((r) => r.flow.name).sort()).toEqual([...kSmokeFlows].sort());
    const wrong = full.flatMap((r) => r.verdicts.map((v, i) => ({ flow: r.flow.name, step: i + 1, v }))).filter((s) => s.v === 'wrong');
    expect(wrong).toEqual([]);
    for (const r of full) {
      const alone = result!.results.find((o) => o.strategy === 'locator-only' && o.flow === r.flow)!;
      const correct = (verdicts: string[]) => verdicts.filter((v) => v === 'correct').length;
      expect(correct(r.verdicts), `${r.flow.name}: full against the recorded locator alone`).toBeGreaterThanOrEqual(correct(alone.verdicts));
    }
  } finally {
    await fs.rm(outputDir, { recursive: true, force: true });
  }
});
