import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage } from 'node:http';
import { readForm, type FormBody } from './body.ts';
import { activityEvents, dashboardPage, helpPage, notFoundPage } from './pages/dashboard.ts';
import { dangerFrame, formValues, itemFormPage, itemPage, kEmptyItem, validateItem, type ItemFormValues } from './pages/item.ts';
import { itemsPage } from './pages/items.ts';
import type { PageCtx } from './pages/layout.ts';
import { loginPage, safeNext, validateLogin } from './pages/login.ts';
import { settingsPage, settingsSavedPage, settingsValues, validateSettings, type SettingsValues } from './pages/settings.ts';
import { feedbackFrame, widgetsPage } from './pages/widgets.ts';
import { kPageSize, kUser, type DemoStore, type Item } from './store.ts';

/** The demo app's routes: each handler turns a request into a reply; the server writes it. */

export interface DemoApp {
  store: DemoStore;
  /** Default delay of the slow endpoint, in ms. */
  slowMs: number;
  cookies: { session: string; variant: string };
}

export interface Request {
  req: IncomingMessage;
  ctx: PageCtx;
  params: string[];
  app: DemoApp;
  sessionToken: string | undefined;
}

export interface Reply {
  status: number;
  html?: string;
  json?: unknown;
  location?: string;
  cookies?: string[];
}

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Reachable without signing in. */
  public?: boolean;
  handler(request: Request): Reply | Promise<Reply>;
}

/** The slow endpoint never waits longer than this, whatever `?delay=` asks. */
const kMaxDelayMs = 10_000;

const page = (html: string, status = 200): Reply => ({ status, html });
const redirect = (location: string, cookies?: string[]): Reply => ({ status: 302, location, cookies });

function field(body: FormBody, name: string): string {
  return body.fields.get(name) ?? '';
}

function withItem(r: Request, render: (item: Item) => Reply | Promise<Reply>): Reply | Promise<Reply> {
  const item = r.app.store.get(Number(r.params[0]));
  return item ? render(item) : page(notFoundPage(r.ctx, `There is no item ${r.params[0]}; it may have been deleted.`), 404);
}

function itemForm(body: FormBody): ItemFormValues {
  return {
    title: field(body, 'title'),
    category: field(body, 'category'),
    price: field(body, 'price'),
    stock: field(body, 'stock'),
    description: field(body, 'description'),
  };
}

function settingsForm(body: FormBody): SettingsValues {
  return {
    displayName: field(body, 'displayName'),
    email: field(body, 'email'),
    age: field(body, 'age'),
    birthday: field(body, 'birthday'),
    country: field(body, 'country'),
    newsletter: body.fields.has('newsletter'),
    plan: field(body, 'plan'),
  };
}

