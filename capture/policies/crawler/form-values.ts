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
  /** The `name` and `id` attributes, `autocomplete` and `<label>` text, when perceived. */
  nameAttr?: string;
  id?: string;
  autocomplete?: string;
  label?: string;
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
  return `${field.name} ${field.placeholder ?? ''} ${field.label ?? ''} ${words(field.nameAttr)} ${words(field.id)}`.toLowerCase();
}

/** `user_name`, `userName` and `user-name` read as `user name`. */
function words(text: string | undefined): string {
  return (text ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-[\].]+/g, ' ');
}

/** `autocomplete` tokens that name a password field (`current-password`, `new-password`). */
const kPasswordAutocomplete = /(^|\s)(current|new)-password(\s|$)/;

/**
 * A field that takes a password: `type=password`, a password `autocomplete`, or a password label.
 * It only ever receives a secret (or a `--fill` value given for it), never a made-up value.
 */
export function isPasswordField(field: FieldView): boolean {
  if (field.type?.toLowerCase() === 'password') return true;
  if (field.autocomplete && kPasswordAutocomplete.test(field.autocomplete)) return true;
  return fieldKind(field) === 'password';
}

export function fieldKind(field: FieldView): FieldKind {
  if (field.type?.toLowerCase() === 'password' || (field.autocomplete && kPasswordAutocomplete.test(field.autocomplete))) return 'password';
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

/**
 * The keys a known value may be given under, most specific first: accessible name, `<label>`,
 * placeholder, `name` and `id` attributes, `autocomplete` (whole and by token), input type, and
 * the guessed kind.
 */
function keysOf(field: FieldView): string[] {
  const autocomplete = field.autocomplete ? [field.autocomplete, ...field.autocomplete.split(/\s+/)] : [];
  const keys = [field.name, field.label ?? '', field.placeholder ?? '', field.nameAttr ?? '', field.id ?? '', ...autocomplete, field.type ?? '', fieldKind(field)];
  return [...new Set(keys.map(fieldKey).filter(Boolean))];
}

export type FieldValue = { text: string; source: 'fill' | 'secret' | 'default' };

export interface ValueContext {
  /** Password fields among the fields being filled together: a lone one takes a lone secret. */
  passwordFields?: number;
}

/**
 * A known value beats a plausible one; a more specific key beats a kind match. A password field
 * gets a known value or nothing (null): a made-up value there would be a failed login, and is
 * never typed. A lone password field takes the one configured secret when nothing names it.
 */
export function valueFor(field: FieldView, known: KnownValues, context: ValueContext = {}): FieldValue | null {
  const keys = keysOf(field);
  for (const key of keys) {
    const fill = Object.entries(known.fills).find(([name]) => fieldKey(name) === key);
    if (fill) return { text: fill[1], source: 'fill' };
    const secret = known.secrets.find((name) => fieldKey(name) === key);
    if (secret) return { text: secretPlaceholder(secret), source: 'secret' };
  }
  if (!isPasswordField(field)) return { text: plausibleValue(field), source: 'default' };
  if (known.secrets.length === 1 && (context.passwordFields ?? 1) === 1) return { text: secretPlaceholder(known.secrets[0]!), source: 'secret' };
  return null;
}

/** Option labels that only ask the user to choose. */
const kPromptOption = /^(-+|—+|select\b|choose\b|pick\b|please\b|none$|\(none\)$|any$)/i;

/** The first option that is a real choice: not empty, not "Select…", not "-- none --". */
export function firstRealOption(options: readonly string[]): string | null {
  return options.find((option) => option.trim() !== '' && !kPromptOption.test(option.trim())) ?? null;
}
