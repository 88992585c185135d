import { html, raw, type HtmlPart } from '../html.ts';
import type { PageCtx } from './layout.ts';

/**
 * Sidebar content of variant 'decoys': controls with the same role and accessible name as the
 * ones a flow uses, placed before the content, doing something harmless and different.
 */

export type DecoyKind = 'sign-in' | 'search' | 'create' | 'save' | 'delete';

/** Decoy buttons announce what they did in the sidebar's status line, nothing else. */
const kDecoyScript = raw(`<script>
document.querySelectorAll('[data-decoy-message]').forEach((button) => {
  button.addEventListener('click', () => {
    const status = document.getElementById(button.dataset.decoyStatus);
    if (status) status.textContent = button.dataset.decoyMessage;
    const target = button.dataset.decoyRemove && document.getElementById(button.dataset.decoyRemove);
    if (target) target.remove();
  });
});
</script>`);

function decoyButton(ctx: PageCtx, text: string, message: string, extra = ''): HtmlPart {
  return html`<button type="button" class="${ctx.v.cls('btn')}" data-decoy-status="${ctx.v.el('sidebar-status')}" data-decoy-message="${message}"${raw(extra)}>${ctx.v.text(text)}</button>`;
}

function content(ctx: PageCtx, kind: DecoyKind): HtmlPart {
  const { v } = ctx;
  switch (kind) {
    case 'sign-in':
      return html`<h2>Partner portal</h2><p>Resellers use their partner account.</p>
        ${decoyButton(ctx, 'Sign in', 'Partner sign-in is closed for maintenance.')}`;
    case 'search':
      return html`<h2>Help center</h2>
        <form method="get" action="/help" role="search" aria-label="Help">
          <label for="${v.el('help-q')}">Search help</label>
          <input type="search" id="${v.el('help-q')}" name="q">
          <button type="submit" class="${v.cls('btn')}">${v.text('Search')}</button>
        </form>`;
    case 'create':
      return html`<h2>Quick draft</h2><p>Drafts stay on this device.</p>
        ${decoyButton(ctx, 'Create item', 'Draft kept on this device; nothing was created.')}`;
    case 'save':
      return html`<h2>Notes</h2>
        <label for="${v.el('sidebar-note')}">Private note</label>
        <textarea id="${v.el('sidebar-note')}" rows="2"></textarea>
        ${decoyButton(ctx, 'Save', 'Note saved on this device.')}`;
    case 'delete':
      return html`<h2>Comments</h2>
        <div id="${v.el('comment-1')}"><p>“Arrived quickly, works fine.” — Bo</p>
        ${decoyButton(ctx, 'Delete', 'Comment deleted.', ` data-decoy-remove="${v.el('comment-1')}"`)}</div>`;
  }
}

export function decoySidebar(ctx: PageCtx, kind: DecoyKind): HtmlPart {
  if (!ctx.v.has('decoys')) return undefined;
  return html`${content(ctx, kind)}<p role="status" id="${ctx.v.el('sidebar-status')}"></p>${kDecoyScript}`;
}
