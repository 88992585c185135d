import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from '../support/fixtures.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { runCli } from '../../harness/cli.ts';
import { failFastActions, recordAndGenerate, runGeneratedSpecs, kFlowSpecs } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * A release that translates the app routes its special pages under translated names: the address
 * a flow opens (`?title=Special:Notes`) now redirects to `?title=Spezial:Notizen`, whose form has
 * the same fields under German labels. The generated flow and `bu replay` both fail at the first
 * element whose label changed, never at a check of the address they asked for themselves, and the
 * replay says where the address led. In English the same flow passes (the redirect changes
 * nothing when there is none).
 */

interface Wiki {
  url: string;
  german: boolean;
  close(): Promise<void>;
}

const kLabels = {
  en: { route: 'Special:Notes', heading: 'Notes', note: 'Note', save: 'Save note', saved: 'Saved' },
  de: { route: 'Spezial:Notizen', heading: 'Notizen', note: 'Notiz', save: 'Notiz speichern', saved: 'Gespeichert' },
} as const;

/** A wiki-like app on `?title=` routes: a start page, a notes form, the page its post redirects to. */
async function serveWiki(): Promise<Wiki> {
  const wiki = { german: false } as Wiki;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const title = url.searchParams.get('title') ?? 'Home';
    const labels = wiki.german ? kLabels.de : kLabels.en;
    const page = (heading: string, body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>${heading} - Garden</title><main><h1>${heading}</h1>${body}</main>`);
    };
    if (req.method === 'POST') {
      res.writeHead(303, { location: '/index.php?title=Saved' });
      res.end();
    } else if (title === 'Home') page('Garden', '<p>Beds and seeds.</p>');
    else if (title === 'Saved') page(labels.saved, '<p>Your note is kept.</p>');
    else if (wiki.german && title === kLabels.en.route) {
      res.writeHead(302, { location: `/index.php?title=${kLabels.de.route}` });
      res.end();
    } else if (title === labels.route) {
      page(labels.heading, `<form method="post" action="/index.php?title=${labels.route}"><label>${labels.note} <input name="note"></label><button>${labels.save}</button></form>`);
    } else {
      res.writeHead(404);
      res.end('no such page');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  wiki.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  wiki.close = () => new Promise((resolve) => server.close(() => resolve()));
  return wiki;
}

const kNotesForm = [
  { input: { target: { role: 'textbox', name: 'Note' }, text: 'Water the beans' } },
  { click: { target: { role: 'button', name: 'Save note' } } },
  { expect_text: { text: 'Your note is kept.' } },
  { done: { text: 'kept a note', success: true } },
];

const kOpenings = [
  { opened: 'as the start page', start: 'index.php?title=Special:Notes', steps: kNotesForm, firstChanged: 1 },
  { opened: 'by a navigate step', start: 'index.php?title=Home', steps: [{ navigate: { url: 'index.php?title=Special:Notes' } }, ...kNotesForm], firstChanged: 2 },
];

for (const { opened, start, steps, firstChanged } of kOpenings) {
  test(`a page opened ${opened} that a translated release redirects fails at its first changed element, in the generated flow and in bu replay`, async () => {
    test.setTimeout(240_000);
    const ws = tempWorkspace('e2e-translated-route');
    const wiki = await serveWiki();
    try {
      const url = new URL(start, wiki.url).href;
      const sessionId = await recordAndGenerate(ws, url, { version: 1, url, steps });
      failFastActions(ws.out);
      const english = await runGeneratedSpecs(ws.out, wiki.url, kFlowSpecs, {}, { noTrace: true });
      expect(english.status, english.output).toBe(0);

      wiki.german = true;
      const german = stripVTControlCharacters((await runGeneratedSpecs(ws.out, wiki.url, kFlowSpecs, {}, { noTrace: true })).output);
      expect(german).toMatch(/1 failed/);
      // The fill of the relabelled field is what fails, its locator named; no URL or heading check came first.
      expect(german).toMatch(/locator\.fill: Timeout \d+ms exceeded/);
      expect(german).toContain("getByRole('textbox', { name: 'Note' })");
      expect(german).not.toContain('toHaveURL');

      const env = { BU_OUTPUT: ws.paths.root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
      const replayed = await runCli(['replay', sessionId, '--json'], { env, timeoutMs: 120_000 });
      const reportPath = (replayed.json as { reportPath?: string } | null)?.reportPath;
      expect(reportPath, replayed.stderr).toBeTruthy();
      const report = ReplayReport.parse(JSON.parse(fs.readFileSync(reportPath!, 'utf8')));
      const failed = report.steps.find((s) => s.status === 'failed');
      expect(failed?.index, JSON.stringify(report.steps, null, 1)).toBe(firstChanged - 1);
      expect(failed?.action).toBe('input');
      // Its element was looked for on the page the address led to (the translated form's field its nearest), not refused at the address.
      expect(failed?.message).not.toMatch(/^before the step/);
      expect(failed?.message).toContain('the textbox "Notiz"');
      expect(failed?.message).toContain(`(the app now answers ${new URL('index.php?title=Special:Notes', wiki.url).href} at ${new URL('index.php?title=Spezial:Notizen', wiki.url).href})`);

      // In English the replay passes: an address that still answers where it was recorded teaches nothing.
      wiki.german = false;
      const again = await runCli(['replay', sessionId, '--json'], { env, timeoutMs: 120_000 });
      expect((again.json as { ok?: boolean } | null)?.ok, again.stderr).toBe(true);
    } finally {
      await wiki.close();
      ws.remove();
    }
  });
}
