import { expect, test } from '../support/fixtures.ts';
import { compactSnapshot, kActionableRoles, stripBoxes } from '../../capture/perceive/compact.ts';
import { parseAriaSnapshot } from '../../capture/perceive/parse-snapshot.ts';
import { perceive } from '../../capture/perceive/perceive.ts';
import { servePages } from './support.ts';

const kSnapshot = `- generic [active] [ref=e1]:
  - banner [ref=e2]:
    - link "Home" [ref=e3] [cursor=pointer]:
      - /url: /
    - 'button "Save: now" [ref=e4]'
    - button "It's \\"quoted\\"" [ref=e5]
  - main [ref=e6]:
    - heading "Items [beta]" [level=1] [ref=e7]
    - paragraph [ref=e8]: "text with 'quote' and \\"dq\\": yes"
    - textbox "Email" [ref=e9]:
      - /placeholder: you@example.com
    - textbox "Search" [ref=e10]: "foo: bar"
    - checkbox "Remember me" [checked] [ref=e11]
    - combobox "Country" [ref=e12]:
      - option "Norway" [selected]
      - option "Sweden"
    - button "Nope" [disabled] [ref=e13]
    - generic [ref=e14] [cursor=pointer]: Clickable card
    - link [ref=e15] [cursor=pointer]:
      - /url: /pic
      - img "Picture" [ref=e16]
    - iframe [ref=e17]:
      - generic [ref=f1e1]:
        - button "Inner" [ref=f1e2]
    - switch "Dark" [checked]`;

test.describe('snapshot parsing (pure)', () => {
  test('parses names, quoting, attributes, props and frames', () => {
    const [root] = parseAriaSnapshot(kSnapshot);
    expect(root!.role).toBe('generic');
    const banner = root!.children[0]!;
    expect(banner.children.map((n) => [n.role, n.name, n.ref])).toEqual([
      ['link', 'Home', 'e3'],
      ['button', 'Save: now', 'e4'],
      ['button', 'It\'s "quoted"', 'e5'],
    ]);
    expect(banner.children[0]!.props.url).toBe('/');
    const main = root!.children[1]!;
    expect(main.children[1]!.text).toBe(`text with 'quote' and "dq": yes`);
    expect(main.children[3]!.text).toBe('foo: bar');
  });

  test('lists every element with a ref and an actionable role or a pointer cursor', () => {
    const { elements, text } = compactSnapshot(kSnapshot);
    expect(elements.map((e) => [e.index, e.ref, e.role, e.name])).toEqual([
      [1, 'e3', 'link', 'Home'],
      [2, 'e4', 'button', 'Save: now'],
      [3, 'e5', 'button', 'It\'s "quoted"'],
      [4, 'e9', 'textbox', 'Email'],
      [5, 'e10', 'textbox', 'Search'],
      [6, 'e11', 'checkbox', 'Remember me'],
      [7, 'e12', 'combobox', 'Country'],
      [8, 'e13', 'button', 'Nope'],
      [9, 'e14', 'generic', 'Clickable card'],
      [10, 'e15', 'link', 'Picture'],
      [11, 'f1e2', 'button', 'Inner'],
    ]);
    expect(elements[3]!.attributes).toEqual({ placeholder: 'you@example.com' });
    expect(elements[4]!.attributes).toEqual({ value: 'foo: bar' });
    expect(elements[5]!.attributes).toEqual({ checked: 'true' });
    expect(elements[6]!.attributes).toEqual({ value: 'Norway' });
    expect(elements[7]!.attributes).toEqual({ disabled: 'true' });
    expect(elements[10]!.container).toBe('iframe e17');
    expect(text).toContain('[1]link "Home" href=/');
    expect(text).toContain('# Items [beta]');
    // The switch has no ref (not rendered): it cannot be addressed, so it is not listed.
    expect(text).not.toContain('Dark');
  });

  test('marks elements that are new since the previous step', () => {
    const before = compactSnapshot(kSnapshot);
    const after = compactSnapshot(kSnapshot.replace('button "Nope" [disabled] [ref=e13]', 'button "Undo" [ref=e20]'), { previousKeys: before.keys });
    expect(after.elements.filter((e) => e.isNew).map((e) => e.name)).toEqual(['Undo']);
    expect(after.text).toContain('*[8]button "Undo"');
    expect(compactSnapshot(kSnapshot).elements.some((e) => e.isNew)).toBe(false);
  });

  test('uses boxes to tell what is inside the viewport', () => {
    const snapshot = `- button "Top" [ref=e1] [box=10,10,50,20]\n- button "Far" [ref=e2] [box=10,2000,50,20]`;
    const { elements, rawChars } = compactSnapshot(snapshot, { viewport: { width: 1280, height: 720 } });
    expect(elements.map((e) => e.inViewport)).toEqual([true, false]);
    // Without boxes nothing is measured, and nothing is claimed.
    expect(compactSnapshot(stripBoxes(snapshot)).elements.map((e) => e.inViewport)).toEqual([undefined, undefined]);
    expect(rawChars).toBe(`- button "Top" [ref=e1]\n- button "Far" [ref=e2]`.length);
  });
});

