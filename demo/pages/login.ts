import { html } from '../html.ts';
import { kUser } from '../store.ts';
import { decoySidebar } from './decoys.ts';
import { actions, button, formError, input } from './forms.ts';
import { layout, relocatable, type PageCtx } from './layout.ts';

export interface LoginForm {
  email: string;
  password: string;
  next: string;
}

export interface LoginErrors {
  email?: string;
  password?: string;
  form?: string;
}

const kEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(text: string): boolean {
  return kEmailPattern.test(text);
}

/** Field errors first; the credentials are checked only when both fields are well formed. */
export function validateLogin(form: LoginForm): LoginErrors | null {
  const errors: LoginErrors = {};
  if (!form.email.trim()) errors.email = 'Enter your email address';
  else if (!isEmail(form.email.trim())) errors.email = 'Enter a valid email address, like name@example.com';
  if (!form.password) errors.password = 'Enter your password';
  if (errors.email || errors.password) return errors;
  if (form.email.trim().toLowerCase() !== kUser.email || form.password !== kUser.password) {
    return { form: 'Email or password is incorrect' };
  }
  return null;
}

/** Only paths of this app are followed after sign-in. */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function loginPage(ctx: PageCtx, form: LoginForm, errors: LoginErrors = {}): string {
  const { v } = ctx;
  const title = v.text('Sign in');
  const loginForm = html`<form method="post" action="/login" id="${v.el('login-form')}" novalidate>
    ${formError(v, errors.form, 'login-error')}
    <input type="hidden" name="next" value="${form.next}">
    ${input(v, 'email', { name: 'email', id: 'email', label: 'Email', value: form.email, testId: 'login-email', error: errors.email, attrs: 'autocomplete="username"' })}
    ${input(v, 'password', { name: 'password', id: 'password', label: 'Password', testId: 'login-password', error: errors.password, attrs: 'autocomplete="current-password"' })}
    ${actions(v, [button(v, 'Sign in', { id: 'login-submit', testId: 'login-submit', kind: 'primary' })])}
  </form>`;
  const body = html`<h1>${title}</h1>
    <p>Sign in to manage the inventory.</p>
    ${relocatable(ctx, 'login-panel', loginForm)}
    <p class="${v.cls('muted')}">Demo account: ${kUser.email} / ${kUser.password}</p>`;
  return layout(ctx, { title, body, sidebar: decoySidebar(ctx, 'sign-in') });
}
