import { htmlPage } from '../../../harness/sites/pages-site.ts';

/**
 * A team app whose members table has a row per person with its own Edit link, and the releases
 * that break a generated spec's locator inside one row while the row itself is still found by the
 * email it shows: the link reworded (it still leads to the member's edit page), the link replaced
 * by two look-alikes that lead elsewhere (nothing tells them apart: refused), and the member's name and email
 * changed (the row the spec looks for is gone: refused).
 */

export type TeamRelease = 'baseline' | 'reworded-link' | 'row-decoys' | 'row-gone';

const kMembers = [
  { id: 'ann', name: 'Ann Lee', email: 'ann@example.com' },
  { id: 'bob', name: 'Bob Stone', email: 'bob@example.com' },
  { id: 'cy', name: 'Cy Park', email: 'cy@example.com' },
];

function actions(release: TeamRelease, id: string): string {
  if (release === 'row-decoys') return `<a href="/members/${id}/name">Rename</a> <a href="/members/${id}/mail">Readdress</a>`;
  return `<a href="/members/${id}/edit">${release === 'reworded-link' ? 'Change' : 'Edit'}</a>`;
}

function team(release: TeamRelease): string {
  const rows = kMembers.map((m) => {
    const gone = release === 'row-gone' && m.id === 'bob';
    return `<tr><td>${gone ? 'Robert Stone' : m.name}</td><td>${gone ? 'robert@example.com' : m.email}</td><td>${actions(release, m.id)}</td></tr>`;
  }).join('');
  return htmlPage('Team', `<main><h1>Team</h1><table aria-label="Members"><thead><tr><th>Name</th><th>Email</th><th>Actions</th></tr></thead><tbody>${rows}</tbody></table></main>`);
}

/** The page for `url` in `release`. */
export function renderTeam(release: TeamRelease, url: URL): string {
  const edit = /^\/members\/(\w+)\/(edit|name|mail)$/.exec(url.pathname);
  if (edit) {
    const member = kMembers.find((m) => m.id === edit[1]);
    return htmlPage('Edit member', `<main><h1>Edit ${member?.name ?? 'nobody'}</h1><p>${edit[2] === 'edit' ? 'Name and email' : edit[2]}</p></main>`);
  }
  return team(release);
}

/** The recorded flow: open Bob's edit page from his row. */
export function teamPlan(url: string) {
  return {
    version: 1, url,
    steps: [
      { click: { target: 'css=tr:has-text("bob@example.com") a' } },
      { done: { text: "opened Bob's edit page", success: true } },
    ],
  };
}
