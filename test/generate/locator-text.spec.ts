import { expect, test } from '../support/fixtures.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { headingExpression, headingSnapshot } from '../../generate/emit/code.ts';
import { isShortened, locatorText } from '../../generate/model/locator-text.ts';
import { candidateKey, elementCandidates, type StepEvidence } from '../../generate/model/candidates.ts';
import { chooseLocator } from '../../generate/model/locate.ts';
import { flowOutcomes } from '../../generate/model/outcomes.ts';
import { locatable, settleLocator } from '../../generate/model/locatable.ts';
import { fp } from '../../harness/generate/fixtures.ts';

/** A name the page shortened is never matched exactly. */

test('whole text is kept as it is', () => {
  expect(locatorText('Sign in', true)).toEqual({ value: 'Sign in', exact: true });
  expect(locatorText('Sign in', false)).toEqual({ value: 'Sign in', exact: false });
  // Dots inside the text are not an ellipsis.
  expect(locatorText('v1.2.3 release notes', true)).toEqual({ value: 'v1.2.3 release notes', exact: true });
  expect(locatorText('Loading... please wait', true)).toEqual({ value: 'Loading... please wait', exact: true });
});

test('shortened text becomes its start, matched as a substring', () => {
  expect(locatorText('Quarterly report for the…', true)).toEqual({ value: 'Quarterly report for the', exact: false });
  expect(locatorText('Quarterly report for the...', true)).toEqual({ value: 'Quarterly report for the', exact: false });
  expect(locatorText('Quarterly report …', true)).toEqual({ value: 'Quarterly report', exact: false });
  // Cut in the middle: the start is still part of the real name.
  expect(locatorText('Quarterly…2024.pdf', true)).toEqual({ value: 'Quarterly', exact: false });
  expect(locatorText('Save as…', true)).toEqual({ value: 'Save as', exact: false });
});

test('too little before the ellipsis is no name at all', () => {
  for (const text of ['Th…', '…', '...', 'A ...', '12…', '— …']) expect(locatorText(text, true), text).toBeNull();
});

test('the start of a shortened text is whole text: the rule applies once', () => {
  for (const text of ['Quarterly report …...', 'Report.....', 'Long title… more…']) {
    const once = locatorText(text, true)!;
    expect(isShortened(once.value), text).toBe(false);
    expect(locatorText(once.value, false)).toEqual(once);
  }
});

test('a shortened heading is checked by its start; a shortened outcome is not asserted', () => {
  expect(headingExpression({ text: 'Quarterly report for the…', level: 1 }, 'page')).toBe("page.getByRole('heading', { name: 'Quarterly report for the', level: 1 }).first()");
  expect(headingSnapshot({ text: 'Report (Q1) for the…', level: 2 })).toBe('- heading /Report \\(Q1\\) for the/ [level=2]');
  expect(headingExpression({ text: 'Settings', level: 1 }, 'page')).toBe("page.getByRole('heading', { name: 'Settings', exact: true, level: 1 }).first()");
  const step = { ok: true, pre: { url: 'http://x/a', tab: 0 }, post: { url: 'http://x/a', tab: 0 }, effect: { appeared: ['alert "Saved the quarterly…"', 'alert "Saved"'], gone: [] } };
  expect(flowOutcomes([step as unknown as HistoryStep], []).map((o) => o.text)).toEqual(['Saved']);
});

