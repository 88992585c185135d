/**
 * What an action asked the app's server to change, as a history records it (the step's `sends`):
 * each request to the page's own origin as `METHOD /path`, each once, in the order sent. Capture
 * writes it; replay reads the same of its own run beside it. Pure.
 */
export function sentToApp(sent: readonly { method: string; url: string }[], pageUrl: string): string[] {
  const origin = URL.canParse(pageUrl) ? new URL(pageUrl).origin : null;
  const out = new Set<string>();
  for (const { method, url } of sent) {
    if (!URL.canParse(url)) continue;
    const parsed = new URL(url);
    if (parsed.origin === origin) out.add(`${method} ${parsed.pathname}`);
  }
  return [...out];
}
