import { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import { startDemoServer, type DemoServer } from '../demo/server.ts';
import { kVariants, parseVariant } from '../demo/variants.ts';
import { defineCommand } from './command.ts';
import { DemoResult, runDemoJob } from './demo-job.ts';
import { cliField } from './field-meta.ts';

const kPortMessage = 'is not a port number: pass a number from 1 to 65535, or leave --port out for a free port';

function port(description: string) {
  return z.number().int(kPortMessage).min(0, kPortMessage).max(65535, kPortMessage).default(0).register(cliField, { description });
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export const DemoServeInput = z.object({
  port: port('port to listen on (default: a free one)'),
  variant: z.number()
    .refine((value) => parseVariant(String(value)) !== undefined, `is not a demo variant: use one of ${kVariants.map((v) => `${v.id} (${v.name})`).join(', ')}`)
    .default(0)
    .register(cliField, { description: `DOM variant, 0 = baseline (${kVariants.map((v) => `${v.id} ${v.name}`).join(', ')})` }),
});

const serveCommand = defineCommand({
  name: 'serve',
  summary: 'only serve the demo app on 127.0.0.1 and print its URL; runs until Ctrl-C',
  input: DemoServeInput,
  async run(ctx, { port, variant }) {
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
    return { code: 0, result: undefined };
  },
});

export const DemoInput = z.object({ port: port('port for the demo app (default: a free one)') });

export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'the main job on the bundled demo app: capture, extract, generate, run the generated tests, replay, report',
  input: DemoInput,
  result: DemoResult,
  run(ctx, { port }) {
    return runDemoJob({ ctx, port });
  },
  subcommands: [serveCommand],
});
