import path from 'node:path';
import type { BrowserContext } from 'playwright';
import { z } from 'zod';
import { startDemoServer } from '../demo/server.ts';
import { kUser } from '../demo/store.ts';
import { runCli } from './cli.ts';

/** Recording demo flows with `bu capture script`, and checking what a replay did to the app. */

export const kRepo = path.resolve(import.meta.dirname, '..');
export const kPlans = {
  items: path.join(import.meta.dirname, 'plans', 'demo-items.json'),
  settings: path.join(import.meta.dirname, 'plans', 'demo-settings.json'),
} as const;
export type FlowName = keyof typeof kPlans;

const CaptureResult = z.looseObject({ sessionId: z.string(), artifacts: z.looseObject({ history: z.string() }) });

/** Records a plan on a fresh baseline demo server through the CLI; returns the history file. */
export async function captureFlow(flow: FlowName, outputDir: string): Promise<string> {
  const server = await startDemoServer({ port: 0, variant: 0 });
  try {
    const captured = await runCli(['capture', 'script', '--url', server.url, '--plan', kPlans[flow], '--secret', 'password', '--json'], {
      cwd: kRepo,
      env: { BU_OUTPUT: outputDir, BU_SECRET_password: kUser.password },
      timeoutMs: 240_000,
    });
    if (captured.code !== 0) throw new Error(`bu capture script of the ${flow} flow exited ${captured.code}:\n${captured.stderr}`);
    return CaptureResult.parse(captured.json).artifacts.history;
  } finally {
    await server.close();
  }
}

/**
 * Counts actions on decoys: clicks inside the sidebar landmark or on `data-decoy-message` buttons,
 * and submits of forms in the sidebar. Any count above zero is a wrong-element action.
 */
export async function watchDecoys(context: BrowserContext): Promise<() => number> {
  let hits = 0;
  await context.exposeBinding('__buDecoyHit', () => void hits++);
  await context.addInitScript(() => {
    const isDecoy = (el: EventTarget | null) => el instanceof Element && !!el.closest('aside, [data-decoy-message]');
    document.addEventListener('click', (e) => { if (isDecoy(e.target)) (window as unknown as { __buDecoyHit(): void }).__buDecoyHit(); }, true);
    document.addEventListener('submit', (e) => { if (isDecoy(e.target)) (window as unknown as { __buDecoyHit(): void }).__buDecoyHit(); }, true);
  });
  return () => hits;
}

/** Signs in over HTTP and reads a page of the app, to check its state after a replay. */
export async function appPage(base: string, pathname: string): Promise<string> {
  const login = await fetch(new URL('/login', base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: kUser.email, password: kUser.password, next: '/' }).toString(),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (await fetch(new URL(pathname, base), { headers: { cookie } })).text();
}

/** Whether the app is in the state the flow leaves it in (so no step acted on something else). */
export async function flowDone(flow: FlowName, base: string): Promise<boolean> {
  switch (flow) {
    case 'items': {
      const list = await appPage(base, '/items?q=Kettle');
      return list.includes('No items match') && (await appPage(base, '/items')).includes('of 45 items');
    }
    case 'settings': {
      const settings = await appPage(base, '/settings');
      return settings.includes('value="Ann E."') && /<option value="Sweden" selected>/.test(settings) && /name="newsletter"[^>]*checked/.test(settings);
    }
  }
}
