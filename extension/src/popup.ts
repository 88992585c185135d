import { kDefaultSessionPort } from '../../capture/session-mode/protocol.ts';
import type { PopupRequest, SessionStatus } from './status.ts';

/** The popup: token and port (kept in chrome.storage.local), Connect this tab, Stop, and the status line. */

const token = document.querySelector<HTMLInputElement>('#token')!;
const port = document.querySelector<HTMLInputElement>('#port')!;
const connectButton = document.querySelector<HTMLButtonElement>('#connect')!;
const stopButton = document.querySelector<HTMLButtonElement>('#stop')!;
const statusLine = document.querySelector<HTMLElement>('#status')!;

function show(status: SessionStatus): void {
  statusLine.textContent = status.message;
  statusLine.dataset.state = status.state;
  const busy = status.state === 'connecting' || status.state === 'connected';
  connectButton.disabled = busy;
  stopButton.disabled = !busy;
}

function ask(request: PopupRequest): Promise<SessionStatus> {
  return chrome.runtime.sendMessage<SessionStatus>(request);
}

async function activeTabId(): Promise<number | undefined> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

connectButton.addEventListener('click', async () => {
  const portNumber = Number(port.value) || kDefaultSessionPort;
  await chrome.storage.local.set({ token: token.value.trim(), port: portNumber });
  show({ state: 'connecting', message: `connecting to 127.0.0.1:${portNumber} …` });
  show(await ask({ type: 'connect', tabId: await activeTabId() }));
});

stopButton.addEventListener('click', async () => show(await ask({ type: 'stop' })));

const stored = await chrome.storage.local.get(['token', 'port']);
token.value = typeof stored.token === 'string' ? stored.token : '';
port.value = String(typeof stored.port === 'number' ? stored.port : kDefaultSessionPort);
show(await ask({ type: 'status' }));
