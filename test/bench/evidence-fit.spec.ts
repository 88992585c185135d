import { expect, test } from '../support/fixtures.ts';
import { crossValidate, fitWeights, kProjectWeights, readDecision, tally, type Decision } from '../../bench/heal/evidence-fit.ts';

/** The heal corpus's evidence fit in its pure parts: notes read back into signals, weights fit without a wrong take. No browser. */

test('an evidence note reads back into its signals; other notes are no decision', () => {
  const taken = 'scopedRoleName: the button "Find", recorded "Search": renamed, taken on evidence 6 >= 5: at its recorded place (+2), in its recorded region (+1), the only one of its kind (+1), the page was reworded: link "Log in" -> "Sign in" (same link target /login) (+2)';
  expect(readDecision(taken)).toEqual({ signals: { place: 1, region: 1, sole: 1, reworded: 1 }, pageRule: false });
  const refused = 'position: the textbox "Coupon code", recorded "What is on your list?": renamed, and no test id, id, form name, link target, row or caption says it is the recorded one; floor: evidence 4 < 5 (at its recorded place (+2), the class task-entry, no other element\'s (+2), the heading "Tasks" kept (+1), the text beside it kept (+1), in its recorded region (+1), the only one of its kind (+1), its new caption shares no word with the old one, and nothing else on the page was reworded (-4)); refused';
  expect(readDecision(refused)).toEqual({ signals: { place: 1, distinctClass: 1, neighbour: 2, region: 1, sole: 1, wordsDisjoint: 1 }, pageRule: false });
  expect(readDecision('page: 1 of the page\'s 4 other recorded elements re-found (below 50%); refused')).toEqual({ signals: {}, pageRule: true });
  expect(readDecision('roleName: the only button of its kind in the recorded region')).toBeNull();
});

test('weights fit on decisions take no wrong one, and are measured on the app left out', () => {
  const d = (app: string, right: boolean, signals: Decision['signals']): Decision => ({ app, family: right ? 'reworded' : 'substituted', right, signals, pageRule: false });
  const decisions = [
    d('a', true, { place: 1, wordsShared: 1, neighbour: 1 }), d('a', false, { place: 1, neighbour: 2, region: 1, sole: 1, wordsDisjoint: 1 }),
    d('b', true, { place: 1, reworded: 1, sole: 1, region: 1 }), d('b', false, { place: 1, distinctClass: 1, sole: 1, wordsDisjoint: 1 }),
    d('c', true, { captionKept: 1, place: 1 }), d('c', false, { place: 1, region: 1, wordsDisjoint: 1 }),
  ];
  expect(tally(decisions, kProjectWeights)).toEqual({ rightTaken: 3, right: 3, wrongTaken: 0, wrong: 3 });
  const fit = fitWeights(decisions);
  expect(tally(decisions, fit).wrongTaken).toBe(0);
  // A weight that would take a wrong decision is never chosen, whatever it would heal.
  const greedy = fitWeights([...decisions, d('a', true, { place: 1, sole: 1, wordsDisjoint: 1 })]);
  expect(tally(decisions, greedy).wrongTaken).toBe(0);
  const folds = crossValidate(decisions);
  expect(folds.map((f) => f.app)).toEqual(['a', 'b', 'c']);
  for (const f of folds) expect(f.heldOut.right + f.heldOut.wrong).toBe(2);
});
