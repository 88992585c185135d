import type { Locator, Page } from 'playwright';
import { chooseOption } from '../core/act/dropdown.ts';
import { typeInto } from '../core/act/type-into.ts';
import { kPlaceholderPattern } from '../core/conventions.ts';
import { errorMessage } from '../core/errors.ts';
import { inPage } from '../core/in-page.ts';
import { kExpectActions, kLeavesPageAlone, kMatchingActions, type ActionName } from '../core/schema/actions.ts';
import type { Plan, PlanStep } from '../core/schema/plan.ts';
import { navigateUrl } from './actions/navigate.ts';
import { describeTarget, targetLocator } from './actions/resolve-target.ts';
import { splitChords } from './actions/send_keys.ts';
import type { Secrets } from './record/secrets.ts';
import type { Session } from './session.ts';
import { signInEffect, type PageSide, type SignInEffect } from './sign-in-effect.ts';

/**
 * `bu capture script --check`: each plan target counted on the live page. Nothing is acted on,
 * except the plan's own sign-in, so that what follows it can be seen at all: while nothing else
 * has acted, the fields a sign-in form asks for (who, and a secret) are typed into, and the click
 * or key that submits it is carried out; it signed in when the page after it is another page or a
 * cookie appeared (sign-in-effect.ts). Nothing after it is performed. `navigate` steps are
 * followed (loading a page changes nothing). A step that acts and is not performed leaves the page
 * short of what the plan's next steps meet: a target that is not found (or found more than once)
 * after it is not checked, and the line says which step it waits for.
 */

/**
 * How long a target may take to appear (pages that render after load), counted from when the page
 * last changed (it loaded, or the check acted on it): the targets of one page share the time, so a
 * page whose later targets come only after a step not performed waits once, not once each.
 */
const kAppearTimeoutMs = 2_000;
/**
 * How long a sign-in's submit may take to leave its form: a post, a redirect, the page after it
 * loading (a server hashing the secret on a busy machine takes seconds).
 */
const kSignInWaitMs = 10_000;
/** Fields a sign-in asks besides the secret: who signs in (a name or an email). A form asking more (a sign-up, a new user) changes data. */
const kMaxIdentityFields = 1;
/** Steps after which the page's elements are what they were: a later target is looked for where it is. */
const kSeesOnly = new Set<ActionName>([...kLeavesPageAlone, ...kExpectActions, 'dropdown_options', 'scroll']);
/** Steps of a form that change nothing until it is submitted: typed or chosen for real in a sign-in. */
const kFillsForm = new Set<ActionName>(['input', 'select_dropdown']);

export interface TargetCheck {
  /** 1-based, as plan steps are numbered in messages. */
  step: number;
  action: string;
  target: string;
  /** The page it was looked for on. */
  url: string;
  /** Elements it matches: 1 is what a step needs; null when the target could not be evaluated. */
  found: number | null;
  /** The step counts what its target matches (expect_count): any number will do. */
  counted: boolean;
  error: string | null;
  /** What the check did with it for real, as a step of the plan's sign-in (`typed`, `clicked`), else null. */
  ran: string | null;
  /** For the sign-in's submit: whether it started a session, and how that shows. */
  signIn: SignInEffect | null;
  /** Why its count says nothing (`appears only after step 6 acts`): not checked, not a failure. */
  unchecked: string | null;
}

export interface PlanCheck {
  targets: TargetCheck[];
  /** The step the plan signed in at, when the check ran its sign-in and it started a session. */
  signedInAt: number | null;
  /** Why the plan's sign-in was not run or did not sign in, when it has one that could not be. */
  signInNote: string | null;
}

/** The first `{{secret:X}}` or `{{var:X}}` in `params` that is not given, as it is written. */
function missingPlaceholder(params: unknown, secrets: Secrets): string | null {
  for (const [whole, kind, name] of JSON.stringify(params).matchAll(kPlaceholderPattern)) {
    const known = kind === 'secret' ? secrets.secretNames.includes(name!) : name! in secrets.variableValues;
    if (!known) return whole;
  }
  return null;
}

function typesSecret(step: PlanStep): boolean {
  return step.action === 'input' && String(step.params.text).includes('{{secret:');
}

async function pageSide(page: Page): Promise<PageSide> {
  const read = await page.evaluate(await inPage.fn('titleAndHeading')).catch(() => null);
  const cookies = Object.fromEntries((await page.context().cookies()).map((cookie) => [cookie.name, cookie.value]));
  return { url: page.url(), heading: read?.heading ?? null, cookies };
}

/** What a field of a form is: a password field, a toggle (checkbox, radio), or another. */
async function fieldKind(locator: Locator): Promise<'password' | 'toggle' | 'other'> {
  return locator.evaluate((el) => {
    const type = el.localName === 'input' ? (el as HTMLInputElement).type : '';
    const role = el.getAttribute('role');
    if (type === 'password') return 'password';
    return type === 'checkbox' || type === 'radio' || role === 'checkbox' || role === 'radio' || role === 'switch' ? 'toggle' : 'other';
  }, undefined, { timeout: kAppearTimeoutMs });
}

