import { expect, test } from '../support/fixtures.ts';
import { effectAgreement, effectOf, outline } from '../../core/aria/outline.ts';

/** What an action changed, read from ai-mode snapshots: pure, no browser. */

const before = `- main [ref=e2]:
  - heading "Tasks" [level=1] [ref=e3]
  - generic [ref=e9]:
    - list [ref=e4]:
      - listitem [ref=e5]:
        - checkbox [ref=e6]
        - text: Buy milk
      - listitem [ref=e8]: Walk 3 dogs`;

test('an outline names each node by role and name, with volatile parts and wrappers gone', () => {
  expect(outline(before)).toEqual(['main', 'heading "Tasks"', 'list', 'listitem', 'checkbox', 'text "Buy milk"', 'listitem "Walk # dogs"']);
});

test('an added row is the same effect in another language; a click that changed nothing is not', () => {
  const added = `${before}\n      - listitem [ref=e10]: Call mom`;
  const recorded = effectOf(outline(before), outline(added));
  expect(recorded).toEqual({ appeared: ['listitem "Call mom"'], gone: [] });
  const translatedBefore = before.replace('Tasks', 'Aufgaben');
  const translated = effectOf(outline(translatedBefore), outline(`${translatedBefore}\n      - listitem [ref=e11]: Mutter anrufen`));
  expect(effectAgreement(recorded, translated)).toEqual({ matched: 1, total: 1 });
  expect(effectAgreement(recorded, effectOf(outline(before), outline(before)))).toEqual({ matched: 0, total: 1 });
  const dialogClosed = effectOf(outline(`${before}\n  - dialog [ref=e20]: Sure?`), outline(before));
  expect(dialogClosed).toEqual({ appeared: [], gone: ['dialog "Sure?"'] });
  expect(effectAgreement(dialogClosed, recorded).matched).toBe(0);
});

test('a row removed in place of the recorded one is not the recorded effect, though its role is', () => {
  const rows = (titles: string[]) => `- main [ref=e2]:\n  - list [ref=e4]:\n${titles.map((t, i) => `    - listitem [ref=e${10 + i}]: ${t}`).join('\n')}`;
  const recorded = effectOf(outline(rows(['Buy milk', 'Walk the dog', 'Pay rent'])), outline(rows(['Buy milk', 'Pay rent'])));
  expect(recorded).toEqual({ appeared: [], gone: ['listitem "Walk the dog"'] });
  // Now: "Walk the cat" went, and "Walk the dog" is still there.
  const [liveBefore, liveAfter] = [outline(rows(['Buy milk', 'Walk the dog', 'Walk the cat'])), outline(rows(['Buy milk', 'Walk the dog']))];
  expect(effectAgreement(recorded, effectOf(liveBefore, liveAfter), { before: liveBefore, after: liveAfter })).toEqual({ matched: 0, total: 1 });
  // The recorded row went, under another name on a translated page: the same effect.
  const [deBefore, deAfter] = [outline(rows(['Milch kaufen', 'Hund ausführen'])), outline(rows(['Milch kaufen']))];
  expect(effectAgreement(recorded, effectOf(deBefore, deAfter), { before: deBefore, after: deAfter })).toEqual({ matched: 1, total: 1 });
});

test('one of two same-named buttons going is the recorded effect of one going', () => {
  const page = (n: number) => `- main [ref=e2]:\n${Array.from({ length: n }, (_, i) => `  - button "Delete" [ref=e${10 + i}]`).join('\n')}`;
  const recorded = effectOf(outline(page(2)), outline(page(1)));
  const [b, a] = [outline(page(3)), outline(page(2))];
  expect(effectAgreement(recorded, effectOf(b, a), { before: b, after: a })).toEqual({ matched: 1, total: 1 });
});
