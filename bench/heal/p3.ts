import type { Browser, Page } from 'playwright';
import { locatorFromCode } from '../../core/locator/build.ts';
import type { ReplayReport } from '../../core/schema/replay-report.ts';
import { replay } from '../../replay/replay.ts';
import type { CorpusFlow, RunningApp } from '../../harness/apps/index.ts';
import { applyMutant, type Mutant } from './instrument.ts';
import type { Recorded } from './run.ts';

/**
 * P3 on a changed page: replay's wall time over the same flow written as plain Playwright with the
 * locators that work on the changed page (those the cascade found), both on the same mutant.
 */

/** Timing runs per side; the median damps noise from other processes on the machine. */
const kTimingRuns = 3;

export interface P3Candidate {
  appName: string;
  app: RunningApp;
  flow: CorpusFlow;
  recorded: Recorded;
  mutant: Mutant;
  /** A full replay of the flow on the mutant that went past the first level and was right. */
  report: ReplayReport;
}

async function plain(page: Page, candidate: P3Candidate): Promise<void> {
  const text = (value: string) => value.replace(/\{\{secret:([\w-]+)\}\}/g, (_, name: string) => candidate.flow.secrets?.[name] ?? '');
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await page.goto(new URL(candidate.flow.start, candidate.app.url).href, { waitUntil: 'domcontentloaded' });
  for (const [i, step] of candidate.recorded.history.steps.entries()) {
    const code = candidate.report.steps[i]?.locator;
    const target = code ? locatorFromCode(page, code) : null;
    const params = step.params as Record<string, unknown>;
    switch (step.action) {
      case 'click': await target!.click(); break;
      case 'input': await (params.clear === false ? target!.pressSequentially(text(String(params.text ?? ''))) : target!.fill(text(String(params.text ?? '')))); break;
      case 'select_dropdown': await target!.selectOption({ label: String(params.text ?? '') }); break;
      case 'send_keys': await page.keyboard.press(String(params.keys ?? '')); break;
      default: break;
    }
    await page.waitForLoadState('domcontentloaded');
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(browser: Browser, candidate: P3Candidate, fn: (page: Page) => Promise<unknown>): Promise<number> {
  await candidate.app.reset();
  const context = await browser.newContext();
  try {
    await applyMutant(context, candidate.mutant);
    const page = await context.newPage();
    const t = performance.now();
    await fn(page);
    return performance.now() - t;
  } finally {
    await context.close();
  }
}

/** One flow's P3 on a changed page: a plain run, then a replay, on the same instance. */
export interface P3Ratio {
  flow: string;
  ratio: number;
  replayMs: number;
  plainMs: number;
  /** The cascade ran past its first level somewhere in the flow. */
  pastFirst: boolean;
  /** Where the replay's time went: finding elements, acting, checking the page after each step. */
  split: { findMs: number; actMs: number; verifyMs: number };
}

/** One run per side, side by side: the median over many flows damps the noise of each. */
export async function p3Ratio(browser: Browser, candidate: P3Candidate): Promise<P3Ratio> {
  const plainMs = await timed(browser, candidate, (page) => plain(page, candidate));
  let steps: ReplayReport['steps'] = [];
  const replayMs = await timed(browser, candidate, async (page) => {
    ({ report: { steps } } = await replay(page, candidate.recorded.history, {
      replayId: 'bench-p3', baseUrl: candidate.app.url, substitutions: { vars: {}, secrets: candidate.flow.secrets ?? {} },
    }));
  });
  const pastFirst = candidate.report.steps.some((s) => s.level !== null && s.level !== 'recorded');
  const total = (key: 'findMs' | 'actMs' | 'verifyMs') => steps.reduce((n, s) => n + s.timing[key], 0);
  const split = { findMs: total('findMs'), actMs: total('actMs'), verifyMs: total('verifyMs') };
  return { flow: `${candidate.appName} ${candidate.flow.name} on "${candidate.mutant.name}"`, ratio: replayMs / plainMs, replayMs, plainMs, pastFirst, split };
}

/** The `P3-heal` line: the median of the per-flow ratios (goal <= 2x). */
export function p3HealLine(ratios: P3Ratio[]): string {
  if (!ratios.length) return 'P3-heal: no flow replayed correctly on a changed page';
  const past = ratios.filter((r) => r.pastFirst);
  const of = (list: P3Ratio[]) => median(list.map((r) => r.ratio)).toFixed(2);
  const sum = (f: (r: P3Ratio) => number) => ratios.reduce((n, r) => n + f(r), 0);
  const share = (f: (r: P3Ratio) => number) => `${Math.round((100 * sum(f)) / sum((r) => r.replayMs))}%`;
  return `P3-heal (replay / plain Playwright, median over ${ratios.length} flows replayed correctly on a changed page, one run each side; ` +
    `${past.length ? `${of(past)}x over the ${past.length} where the cascade ran past its first level` : 'none ran past the first level'}; ` +
    `replay's time: find ${share((r) => r.split.findMs)}, act ${share((r) => r.split.actMs)}, check ${share((r) => r.split.verifyMs)}; goal <= 2x): ${of(ratios)}x`;
}

export async function measureP3(browser: Browser, candidate: P3Candidate): Promise<string> {
  const replayTimes: number[] = [];
  const plainTimes: number[] = [];
  const levels = candidate.report.steps.map((s) => s.level ?? '-').join(',');
  for (let i = 0; i < kTimingRuns; i++) {
    plainTimes.push(await timed(browser, candidate, (page) => plain(page, candidate)));
    replayTimes.push(await timed(browser, candidate, (page) => replay(page, candidate.recorded.history, {
      replayId: 'bench-p3', baseUrl: candidate.app.url, substitutions: { vars: {}, secrets: candidate.flow.secrets ?? {} },
    })));
  }
  const ratio = median(replayTimes) / median(plainTimes);
  return `P3 (replay / plain Playwright, ${candidate.appName} ${candidate.flow.name} on "${candidate.mutant.name}", levels ${levels}, median of ${kTimingRuns}): ${ratio.toFixed(2)}x (${Math.round(median(replayTimes))} ms vs ${Math.round(median(plainTimes))} ms)`;
}
