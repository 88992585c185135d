import { htmlPage } from './pages-site.ts';

/**
 * A small task app and the releases that break a generated spec's locators: a reworded button, a
 * field moved into another section under another caption, a reworded link in a list, a button
 * replaced by two look-alikes (a decoy pair nothing tells apart), and a reworded heading of the
 * page the form's submit opens (an expectation, never healed), and a reworded form (the field moved and the button renamed: a flow
 * broken at two members, the second reached only once the first is healed). Each release keeps the
 * flow doable by a person, but for `covered`: a banner over the form, every locator as recorded
 * (no locator failure: the click waits until the test's time runs out).
 */

export type TasksRelease = 'baseline' | 'renamed-button' | 'moved-field' | 'reworded-row' | 'decoy' | 'heading' | 'reworded-form' | 'covered';

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function home(release: TasksRelease): string {
  const heading = 'Tasks';
  const field = `<input id="title" name="title">`;
  const moved = release === 'moved-field' || release === 'reworded-form';
  const caption = moved ? 'Task name' : 'Title';
  const button = release === 'renamed-button' || release === 'reworded-form' ? 'Create task' : 'Add task';
  const buttons = release === 'decoy'
    ? '<button type="submit" name="when" value="now">Add now</button> <button type="submit" name="when" value="later">Add later</button>'
    : `<button type="submit">${button}</button>`;
  const form = moved
    ? `<form action="/done"><fieldset><legend>Details</legend><p>Due <input name="due" type="date"></p><p><label for="title">${caption}</label> ${field}</p></fieldset><p>${buttons}</p></form>`
    : `<form action="/done"><p><label for="title">${caption}</label> ${field}</p><p>${buttons}</p></form>`;
  const banner = release === 'covered' ? '<div style="position: fixed; inset: 0; background: rgba(0, 0, 0, 0.2)">We use cookies.</div>' : '';
  return htmlPage(heading, `<header><nav aria-label="Sections">${nav(release)}</nav></header><main><h1>${heading}</h1>${form}</main>${banner}`);
}

function nav(release: TasksRelease): string {
  const archive = release === 'reworded-row' ? 'Past tasks' : 'Archive';
  return `<ul><li><a href="/">Tasks</a></li><li><a href="/archive">${archive}</a></li><li><a href="/help">Help</a></li></ul>`;
}

function done(release: TasksRelease, title: string): string {
  const heading = release === 'heading' ? 'Task saved' : 'Saved';
  return htmlPage(heading, `<header><nav aria-label="Sections">${nav(release)}</nav></header><main><h1>${heading}</h1><p>Added <strong>${escape(title)}</strong>.</p></main>`);
}

function archive(release: TasksRelease): string {
  return htmlPage('Archive', `<header><nav aria-label="Sections">${nav(release)}</nav></header><main><h1>Archive</h1><p>Nothing archived yet.</p></main>`);
}

/** The page for `url` in `release`. */
export function renderTasks(release: TasksRelease, url: URL): string {
  if (url.pathname === '/done') return done(release, url.searchParams.get('title') ?? '');
  if (url.pathname === '/archive') return archive(release);
  if (url.pathname === '/help') return htmlPage('Help', `<main><h1>Help</h1></main>`);
  return home(release);
}

/** The recorded flow: add a task, then open the archive from the list of sections. */
export function tasksPlan(url: string) {
  return {
    version: 1, url,
    steps: [
      { input: { target: { role: 'textbox', name: 'Title' }, text: 'Water the plants' } },
      { click: { target: { role: 'button', name: 'Add task' } } },
      { click: { target: { role: 'link', name: 'Archive' } } },
      { done: { text: 'added a task and opened the archive', success: true } },
    ],
  };
}
