import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { recordAndGenerate, runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { startPagesSite } from '../../harness/sites/pages-site.ts';

/**
 * An element that shows its item's key whole: a table row found by its database's name, whose
 * link is that name (among the row's other links), and a menu entry found by its caption, an
 * anchor with no href above its own sub-menu of anchors. The member is found by the text its item
 * was found by, not by its place among the item's links or anchors; an unnamed control beside a
 * named one, by its id.
 */

const kPage = `<!doctype html><html><head><title>Databases</title></head><body><main><h1>Databases</h1>
<div id="menubar"><ul>
  <li><a class="caption">Edit</a><ul><li><a onclick="say('Copied')">Copy</a></li><li><a onclick="say('Pasted')">Paste</a></li></ul></li>
  <li><a class="caption">View</a><ul><li><a onclick="say('Zoomed')">Zoom</a></li></ul></li>
  <li><a href="#" id="deploy" onclick="say('Deployed')">Deploy</a><a href="#" id="deploy-options" onclick="say('Options')" style="display: inline-block; width: 1em; height: 1em"><i class="caret"></i></a><ul><li><a href="#" onclick="say('Full')">Full</a></li><li><a href="#" onclick="say('Modified')">Modified flows</a></li></ul></li>
</ul></div>
<table><tr><th>Name</th><th>Size</th><th>Actions</th></tr>
  <tr><td><a href="#/db/garden">garden</a></td><td>12 KB</td><td><a href="#/db/garden/permissions">Permissions</a> <a href="#/db/garden/delete">Delete</a></td></tr>
  <tr><td><a href="#/db/kitchen">kitchen</a></td><td>3 KB</td><td><a href="#/db/kitchen/permissions">Permissions</a> <a href="#/db/kitchen/delete">Delete</a></td></tr>
</table>
<p id="said"></p><h2 id="open"></h2></main>
<style>#menubar li ul { display: none } #menubar li:hover ul { display: block }</style>
<script>
function say(text) { document.getElementById('said').textContent = text; }
const show = () => { document.getElementById('open').textContent = location.hash ? 'Database ' + location.hash.split('/')[2] : ''; };
addEventListener('hashchange', show); show();
</script></body></html>`;

test('a member that shows its item key is found by the text the item was found by, not by its place among the item links', async () => {
  test.setTimeout(180_000);
  const site = await startPagesSite(() => kPage);
  const ws = tempWorkspace('key-member');
  try {
    await recordAndGenerate(ws, site.url, {
      version: 1, url: site.url,
      steps: [
        { hover: { target: "locator('#menubar').getByText('Edit', { exact: true })" } },
        { click: { target: "locator('#menubar').getByText('Copy', { exact: true })" } },
        { click: { target: "locator('#deploy-options')" } },
        { click: { target: "getByRole('link', { name: 'garden', exact: true })" } },
        { expect_text: { target: "locator('#open')", text: 'Database garden', exact: true } },
        { done: { text: 'opened garden', success: true } },
      ],
    });
    const pom = fs.readdirSync(path.join(ws.out, 'pom')).filter((f) => f.endsWith('.ts')).map((f) => fs.readFileSync(path.join(ws.out, 'pom', f), 'utf8')).join('\n');
    expect(pom).toMatch(/return this\.root\.getByRole\('link', \{ name: this\.text, exact: true \}\);/);
    expect(pom).toMatch(/return this\.root\.getByText\(this\.text, \{ exact: true \}\);/);
    expect(pom).toMatch(/constructor\(readonly root: Locator, readonly text: string\)/);
    // An unnamed control beside a named one in its item, by the id a person gave it.
    expect(pom).toMatch(/return this\.root\.locator\('#deploy-options'\);/);
    expect(pom).not.toMatch(/\.nth\(/);
    const model = JSON.parse(fs.readFileSync(path.join(ws.out, 'model.json'), 'utf8')) as { diagnostics?: unknown };
    expect(JSON.stringify(model.diagnostics ?? [])).not.toMatch(/position/i);

    const tsc = typecheckGenerated(ws.out);
    const specs = await runGeneratedSpecs(ws.out, site.url, 'tests/(?!replay-)', {}, { noTrace: true });
    expect(specs.status, specs.output).toBe(0);
    const typecheck = await tsc;
    expect(typecheck.status, typecheck.output).toBe(0);
  } finally {
    await site.close();
    ws.remove();
  }
});
