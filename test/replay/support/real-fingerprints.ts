/**
 * Writes test/replay/fixtures/real-fingerprints.json: fingerprints recorded on a real app
 * (DokuWiki from Debian, in English) and the live candidates replay would rank for them on the
 * same app in German, with which candidate is the recorded element. Run it again with
 * `npx tsx test/replay/support/real-fingerprints.ts` when the probe changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright';
import { launchBrowser } from '../../../core/browser.ts';
import { takeFingerprint } from '../../../core/fingerprint/take.ts';
import type { Fingerprint } from '../../../core/schema/history.ts';
import { collect } from '../../../locate/candidates.ts';
import type { LiveFeatures } from '../../../locate/scoring.ts';
import { startDokuWiki } from '../../../harness/apps/dokuwiki-install.ts';

export interface RealCase {
  name: string;
  recorded: Fingerprint;
  candidates: LiveFeatures[];
  /** Index in `candidates` of the recorded element, or null when it is not among them. */
  expected: number | null;
}

interface CaseSpec {
  name: string;
  /** The page, as a DokuWiki query string. */
  query: string;
  target(page: Page): Locator;
  /** Every element of the target's kind, as the broadest cascade level would gather them. */
  pool(page: Page): Locator;
  /** Whether a live candidate is the recorded element. */
  isTarget(live: LiveFeatures): boolean;
}

const kCases: CaseSpec[] = [
  {
    name: 'page tool link "Edit this page" (icon, title and caption translated)',
    query: 'id=guide:install',
    target: (p) => p.getByRole('link', { name: 'Edit this page [e]' }),
    pool: (p) => p.getByRole('link'),
    isTarget: (live) => live.hrefPath?.includes('do=edit') === true,
  },
  {
    name: 'search field (placeholder translated)',
    query: 'id=guide:install',
    target: (p) => p.getByPlaceholder('Search'),
    pool: (p) => p.getByRole('textbox'),
    isTarget: (live) => live.id === 'qsearch__in',
  },
  {
    name: 'editor Save button (caption translated)',
    query: 'id=guide:install&do=edit',
    target: (p) => p.getByRole('button', { name: 'Save' }),
    pool: (p) => p.getByRole('button'),
    isTarget: (live) => live.id === 'edbtn__save',
  },
  {
    name: 'editor Cancel button next to Save and Preview',
    query: 'id=guide:install&do=edit',
    target: (p) => p.getByRole('button', { name: 'Cancel' }),
    pool: (p) => p.getByRole('button'),
    isTarget: (live) => live.nameAttr === 'do[cancel]',
  },
  {
    name: 'content link to another page',
    query: 'id=start',
    target: (p) => p.getByRole('link', { name: 'Using it' }),
    pool: (p) => p.getByRole('link'),
    isTarget: (live) => live.hrefPath?.includes('guide:usage') === true,
  },
];

async function main(): Promise<void> {
  const english = await startDokuWiki();
  const german = await startDokuWiki();
  fs.appendFileSync(path.join(german.dir, 'conf', 'local.php'), "$conf['lang'] = 'de';\n");
  const browser = await launchBrowser();
  const out: RealCase[] = [];
  try {
    const page = await browser.newPage();
    for (const spec of kCases) {
      await page.goto(`${new URL(english.url).origin}/doku.php?${spec.query}`);
      const recorded = await takeFingerprint(spec.target(page));
      await page.goto(`${new URL(german.url).origin}/doku.php?${spec.query}`);
      const found = await collect(page.mainFrame(), spec.pool(page), { includeHidden: false });
      if (!found) throw new Error(`${spec.name}: too many candidates`);
      const candidates = found.map((c) => c.features);
      const hits = candidates.flatMap((c, i) => (spec.isTarget(c) ? [i] : []));
      if (hits.length !== 1) throw new Error(`${spec.name}: ${hits.length} candidates are the target`);
      out.push({ name: spec.name, recorded, candidates, expected: hits[0]! });
    }
  } finally {
    await browser.close();
    await english.close();
    await german.close();
  }
  // Origins differ per run: link targets keep only path and query.
  const file = path.join(import.meta.dirname, '..', 'fixtures', 'real-fingerprints.json');
  fs.writeFileSync(file, JSON.stringify(out, null, 1).replace(/http:\/\/127\.0\.0\.1:\d+/g, ''));
  console.log(`wrote ${out.length} cases to ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
