import { z } from 'zod';
import type { ExtensionMessage as ExtensionMessageType } from './protocol.ts';

/** Schemas for what the extension sends (everything read from the socket is parsed, never cast). */

const Debuggee = z.object({ tabId: z.number().int(), sessionId: z.string().optional() });

export const ExtensionMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.number().int(),
    token: z.string(),
    userAgent: z.string(),
    tab: z.object({ id: z.number().int(), url: z.string(), title: z.string() }),
  }),
  z.object({ type: z.literal('response'), id: z.number().int(), result: z.unknown().optional(), error: z.string().optional() }),
  z.object({ type: z.literal('cdp-event'), source: Debuggee, method: z.string(), params: z.unknown().optional() }),
  z.object({ type: z.literal('detached'), tabId: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('tab-opened'), tabId: z.number().int() }),
  z.object({ type: z.literal('stop'), reason: z.string() }),
  z.object({ type: z.literal('ping') }),
]) satisfies z.ZodType<ExtensionMessageType>;

/** A command from Playwright's CDP client (the relay answers or forwards it). */
export const CdpCommand = z.object({
  id: z.number().int(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  sessionId: z.string().optional(),
});
export type CdpCommand = z.infer<typeof CdpCommand>;

/** Parses one text frame; null when it is not JSON or not a known message. */
export function parseFrame<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
