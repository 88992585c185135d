import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { pickCandidate } from '../../locate/pick.ts';
import { agreement } from '../../locate/scoring.ts';
import type { RealCase } from './support/real-fingerprints.ts';

/**
 * Scoring and picking on fingerprints taken from a real app: recorded on DokuWiki in English,
 * ranked among every element of the kind on the same page of DokuWiki in German (see
 * support/real-fingerprints.ts). The recorded element must win; with it removed, replay must
 * refuse rather than take the next best.
 */

const kCases = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'real-fingerprints.json'), 'utf8')) as RealCase[];

test('the fixture holds the real-app cases', () => {
  expect(kCases.length).toBeGreaterThanOrEqual(5);
});

for (const c of kCases) {
  test(`translated: ${c.name}`, () => {
    const scored = c.candidates.map((item, i) => ({ item: i, agreement: agreement(c.recorded, item) }));
    const pick = pickCandidate(scored, { exhaustive: true });
    const detail = JSON.stringify(scored.map((s) => [c.candidates[s.item]!.name, s.agreement.score, s.agreement.identity, s.agreement.contradictions]));
    expect(pick.kind, detail).toBe('unique');
    expect(pick.kind === 'unique' && pick.winner.item, detail).toBe(c.expected);
  });

  test(`removed: ${c.name} is refused, not replaced`, () => {
    const scored = c.candidates
      .map((item, i) => ({ item: i, agreement: agreement(c.recorded, item) }))
      .filter((s) => s.item !== c.expected);
    const pick = pickCandidate(scored, { exhaustive: true });
    expect(pick.kind, pick.kind === 'unique' ? `picked ${c.candidates[pick.winner.item]!.name} (${pick.rule})` : '').not.toBe('unique');
  });
}