test('icon font glyphs a stylesheet puts in a name are left out: the words are matched as a substring', () => {
  const usable = locatable(fp({ role: 'button', name: '\uf00c Save', label: null }));
  expect(usable.fingerprint.name).toBe('Save');
  expect(usable.starts.has('Save')).toBe(true);
  expect(settleLocator({ kind: 'role', role: 'button', value: 'Save', exact: true, frames: [], scope: null, row: null, matches: 1, verified: true, nth: null }, usable, () => {
    throw new Error('not chosen again');
  })).toMatchObject({ value: 'Save', exact: false });
  // A name of glyphs alone is no name to find it by; a name without any is kept whole.
  expect(locatable(fp({ role: 'button', name: '\uf00c\uf00d' })).fingerprint.name).toBe('');
  expect(locatable(fp({ role: 'button', name: 'Save' })).starts.size).toBe(0);
  // The words left are whole words, however short: an admin header's “\uf013 API” button is found
  // by “API”, where the floor for the start of a shortened text left it to its position alone.
  expect(locatable(fp({ role: 'button', name: '\uf013 API' })).fingerprint.name).toBe('API');
  expect(locatable(fp({ role: 'button', name: '\uf00d X' })).fingerprint.name).toBe('');
});

test('a name holding an identifier the app generated is matched by the text before it, never whole', () => {
  const usable = locatable(fp({ role: 'link', name: 'http://127.0.0.1:5232/ann/0f3c2a9e-5d1b-4c8e-9a7f-2b6d1e8c4a10/' }));
  expect(usable.fingerprint.name).toBe('http://127.0.0.1:5232/ann/');
  expect(usable.starts.has('http://127.0.0.1:5232/ann/')).toBe(true);
  expect(locatable(fp({ role: 'link', name: 'Report 9f86d081884c7d659a2feaa0c55ad015' })).fingerprint.name).toBe('Report');
  expect(locatable(fp({ role: 'link', name: '0f3c2a9e-5d1b-4c8e-9a7f-2b6d1e8c4a10' })).fingerprint.name).toBe('');
  // Cut inside the id by the page or the recorder: the start of the id goes too.
  expect(locatable(fp({ role: 'link', name: 'http://127.0.0.1:5232/ann/8c827ecb-b57b-9cb7-b944-3da1…' })).fingerprint.name).toBe('http://127.0.0.1:5232/ann/');
  // Words, dates and short numbers are not generated ids.
  expect(locatable(fp({ role: 'link', name: 'Backup 20240117-1230' })).fingerprint.name).toBe('Backup 20240117-1230');
  expect(locatable(fp({ role: 'link', name: 'Invoice 2024-0117 deadbeef' })).fingerprint.name).toBe('Invoice 2024-0117 deadbeef');
});

test('candidates are settled before the snapshots check them: the locator chosen is the one checked', () => {
  // A menu entry whose caption ends in dots (`Open file...`), its icon's alt text the same words,
  // recorded as `getByText('Open file...')`.
  const entry = fp({ role: null, name: 'Open file... Open file...', tag: 'a', text: 'Open file...', id: 'openLink', cssPath: 'ul > li > a' });
  const candidates = elementCandidates(entry, { testIdAttribute: 'data-testid', testIdFrom: null, recorded: { kind: 'text', role: null, value: 'Open file...', exact: false, frames: [], scope: null, row: null, matches: 1, verified: true, nth: null } });
  for (const candidate of candidates) {
    if (candidate.value === null || candidate.kind === 'selector') continue;
    expect(isShortened(candidate.value), candidate.value).toBe(false);
    // Never the start of a shortened text matched whole: it names another element, if any.
    expect(candidate.value === 'Open file' && candidate.exact, JSON.stringify(candidate)).toBe(false);
  }
  expect(candidates.map((candidate) => [candidate.kind, candidate.value, candidate.exact])).toContainEqual(['text', 'Open file', false]);
  // The snapshot found the recorded element by the settled text alone: it is chosen, checked.
  const hits = new Map(candidates.map((candidate) => [candidateKey(candidate), { count: candidate.kind === 'text' && !candidate.exact ? 1 : 0, target: candidate.kind === 'text' && !candidate.exact }]));
  const evidence: StepEvidence[] = [{ hits, row: null, fields: [] }];
  const choice = chooseLocator(entry, { code: "getByText('Open file...')", matches: 1 }, [], 'data-testid', evidence);
  expect(choice.locator).toMatchObject({ kind: 'text', value: 'Open file', exact: false, verified: true, matches: 1 });
});
