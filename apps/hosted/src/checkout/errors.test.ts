import { errorFromAnswer } from '@vitrine/sdk';
import { describe as group, expect, it } from 'vitest';
import { describe, splitFields } from './errors.ts';

/** The server's answer to a checkout update whose billing and delivery postcodes are both too long. */
const refused = errorFromAnswer({
  status: 400,
  statusText: 'Bad Request',
  requestId: undefined,
  body: {
    message: 'invalid request',
    details: {
      validationError: {
        fieldViolations: [
          {
            field: 'checkout.billingInfo.address.postalCode',
            description: 'Too big: expected string to have <=20 characters',
            violatedRule: 'MAX_LENGTH',
          },
          {
            field: 'checkout.shippingInfo.shippingDestination.address.postalCode',
            description: 'Enter a ZIP code like 12345.',
            violatedRule: 'FORMAT',
          },
        ],
      },
    },
  },
});

group('field messages of a refused checkout update', () => {
  it('puts each under its own group: the billing address apart from the delivery address', () => {
    const d = describe(refused);
    expect(d.message).toBe('Please check the highlighted fields.');
    expect(splitFields(d, 'billingInfo')).toEqual({
      inPart: { postalCode: 'Too big: expected string to have <=20 characters' },
      rest: { postalCode: 'Enter a ZIP code like 12345.' },
    });
  });

  it('has no fields for a failure that is not the API’s', () => {
    expect(splitFields(describe(new Error('offline')), 'billingInfo')).toEqual({ inPart: {}, rest: {} });
  });
});
