import type { CorpusApp } from '../corpus.ts';
import { dokuwiki } from './dokuwiki.ts';

/** The apps of the heal corpus, in the order the bench runs them. */
export const kCorpus: CorpusApp[] = [dokuwiki];
