import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { npmAppsDir } from './packages.ts';

/**
 * The Fauxton app's server, run as its own process (`tsx fauxton-server.ts DIR PORT`): express-pouchdb
 * (the CouchDB HTTP API over PouchDB, which serves Fauxton at `/_utils/`) on an in-memory PouchDB.
 * Its log and config stay in DIR; the launcher seeds the data over HTTP.
 */

interface PouchConstructor {
  plugin(plugin: unknown): PouchConstructor;
  defaults(options: object): PouchConstructor;
}

/** The packages come from the npm apps' own install (harness/apps/npm/), not the project's. */
const require = createRequire(path.join(npmAppsDir(), 'package.json'));
const [dir, port] = process.argv.slice(2);
if (!dir || !port) throw new Error('usage: fauxton-server.ts DIR PORT');

const Pouch = (require('pouchdb-core') as PouchConstructor)
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-mapreduce'))
  .plugin(require('pouchdb-replication'))
  .defaults({ adapter: 'memory' });
const expressPouchDb = require('express-pouchdb') as (pouch: PouchConstructor, options: object) => http.RequestListener;

const app = expressPouchDb(Pouch, { mode: 'fullCouchDB', inMemoryConfig: true, logPath: path.join(dir, 'log.txt') });
http.createServer(app).listen(Number(port), '127.0.0.1');