/** The plan's sign-in as the check runs it, step by step. */
class SignInRun {
  secretTyped = false;
  identities = 0;
  done = false;

  constructor(private readonly page: Page, private readonly secrets: Secrets) {}

  /** Types or chooses a sign-in field's value for real; the verb for the check's line. */
  async fill(step: PlanStep, locator: Locator): Promise<string> {
    const params = this.secrets.substituteParams(step.params);
    if (step.action === 'select_dropdown') {
      await chooseOption(this.page, locator, String(params.text), { timeout: kAppearTimeoutMs });
      this.identities += 1;
      return 'chosen';
    }
    const kind = await fieldKind(locator);
    await typeInto(locator, String(params.text), { append: params.clear === false, timeout: kAppearTimeoutMs });
    if (kind === 'password' || typesSecret(step)) this.secretTyped = true;
    else this.identities += 1;
    return 'typed';
  }

  /** Carries out the submit (a click, or keys pressed in the form) and judges whether it signed in. */
  async submit(step: PlanStep, locator: Locator | null): Promise<SignInEffect> {
    const before = await pageSide(this.page);
    // It is over when the page leaves the form's address, or when a document loads at it (the
    // form posted back to itself: a wrong password, most often); else when the wait runs out.
    // Both are settled from the start: a click that fails leaves no wait to reject unheard.
    const over = Promise.race([
      this.page.waitForURL((url) => url.href !== before.url, { timeout: kSignInWaitMs, waitUntil: 'load' }),
      this.page.waitForEvent('load', { timeout: kSignInWaitMs }),
    ]).catch(() => undefined);
    // The click is done once the submit is clicked: the navigation it starts is the wait above's, as long as a sign-in takes.
    if (locator) await locator.click({ timeout: kAppearTimeoutMs, noWaitAfter: true });
    else for (const chord of splitChords(String(step.params.keys))) await this.page.keyboard.press(chord);
    await over;
    await this.page.waitForLoadState('load').catch(() => undefined);
    this.done = true;
    return signInEffect(before, await pageSide(this.page));
  }
}

/**
 * Whether the form fields the plan fills from step `from` on (up to the step that submits them)
 * include a secret: a `{{secret:NAME}}` typed, or a password field typed into. Only such a form is
 * filled for real: a search box or a form of another kind is left alone, its steps not checked.
 */
async function formTakesSecret(page: Page, steps: readonly PlanStep[], from: number): Promise<boolean> {
  for (const step of steps.slice(from)) {
    if (!kFillsForm.has(step.action) && step.action !== 'click') return false;
    if (typesSecret(step)) return true;
    if (step.action !== 'input' || step.target === null) continue;
    const locator = targetLocator(page, step.target);
    if ((await locator.count().catch(() => 0)) === 1 && (await fieldKind(locator).catch(() => 'other')) === 'password') return true;
  }
  return false;
}

