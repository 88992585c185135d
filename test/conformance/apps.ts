import { dokuwikiUnavailable, startDokuWiki } from '../support/dokuwiki.ts';
import { adminerEditor } from './apps/adminer.ts';
import { docute } from './apps/docute.ts';
import { tiddlywiki } from './apps/tiddlywiki.ts';
import type { ConformanceApp } from './support/conformance.ts';

/** The real apps of the conformance suite: none written here, each started on 127.0.0.1. */
export const kConformanceApps: ConformanceApp[] = [
  {
    name: 'dokuwiki',
    kind: 'PHP wiki (Debian package) served by php -S, query-string routes',
    unavailable: dokuwikiUnavailable,
    start: startDokuWiki,
  },
  adminerEditor,
  docute,
  tiddlywiki,
];
