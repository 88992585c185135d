import fs from 'node:fs';
import path from 'node:path';
import { npmStaticApp } from './static-app.ts';
import type { RealApp } from './types.ts';

/**
 * MediumEditor (npm `medium-editor`): a rich-text editor that turns a plain `div` into a
 * `contenteditable` textbox (its own `role=textbox`, a placeholder in `data-placeholder`) with a
 * toolbar that shows over selected text. Its bundle on a journal page whose preview shows the
 * entry's text as it is typed. (The demo pages the package ships load fonts and images from other
 * hosts.)
 */

const kDist = ['dist/js/medium-editor.js', 'dist/css/medium-editor.css', 'dist/css/themes/default.css'];

const kIndex = `<!doctype html><html><head><meta charset="utf-8"><title>Journal</title>
<link rel="stylesheet" href="medium-editor.css"><link rel="stylesheet" href="default.css"></head>
<body><h1>Journal</h1><h2>New entry</h2><div class="entry" style="min-height:80px;border:1px solid #ccc"></div>
<h2>Preview</h2><p id="preview">Nothing written yet.</p>
<script src="medium-editor.js"></script>
<script>
  var editor = new MediumEditor('.entry', { placeholder: { text: 'Write the entry' } });
  editor.subscribe('editableInput', function (event, element) { document.getElementById('preview').textContent = element.innerText.trim() || 'Nothing written yet.'; });
</script></body></html>`;

export const mediumEditor: RealApp = npmStaticApp({
  name: 'medium-editor', package: 'medium-editor', files: kDist, prefix: '/journal/', route: '',
  kind: 'rich-text editor (a contenteditable textbox with a selection toolbar) on a journal page',
  traits: ['single-page'],
  readyText: 'Nothing written yet.',
  build(dir, packageDir) {
    for (const file of kDist) fs.copyFileSync(path.join(packageDir, file), path.join(dir, path.basename(file)));
    fs.writeFileSync(path.join(dir, 'index.html'), kIndex);
  },
});
