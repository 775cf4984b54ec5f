import { VitrineError } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import {
  draftProblems,
  instructionsPreview,
  methodViolations,
  withAdded,
  withEdited,
  withMoved,
  without,
} from './methods.ts';

const bank = { id: 'a', name: 'Bank transfer', instructions: 'IBAN DE00\nReference: your order number' };
const cash = { id: 'b', name: 'Cash on delivery', instructions: '' };
const cheque = { id: 'c', name: 'Cheque', instructions: 'To Olive & Co' };
const list = [bank, cash, cheque];

const refused = (...fields: [string, string][]) =>
  new VitrineError('refused', {
    status: 400,
    requestId: undefined,
    details: {
      requestId: undefined,
      validationError: {
        fieldViolations: fields.map(([field, description]) => ({
          field,
          description,
          violatedRule: 'VALIDATION',
        })),
      },
    },
  });

describe('the list sent', () => {
  it('adds a new method at the end, without an id', () => {
    expect(withAdded(list, { name: 'PayPal', instructions: 'x' })).toEqual([
      bank,
      cash,
      cheque,
      { name: 'PayPal', instructions: 'x' },
    ]);
  });

  it('changes a method in its place and keeps the others', () => {
    expect(withEdited(list, 'b', { name: 'Cash', instructions: 'Exact change' })).toEqual([
      bank,
      { id: 'b', name: 'Cash', instructions: 'Exact change' },
      cheque,
    ]);
  });

  it('leaves out a removed method', () => {
    expect(without(list, 'b')).toEqual([bank, cheque]);
  });

  it('moves a method one place up or down, and not past either end', () => {
    expect(withMoved(list, 'b', -1).map((m) => m.id)).toEqual(['b', 'a', 'c']);
    expect(withMoved(list, 'b', 1).map((m) => m.id)).toEqual(['a', 'c', 'b']);
    expect(withMoved(list, 'a', -1).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(withMoved(list, 'c', 1).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(withMoved(list, 'zz', 1).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not change the list shown', () => {
    withMoved(list, 'b', -1);
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('draftProblems', () => {
  it('wants a name of at most 60 characters', () => {
    expect(draftProblems({ name: '', instructions: '' }, list).name).toMatch(/^Name the method/);
    expect(draftProblems({ name: 'x'.repeat(61), instructions: '' }, list).name).toBe(
      'At most 60 characters.',
    );
    expect(draftProblems({ name: 'x'.repeat(60), instructions: '' }, list)).toEqual({});
  });

  it("refuses another method's name whatever its case, but not the edited method's own", () => {
    expect(draftProblems({ name: 'bank TRANSFER', instructions: '' }, list).name).toMatch(/^Another method/);
    expect(draftProblems({ name: 'bank transfer', instructions: '' }, list, 'a')).toEqual({});
    expect(draftProblems({ name: 'Cheque', instructions: '' }, list, 'a').name).toMatch(/^Another method/);
  });

  it('takes instructions up to 2000 characters', () => {
    expect(draftProblems({ name: 'PayPal', instructions: 'x'.repeat(2000) }, list)).toEqual({});
    expect(draftProblems({ name: 'PayPal', instructions: 'x'.repeat(2001) }, list).instructions).toBe(
      'At most 2000 characters.',
    );
  });
});

describe('instructionsPreview', () => {
  it('keeps the first lines that have text, and says whether there is more', () => {
    expect(instructionsPreview('IBAN DE00\n\n  BIC X  \nReference: order')).toEqual({
      text: 'IBAN DE00\nBIC X',
      more: true,
    });
    expect(instructionsPreview('One line')).toEqual({ text: 'One line', more: false });
    expect(instructionsPreview('a\r\nb')).toEqual({ text: 'a\nb', more: false });
    expect(instructionsPreview('')).toEqual({ text: '', more: false });
  });
});

describe('methodViolations', () => {
  it("takes the violations of the method at the index, in either of the server's spellings", () => {
    const e = refused(
      ['settings.manualPaymentMethods[1].name', 'is already the name of another method'],
      ['settings.manualPaymentMethods.1.instructions', 'must be at most 2000 characters'],
      ['settings.manualPaymentMethods.0.name', 'must not be empty'],
    );
    expect(methodViolations(e, 1)).toEqual({
      name: 'Is already the name of another method.',
      instructions: 'Must be at most 2000 characters.',
    });
    expect(methodViolations(e, 0)).toEqual({ name: 'Must not be empty.' });
    expect(methodViolations(e, 2)).toEqual({});
  });

  it('ignores other fields and other errors', () => {
    expect(methodViolations(refused(['settings.storeName', 'too long']), 0)).toEqual({});
    expect(methodViolations(new Error('network'), 0)).toEqual({});
    expect(methodViolations(undefined, 0)).toEqual({});
  });
});
