import { expect, test } from '../support/fixtures.ts';
import { kMaxPollMs, pollKey, Polls } from '../../core/act/polls.ts';

/** Which requests are polls: the same request on a steady timer, not a burst, not a rare refresh. */

const key = pollKey('GET', 'http://127.0.0.1:8080/api/v2/sync/maindata?rid=7');

test('a request repeated on a steady timer is a poll; its query does not make it another request', () => {
  const polls = new Polls();
  for (const at of [0, 1_500, 3_020, 4_510]) polls.started(pollKey('GET', `http://127.0.0.1:8080/api/v2/sync/maindata?rid=${at}`), at);
  expect(polls.polled()).toEqual(new Map([[key, 1_520]]));
  // A command makes the client poll at once, which restarts its timer: still the same poll.
  for (const at of [5_100, 6_600]) polls.started(key, at);
  expect(polls.polled()).toEqual(new Map([[key, 1_520]]));
});

test('a burst, a lone repeat, a rare refresh and an unsteady series are no polls', () => {
  const polls = new Polls();
  for (const at of [0, 20, 45, 60]) polls.started(pollKey('GET', 'http://h/items'), at);
  for (const at of [0, 1_000]) polls.started(pollKey('GET', 'http://h/once'), at);
  for (const at of [0, kMaxPollMs + 1, 2 * (kMaxPollMs + 1)]) polls.started(pollKey('GET', 'http://h/rare'), at);
  for (const at of [0, 300, 2_300]) polls.started(pollKey('GET', 'http://h/unsteady'), at);
  expect(polls.polled()).toEqual(new Map());
});

test('a poll counts as answered after a moment only when it started then or later', () => {
  const polls = new Polls();
  polls.finished(key, 1_000);
  expect(polls.answeredSince(key, 900)).toBe(true);
  expect(polls.answeredSince(key, 1_100)).toBe(false);
  // An older request answered late does not count for a later moment.
  polls.finished(key, 500);
  expect(polls.answeredSince(key, 1_000)).toBe(true);
});
