import { expect, test } from '../support/fixtures.ts';
import { isMadeUpId, writtenId } from '../../core/locator/written-id.ts';
import { idRelation, idStem } from '../../locate/text.ts';

test('ids frameworks and builds make up are told from ids a person wrote', () => {
  const madeUp = ['ext-gen48', 'ext-comp-1012', 'mat-input-0', 'mat-mdc-form-field-label-2', 'ui-id-3', 'ember123', 'ember12', 'dijit_form_Button_0', '__BVID__12', 'x-auto-7',
    'react-select-2-input', 'downshift-0-label', ':r1:', '«r1»', 'radix-:r3:', 'headlessui-menu-button-:r5:', 'mui-123', 'email-k3f9a', 'user-1234567', 'a3f9c2d1e0'];
  const written = ['email', 'login-submit', 'dw__login', 'toolbar-open', 'nav_main', 'h2', 'col1', 'edit-form', 'searchInput'];
  for (const id of madeUp) expect(isMadeUpId(id), id).toBe(true);
  for (const id of written) expect(writtenId(id), id).toBe(id);
  expect(writtenId('1st-item')).toBeNull();
  expect(writtenId(null)).toBeNull();
});

test('a counted suffix is no stem: ext-gen48 and ext-gen52, item-12345 and item-67890 are other elements; a hashed one is', () => {
  expect(idStem('ext-gen48')).toBeNull();
  expect(idRelation('ext-gen48', 'ext-gen52')).toBe('different');
  expect(idRelation('item-12345', 'item-67890')).toBe('different');
  expect(idStem('email-k3f9a')).toBe('email');
  expect(idRelation('email-k3f9a', 'email-q8z2m')).toBe('stem');
});
