import type { CorpusApp } from '../corpus.ts';
import { adminer } from './adminer.ts';
import { dokuwiki } from './dokuwiki.ts';
import { redoc } from './redoc.ts';
import { tiddlywiki } from './tiddlywiki.ts';

/** The apps of the heal corpus, in the order the bench runs them. */
export const kCorpus: CorpusApp[] = [dokuwiki, adminer, tiddlywiki, redoc];
