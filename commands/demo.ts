import { UsageError } from '../core/errors.ts';
import { runDemoJob } from '../demo/main-job.ts';
import { startDemoServer, type DemoServer } from '../demo/server.ts';
import { kVariants, parseVariant } from '../demo/variants.ts';
import type { CommandDef } from './command.ts';

function parsePort(text: unknown): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text) || port > 65535) {
    throw new UsageError(`--port ${String(text)} is not a port number`, 'pass a number from 1 to 65535, or leave --port out for a free port');
  }
  return port;
}

function parseVariantOption(text: unknown): number {
  if (text === undefined) return 0;
  const variant = parseVariant(String(text));
  if (variant === undefined) {
    throw new UsageError(`--variant ${String(text)} is not a demo variant`, `use one of ${kVariants.map((v) => `${v.id} (${v.name})`).join(', ')}`);
  }
  return variant;
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export const demoCommand: CommandDef = {
  name: 'demo',
  summary: 'the main job on the bundled demo app: capture, extract, generate, run the generated tests, replay, report',
  options: [{ flags: '--port <n>', description: 'port for the demo app (default: a free one)' }],
  json: true,
  async run(ctx, _args, options) {
    return runDemoJob({ ctx, port: parsePort(options.port) });
  },
  subcommands: [
    {
      name: 'serve',
      summary: 'only serve the demo app on 127.0.0.1 and print its URL; runs until Ctrl-C',
      options: [
        { flags: '--port <n>', description: 'port to listen on (default: a free one)' },
        { flags: '--variant <n>', description: `DOM variant, 0 = baseline (${kVariants.map((v) => `${v.id} ${v.name}`).join(', ')})` },
      ],
      async run(ctx, _args, options) {
        const port = parsePort(options.port);
        const variant = parseVariantOption(options.variant);
        let server: DemoServer;
        try {
          server = await startDemoServer({ port, variant });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
            throw new UsageError(`port ${port} is already in use`, 'pick another with --port, or leave --port out for a free one');
          }
          throw err;
        }
        ctx.print(server.url);
        ctx.log(`demo app (variant ${variant}) listening at ${server.url}; sign in as ann@example.com / correct-horse; Ctrl-C stops it`);
        await waitForAbort(ctx.signal);
        await server.close();
        ctx.log('demo app stopped');
        return 0;
      },
    },
  ],
};
