import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * The only unnamed submit control of a form is known by what the form sends: the same named fields, by
 * the same method, to the same written target. Its caption may be reworded, translated or gone
 * (an icon): clicking it sends what the recorded click sent, and so does the one unnamed submit
 * control beside named ones (each of those posts its own name). A form that sends anything else
 * (to another target, with other fields), a form with several unnamed submit controls, or a
 * submit control that posts its own name and caption gives no such evidence, and a renamed control stays refused
 * on a page not otherwise reworded.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

interface SignIn {
  /** The submit control's markup. */
  submit: string;
  action?: string;
  fields?: string[];
  /** More submit controls in the form. */
  more?: string;
}

/** A sign-in page whose heading names the product (not reworded with the form). */
function signIn({ submit, action = '/session', fields = ['user', 'password'], more = '' }: SignIn): string {
  return htmlPage('Sign in - Garden', `<h1>Garden 4.8</h1><div id="content"><h2>Welcome</h2>
    <form action="${action}" method="post"><table>${fields.map((f) => `<tr><th>${f}</th><td><input name="${f}" value="x"></td></tr>`).join('')}</table>
    <p>${submit}${more}</p></form></div>`);
}

async function recordSignIn(browser: Parameters<typeof recordOn>[0]) {
  site = await startPagesSite(() => signIn({ submit: '<input type="submit" value="Login">' }));
  const history = await recordOn(browser, site.url, [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Login' }) }]);
  expect(site.state.log).toEqual(['post /session user=x&password=x']);
  expect(history.steps[0]!.fingerprint!.form).toEqual({ action: '/session', method: 'post', fields: ['password', 'user'], unnamedSubmits: 1 });
  site.state.log = [];
  return history;
}

const kRenamed: Record<string, string> = {
  reworded: '<input type="submit" value="Sign-in">',
  translated: '<input type="submit" value="Anmelden">',
  'icon only': '<input type="submit" value="&nbsp;" style="background-image: url(data:image/png;base64,); min-width: 24px">',
};

test('beside named submit controls (each posting its own name), the one unnamed submit control is still known by its form', async ({ browser, page }) => {
  const history = await recordSignIn(browser);
  site.state.render = () => signIn({ submit: kRenamed.reworded!, more: '<input type="submit" name="register" value="Register">' });
  const { report } = await replay(page, history, { replayId: 'form-named-beside', findTimeoutMs: 1_000 });
  expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['post /session user=x&password=x']);
});

for (const [how, submit] of Object.entries(kRenamed)) {
  test(`the only submit control of a form that sends the same fields to the same target is clicked, ${how}`, async ({ browser, page }) => {
    const history = await recordSignIn(browser);
    site.state.render = () => signIn({ submit });
    const { report } = await replay(page, history, { replayId: `form-${how}`, findTimeoutMs: 1_000 });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual(['post /session user=x&password=x']);
  });
}

const kOtherForms: Record<string, SignIn> = {
  'another target': { submit: kRenamed.reworded!, action: '/archive' },
  'other fields': { submit: kRenamed.reworded!, fields: ['user', 'token'] },
  'a second unnamed submit control': { submit: kRenamed.reworded!, more: '<input type="submit" value="Register">' },
  'a submit control posting its name': { submit: '<input type="submit" name="op" value="Sign-in">' },
};

for (const [what, form] of Object.entries(kOtherForms)) {
  test(`a renamed submit control is not taken for the recorded one in a form with ${what}`, async ({ browser, page }) => {
    const history = await recordSignIn(browser);
    site.state.render = () => signIn(form);
    const { report } = await replay(page, history, { replayId: 'form-other', findTimeoutMs: kRefusedFindMs });
    expect(site.state.log, JSON.stringify(report.steps, null, 1)).toEqual([]);
    expect(report.steps[0]!.status).toBe('failed');
  });
}
