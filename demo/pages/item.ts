import { html, type HtmlPart } from '../html.ts';
import { kCategories, type Item, type ItemInput } from '../store.ts';
import { decoySidebar } from './decoys.ts';
import { actions, button, formError, input, select, textarea } from './forms.ts';
import { flash, framePage, layout, type PageCtx } from './layout.ts';
import { formatPrice } from './items.ts';

/** One item: its detail page, the create and edit forms, and the Delete control. */

export interface ItemFormValues {
  title: string;
  category: string;
  price: string;
  stock: string;
  description: string;
}

export type ItemErrors = Partial<Record<keyof ItemFormValues, string>>;

export const kEmptyItem: ItemFormValues = { title: '', category: kCategories[0], price: '', stock: '0', description: '' };

export function formValues(item: Item): ItemFormValues {
  return {
    title: item.title,
    category: item.category,
    price: item.price.toFixed(2),
    stock: String(item.stock),
    description: item.description,
  };
}

export function validateItem(values: ItemFormValues): { input?: ItemInput; errors: ItemErrors } {
  const errors: ItemErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Enter a title';
  else if (title.length > 80) errors.title = 'Keep the title under 80 characters';
  if (!(kCategories as readonly string[]).includes(values.category)) errors.category = 'Choose a category';
  const price = values.price.trim() === '' ? 0 : Number(values.price);
  if (!Number.isFinite(price) || price < 0) errors.price = 'Enter a price of 0 or more';
  const stock = Number(values.stock || '0');
  if (!Number.isInteger(stock) || stock < 0) errors.stock = 'Enter a whole number of 0 or more';
  if (Object.keys(errors).length) return { errors };
  return { errors, input: { title, category: values.category, price, stock, description: values.description.trim() } };
}

/** The Delete form; `data-confirm` makes the page ask `window.confirm` first. */
function deleteForm(ctx: PageCtx, item: Item, target?: string): HtmlPart {
  const { v } = ctx;
  return html`<form method="post" action="/items/${item.id}/delete"${target ? html` target="${target}"` : ''} data-confirm="Delete “${item.title}”? This cannot be undone.">
    ${button(v, 'Delete', { id: 'delete-item', testId: 'delete-item', kind: 'danger' })}
  </form>`;
}

export function itemPage(ctx: PageCtx, item: Item): string {
  const { v } = ctx;
  const notice = ctx.url.searchParams.has('created') ? 'Item created' : ctx.url.searchParams.has('saved') ? 'Changes saved' : null;
  const edit = html`<a href="/items/${item.id}/edit" id="${v.el('edit-item')}" class="${v.cls('btn')}"${v.testId('edit-item')}>${v.text('Edit')}</a>`;
  const del = v.has('relocated')
    ? html`<iframe src="/items/${item.id}/danger" title="Danger zone" id="${v.el('danger-frame')}" style="border:0;height:3.2rem;width:14rem"></iframe>`
    : deleteForm(ctx, item);
  const body = html`${flash(ctx, notice)}
    <p><a href="/items">Back to items</a></p>
    <h1${v.testId('item-title')}>${item.title}</h1>
    ${v.wrap(html`<dl class="${v.cls('card')}" id="${v.el('item-details')}">
      <dt>ID</dt><dd>${item.id}</dd>
      <dt>Category</dt><dd>${item.category}</dd>
      <dt>Price</dt><dd>${formatPrice(item.price)}</dd>
      <dt>In stock</dt><dd>${item.stock}</dd>
      <dt>Description</dt><dd>${item.description || '—'}</dd>
    </dl>`)}
    ${actions(v, v.order([edit, del]))}`;
  return layout(ctx, { title: item.title, body, sidebar: decoySidebar(ctx, 'delete') });
}

/** Variant 'relocated': the Delete button alone in a same-origin frame, submitting to the top page. */
export function dangerFrame(ctx: PageCtx, item: Item): string {
  return framePage(ctx, `Delete ${item.title}`, deleteForm(ctx, item, '_top'));
}

export function itemFormPage(ctx: PageCtx, item: Item | null, values: ItemFormValues, errors: ItemErrors = {}): string {
  const { v } = ctx;
  const title = item ? `Edit “${item.title}”` : 'New item';
  const fields = v.order([
    input(v, 'text', { name: 'title', id: 'item-title', label: 'Title', value: values.title, testId: 'item-title-input', error: errors.title, attrs: 'required maxlength="80"' }),
    select(v, kCategories, { name: 'category', id: 'item-category', label: 'Category', value: values.category, error: errors.category }),
    input(v, 'number', { name: 'price', id: 'item-price', label: 'Price', value: values.price, error: errors.price, attrs: 'min="0" step="0.01"' }),
    input(v, 'number', { name: 'stock', id: 'item-stock', label: 'In stock', value: values.stock, error: errors.stock, attrs: 'min="0" step="1"' }),
    textarea(v, { name: 'description', id: 'item-description', label: 'Description', value: values.description }),
  ]);
  const submit = item
    ? button(v, 'Save', { id: 'item-save', testId: 'item-save', kind: 'primary' })
    : button(v, 'Create item', { id: 'item-create', testId: 'create-submit', kind: 'primary' });
  const cancel = html`<a href="${item ? `/items/${item.id}` : '/items'}">Cancel</a>`;
  const hasErrors = Object.keys(errors).length > 0;
  const body = html`<h1>${title}</h1>
    ${formError(v, hasErrors ? 'Fix the errors below and try again' : undefined, 'item-form-error')}
    <form method="post" action="${item ? `/items/${item.id}` : '/items'}" id="${v.el('item-form')}" class="${v.cls('card')}" novalidate>
      ${fields}
      ${actions(v, [submit, cancel])}
    </form>`;
  return layout(ctx, { title, body, sidebar: decoySidebar(ctx, item ? 'save' : 'create') });
}
