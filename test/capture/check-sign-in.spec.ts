import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { lastJson, runBu, serveWith, tempDir } from './support.ts';

/**
 * `bu capture script --check` of a plan for an admin behind a sign-in: the check runs the plan's
 * own sign-in for real (it is known by what its submit did: another page, a session cookie), then
 * counts the targets after it acting on nothing, and says which it could not see and why. A CMS
 * of our own: a sign-in form that sets a session cookie, a dashboard, a post form.
 */

test.describe.configure({ timeout: 120_000 });

const kPassword = 'pw-123-secret';

const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const kLogin = (error: string) => page('Sign in', `${error}<form method="post" action="/login"><label>Username <input name="user"></label><label>Password <input name="pass" type="password"></label><button>Log in</button></form>`);

function serveCms(posts: string[]) {
  return serveWith((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST') posts.push(url.pathname);
      const signedIn = (req.headers.cookie ?? '').includes('sid=s3ss10n');
      const send = (html: string, headers: Record<string, string> = {}) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
        res.end(html);
      };
      if (url.pathname === '/login' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        if (form.get('user') === 'ann' && form.get('pass') === kPassword) {
          res.writeHead(302, { location: '/admin', 'set-cookie': 'sid=s3ss10n; Path=/; HttpOnly' });
          return res.end();
        }
        return send(kLogin('<p role="alert">Wrong password</p>'));
      }
      if (url.pathname === '/login' || !signedIn) return send(kLogin(''));
      if (url.pathname === '/admin') return send(page('Dashboard', '<nav><a href="/admin/posts">Posts</a></nav>'));
      if (url.pathname === '/admin/posts') return send(page('Posts', '<a href="/admin/new">Add new</a>'));
      if (url.pathname === '/admin/new') return send(page('New post', '<form method="post"><label>Title <input name="title"></label><button>Publish</button></form>'));
      send(page('Not found', ''));
    });
  });
}

const kPlan = {
  version: 1,
  url: '/login',
  steps: [
    { input: { target: { role: 'textbox', name: 'Username' }, text: 'ann' } },
    { input: { target: 'css=input[type=password]', text: '{{secret:pw}}' } },
    { click: { target: { role: 'button', name: 'Log in' } } },
    { click: { target: { role: 'link', name: 'Posts' } } },
    { click: { target: { role: 'link', name: 'Add new' } } },
    { input: { target: { role: 'textbox', name: 'Title' }, text: 'Hello' } },
    { click: { target: { role: 'button', name: 'Publish' } } },
    { navigate: { url: '/admin/posts' } },
    { expect_text: { target: { role: 'link', name: 'Hello' }, text: 'Hello' } },
    { done: { text: 'published', success: true } },
  ],
};

test('--check signs in with the plan\'s own steps, checks what follows acting on nothing, and says which steps it could not see', async () => {
  const posts: string[] = [];
  const cms = await serveCms(posts);
  const cwd = await tempDir('check-sign-in');
  try {
    await fs.writeFile(path.join(cwd, 'plan.json'), JSON.stringify({ ...kPlan, url: `${cms.url}login` }));
    const run = await runBu(['capture', 'script', '--plan', 'plan.json', '--secret', 'pw', '--check'], { cwd, env: { BU_SECRET_PW: kPassword } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('step 1 input textbox "Username": found 1, typed (a field of the plan\'s sign-in)');
    expect(lines).toContain('step 2 input css=input[type=password]: found 1, typed (a field of the plan\'s sign-in)');
    expect(lines).toContain(`step 3 click button "Log in": found 1, clicked (the submit of the plan's sign-in): signed in (now on ${cms.url}admin; new cookies: sid)`);
    expect(lines).toContain('step 4 click link "Posts": found 1');
    expect(lines).toContain('step 5 click link "Add new": found 0: appears only after step 4 acts: not checked');
    expect(lines).toContain('step 6 input textbox "Title": found 0: appears only after step 5 acts: not checked');
    expect(lines).toContain('step 7 click button "Publish": found 0: appears only after step 6 acts: not checked');
    // A page opened after a step that was not performed may lack what it made (the post, listed).
    expect(lines).toContain('step 9 expect_text link "Hello": found 0: appears only after step 7 acts (step 8 opens this page after it): not checked');
    expect(run.stdout).toContain("10 step(s), 8 target(s): each it could see names what its step needs; 4 not checked (steps 5, 6, 7, 9: they appear only after a step the check does not perform) (only the plan's sign-in was carried out, up to step 3; nothing after it was acted on)");
    const json = await runBu(['capture', 'script', '--plan', 'plan.json', '--secret', 'pw', '--check', '--json'], { cwd, env: { BU_SECRET_PW: kPassword } });
    expect(lastJson(json.stdout)).toMatchObject({ ok: true, signedInAt: 3, signInNote: null, targets: [{ step: 1, ran: "typed (a field of the plan's sign-in)" }, {}, { step: 3, signIn: { signedIn: true } }, {}, { step: 5, found: 0, unchecked: 'appears only after step 4 acts: not checked' }, {}, {}, { step: 9, found: 0 }] });
    // The sign-in was posted (once by each check); nothing after it was.
    expect(posts).toEqual(['/login', '/login']);
    expect(run.stdout + run.stderr).not.toContain(kPassword);

    // A sign-in that does not sign in (the form again, no cookie) fails the check.
    posts.length = 0;
    const refused = await runBu(['capture', 'script', '--plan', 'plan.json', '--secret', 'pw', '--check'], { cwd, env: { BU_SECRET_PW: 'wrong' } });
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stdout).toContain(`step 3 click button "Log in": found 1, clicked (the submit of the plan's sign-in): did not sign in (the page stayed on ${cms.url}login with its heading, and no cookie appeared (are the credentials right?))`);
    expect(refused.stdout).toContain('step 4 click link "Posts": found 0: appears only after step 3 acts: not checked');
    expect(posts).toEqual(['/login']);

    // Without the secret's value nothing is submitted, and the note says what to pass.
    posts.length = 0;
    const noSecret = await runBu(['capture', 'script', '--plan', 'plan.json', '--check'], { cwd });
    expect(noSecret.stdout).toContain('step 1 input textbox "Username": found 1, typed');
    expect(noSecret.stdout).toContain('step 3 click button "Log in": found 1\n');
    expect(noSecret.stdout).toContain("the plan's sign-in was not run: step 2 uses {{secret:pw}}, which is not given");
    expect(posts).toEqual([]);
  } finally {
    await cms.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