export const kRoutes: Route[] = [
  { method: 'GET', path: /^\/favicon\.ico$/, public: true, handler: () => ({ status: 204 }) },
  {
    method: 'POST',
    path: /^\/__reset$/,
    public: true,
    handler: (r) => {
      r.app.store.reset();
      return { status: 200, json: { ok: true, items: r.app.store.count() } };
    },
  },
  {
    method: 'GET',
    path: /^\/login$/,
    public: true,
    handler: (r) => {
      const next = safeNext(r.ctx.url.searchParams.get('next'));
      if (r.ctx.user) return redirect(next);
      return page(loginPage(r.ctx, { email: '', password: '', next }));
    },
  },
  {
    method: 'POST',
    path: /^\/login$/,
    public: true,
    handler: async (r) => {
      const body = await readForm(r.req);
      const form = { email: field(body, 'email'), password: field(body, 'password'), next: safeNext(field(body, 'next')) };
      const errors = validateLogin(form);
      if (errors) return page(loginPage(r.ctx, form, errors), 422);
      const token = r.app.store.startSession(kUser.email);
      return redirect(form.next, [`${r.app.cookies.session}=${token}; Path=/; HttpOnly; SameSite=Lax`]);
    },
  },
  ...(['GET', 'POST'] as const).map(
    (method): Route => ({
      method,
      path: /^\/logout$/,
      public: true,
      handler: (r) => {
        r.app.store.endSession(r.sessionToken);
        return redirect('/login', [`${r.app.cookies.session}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`]);
      },
    }),
  ),
  { method: 'GET', path: /^\/$/, handler: (r) => page(dashboardPage(r.ctx)) },
  {
    method: 'GET',
    path: /^\/api\/activity$/,
    handler: async (r) => {
      const asked = Number(r.ctx.url.searchParams.get('delay') ?? r.app.slowMs);
      await sleep(Number.isFinite(asked) ? Math.min(Math.max(0, asked), kMaxDelayMs) : r.app.slowMs);
      return { status: 200, json: { events: activityEvents(r.app.store.count()) } };
    },
  },
  {
    method: 'GET',
    path: /^\/items$/,
    handler: (r) => {
      const query = r.ctx.url.searchParams.get('q') ?? '';
      const pageNo = Number.parseInt(r.ctx.url.searchParams.get('page') ?? '1', 10) || 1;
      return page(itemsPage(r.ctx, query, r.app.store.search(query, pageNo), kPageSize));
    },
  },
  { method: 'GET', path: /^\/items\/new$/, handler: (r) => page(itemFormPage(r.ctx, null, kEmptyItem)) },
  {
    method: 'POST',
    path: /^\/items$/,
    handler: async (r) => {
      const values = itemForm(await readForm(r.req));
      const { input, errors } = validateItem(values);
      if (!input) return page(itemFormPage(r.ctx, null, values, errors), 422);
      return redirect(`/items/${r.app.store.create(input).id}?created=1`);
    },
  },
  { method: 'GET', path: /^\/items\/(\d+)$/, handler: (r) => withItem(r, (item) => page(itemPage(r.ctx, item))) },
  {
    method: 'GET',
    path: /^\/items\/(\d+)\/edit$/,
    handler: (r) => withItem(r, (item) => page(itemFormPage(r.ctx, item, formValues(item)))),
  },
  {
    method: 'POST',
    path: /^\/items\/(\d+)$/,
    handler: (r) =>
      withItem(r, async (item) => {
        const values = itemForm(await readForm(r.req));
        const { input, errors } = validateItem(values);
        if (!input) return page(itemFormPage(r.ctx, item, values, errors), 422);
        r.app.store.update(item.id, input);
        return redirect(`/items/${item.id}?saved=1`);
      }),
  },
  {
    method: 'POST',
    path: /^\/items\/(\d+)\/delete$/,
    handler: (r) =>
      withItem(r, (item) => {
        r.app.store.delete(item.id);
        return redirect(`/items?deleted=${encodeURIComponent(item.title)}`);
      }),
  },
  { method: 'GET', path: /^\/items\/(\d+)\/danger$/, handler: (r) => withItem(r, (item) => page(dangerFrame(r.ctx, item))) },
  { method: 'GET', path: /^\/settings$/, handler: (r) => page(settingsPage(r.ctx, settingsValues(r.app.store.profile))) },
  {
    method: 'POST',
    path: /^\/settings$/,
    handler: async (r) => {
      const body = await readForm(r.req);
      const values = settingsForm(body);
      const { profile, errors } = validateSettings(values);
      if (!profile) return page(settingsPage(r.ctx, values, errors), 422);
      const file = body.files.get('avatar');
      const upload = file ? { filename: file.filename, size: file.data.length } : null;
      r.app.store.profile = { ...profile, avatar: upload?.filename ?? r.app.store.profile.avatar };
      return page(settingsSavedPage(r.ctx, r.app.store.profile, upload));
    },
  },
  { method: 'GET', path: /^\/widgets$/, handler: (r) => page(widgetsPage(r.ctx)) },
  { method: 'GET', path: /^\/frame$/, handler: (r) => page(feedbackFrame(r.ctx)) },
  { method: 'GET', path: /^\/help$/, handler: (r) => page(helpPage(r.ctx)) },
];

export type RouteMatch = { route: Route; params: string[] } | { route: null; methodMismatch: boolean };

export function matchRoute(method: string, pathname: string): RouteMatch {
  let methodMismatch = false;
  for (const route of kRoutes) {
    const match = route.path.exec(pathname);
    if (!match) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params: match.slice(1) };
    methodMismatch = true;
  }
  return { route: null, methodMismatch };
}
