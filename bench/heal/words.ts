/**
 * Word tables for the reworded and translated mutants: common words of web app interfaces, not
 * any one app's. A word missing from a table stays as it is, as in a partial real translation.
 */

/** Synonyms a new release might use for the same control. */
export const kReworded: Record<string, string> = {
  save: 'store', edit: 'modify', delete: 'remove', remove: 'discard', add: 'create', create: 'add', new: 'fresh',
  search: 'find', find: 'look up', log: 'sign', login: 'sign-in', logout: 'sign-out', submit: 'send', send: 'submit', cancel: 'dismiss',
  update: 'change', change: 'adjust', show: 'view', view: 'display', back: 'return', next: 'following', previous: 'prior',
  selected: 'chosen', select: 'pick', all: 'every', user: 'member', users: 'members', name: 'title', title: 'heading',
  page: 'document', pages: 'documents', recent: 'latest', changes: 'edits', manager: 'console', list: 'overview',
  settings: 'preferences', profile: 'account', password: 'passphrase', username: 'login name', email: 'e-mail address',
  register: 'sign up', open: 'launch', close: 'shut', done: 'finished', complete: 'finish', clear: 'empty', filter: 'narrow',
  item: 'entry', items: 'entries', task: 'to-do', tasks: 'to-dos', note: 'memo', notes: 'memos', upload: 'attach', import: 'load',
  export: 'download', comment: 'remark', reply: 'answer', post: 'publish', home: 'start', admin: 'administration', tools: 'utilities',
  preview: 'check', sitemap: 'index', what: 'which', go: 'proceed', ok: 'confirm', yes: 'confirm', apply: 'use',
};

/** German for the same words (and more), as a translated release would show. */
export const kTranslated: Record<string, string> = {
  save: 'speichern', edit: 'bearbeiten', delete: 'löschen', remove: 'entfernen', add: 'hinzufügen', create: 'erstellen', new: 'neu',
  search: 'suche', find: 'finden', log: 'anmelden', in: 'ein', out: 'aus', login: 'anmelden', logout: 'abmelden', submit: 'absenden',
  send: 'senden', cancel: 'abbrechen', update: 'aktualisieren', change: 'ändern', show: 'zeigen', view: 'ansicht', back: 'zurück',
  next: 'weiter', previous: 'zurück', selected: 'ausgewählte', select: 'auswählen', all: 'alle', user: 'benutzer', users: 'benutzer',
  name: 'name', title: 'titel', page: 'seite', pages: 'seiten', recent: 'letzte', changes: 'änderungen', manager: 'verwaltung',
  list: 'liste', settings: 'einstellungen', profile: 'profil', password: 'passwort', username: 'benutzername', email: 'e-mail',
  register: 'registrieren', open: 'öffnen', close: 'schließen', done: 'erledigt', complete: 'fertig', clear: 'leeren',
  filter: 'filtern', item: 'eintrag', items: 'einträge', task: 'aufgabe', tasks: 'aufgaben', note: 'notiz', notes: 'notizen',
  upload: 'hochladen', import: 'importieren', export: 'exportieren', comment: 'kommentar', reply: 'antworten', post: 'beitrag',
  home: 'startseite', admin: 'administration', tools: 'werkzeuge', preview: 'vorschau', sitemap: 'übersicht', the: 'die',
  this: 'diese', to: 'zu', of: 'von', and: 'und', or: 'oder', for: 'für', with: 'mit', your: 'ihr', you: 'sie', are: 'sind',
  is: 'ist', not: 'nicht', no: 'kein', yes: 'ja', more: 'mehr', top: 'oben', media: 'medien', old: 'alte', revisions: 'versionen',
  backlinks: 'rückverweise', me: 'mich', remember: 'merken', welcome: 'willkommen', help: 'hilfe', about: 'über',
  file: 'datei', files: 'dateien', description: 'beschreibung', date: 'datum', status: 'status', actions: 'aktionen',
  results: 'ergebnisse', summary: 'zusammenfassung', group: 'gruppe', groups: 'gruppen', real: 'echter', skip: 'springe', content: 'inhalt',
  using: 'benutzen', it: 'es', installing: 'installieren', start: 'start', first: 'erste', last: 'letzte', go: 'los', ok: 'ok', apply: 'anwenden',
  table: 'tabelle', row: 'zeile', rows: 'zeilen', column: 'spalte', database: 'datenbank', query: 'abfrage', run: 'ausführen', execute: 'ausführen',
  insert: 'einfügen', browse: 'durchsuchen', structure: 'struktur', options: 'optionen', type: 'typ', value: 'wert',
};
