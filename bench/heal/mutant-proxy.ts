import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ActedEvent } from './in-page/acted.ts';
import type { GoneConfig } from './in-page/gone.ts';
import type { MutantKind } from './in-page/mutate.ts';
import type { RetextConfig } from './in-page/retext.ts';
import { healInPage } from './in-page.ts';
import { kReworded, kTranslated } from './words.ts';

/**
 * A reverse proxy on 127.0.0.1 that serves an app as one of the heal corpus's mutants to any
 * browser, the generated specs' own included: every HTML page gets the mutation and the acted-on
 * element log as its first script (what `applyMutant` and `watchActed` do through a browser
 * context). The log reaches the proxy by beacon, in the order the page sent it. The Host header
 * goes through unchanged, so an app that builds absolute URLs builds them on the proxy's port;
 * a Content-Security-Policy is dropped, as it would refuse the inline script.
 */

export interface MutantProxy {
  url: string;
  /** Switches the mutant the next pages get; clears the log. */
  use(kind: MutantKind, extra?: ProxyExtra): void;
  /** Elements acted on since the last `use`, as the pages described them. */
  acted(): ActedEvent[];
  close(): Promise<void>;
}

export interface ProxyExtra {
  /** One recorded step's element removed or replaced too (in-page/gone.ts). */
  gone?: GoneConfig | null;
  /** The element an assertion checked shows other text, keeping what it is (in-page/retext.ts). */
  retext?: RetextConfig | null;
  /** Log each acted-on element's look-alikes. */
  peers?: boolean;
  /** Write each element's pre-mutation key on it (in-page/stamp.ts): oracle runs only. */
  stamp?: boolean;
}

/** The attribute oracle runs write each element's pre-mutation key in. */
export const kStampAttribute = 'data-bu-oracle';

const kActedPath = '/__bu_acted';
const kBeacon = '__buActedBeacon';

/** The page's first script under a mutant: the mutation, the gone or retexted element, the acted-on log, the oracle's stamps. */
export async function mutantScript(kind: MutantKind, extra: ProxyExtra): Promise<string> {
  const words = kind === 'reworded' ? kReworded : kind === 'translated' ? kTranslated : {};
  const config = { kind, words, lang: kind === 'translated' ? 'de' : null };
  return `<script>window[${JSON.stringify(kBeacon)}] = (e) => navigator.sendBeacon(${JSON.stringify(kActedPath)}, JSON.stringify(e));
${await healInPage.initScript('mutateInPage', config)}
${extra.gone ? await healInPage.initScript('goneInPage', extra.gone) : ''}
${extra.retext ? await healInPage.initScript('retextInPage', extra.retext) : ''}
${await healInPage.initScript('actedInPage', { bindingName: kBeacon, peers: extra.peers ?? false })}
${extra.stamp ? await healInPage.initScript('stampInPage', { attribute: kStampAttribute }) : ''}</script>`;
}

/** The page with `tag` as the first thing its head runs. */
export function injectFirst(html: string, tag: string): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const root = /<html\b[^>]*>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + tag + html.slice(root.index + root[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tag + html.slice(doctype[0].length) : tag + html;
}

export async function startMutantProxy(target: string): Promise<MutantProxy> {
  const origin = new URL(target);
  let kind: MutantKind = 'none';
  let extra: ProxyExtra = {};
  let log: ActedEvent[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === kActedPath) {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        try {
          log.push(JSON.parse(body) as ActedEvent);
        } catch {
          // A beacon cut short says nothing.
        }
        res.writeHead(204).end();
      });
      return;
    }
    const headers = { ...req.headers, 'accept-encoding': 'identity' };
    const upstream = http.request({ host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers }, (up) => {
      const out = { ...up.headers };
      delete out['content-security-policy'];
      const html = /text\/html/i.test(String(up.headers['content-type'] ?? ''));
      if (!html) {
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      // The mutant the page was asked under, whatever `use` says by the time it is answered.
      const tag = mutantScript(kind, extra);
      tag.catch(() => undefined);
      up.on('data', (d: Buffer) => chunks.push(d));
      up.on('end', () => {
        tag.then((first) => {
          const body = Buffer.from(injectFirst(Buffer.concat(chunks).toString('utf8'), first));
          delete out['content-length'];
          delete out['transfer-encoding'];
          res.writeHead(up.statusCode ?? 502, { ...out, 'content-length': body.length });
          res.end(body);
        }, (err: unknown) => res.writeHead(500).end(String(err)));
      });
    });
    upstream.on('error', (err) => res.writeHead(502).end(String(err)));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${origin.pathname}${origin.search}${origin.hash}`,
    use(next, nextExtra = {}) {
      kind = next;
      extra = nextExtra;
      log = [];
    },
    acted: () => log,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
