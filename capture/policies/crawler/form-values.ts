import { secretPlaceholder } from '../../../core/conventions.ts';

/**
 * Plausible, fixed values for form fields, chosen from what the element list shows of a field
 * (role, accessible name, placeholder, and the input type when perceived). No randomness: the
 * same form always gets the same values, so two crawls of one app take the same path.
 */

export type FieldKind = 'email' | 'password' | 'number' | 'date' | 'time' | 'tel' | 'url' | 'search' | 'text';

export interface FieldView {
  role: string;
  name: string;
  placeholder?: string;
  /** The HTML input type, when the perception layer reports it. */
  type?: string;
}

/** Values a person would type; each passes the browser's own validation for its input type. */
const kDefaultValues: Record<FieldKind, string> = {
  email: 'user@example.com',
  password: 'Password123!',
  number: '1',
  date: '2024-01-15',
  time: '10:30',
  tel: '+15555550100',
  url: 'https://example.com',
  search: 'test',
  text: 'Sample text',
};

/** Input types that map directly to a kind; the rest are read from the field's label. */
const kTypeKinds: Record<string, FieldKind> = {
  email: 'email', password: 'password', number: 'number', range: 'number', date: 'date',
  'datetime-local': 'date', month: 'date', time: 'time', tel: 'tel', url: 'url', search: 'search', text: 'text',
};

/** Label words -> kind, first match wins (so "Email or phone" is an email). */
const kLabelKinds: [RegExp, FieldKind][] = [
  [/e-?mail/, 'email'],
  [/pass(word|phrase|code)?\b|\bpwd\b|\bpin\b/, 'password'],
  [/\b(phone|tel|telephone|mobile|cell)\b/, 'tel'],
  [/\b(url|website|web site|homepage|link)\b/, 'url'],
  [/\b(date|birthday|birth date|dob|day)\b/, 'date'],
  [/\btime\b/, 'time'],
  [/\b(age|quantity|qty|amount|price|stock|count|number|year|zip|postal|postcode)\b/, 'number'],
  [/\b(search|find|query|filter)\b/, 'search'],
];

/** Text fields whose label names something more specific than "text". */
const kTextGuesses: [RegExp, string][] = [
  [/\b(first name|given name|firstname)\b/, 'Alex'],
  [/\b(last name|surname|family name|lastname)\b/, 'Doe'],
  [/\b(full name|display name|your name|name)\b/, 'Alex Doe'],
  [/\b(user ?name|login|user id|handle)\b/, 'alexdoe'],
  [/\b(city|town)\b/, 'Oslo'],
  [/\b(country)\b/, 'Norway'],
  [/\b(address|street)\b/, '1 Main Street'],
  [/\b(company|organi[sz]ation)\b/, 'Example Inc'],
  [/\b(title|subject|summary|headline)\b/, 'Sample title'],
  [/\b(comment|message|description|note|body|content|text)\b/, 'Sample text'],
];

function labelOf(field: FieldView): string {
  return `${field.name} ${field.placeholder ?? ''}`.toLowerCase();
}

export function fieldKind(field: FieldView): FieldKind {
  const byType = field.type ? kTypeKinds[field.type.toLowerCase()] : undefined;
  if (byType && byType !== 'text') return byType;
  if (field.role === 'searchbox') return 'search';
  const label = labelOf(field);
  for (const [pattern, kind] of kLabelKinds) if (pattern.test(label)) return kind;
  if (field.role === 'spinbutton' || field.role === 'slider') return 'number';
  return 'text';
}

export function plausibleValue(field: FieldView): string {
  const kind = fieldKind(field);
  if (kind !== 'text') return kDefaultValues[kind];
  const label = labelOf(field);
  for (const [pattern, value] of kTextGuesses) if (pattern.test(label)) return value;
  return kDefaultValues.text;
}

/** Values the user gave: `--fill key=value` (in clear) and `--secret NAME` (recorded as a placeholder). */
export interface KnownValues {
  fills: Readonly<Record<string, string>>;
  secrets: readonly string[];
}

/** Lowercase letters and digits only: `E-mail address` and `email_address` both become `emailaddress`. */
export function fieldKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The keys a known value may be given under: label, placeholder, input type, or the guessed kind. */
function keysOf(field: FieldView): string[] {
  return [field.name, field.placeholder ?? '', field.type ?? '', fieldKind(field)].map(fieldKey).filter(Boolean);
}

export type FieldValue = { text: string; source: 'fill' | 'secret' | 'default' };

/** A known value beats a plausible one; an exact label or placeholder match beats a kind match. */
export function valueFor(field: FieldView, known: KnownValues): FieldValue {
  const keys = keysOf(field);
  for (const key of keys) {
    const fill = Object.entries(known.fills).find(([name]) => fieldKey(name) === key);
    if (fill) return { text: fill[1], source: 'fill' };
    const secret = known.secrets.find((name) => fieldKey(name) === key);
    if (secret) return { text: secretPlaceholder(secret), source: 'secret' };
  }
  return { text: plausibleValue(field), source: 'default' };
}

/** Option labels that only ask the user to choose. */
const kPromptOption = /^(-+|—+|select\b|choose\b|pick\b|please\b|none$|\(none\)$|any$)/i;

/** The first option that is a real choice: not empty, not "Select…", not "-- none --". */
export function firstRealOption(options: readonly string[]): string | null {
  return options.find((option) => option.trim() !== '' && !kPromptOption.test(option.trim())) ?? null;
}
