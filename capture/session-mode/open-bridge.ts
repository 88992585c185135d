import fs from 'node:fs';
import path from 'node:path';
import { kExtensionDist } from '../../core/package.ts';
import { SessionBridge } from './session-bridge.ts';

/**
 * Starts session mode for one capture: says where the built extension is (the build makes it, the
 * package ships it), listens on 127.0.0.1, prints the token, and waits until the extension connects a tab.
 */

export interface OpenBridgeOptions {
  port: number;
  /** The capture's session id, shown in the popup. */
  sessionId: string;
  /** Default: a fresh random token. */
  token?: string;
  signal: AbortSignal;
  log(message: string): void;
}

export async function openSessionBridge(options: OpenBridgeOptions): Promise<SessionBridge> {
  const dist = fs.existsSync(path.join(kExtensionDist, 'manifest.json')) ? kExtensionDist : null;
  if (!dist) options.log(`session mode: the extension is not built in ${kExtensionDist} (run \`npm run build\` in brow-use's folder); an extension loaded earlier still works`);
  const bridge = await SessionBridge.start({ port: options.port, label: options.sessionId, token: options.token, log: options.log });
  if (dist) options.log(`session mode: the extension to load ("Load unpacked" in chrome://extensions) is ${dist}`);
  options.log(`session mode: waiting for the extension on 127.0.0.1:${bridge.port}: open its popup in the tab to control, paste the token, press "Connect this tab"`);
  options.log(`session token: ${bridge.token}`);
  try {
    await bridge.waitForExtension(options.signal);
    return bridge;
  } catch (err) {
    await bridge.close();
    throw err;
  }
}
