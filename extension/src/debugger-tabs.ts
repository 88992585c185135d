/**
 * The tabs this extension has attached `chrome.debugger` to. Chrome shows its own "is debugging
 * this browser" bar; the action badge says so too while any tab is controlled (a tab's own badge
 * would be reset by every navigation the capture makes).
 */

const kBadge = { text: 'BU', color: '#b3261e', title: 'brow-use is controlling this tab: open this popup to stop it' } as const;

export class DebuggerTabs {
  private readonly attached = new Set<number>();

  has(tabId: number | undefined): boolean {
    return tabId !== undefined && this.attached.has(tabId);
  }

  get size(): number {
    return this.attached.size;
  }

  /** Attaches and answers the tab's CDP TargetInfo (Playwright needs its targetId and browserContextId). */
  async attach(tabId: number): Promise<unknown> {
    if (!this.attached.has(tabId)) {
      await chrome.debugger.attach({ tabId }, '1.3');
      this.attached.add(tabId);
      await showBadge(true);
    }
    const info = (await chrome.debugger.sendCommand({ tabId }, 'Target.getTargetInfo')) as { targetInfo?: unknown } | undefined;
    return info?.targetInfo;
  }

  /** Chrome detached on its own (tab closed, user cancelled the bar): forget the tab. */
  forget(tabId: number): void {
    if (this.attached.delete(tabId) && !this.attached.size) void showBadge(false);
  }

  async detachAll(): Promise<void> {
    const tabs = [...this.attached];
    this.attached.clear();
    await Promise.all(tabs.map((tabId) => chrome.debugger.detach({ tabId }).catch(() => undefined)));
    await showBadge(false);
  }
}

async function showBadge(controlled: boolean): Promise<void> {
  await chrome.action.setBadgeText({ text: controlled ? kBadge.text : '' });
  if (controlled) await chrome.action.setBadgeBackgroundColor({ color: kBadge.color });
  await chrome.action.setTitle({ title: controlled ? kBadge.title : 'brow-use' });
}
