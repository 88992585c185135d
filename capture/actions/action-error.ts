import { stripVTControlCharacters } from 'node:util';

/**
 * What a failed action says in a step's error: Playwright's first line, and for a timeout the
 * reason its call log last gave for waiting (`<div id="shade"> intercepts pointer events`,
 * `element is not enabled`), which the first line leaves out. "Timeout 5000ms exceeded." alone
 * does not tell a person whether the element was missing, hidden, disabled or covered.
 */

/** Call-log lines that say why an action kept waiting. */
const kReason = /intercepts pointer events|element is not (?:visible|enabled|stable|editable|attached)|element is outside of the viewport|not attached to the DOM/;
/** An element's markup in a reason is cut here: its opening tag tells which it is. */
const kMaxReasonChars = 160;

export function actionError(text: string): string {
  const [first = '', ...log] = stripVTControlCharacters(text).split('\n');
  const head = first.replace(/^\w+\.\w+: /, '');
  if (!/^Timeout \d+ms exceeded/.test(head)) return head;
  const reason = log.map((line) => line.replace(/^\s*(?:\d+ × )?-?\s*/, '').trim()).reverse().find((line) => kReason.test(line));
  if (!reason) return head;
  const short = reason.length > kMaxReasonChars ? `${reason.slice(0, kMaxReasonChars - 1)}…` : reason;
  return `${head.replace(/\.$/, '')}: ${short}`;
}