/** A realistic back-office page: navigation, search, a 20-row table, a form, an iframe, a shadow root. */
function realisticPage(): string {
  const rows = Array.from({ length: 20 }, (_, i) => `<tr><td><a href="/items/${i}">Item number ${i}</a></td><td>Category ${i % 4}</td>
    <td>$${(i * 3.5).toFixed(2)}</td><td>${i % 3 ? 'In stock' : 'Sold out'}</td>
    <td><a href="/items/${i}/edit">Edit</a> <button>Delete</button></td></tr>`).join('\n');
  return `<!doctype html><title>Inventory</title>
  <header><a href="/">Acme</a><nav aria-label="Main"><ul>${['Dashboard', 'Items', 'Orders', 'Customers', 'Reports', 'Settings', 'Help']
    .map((n) => `<li><a href="/${n.toLowerCase()}">${n}</a></li>`).join('')}</ul></nav>
    <form role="search"><input type="search" aria-label="Search items" placeholder="Search"><button>Go</button></form></header>
  <main><h1>Items</h1><p>Everything currently listed in the inventory, with prices and stock levels. Use the filters to narrow the list.</p>
  <section><h2>Filters</h2><label>Category <select><option>All</option><option>Tools</option><option>Garden</option></select></label>
   <label><input type="checkbox"> Only in stock</label>
   <fieldset><legend>Sort</legend><label><input type="radio" name="s" checked> Name</label><label><input type="radio" name="s"> Price</label></fieldset></section>
  <table><thead><tr><th>Name</th><th>Category</th><th>Price</th><th>Stock</th><th>Actions</th></tr></thead><tbody>${rows}</tbody></table>
  <nav aria-label="Pages"><a href="?p=1">1</a> <a href="?p=2">2</a> <a href="?p=3">Next</a></nav>
  <h2>Feedback</h2><iframe title="Feedback" srcdoc="<label>Message <textarea></textarea></label><button>Send</button>"></iframe>
  <acme-card></acme-card></main>
  <footer><p>Acme Inventory · <a href="/terms">Terms</a> · <a href="/privacy">Privacy</a></p></footer>
  <script>customElements.define('acme-card', class extends HTMLElement { connectedCallback() {
    this.attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow action</button>'; } });</script>`;
}

