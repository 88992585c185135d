import { expect, test } from '@playwright/test';
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
