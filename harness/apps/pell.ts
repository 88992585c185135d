import fs from 'node:fs';
import path from 'node:path';
import { npmStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * pell (npm `pell`): a rich-text editor, served as its package ships its demo page (`demo.html`
 * with `dist/pell.js` and `dist/pell.css`): a toolbar of formatting buttons (two of them ask for a
 * URL in a browser prompt) over an unnamed `contenteditable` area, and the HTML it produces below.
 */

const kFiles = ['demo.html', 'dist/pell.js', 'dist/pell.css'];

export const pell: RealApp = npmStaticApp({
  name: 'pell', package: 'pell', files: kFiles, prefix: '/', route: '',
  kind: 'rich-text editor demo page: a formatting toolbar over an unnamed contenteditable area',
  traits: ['single-page'],
  readyText: 'HTML output:',
  build(dir, packageDir) {
    fs.mkdirSync(path.join(dir, 'dist'));
    for (const file of kFiles) fs.copyFileSync(path.join(packageDir, file), path.join(dir, file === 'demo.html' ? 'index.html' : file));
  },
});
