import { dokuwikiUnavailable, startDokuWiki } from '../dokuwiki.ts';
import { debianPackageVersion } from './debian.ts';
import { once } from './serve.ts';
import type { RealApp, RunningApp } from './types.ts';

/**
 * DokuWiki (Debian's `dokuwiki`): a server-rendered PHP wiki with query-string routes
 * (`doku.php?id=faq`), copied into a temp dir with a few seed pages and served by `php -S`
 * (see ../dokuwiki.ts). Anyone may read and edit; no login.
 */

async function start(): Promise<RunningApp> {
  const wiki = await startDokuWiki();
  return { url: wiki.url, dir: wiki.dir, stop: once(wiki.close) };
}

export const dokuwiki: RealApp = {
  name: 'dokuwiki',
  kind: 'server-rendered PHP wiki (query-string routes), served by php -S',
  source: { kind: 'debian', package: 'dokuwiki', version: debianPackageVersion('dokuwiki') },
  traits: ['server-rendered'],
  readyText: 'Welcome',
  unavailable: dokuwikiUnavailable,
  start,
};
