import { html, raw, type HtmlPart } from '../html.ts';
import { framePage, layout, type PageCtx } from './layout.ts';

/**
 * Widgets real apps have: a modal dialog, a click-to-open menu, a same-origin iframe, an open
 * shadow-DOM custom element, a client-side list, and a link that opens a new tab.
 */

const kWidgetScript = raw(`<script>
(() => {
  const dialog = document.querySelector('dialog');
  document.querySelector('[data-open-dialog]').addEventListener('click', () => dialog.showModal());
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'send') {
      const email = dialog.querySelector('input').value || 'nobody';
      document.querySelector('[data-invite-status]').textContent = 'Invitation sent to ' + email;
    }
    dialog.querySelector('input').value = '';
  });

  const menuButton = document.querySelector('[aria-haspopup="menu"]');
  const menu = document.getElementById(menuButton.getAttribute('aria-controls'));
  const items = [...menu.querySelectorAll('[role="menuitem"]')];
  const setOpen = (open) => {
    menu.hidden = !open;
    menuButton.setAttribute('aria-expanded', String(open));
    if (open) items[0].focus();
  };
  menuButton.addEventListener('click', () => setOpen(menu.hidden));
  items.forEach((item, i) => {
    item.addEventListener('click', () => {
      document.querySelector('[data-menu-status]').textContent = item.textContent.trim() + ' done';
      setOpen(false);
      menuButton.focus();
    });
    item.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown') items[(i + 1) % items.length].focus();
      if (event.key === 'ArrowUp') items[(i + items.length - 1) % items.length].focus();
      if (event.key === 'Escape') { setOpen(false); menuButton.focus(); }
    });
  });
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !menu.contains(event.target) && event.target !== menuButton) setOpen(false);
  });

  const list = document.querySelector('[data-entries]');
  const count = document.querySelector('[data-entry-count]');
  const newEntry = document.querySelector('[data-new-entry]');
  const render = () => {
    const n = list.children.length;
    count.textContent = n === 1 ? '1 entry' : n + ' entries';
  };
  const add = (text) => {
    const li = document.createElement('li');
    li.append(text + ' ');
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', 'Remove ' + text);
    remove.addEventListener('click', () => { li.remove(); render(); });
    li.append(remove);
    list.append(li);
    render();
  };
  ['Milk', 'Bread'].forEach(add);
  document.querySelector('[data-entry-form]').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = newEntry.value.trim();
    if (text) add(text);
    newEntry.value = '';
  });

  class QuantityPicker extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<style>:host{display:inline-block;border:1px solid #889;padding:.5rem;border-radius:6px}</style>'
        + '<label for="qty">Quantity</label> <input id="qty" type="number" min="1" value="1" style="width:4rem"> '
        + '<button type="button" data-step="-1">Decrease</button> <button type="button" data-step="1">Increase</button> '
        + '<button type="button" data-add>Add to cart</button><p role="status" data-cart></p>';
      const qty = root.querySelector('input');
      root.querySelectorAll('[data-step]').forEach((b) => b.addEventListener('click', () => {
        qty.value = String(Math.max(1, Number(qty.value || 1) + Number(b.dataset.step)));
      }));
      root.querySelector('[data-add]').addEventListener('click', () => {
        root.querySelector('[data-cart]').textContent = 'Added ' + qty.value + ' to cart';
      });
    }
  }
  customElements.define('quantity-picker', QuantityPicker);
})();
</script>`);

export function widgetsPage(ctx: PageCtx): string {
  const { v } = ctx;
  const section = (id: string, title: string, content: HtmlPart) =>
    html`<section aria-labelledby="${v.el(id)}" class="${v.cls('card')}"><h2 id="${v.el(id)}">${title}</h2>${content}</section>`;
  const body = html`<h1>Widgets</h1>
    ${section('dialog-h', 'Team', html`
      <button type="button" class="${v.cls('btn')}" data-open-dialog aria-haspopup="dialog"${v.testId('open-dialog')}>Invite a teammate</button>
      <p role="status" data-invite-status></p>
      <dialog aria-labelledby="${v.el('invite-title')}"${v.testId('invite-dialog')}>
        <form method="dialog">
          <h2 id="${v.el('invite-title')}">Invite a teammate</h2>
          <label for="${v.el('invite-email')}">Teammate email</label>
          <input type="email" id="${v.el('invite-email')}" name="invite-email">
          <div class="${v.cls('actions')}">
            <button type="submit" value="send" class="${v.cls('btn', 'btn-primary')}">Send invite</button>
            <button type="submit" value="cancel" class="${v.cls('btn')}">Close</button>
          </div>
        </form>
      </dialog>`)}
    ${section('menu-h', 'Bulk actions', html`
      <button type="button" class="${v.cls('btn')}" aria-haspopup="menu" aria-expanded="false" aria-controls="${v.el('actions-menu')}"${v.testId('menu-button')}>Actions</button>
      <ul role="menu" id="${v.el('actions-menu')}" aria-label="Actions" hidden>
        <li role="none"><button type="button" role="menuitem">Duplicate</button></li>
        <li role="none"><button type="button" role="menuitem">Archive</button></li>
        <li role="none"><button type="button" role="menuitem">Export CSV</button></li>
      </ul>
      <p role="status" data-menu-status></p>`)}
    ${section('frame-h', 'Feedback', html`
      <iframe src="/frame" title="Feedback form" style="border:1px solid #dde;width:100%;height:11rem"${v.testId('feedback-frame')}></iframe>`)}
    ${section('shadow-h', 'Order', html`<quantity-picker${v.testId('quantity-picker')}></quantity-picker>`)}
    ${section('list-h', 'Shopping list', html`
      <form data-entry-form>
        <label for="${v.el('new-entry')}">New entry</label>
        <input type="text" id="${v.el('new-entry')}" data-new-entry>
        <button type="submit" class="${v.cls('btn')}">Add entry</button>
      </form>
      <p data-entry-count aria-live="polite"></p>
      <ul data-entries${v.testId('entries')}></ul>`)}
    ${section('tab-h', 'Help', html`<p><a href="/help" target="_blank" rel="noopener">Open help in a new tab</a></p>`)}
    ${kWidgetScript}`;
  return layout(ctx, { title: 'Widgets', body });
}

const kFrameScript = raw(`<script>
document.querySelector('form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = document.querySelector('textarea').value.trim();
  document.querySelector('[role="status"]').textContent = text ? 'Thanks for your feedback: ' + text : 'Write something first';
});
const like = document.querySelector('[aria-pressed]');
like.addEventListener('click', () => like.setAttribute('aria-pressed', String(like.getAttribute('aria-pressed') !== 'true')));
</script>`);

/** The page inside the widgets page's iframe. */
export function feedbackFrame(ctx: PageCtx): string {
  const { v } = ctx;
  return framePage(
    ctx,
    'Feedback',
    html`<form class="${v.cls('card')}">
      <label for="${v.el('feedback')}">Your feedback</label>
      <textarea id="${v.el('feedback')}" rows="2"></textarea>
      <div class="${v.cls('actions')}">
        <button type="submit" class="${v.cls('btn', 'btn-primary')}">Send feedback</button>
        <button type="button" class="${v.cls('btn')}" aria-pressed="false">Like</button>
      </div>
      <p role="status"></p>
    </form>${kFrameScript}`,
  );
}
