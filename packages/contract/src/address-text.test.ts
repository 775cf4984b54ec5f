import { describe, expect, it } from 'vitest';
import { addressLines, addressText, placeText } from './address-text.ts';

describe('addressLines', () => {
  it('keeps the apartment, the state and the recipient, and lays the US line out as the post does', () => {
    expect(
      addressLines(
        {
          addressLine: '1 Elm Street',
          addressLine2: 'Apt 4B',
          city: 'Austin',
          postalCode: '73301',
          subdivision: 'US-TX',
          subdivisionFullname: 'Texas',
          country: 'US',
        },
        { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', phone: '+1 555 0100' },
      ),
    ).toEqual([
      'Ada Lovelace',
      'Analytical Engines',
      '1 Elm Street',
      'Apt 4B',
      'Austin, TX 73301',
      'United States',
      '+1 555 0100',
    ]);
  });

  it("follows each country's layout: the postcode before the city, after it, or on a line of its own", () => {
    const at = (country: string, city: string, postalCode: string, subdivision?: string) =>
      addressText({ addressLine: '1 High Street', city, postalCode, country, subdivision });
    expect(at('DE', 'Berlin', '10115', 'DE-BE')).toBe('1 High Street, 10115 Berlin, BE, Germany');
    expect(at('FR', 'Paris', '75001')).toBe('1 High Street, 75001 Paris, France');
    expect(at('GB', 'London', 'SW1A 1AA')).toBe('1 High Street, London, SW1A 1AA, United Kingdom');
    expect(at('CA', 'Montréal', 'H2X 1Y4', 'CA-QC')).toBe('1 High Street, Montréal QC H2X 1Y4, Canada');
  });

  it('never hides a part the layout has no place for, nor repeats one it has', () => {
    // Japan's Latin layout has no city: the ward the buyer gave still shows.
    expect(
      addressLines({
        addressLine: '1-1 Marunouchi',
        city: 'Chiyoda',
        postalCode: '100-0001',
        subdivisionFullname: 'Tokyo',
        subdivision: 'JP-13',
        country: 'JP',
      }),
    ).toEqual(['1-1 Marunouchi, Tokyo', '100-0001', 'Chiyoda', 'Japan']);
    // A city that is also its region is written once.
    expect(
      addressText({
        addressLine: 'Hauptstraße 5',
        city: 'Berlin',
        subdivisionFullname: 'Berlin',
        country: 'DE',
        countryFullname: 'Germany',
      }),
    ).toBe('Hauptstraße 5, Berlin, Germany');
    // No country: every part given, in the usual order.
    expect(
      addressText({ addressLine: '9 Elm Road', city: 'Springfield', postalCode: '12345', subdivision: 'XX' }),
    ).toBe('9 Elm Road, Springfield, 12345 XX');
  });

  it('writes a place near the buyer (a pickup point) on one line, without its country', () => {
    expect(
      placeText({
        addressLine: '1 Pier Road',
        city: 'Boston',
        postalCode: '02110',
        subdivision: 'US-MA',
        country: 'US',
      }),
    ).toBe('1 Pier Road, Boston, MA 02110');
    expect(
      placeText({ addressLine: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115', country: 'DE' }),
    ).toBe('Hauptstraße 5, 10115 Berlin');
    expect(placeText(undefined)).toBe('');
  });

  it('leaves out what is missing', () => {
    expect(addressText({ country: 'CA', subdivision: 'QC' })).toBe('QC, Canada');
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ addressLine: '  ' }, { firstName: '' })).toEqual([]);
  });
});
