/**
 * The store's manual payment methods as the Payments page changes them. The store settings take the
 * whole list at once, in order (a new method without `id`, a method left out removed), so every
 * change is a new list made here from the one shown, and sent from the settings' revision.
 */
import type {
  ManualPaymentMethod,
  ManualPaymentMethodInput,
  MAX_MANUAL_PAYMENT_METHODS,
} from '@vitrine/contract';
import { isVitrineError } from '@vitrine/sdk';

/** At most this many methods (the contract's `MAX_MANUAL_PAYMENT_METHODS`: its type keeps them equal). */
export const MAX_METHODS: typeof MAX_MANUAL_PAYMENT_METHODS = 5;
export const MAX_NAME = 60;
export const MAX_INSTRUCTIONS = 2000;

export interface MethodDraft {
  name: string;
  instructions: string;
}
export type MethodField = keyof MethodDraft;

const asInput = (m: ManualPaymentMethod): ManualPaymentMethodInput => ({
  id: m.id,
  name: m.name,
  instructions: m.instructions,
});

/** The list with a new method at its end (the server gives it an id). */
export const withAdded = (list: readonly ManualPaymentMethod[], draft: MethodDraft) => [
  ...list.map(asInput),
  { name: draft.name, instructions: draft.instructions },
];

/** The list with method `id` changed in its place. */
export const withEdited = (list: readonly ManualPaymentMethod[], id: string, draft: MethodDraft) =>
  list.map((m) => (m.id === id ? { id, name: draft.name, instructions: draft.instructions } : asInput(m)));

/** The list without method `id`. */
export const without = (list: readonly ManualPaymentMethod[], id: string) =>
  list.filter((m) => m.id !== id).map(asInput);

/** The list with method `id` one place earlier (-1) or later (1); unchanged at either end. */
export function withMoved(
  list: readonly ManualPaymentMethod[],
  id: string,
  by: -1 | 1,
): ManualPaymentMethodInput[] {
  const out = list.map(asInput);
  const i = out.findIndex((m) => m.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** A method's form, trimmed as the server stores it. */
export const draftOf = (form: FormData): MethodDraft => ({
  name: String(form.get('name') ?? '').trim(),
  instructions: String(form.get('instructions') ?? '').trim(),
});

/**
 * What is wrong with a draft before it is sent, by field: a name is needed, at most 60 characters,
 * and not another method's (ignoring case, as the server compares them; `id`: the one edited).
 */
export function draftProblems(
  draft: MethodDraft,
  list: readonly ManualPaymentMethod[],
  id?: string,
): Partial<Record<MethodField, string>> {
  const out: Partial<Record<MethodField, string>> = {};
  const key = draft.name.toLocaleLowerCase();
  if (!draft.name) out.name = 'Name the method, such as Bank transfer; buyers choose it by this name.';
  else if (draft.name.length > MAX_NAME) out.name = `At most ${MAX_NAME} characters.`;
  else if (list.some((m) => m.id !== id && m.name.toLocaleLowerCase() === key))
    out.name = 'Another method has this name: buyers tell them apart by name.';
  if (draft.instructions.length > MAX_INSTRUCTIONS)
    out.instructions = `At most ${MAX_INSTRUCTIONS} characters.`;
  return out;
}

/** The first `lines` lines of the instructions that have text, and whether there is more. */
export function instructionsPreview(text: string, lines = 2): { text: string; more: boolean } {
  const all = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return { text: all.slice(0, lines).join('\n'), more: all.length > lines };
}

const VIOLATION = /(?:^|\.)manualPaymentMethods(?:\[(\d+)\]|\.(\d+))\.(name|instructions)$/;

/**
 * The server's field violations of the method at `index` of the list sent, by field, in a sentence
 * (`settings.manualPaymentMethods[2].name` or `settings.manualPaymentMethods.2.name` →
 * `{ name: 'Is already the name of another method.' }`).
 */
export function methodViolations(e: unknown, index: number): Partial<Record<MethodField, string>> {
  const out: Partial<Record<MethodField, string>> = {};
  for (const v of isVitrineError(e) ? (e.details.validationError?.fieldViolations ?? []) : []) {
    const m = VIOLATION.exec(v.field);
    if (!m || Number(m[1] ?? m[2]) !== index) continue;
    const field = m[3] as MethodField;
    out[field] ??= v.description.charAt(0).toUpperCase() + v.description.slice(1) + '.';
  }
  return out;
}
