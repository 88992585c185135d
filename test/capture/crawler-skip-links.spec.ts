import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { History } from '../../core/schema/history.ts';
import { runCli } from '../../harness/cli.ts';
import { serveWith, tempDir } from './support.ts';

/**
 * The crawler on a CMS-style "Add post" page of its own: skip links parked off the page until they
 * have focus (above a fixed toolbar, clipped to a pixel, one of them a script link), a post title
 * and a post password. Through the CLI, as a user runs it. Parked skip links are never clicked, and
 * links to a place in the page are not even when shown; the password field never gets made-up
 * text; the title gets the value given for it, else its fixed default, as the README says.
 */

test.describe.configure({ timeout: 180_000 });

const kPostPassword = 'members-only-preview';
/** The skip links that are links to a place in the page; the script link is a control once it shows. */
const kAnchorSkips = ['Skip to content', 'Skip to navigation'];
const kParkedSkips = [...kAnchorSkips, 'Jump to the editor'];

/** `shown`: the skip links drawn on the page, as they are while one has focus. */
function editorPage(shown: boolean): string {
  const parked = shown ? 'position:static' : 'position:absolute;top:-1000em;left:6px';
  const clipped = shown ? '' : 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:-1px;padding:0;border:0';
  return `<!doctype html><title>Add post</title>
<body style="margin:0;padding-top:48px">
<div style="position:fixed;top:0;left:0;right:0;height:40px;background:#23282d;color:#fff">
  <a style="${parked}" href="#main">Skip to content</a>
  <a style="${parked}" href="#" onclick="document.getElementById('title').focus(); return false">Jump to the editor</a>
  <span>Site admin</span>
</div>
<a style="${clipped}" href="#nav">Skip to navigation</a>
<nav id="nav"><a href="/post">Add post</a> <a href="/posts">All posts</a></nav>
<main id="main"><h1>Add post</h1>
  <form method="post" action="/post">
    <label>Title <input id="title" name="post_title"></label>
    <label>Post password <input type="password" name="post_password"></label>
    <button>Publish</button>
  </form>
</main></body>`;
}

const kPostList = '<!doctype html><title>Posts</title><h1>Posts</h1><p>No posts yet.</p><a href="/post">Add post</a>';

/** `/` and `/post` are the same editor (a CMS lands on it), and publishing answers with it again. */
async function cms(shown: boolean) {
  const posts: string[] = [];
  const site = await serveWith((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST') posts.push(body);
      const where = new URL(req.url ?? '/', 'http://x').pathname;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(where === '/posts' ? kPostList : editorPage(shown));
    });
  });
  return { ...site, posts };
}

async function explore(url: string, dir: string, args: string[], env: Record<string, string> = {}) {
  const cli = await runCli(['capture', 'explore', '--url', url, '--policy', 'crawler', '--json', ...args], {
    cwd: dir, env: { BU_OUTPUT: path.join(dir, 'out'), OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...env }, timeoutMs: 150_000,
  });
  expect(cli.code, cli.stderr).toBe(0);
  const sessionId = String(cli.json!.sessionId);
  const history = History.parse(JSON.parse(await fs.readFile(path.join(dir, 'out', 'history', `${sessionId}.json`), 'utf8')));
  const aria = (await fs.readFile(path.join(dir, 'out', 'aria-log', `${sessionId}.jsonl`), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { url: string });
  const reasoning = await fs.readFile(path.join(dir, 'out', 'reasoning', `${sessionId}.jsonl`), 'utf8');
  return { history, aria, reasoning };
}

type Run = Awaited<ReturnType<typeof explore>>;

function expectNoneClicked(run: Run, names: readonly string[]): void {
  const acted = run.history.steps.map((step) => `${step.action} ${step.fingerprint?.role ?? ''} ${step.fingerprint?.name ?? ''}`);
  for (const name of names) expect(acted.filter((line) => line.includes(name)), acted.join('\n')).toEqual([]);
  expect(run.aria.filter((line) => /#(main|nav)$/.test(line.url)).map((line) => line.url)).toEqual([]);
  expect(run.history.steps.some((step) => step.action === 'click' && step.fingerprint?.name === 'Add post')).toBe(true);
}

test('skip links parked off the page are never clicked; the post password gets no made-up text, the title its named default', async () => {
  const site = await cms(false);
  const dir = await tempDir('crawl-skip-parked');
  try {
    const run = await explore(site.url, dir, ['--max-steps', '8']);
    expectNoneClicked(run, kParkedSkips);
    const typed = run.history.steps.filter((step) => step.action === 'input');
    expect(typed.filter((step) => step.fingerprint?.type === 'password')).toEqual([]);
    expect(typed.filter((step) => step.fingerprint?.nameAttr === 'post_title').map((step) => step.params.text)).toEqual(['Sample title']);
    expect(site.posts.length).toBeGreaterThan(0);
    for (const post of site.posts) expect(new URLSearchParams(post).get('post_password')).toBe('');
    expect(run.reasoning).toMatch(/password field .*name=post_password.* left empty/);
    expect(run.reasoning).toContain('textbox \\"Title\\" <- \\"Sample title\\"');
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('skip links to a place in the page are not clicked when shown either; a given title and the secret are typed as given', async () => {
  // Publishing goes first (the form takes the secret) and answers with the same editor at /post:
  // the link to /post is then looked for on a page whose skip links also read as links to /post.
  // The script link that moves focus is a control like any other once it shows.
  const site = await cms(true);
  const dir = await tempDir('crawl-skip-shown');
  try {
    const run = await explore(site.url, dir, ['--max-steps', '8', '--fill', 'title=Launch notes', '--secret', 'postpass'], { BU_SECRET_POSTPASS: kPostPassword });
    expectNoneClicked(run, kAnchorSkips);
    const typed = run.history.steps.filter((step) => step.action === 'input');
    expect(typed.filter((step) => step.fingerprint?.nameAttr === 'post_title').map((step) => step.params.text)).toContain('Launch notes');
    expect(typed.filter((step) => step.fingerprint?.type === 'password').map((step) => step.params.text)).toContain('{{secret:postpass}}');
    expect(typed.map((step) => step.params.text).filter((text) => text !== 'Launch notes' && text !== '{{secret:postpass}}')).toEqual([]);
    expect(site.posts.some((post) => new URLSearchParams(post).get('post_title') === 'Launch notes' && new URLSearchParams(post).get('post_password') === kPostPassword)).toBe(true);
  } finally {
    await site.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});
