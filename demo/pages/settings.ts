import { html } from '../html.ts';
import { kCountries, kPlans, type Plan, type Profile } from '../store.ts';
import { decoySidebar } from './decoys.ts';
import { actions, button, checkbox, formError, input, radioGroup, select } from './forms.ts';
import { layout, relocatable, type PageCtx } from './layout.ts';
import { isEmail } from './login.ts';

/** The profile form: text, email, number, date, select, checkbox, radio and a file upload (multipart). */

export interface SettingsValues {
  displayName: string;
  email: string;
  age: string;
  birthday: string;
  country: string;
  newsletter: boolean;
  plan: string;
}

export type SettingsErrors = Partial<Record<keyof SettingsValues, string>>;

export interface UploadedFile {
  filename: string;
  size: number;
}

const kPlanLabels: Record<Plan, string> = { free: 'Free', pro: 'Pro', team: 'Team' };

export function settingsValues(profile: Profile): SettingsValues {
  return { ...profile, age: profile.age === null ? '' : String(profile.age) };
}

export function validateSettings(values: SettingsValues): { profile?: Omit<Profile, 'avatar'>; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const displayName = values.displayName.trim();
  if (!displayName) errors.displayName = 'Enter a display name';
  if (!isEmail(values.email.trim())) errors.email = 'Enter a valid email address, like name@example.com';
  const age = values.age.trim() === '' ? null : Number(values.age);
  if (age !== null && (!Number.isInteger(age) || age < 0 || age > 150)) errors.age = 'Enter an age between 0 and 150';
  if (values.birthday && !/^\d{4}-\d{2}-\d{2}$/.test(values.birthday)) errors.birthday = 'Enter a date';
  if (!(kCountries as readonly string[]).includes(values.country)) errors.country = 'Choose a country';
  const plan = kPlans.find((p) => p === values.plan);
  if (!plan) errors.plan = 'Choose a plan';
  if (Object.keys(errors).length || !plan) return { errors };
  return {
    errors,
    profile: { displayName, email: values.email.trim(), age, birthday: values.birthday, country: values.country, newsletter: values.newsletter, plan },
  };
}

export function settingsPage(ctx: PageCtx, values: SettingsValues, errors: SettingsErrors = {}): string {
  const { v } = ctx;
  const fields = v.order([
    input(v, 'text', { name: 'displayName', id: 'display-name', label: 'Display name', value: values.displayName, testId: 'settings-name', error: errors.displayName }),
    input(v, 'email', { name: 'email', id: 'profile-email', label: 'Email', value: values.email, testId: 'settings-email', error: errors.email }),
    input(v, 'number', { name: 'age', id: 'age', label: 'Age', value: values.age, error: errors.age, attrs: 'min="0" max="150"' }),
    input(v, 'date', { name: 'birthday', id: 'birthday', label: 'Birthday', value: values.birthday, error: errors.birthday }),
    select(v, kCountries, { name: 'country', id: 'country', label: 'Country', value: values.country, error: errors.country }),
    checkbox(v, { name: 'newsletter', id: 'newsletter', label: 'Send me the newsletter', checked: values.newsletter }),
    radioGroup(v, { name: 'plan', id: 'plan', legend: 'Plan', value: values.plan, choices: kPlans.map((p) => ({ value: p, label: kPlanLabels[p] })) }),
    input(v, 'file', { name: 'avatar', id: 'avatar', label: 'Avatar', testId: 'settings-avatar' }),
  ]);
  const hasErrors = Object.keys(errors).length > 0;
  const form = html`<form method="post" action="/settings" enctype="multipart/form-data" id="${v.el('settings-form')}" class="${v.cls('card')}"${v.testId('settings-form')} novalidate>
    ${formError(v, hasErrors ? 'Fix the errors below and try again' : undefined, 'settings-error')}
    ${fields}
    ${actions(v, [button(v, 'Save', { id: 'settings-save', testId: 'settings-save', kind: 'primary' })])}
  </form>`;
  const body = html`<h1>Settings</h1>
    <p>Your profile as other people see it.</p>
    ${relocatable(ctx, 'settings-panel', form)}`;
  return layout(ctx, { title: 'Settings', body, sidebar: decoySidebar(ctx, 'save') });
}

export function settingsSavedPage(ctx: PageCtx, profile: Profile, upload: UploadedFile | null): string {
  const { v } = ctx;
  const rows: [string, string][] = [
    ['Display name', profile.displayName],
    ['Email', profile.email],
    ['Age', profile.age === null ? '—' : String(profile.age)],
    ['Birthday', profile.birthday || '—'],
    ['Country', profile.country],
    ['Newsletter', profile.newsletter ? 'Yes' : 'No'],
    ['Plan', kPlanLabels[profile.plan]],
    ['Avatar', profile.avatar ?? '—'],
  ];
  const body = html`<h1>Settings saved</h1>
    <p role="status" class="${v.cls('flash')}"${v.testId('settings-saved')}>Your settings were saved.</p>
    <dl class="${v.cls('card')}">${rows.map(([k, value]) => html`<dt>${k}</dt><dd>${value}</dd>`)}</dl>
    <p${v.testId('upload-result')}>${upload ? `Uploaded file: ${upload.filename} (${upload.size} bytes)` : 'No file uploaded'}</p>
    <p><a href="/settings">Back to settings</a></p>`;
  return layout(ctx, { title: 'Settings saved', body });
}
