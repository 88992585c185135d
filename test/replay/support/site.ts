import http from 'node:http';
import { listenOnLoopback } from '../../../harness/apps/serve.ts';

/**
 * A tiny app for cascade tests, served on 127.0.0.1: a form page whose markup changes with
 * `variant` (ids, wrappers, texts, decoys, shadow roots, iframes), and a result page. Clicks on
 * decoys are counted server-side, so a test can prove no wrong element was acted on.
 */

export interface SiteState {
  variant: string;
  decoyHits: number;
  saves: string[];
}

export interface Site {
  url: string;
  state: SiteState;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

function formPage(v: string): string {
  const id = (base: string) => (v === 'renamed' || v === 'all' ? `${base}-k3f9a` : base);
  const tid = (name: string) => (v === 'untested' || v === 'all' || v.startsWith('tie') ? '' : ` data-testid="${name}"`);
  const save = v === 'retexted' || v === 'all' ? 'Save changes' : 'Save';
  const wrap = (s: string) => (v === 'wrapped' || v === 'all' ? `<div><div>${s}</div></div>` : s);
  const decoy = v === 'decoys' || v === 'all'
    ? `<aside aria-label="Sidebar"><h2>Notes</h2><button type="button" onclick="fetch('/decoy',{method:'POST'})">${save}</button></aside>`
    : '';
  const tie = v === 'tie' ? `<button type="submit" form="f" formaction="/decoy">${save}</button>` : '';
  const form = `<form id="f" method="post" action="/save">
      ${wrap(`<label for="${id('title')}">Title</label><input id="${id('title')}" name="title"${tid('title')}>`)}
      ${wrap(`<button type="submit"${v.startsWith('tie') ? '' : ` id="${id('save')}"`}${tid('save')}>${save}</button>`)}${tie}
    </form>`;
  const content = v === 'shadow' ? `<form-host><template shadowrootmode="open">${form}</template></form-host>` : form;
  return page('Edit', `<header><nav aria-label="Main"><a href="/">Home</a></nav></header>${v === 'decoys' || v === 'all' ? decoy : ''}
    <main><h1>Edit note</h1>${content}</main>`);
}

export async function startSite(initial: string): Promise<Site> {
  const state: SiteState = { variant: initial, decoyHits: 0, saves: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/decoy') {
        state.decoyHits++;
        res.end(page('Decoy', '<h1>Decoy</h1>'));
      } else if (req.url === '/save' && req.method === 'POST') {
        state.saves.push(new URLSearchParams(body).get('title') ?? '');
        res.writeHead(303, { location: '/saved' }).end();
      } else if (req.url === '/saved') {
        res.end(page('Saved', '<main><h1>Saved</h1><p role="status">Note saved</p></main>'));
      } else {
        res.end(formPage(state.variant));
      }
    });
  });
  return { ...(await listenOnLoopback(server)), state };
}
