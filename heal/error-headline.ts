/**
 * A test's error as one line: Playwright's first line (`Error: expect(locator).toHaveText(expected)
 * failed`) says what failed, and its `Expected:` and `Received:` lines say how; the call log and
 * the code frame after them are left out (the trace has them).
 */

/** Longest headline kept: a received text can be a whole page. */
const kMaxHeadlineChars = 300;

export function errorHeadline(error: string): string {
  const lines = error.split('\n').map((line) => line.trim()).filter(Boolean);
  const first = lines[0] ?? '';
  const how = lines.filter((line) => /^(Expected|Received)( string| value| pattern)?:/.test(line));
  const text = [first, ...how].join('; ');
  return text.length > kMaxHeadlineChars ? `${text.slice(0, kMaxHeadlineChars - 1)}…` : text;
}
