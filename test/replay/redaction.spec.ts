import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { resolveSubstitutions } from '../../replay/inputs.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A replay's report is redacted by provenance, as capture's records are: a short secret that is
 * also part of the app's own addresses and words stays there, and its echo goes.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kSecret = 'admin';

function app(url: URL): string {
  if (url.pathname === '/siteadmin.php') {
    return htmlPage('Siteadmin', `<main><h1>Siteadmin home</h1><p>Signed in with the password ${kSecret} (too short)</p><a href="/siteadmin.php?view=tables">Tables</a></main>`);
  }
  return htmlPage('Sign in', `<main><h1>Sign in</h1><form method="post" action="/siteadmin.php">
    <label>Password <input type="password" name="pw"></label><button>Sign in</button></form></main>`);
}

test('a short secret stays in the app\'s own URL and words in the report; its echo is redacted', async ({ browser, page }) => {
  site = await startPagesSite(app);
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: '{{secret:password}}' }, typed: kSecret, target: (p) => p.getByLabel('Password') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Sign in' }) },
  ], { secrets: ['password'] });
  site.state.log = [];
  const substitutions = resolveSubstitutions(history, {}, { BU_SECRET_password: kSecret });
  const { report } = await replay(page, history, { replayId: 'secrets', findTimeoutMs: 1_500, substitutions, finalSnapshot: true });
  expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
  expect(site.state.log).toEqual([`post /siteadmin.php pw=${kSecret}`]);
  expect(report.final.url).toBe(`${site.url}siteadmin.php`);
  expect(report.final.title).toBe('Siteadmin');
  expect(report.final.ariaSnapshot).toContain('Siteadmin home');
  expect(report.final.ariaSnapshot).toContain('/url: /siteadmin.php?view=tables');
  // The echo of what was typed is the secret, wherever it shows.
  expect(report.final.ariaSnapshot).toContain('the password {{secret:password}} (too short)');
  expect(JSON.stringify(report)).not.toMatch(/password admin/);
});
