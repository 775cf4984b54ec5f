import { describe, expect, it } from 'vitest';
import { addressLines, addressText } from './address.ts';

describe('addressLines', () => {
  it('keeps the apartment, the state and the recipient, and names the country', () => {
    expect(
      addressLines(
        {
          addressLine: '1 Elm Street',
          addressLine2: 'Apt 4B',
          city: 'Austin',
          postalCode: '73301',
          subdivision: 'US-TX',
          country: 'US',
        },
        { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100' },
      ),
    ).toEqual(['Ada Lovelace', '1 Elm Street', 'Apt 4B', '73301 Austin', 'TX, United States', '+1 555 0100']);
  });

  it('prefers the full names the server gives, and leaves out what is missing', () => {
    expect(
      addressText({
        addressLine: 'Hauptstraße 5',
        city: 'Berlin',
        subdivision: 'DE-BE',
        subdivisionFullname: 'Berlin',
        country: 'DE',
        countryFullname: 'Germany',
      }),
    ).toBe('Hauptstraße 5, Berlin, Berlin, Germany');
    expect(addressText({ country: 'CA', subdivision: 'QC' })).toBe('QC, Canada');
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ addressLine: '  ' }, { firstName: '' })).toEqual([]);
  });
});
