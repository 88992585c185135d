import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { benchApp } from '../../bench/heal/bench-app.ts';
import { kGoneFamilies, type GoneCase } from '../../bench/heal/gone-cases.ts';
import { corpusApps } from '../../harness/apps/index.ts';
import { kBuBin } from '../../harness/cli.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * The heal corpus's gone families in small: TiddlyWiki (the quickest app), one of its flows, a
 * fixed sample of cases where the recorded step's element is not on the page, replayed through
 * the corpus's own code with `full`. Replay must refuse each case step: nothing acted on. The
 * benchmark runs every element step of every flow of every app (bench/heal-corpus.bench.ts).
 *
 * In make bench only (`@bench`, ~20 CPU-s): test/replay/gone-element.spec.ts proves each family on
 * pages of its own (a removed button beside a look-alike holding its name, a button replaced in
 * its place by one of another purpose, a field that changed purpose), judged by what replay did.
 */

/** One flow: each costs a recording and a reference run, and this one has a link and a button with look-alikes. */
const kFlows = ['close'];

/** `flow:step:family` (the step counted from 1 in the history): every family once or more, in three replays. */
const kSample = [
  'close:1:removed', // the link to Tasks; the tiddler's other links stay
  'close:1:peer-left', // the same page as removed (one replay for both), judged as the look-alike case it is
  'close:2:peer-left', // Garden's close button, while Tasks' stays
  'close:2:substituted', // Garden's close button, replaced by another button in its place
];

const caseName = (c: GoneCase) => `${c.flow.name}:${c.index + 1}:${c.family}`;

test.setTimeout(240_000);

test('the heal corpus where the recorded element is gone: replay refuses the step and acts on nothing', { tag: '@bench' }, async ({ browser }) => {
  const app = corpusApps().find((a) => a.name === 'tiddlywiki');
  needRealApp(!app ? 'the registry has no tiddlywiki' : app.unavailable() && `TiddlyWiki cannot run here: ${app.unavailable()}`);
  const outputDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-gone-smoke-'));
  try {
    const result = await benchApp(browser, app!, {
      mutants: [], strategies: ['full'], extra: false, only: kFlows, workers: 1, other: false, outputDir, p3Heal: false, p3One: false, bu: kBuBin,
      families: kGoneFamilies, keepCase: (c) => kSample.includes(caseName(c)), goneStrategies: ['full'], log: () => undefined,
    });
    expect(result).not.toBeNull();
    const verdicts = result!.gone.map((r) => {
      const v = r.verdict;
      const detail = v.kind === 'wrong' ? `: ${v.acted.join('; ')}` : v.kind === 'not reached' ? `: ${v.why}` : '';
      return `${caseName(r.case)} ${v.kind}${detail}`;
    });
    // Every sample case was made (the reference runs saw each element, and its look-alikes), and each refused.
    expect(verdicts.sort()).toEqual(kSample.map((c) => `${c} refused`).sort());
  } finally {
    await fs.rm(outputDir, { recursive: true, force: true });
  }
});
