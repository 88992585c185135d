import type { HistoryStep } from '../../core/schema/history.ts';
import { routeOf } from './url-pattern.ts';

/**
 * The steps of a run that signed in: what they sent started a session, and changed no data. A
 * sign-in is known by what it did, not by a password field (a form that adds a user or changes a
 * password has one too). A submission after a secret was typed on its page is a sign-in when
 *  - no sign-in came before it, other than on the same form (signing in again after signing out):
 *    once signed in, a form asking for a password sets one;
 *  - the page after it is no longer the form (another route or another heading): a session
 *    started, where a refused sign-in shows its form again (and counts as the form it looks like);
 *  - and it asked only who and what secret: one secret and at most one other field typed or chosen
 *    (a sign-up, a new user or a password change asks more), or it led back to the page the run
 *    was sent away from to reach the form (a page that needed the session).
 * A form that posts a password field no step typed into is a sign-in only on the last evidence.
 */

/** A field a form posts whose name says it holds a password: a hint that the form takes a secret, never a proof of a sign-in. */
const kCredentialField = /pass(word)?|pwd|passwd/i;

/** Who signs in (a name or an email) and with what: a sign-in form asks no more than this. */
const kMaxIdentityFields = 1;

interface OpenForm {
  route: string;
  secrets: Set<string>;
  others: Set<string>;
  steps: HistoryStep[];
}

function fieldKey(step: HistoryStep): string {
  const fp = step.fingerprint;
  return fp ? `${fp.cssPath} ${fp.name}` : `step ${step.index}`;
}

function isToggle(fp: NonNullable<HistoryStep['fingerprint']>): boolean {
  return fp.role === 'checkbox' || fp.role === 'radio' || fp.role === 'switch' || fp.type === 'checkbox' || fp.type === 'radio';
}

function typesSecret(step: HistoryStep): boolean {
  return (step.action === 'input' && step.params.text.includes('{{secret:')) || step.fingerprint?.type === 'password';
}

/** The page after the step is another page than its form: another route, or another main heading. */
function leavesForm(step: HistoryStep): boolean {
  if (step.post.tabCount > step.pre.tabCount) return false;
  return routeOf(step.pre.url) !== routeOf(step.post.url) || (step.post.heading ?? '') !== (step.pre.heading ?? '');
}

/**
 * Routes the run asked for and was sent to another route instead (a page that needs a session
 * redirecting to a sign-in form), by the route it landed on.
 */
function sentAway(steps: HistoryStep[], startUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const note = (asked: string, landed: string) => {
    const from = routeOf(asked);
    const to = routeOf(landed);
    if (from !== to) out.set(to, from);
  };
  const first = steps[0];
  if (first) note(startUrl, first.pre.url);
  for (const step of steps) if (step.ok && step.action === 'navigate') note(step.params.url, step.post.url);
  return out;
}

export function signInSteps(steps: HistoryStep[], startUrl: string): Set<HistoryStep> {
  const out = new Set<HistoryStep>();
  const asked = sentAway(steps, startUrl);
  let signedInAt: string | null = null;
  let form: OpenForm | null = null;
  for (const step of steps) {
    if (!step.ok) continue;
    const route = routeOf(step.pre.url);
    if (form && form.route !== route) form = null;
    if (step.action === 'input' || step.action === 'select_dropdown') {
      form ??= { route, secrets: new Set(), others: new Set(), steps: [] };
      (typesSecret(step) ? form.secrets : form.others).add(fieldKey(step));
      form.steps.push(step);
      continue;
    }
    if (step.action !== 'click' && step.action !== 'send_keys') continue;
    // A box ticked on the form (remember me) is one of its fields, and asks nothing of who signs in.
    if (step.fingerprint && isToggle(step.fingerprint)) continue;
    const posted = step.fingerprint?.form?.fields.some((field) => kCredentialField.test(field)) ?? false;
    const typed = form?.secrets.size ?? 0;
    if (!typed && !posted) continue;
    const again = signedInAt === null || signedInAt === route;
    const asksOnlyCredentials = typed === 1 && (form?.others.size ?? 0) <= kMaxIdentityFields;
    const letsIn = asked.has(route) && asked.get(route) === routeOf(step.post.url);
    if (again && leavesForm(step) && (asksOnlyCredentials || letsIn)) {
      out.add(step);
      for (const field of form?.steps ?? []) out.add(field);
      signedInAt = route;
      form = null;
    } else if (leavesForm(step)) {
      form = null;
    }
  }
  return out;
}