test('on a realistic page the compact text is at most 40% of the raw snapshot and every element is addressable', async ({ session }) => {
  const pages = await servePages({ '/': realisticPage() });
  try {
    const page = session.currentPageOrDie();
    await page.goto(pages.url);
    await page.frameLocator('iframe').getByRole('button', { name: 'Send' }).waitFor();
    const observation = await perceive(session, null, { boxes: true });
    const raw = await page.ariaSnapshot({ mode: 'ai' });
    const { elements, text } = compactSnapshot(raw);
    expect(text.length / raw.length).toBeLessThanOrEqual(0.4);
    expect(observation.text.length / raw.length).toBeLessThanOrEqual(0.4);
    // Every line of the raw snapshot with a ref and an actionable role is in the list.
    const actionableLines = raw.split('\n').filter((line) => {
      const role = /^\s*- '?(\w+)/.exec(line)?.[1] ?? '';
      return /\[ref=/.test(line) && (kActionableRoles.has(role) || line.includes('[cursor=pointer]'));
    });
    expect(elements.length).toBe(actionableLines.length);
    expect(elements.length).toBeGreaterThan(60);
    expect(elements.some((e) => e.container?.startsWith('iframe'))).toBe(true);
    expect(elements.some((e) => e.name === 'Shadow action')).toBe(true);
    for (const element of observation.elements) {
      expect(await page.locator(`aria-ref=${element.ref}`).count(), `${element.ref} ${element.role} ${element.name}`).toBe(1);
    }
    expect(observation.scroll.pixelsBelow).toBeGreaterThan(0);
    expect(observation.text).toMatch(/Scroll: 0 px above, \d+ px below/);
    expect(observation.elements.filter((e) => !e.inViewport).length).toBeGreaterThan(0);
  } finally {
    await pages.close();
  }
});

test('a layer over the page without dialog roles marks the controls behind it covered, and only those', async ({ session }) => {
  // A modal as older apps build it: a positioned div over the whole page, its window inside, no dialog role.
  const page = `<!doctype html><title>Torrents</title>
  <div id="toolbar"><div title="Open" style="cursor:pointer;width:40px;height:30px;display:inline-block">&#9650;</div>
  <div title="Start all" style="cursor:pointer;width:40px;height:30px;display:inline-block">&#9654;</div></div>
  <p style="margin-top:1500px"><button>Far below</button></p>
  <div id="layer" style="position:fixed;inset:0;background:rgba(0,0,0,.3)">
    <div style="position:absolute;top:100px;left:100px;width:300px;background:#fff"><h2>Upload files</h2>
      <input aria-label="Address"><button>Upload</button><button>Cancel</button></div></div>`;
  const pages = await servePages({ '/': page, '/plain': page.replace('id="layer" style="', 'id="layer" hidden style="') });
  try {
    const current = session.currentPageOrDie();
    await current.goto(pages.url);
    const covered = (await perceive(session, null, { fieldDetails: true })).elements.filter((e) => e.covered).map((e) => e.name);
    expect(covered).toEqual(['Open', 'Start all']);
    // Without the layer nothing is covered (nor tested: the off-screen button is never marked).
    await current.goto(`${pages.url}plain`);
    expect((await perceive(session, null, { fieldDetails: true })).elements.filter((e) => e.covered)).toEqual([]);
  } finally {
    await pages.close();
  }
});

test('controls no scrolling brings into view are marked offscreen, and only those', async ({ session }) => {
  // A notification panel slid past the right edge (a fixed layer, moved by a transform), a skip link
  // parked left of the page, a fixed sidebar that shows with a control below the viewport in its own
  // scrolling list, and a button far down the page: only the first two are out of reach.
  const page = `<!doctype html><title>Databases</title>
  <ul style="position:absolute;left:-9999px"><li><a href="#main">Skip to content</a></li></ul>
  <div style="position:fixed;top:0;right:0;width:300px;height:100%;transform:translateX(310px)">
    <button>Close notifications</button><ul><li role="button" tabindex="0">All notifications</li></ul></div>
  <nav style="position:fixed;top:0;left:0;width:150px;height:200px;overflow:auto">
    <button>Home</button><div style="height:600px"></div><button>Settings</button></nav>
  <main id="main" style="margin-left:200px"><button>Create Database</button><p style="margin-top:1500px"><button>Far below</button></p></main>`;
  const pages = await servePages({ '/': page });
  try {
    await session.currentPageOrDie().goto(pages.url);
    const elements = (await perceive(session, null, { fieldDetails: true })).elements;
    expect(elements.filter((e) => e.offscreen).map((e) => e.name).sort()).toEqual(['All notifications', 'Close notifications', 'Skip to content']);
    expect(elements.map((e) => e.name)).toEqual(expect.arrayContaining(['Home', 'Settings', 'Create Database', 'Far below']));
  } finally {
    await pages.close();
  }
});

test('skip links parked above a fixed toolbar or clipped to a pixel are offscreen; a clipped checkbox and a toolbar that scrolls are not', async ({ session }) => {
  // A toolbar fixed on screen holds a skip link parked far above it (scrolling the page does not move
  // the toolbar, and the toolbar does not scroll); a skip link wears the visually-hidden clip; a styled
  // checkbox hides its own input the same way; a fixed panel that scrolls holds a link below its fold.
  const page = `<!doctype html><title>Add post</title>
  <div style="position:fixed;top:0;left:0;right:0;height:32px"><a style="position:absolute;top:-1000em" href="#main">Skip to content</a><button>Profile</button></div>
  <a style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;margin:-1px" href="#nav">Skip to navigation</a>
  <label style="display:block;margin-top:40px"><input type="checkbox" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);margin:-1px"> Sticky post</label>
  <nav id="nav" style="position:fixed;top:40px;right:0;width:150px;height:100px;overflow:auto"><div style="height:400px"></div><a href="/posts">All posts</a></nav>
  <main id="main"><button>Publish</button></main>`;
  const pages = await servePages({ '/': page });
  try {
    await session.currentPageOrDie().goto(pages.url);
    const elements = (await perceive(session, null, { fieldDetails: true })).elements;
    expect(elements.filter((e) => e.offscreen).map((e) => e.name).sort()).toEqual(['Skip to content', 'Skip to navigation']);
    expect(elements.filter((e) => !e.offscreen).map((e) => e.name)).toEqual(expect.arrayContaining(['Profile', 'Sticky post', 'All posts', 'Publish']));
  } finally {
    await pages.close();
  }
});

test('empty shades laid over parts of the page mark the controls under them covered', async ({ session }) => {
  // A side panel and a header each dimmed by a shade of their own, the dialog above in the middle.
  const page = `<!doctype html><title>Editor</title>
  <div style="position:absolute;left:0;top:0;width:200px;bottom:0"><button>Palette node</button></div>
  <div id="panel-shade" style="position:absolute;left:0;top:0;width:200px;bottom:0;background:rgba(0,0,0,.2)"></div>
  <div style="position:absolute;left:260px;top:40px"><h2>Search</h2><input aria-label="Search flows"><button>Close</button></div>`;
  const pages = await servePages({ '/': page });
  try {
    await session.currentPageOrDie().goto(pages.url);
    const elements = (await perceive(session, null, { fieldDetails: true })).elements;
    expect(elements.filter((e) => e.covered).map((e) => e.name)).toEqual(['Palette node']);
  } finally {
    await pages.close();
  }
});

test('a wrapper that shows the pointer only for the one control inside it is not a second control to act on', async ({ session }) => {
  // Widget toolkits draw a button as a layout table around it (the table keeps the pointer cursor);
  // a card shows the pointer around its one link. A row with text of its own beside its button is
  // clickable itself, and stays.
  const page = `<!doctype html><title>Torrents</title>
  <table class="x-btn" style="cursor:pointer"><tbody><tr><td class="x-btn-left"><i>&nbsp;</i></td><td><em><button type="button">Preferences</button></em></td><td><i>&nbsp;</i></td></tr></tbody></table>
  <div class="card" style="cursor:pointer"><a href="/beds">Garden beds</a></div>
  <div class="row" style="cursor:pointer" onclick="this.classList.add('picked')"><span>Tomato</span> <button>Remove</button></div>`;
  const pages = await servePages({ '/': page });
  try {
    await session.currentPageOrDie().goto(pages.url);
    const elements = (await perceive(session, null, { fieldDetails: true })).elements;
    expect(elements.map((e) => `${e.role} ${e.name}`)).toEqual(['button Preferences', 'link Garden beds', 'generic Tomato Remove', 'button Remove']);
  } finally {
    await pages.close();
  }
});
