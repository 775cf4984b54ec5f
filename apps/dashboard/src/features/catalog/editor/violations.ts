/**
 * The server's refusals of a product write, in the editor's words: each field violation of the
 * envelope (`product.variantsInfo.variants.3.price.actualPrice.amount`) goes to the control that
 * holds the value (`price-3`); business errors (a taken slug, handle or SKU, a revision that moved) get a
 * sentence saying what to do.
 */
import { errorCode, isVitrineError } from '@vitrine/sdk';
import { describeError } from '../../../app/errors.ts';
import { fieldId } from './draft.ts';

const VARIANT_FIELDS: [RegExp, string][] = [
  [/^price\.actualPrice/, 'price'],
  [/^price\.compareAtPrice/, 'compareAt'],
  [/^sku/, 'sku'],
  [/^physicalProperties/, 'weight'],
  [/^inventoryItem/, 'quantity'],
];

/** The control a violated field belongs to (`name`, `price-3`, …), or undefined. */
export function controlOf(field: string): string | undefined {
  const f = field.replace(/^product\./, '');
  if (f === 'name' || f === 'slug' || f === 'handle') return f;
  if (f.startsWith('plainDescription')) return 'description';
  if (f.startsWith('media')) return 'images';
  if (f.startsWith('directCategoriesInfo')) return 'categories';
  let m = /^options\.(\d+)\.name/.exec(f);
  if (m) return fieldId('option', Number(m[1]));
  m = /^options\.(\d+)\./.exec(f);
  if (m) return fieldId('choices', Number(m[1]));
  m = /^variantsInfo\.variants\.(\d+)\.(.*)$/.exec(f);
  if (m) {
    const hit = VARIANT_FIELDS.find(([re]) => re.test(m![2]!));
    return hit ? fieldId(hit[1], Number(m[1])) : 'variants';
  }
  return f.startsWith('variantsInfo') || f.startsWith('options') ? 'variants' : undefined;
}

const codes: Record<string, string> = {
  REVISION_MISMATCH:
    'Someone else saved this product while you were editing it. Reload the page to see their changes (yours will be lost), then make yours again.',
  DUPLICATE_SLUG_ERROR: 'Another product already has this URL name: choose another one.',
  DUPLICATE_HANDLE_ERROR: 'Another product already has this handle: choose another one.',
  SKU_ALREADY_EXIST_ERROR: 'A variant of another product already has one of these SKUs.',
  PRODUCT_NOT_FOUND: 'This product no longer exists (it was deleted).',
};

export interface EditorError {
  message: string;
  /** Messages by control id. */
  fields: Record<string, string>;
}

export function editorError(e: unknown): EditorError {
  const violations = isVitrineError(e) ? (e.details.validationError?.fieldViolations ?? []) : [];
  if (violations.length) {
    const fields: Record<string, string> = {};
    for (const v of violations) {
      const id = controlOf(v.field);
      if (id && !fields[id])
        fields[id] = v.description.charAt(0).toUpperCase() + v.description.slice(1) + '.';
    }
    return { message: 'The store refused some values: see the fields marked below.', fields };
  }
  const code = String(errorCode(e) ?? '');
  if (code === 'DUPLICATE_SLUG_ERROR') return { message: codes[code]!, fields: { slug: 'Already taken.' } };
  if (code === 'DUPLICATE_HANDLE_ERROR')
    return { message: codes[code]!, fields: { handle: 'Already taken.' } };
  return { message: codes[code] ?? describeError(e).message, fields: {} };
}
