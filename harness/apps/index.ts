import { adminer, adminerEditor } from './adminer.ts';
import { docute, docute413 } from './docute.ts';
import { dokuwiki } from './dokuwiki.ts';
import { fauxton } from './fauxton.ts';
import { mediawiki } from './mediawiki.ts';
import { mediumEditor } from './medium-editor.ts';
import { nodeRed } from './node-red.ts';
import { pell } from './pell.ts';
import { qbittorrent } from './qbittorrent.ts';
import { radicale } from './radicale.ts';
import { syncthing } from './syncthing.ts';
import { transmission } from './transmission.ts';
import { verdaccio } from './verdaccio.ts';
import { rapidoc } from './rapidoc.ts';
import { redoc } from './redoc.ts';
import { reveal } from './reveal.ts';
import { tiddlywiki, tiddlywiki53 } from './tiddlywiki.ts';
import type { ReleasePair, RealApp } from './types.ts';

/**
 * The registry of real third-party web apps (none written here) that tests and benchmarks run:
 * each starts on 127.0.0.1 from a fresh temp dir. The conformance suite runs those with a
 * `conformance` part, the heal corpus those with a `corpus` part. See docs/real-apps.md.
 */

export type { AppLogin, AppSource, AppTrait, ConformancePart, ConformanceStage, ExpectedFailure, CorpusFlow, CorpusPart, OracleInput, RealApp, ReleasePair, RunningApp } from './types.ts';

export const realApps: readonly RealApp[] = [
  dokuwiki,
  adminerEditor,
  adminer,
  fauxton,
  tiddlywiki,
  tiddlywiki53,
  docute,
  docute413,
  rapidoc,
  redoc,
  pell,
  mediumEditor,
  reveal,
  radicale,
  syncthing,
  transmission,
  qbittorrent,
  mediawiki,
  nodeRed,
  verdaccio,
];

/** Real releases of one app: record on `older`, replay on `newer`. */
export const releasePairs: readonly ReleasePair[] = [
  { app: 'tiddlywiki', older: tiddlywiki53, newer: tiddlywiki, differences: '5.3.8 -> 5.4.1: page toolbar and sidebar markup, reworded and restyled controls' },
  { app: 'docute', older: docute413, newer: docute, differences: '4.13.6 -> 4.23.3: header and sidebar markup, page layout and class names' },
];

/** The app of that name; throws with the names there are. */
export function realApp(name: string): RealApp {
  const app = realApps.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`no real app named ${name}: there are ${realApps.map((candidate) => candidate.name).join(', ')}`);
  return app;
}

/** The apps that have every one of `traits`. */
export function appsWith(...traits: RealApp['traits'][number][]): RealApp[] {
  return realApps.filter((app) => traits.every((trait) => app.traits.includes(trait)));
}

/** The apps `make test` starts: all but those that run in the benchmarks only. */
export function suiteApps(): RealApp[] {
  return realApps.filter((app) => !app.benchOnly);
}

/** The apps the conformance suite runs the whole pipeline on, in registry order. */
export function conformanceApps(): (RealApp & { conformance: NonNullable<RealApp['conformance']> })[] {
  return realApps.filter((app): app is RealApp & { conformance: NonNullable<RealApp['conformance']> } => app.conformance !== undefined);
}

/** The apps the heal corpus records and replays flows on, in registry order. */
export function corpusApps(): (RealApp & { corpus: NonNullable<RealApp['corpus']> })[] {
  return realApps.filter((app): app is RealApp & { corpus: NonNullable<RealApp['corpus']> } => app.corpus !== undefined);
}