export async function checkPlan(session: Session, plan: Plan, url: string, secrets: Secrets): Promise<PlanCheck> {
  const page = session.currentPageOrDie();
  await page.goto(url, { waitUntil: 'load' });
  const targets: TargetCheck[] = [];
  const signIn = new SignInRun(page, secrets);
  let signedInAt: number | null = null;
  let signInNote: string | null = null;
  /** Whether the form being filled takes a secret (formTakesSecret), read at its first field. */
  let signInForm: boolean | null = null;
  /** Why the page is short of what the next steps meet (a step that acted and was not performed), else null. */
  let waitsFor: string | null = null;
  /**
   * The last step that acted and was not performed: a page a later `navigate` opens may show what
   * it would have changed (a record it creates, listed), so that page is short of it too.
   */
  let notPerformed: number | null = null;
  /** The first step that acted without being run, before any sign-in ran. */
  let stoppedAt: number | null = null;
  /** Nothing may be run for real any more: a sign-in ran, or a step acted without being run. */
  const stopRunning = (n: number, note: string | null) => {
    if (!signIn.done) stoppedAt = n;
    signIn.done = true;
    if (note && signInNote === null) signInNote = note;
  };
  /** When the page last changed: a target looked for later waits only for what is left of its window. */
  let changedAt = performance.now();
  for (const [i, step] of plan.steps.entries()) {
    const n = i + 1;
    if (step.action === 'navigate') {
      const given = String(step.params.url);
      const missing = missingPlaceholder(given, secrets);
      if (missing) {
        waitsFor = `step ${n} opens an address with ${missing}, which is not given`;
        stopRunning(n, null);
        continue;
      }
      await page.goto(navigateUrl(secrets.substitute(given), page.url()), { waitUntil: 'load' });
      changedAt = performance.now();
      waitsFor = notPerformed === null ? null : `step ${notPerformed} acts (step ${n} opens this page after it)`;
      continue;
    }
    const check: TargetCheck | null = step.target === null ? null : {
      step: n, action: step.action, target: describeTarget(step.target), url: page.url(), found: null, counted: kMatchingActions.has(step.action), error: null, ran: null, signIn: null, unchecked: null,
    };
    const locator = step.target === null ? null : targetLocator(page, step.target);
    if (check && locator) {
      try {
        // Playwright reads a timeout of 0 as none: with the window spent, the page is counted as it is.
        const left = Math.round(changedAt + kAppearTimeoutMs - performance.now());
        if (left > 0) await locator.first().waitFor({ state: 'attached', timeout: left }).catch(() => undefined);
        check.found = await locator.count();
      } catch (err) {
        check.error = secrets.redactText(errorMessage(err).split('\n')[0]!);
      }
      if (waitsFor !== null && check.error === null && !check.counted && check.found !== 1) {
        check.unchecked = check.found === 0 ? `appears only after ${waitsFor}: not checked` : `found here before ${waitsFor}: not checked`;
      }
      targets.push(check);
    }
    if (kSeesOnly.has(step.action)) continue;
    // The step acts. Only the plan's sign-in runs for real, while the page is the one its steps meet.
    const runnable = !signIn.done && waitsFor === null && (check === null || (check.error === null && check.found === 1));
    const missing = missingPlaceholder(step.params, secrets);
    const toggles = runnable && locator && step.action === 'click' && (await fieldKind(locator).catch(() => 'other')) === 'toggle';
    const submits = (step.action === 'click' && !toggles) || (step.action === 'send_keys' && /\bEnter\b/.test(String(step.params.keys)));
    if (runnable && (kFillsForm.has(step.action) || toggles)) signInForm ??= await formTakesSecret(page, plan.steps, i);
    if (runnable && signInForm && missing === null && (kFillsForm.has(step.action) || toggles)) {
      try {
        const verb = toggles ? (await locator!.click({ timeout: kAppearTimeoutMs }), 'clicked') : await signIn.fill(step, locator!);
        changedAt = performance.now();
        check!.ran = `${verb} (a field of the plan's sign-in)`;
        continue;
      } catch (err) {
        check!.error = secrets.redactText(errorMessage(err).split('\n')[0]!);
        stopRunning(n, `the plan's sign-in stopped at step ${n}, which could not be carried out`);
      }
    } else if (runnable && missing === null && submits && signIn.secretTyped && signIn.identities <= kMaxIdentityFields) {
      const effect = await signIn.submit(step, locator);
      changedAt = performance.now();
      const target = check ?? { step: n, action: step.action, target: `keys ${JSON.stringify(step.params.keys)}`, url: page.url(), found: null, counted: false, error: null, ran: null, signIn: null, unchecked: null };
      target.ran = step.action === 'click' ? 'clicked (the submit of the plan\'s sign-in)' : 'pressed (the submit of the plan\'s sign-in)';
      target.signIn = effect;
      if (!check) targets.push(target);
      if (effect.signedIn) {
        signedInAt = n;
        waitsFor = null;
        continue;
      }
      signInNote = `step ${n} submitted the plan's sign-in, and it did not sign in`;
    } else if (runnable && signInForm && missing !== null && (kFillsForm.has(step.action) || submits)) {
      stopRunning(n, `the plan's sign-in was not run: step ${n} uses ${missing}, which is not given (--secret NAME with BU_SECRET_NAME, or --var NAME=value)`);
    } else if (runnable && submits && signIn.secretTyped) {
      stopRunning(n, `step ${n} submits a form that asks more than who signs in and a secret (${signIn.identities} other fields): a sign-up or a new user changes data, so it is not performed`);
    } else if (!signIn.done) stopRunning(n, null);
    waitsFor = `step ${n} acts`;
    notPerformed = n;
  }
  const secretAt = plan.steps.findIndex(typesSecret) + 1;
  if (signedInAt === null && signInNote === null && stoppedAt !== null && secretAt > stoppedAt) {
    signInNote = `the plan types a secret at step ${secretAt}, but step ${stoppedAt} acts before it: a check runs only a sign-in whose form it reaches without acting (start signed in with --storage-state FILE)`;
  }
  return { targets, signedInAt, signInNote };
}

/** Whether the target is fit for its step: one element, or for a counting step any number; a step not checked is no failure. */
export function checkPassed(check: TargetCheck): boolean {
  if (check.error !== null || check.signIn?.signedIn === false) return false;
  if (check.unchecked !== null || check.counted) return check.unchecked !== null || check.found !== null;
  return check.found === 1 || (check.found === null && check.signIn !== null);
}

/** One line per check: `step 3 click role "Sign in": found 1`. */
export function describeCheck(check: TargetCheck): string {
  const count =
    check.error !== null ? `not a valid target (${check.error})`
      : check.found === null ? null
        : check.unchecked !== null ? `found ${check.found}: ${check.unchecked}`
          : check.counted ? `found ${check.found} (counted: any number will do)`
            : check.found === 1 ? 'found 1' : check.found === 0 ? 'found 0: nothing matches' : `found ${check.found}: make it unique (a name, exact: true or nth)`;
  const ran = check.ran === null ? null : check.signIn ? `${check.ran}: ${check.signIn.signedIn ? 'signed in' : 'did not sign in'} (${check.signIn.how})` : check.ran;
  return `step ${check.step} ${check.action} ${check.target}: ${[count, ran].filter((part) => part !== null).join(', ')}`;
}
