import { streetLine } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { addressText } from '@vitrine/contract/address-text';
import { addressOf, addressProblems, draftOf, emptyDraft, sameAddress, streetOf } from './address-draft.ts';
import { allCountries, localeCountry, numberFirst, subdivisionCode, subdivisions } from './regions.ts';

describe('the address form values', () => {
  it('read a saved address whose street is one line, in either order', () => {
    expect(streetOf({ addressLine: '12 Main Street' })).toEqual({ number: '12', name: 'Main Street' });
    expect(streetOf({ addressLine: 'Hauptstraße 5a' })).toEqual({ name: 'Hauptstraße', number: '5a' });
    expect(streetOf({ addressLine: 'Rural Route' })).toEqual({ name: 'Rural Route', number: '' });
    expect(streetOf({ addressLine: '1 Elm', streetAddress: { name: 'Oak Lane', number: '9' } })).toEqual({
      name: 'Oak Lane',
      number: '9',
    });
  });

  it('fill the form from an address (a state written without its country prefix, too)', () => {
    expect(
      draftOf({
        addressLine: '12 Main Street',
        addressLine2: 'Apt 4B',
        city: 'Springfield',
        subdivision: 'IL',
        postalCode: '62701',
        country: 'us',
      }),
    ).toEqual({
      country: 'US',
      streetName: 'Main Street',
      streetNumber: '12',
      addressLine2: 'Apt 4B',
      city: 'Springfield',
      subdivision: 'US-IL',
      postalCode: '62701',
    });
    // A state that is not on the country's list is left for the shopper to choose.
    expect(draftOf({ country: 'US', subdivision: 'US-XX' }).subdivision).toBe('');
    expect(draftOf({ country: 'DE', subdivision: 'DE-BE' }).subdivision).toBe('DE-BE');
    expect(draftOf(undefined, 'CA')).toEqual(emptyDraft('CA'));
  });

  it('send the street as streetAddress, the state as its code, and leave out empty optional fields', () => {
    const d = { ...emptyDraft('US'), streetName: ' Main Street ', streetNumber: '1', city: 'Springfield' };
    expect(addressOf({ ...d, subdivision: 'US-IL' })).toEqual({
      country: 'US',
      subdivision: 'US-IL',
      city: 'Springfield',
      streetAddress: { name: 'Main Street', number: '1' },
    });
    expect(
      addressOf({ ...d, country: 'DE', subdivision: 'be', addressLine2: 'Hinterhaus', postalCode: '10115' }),
    ).toMatchObject({ subdivision: 'DE-BE', addressLine2: 'Hinterhaus', postalCode: '10115' });
  });

  it('say what is missing: street, number, city; the state where the country lists them; the postal code where the post needs it', () => {
    expect(Object.keys(addressProblems(emptyDraft('US'))).sort()).toEqual(
      ['city', 'postalCode', 'streetName', 'streetNumber', 'subdivision'].sort(),
    );
    expect(Object.keys(addressProblems(emptyDraft('IE'))).sort()).toEqual([
      'city',
      'streetName',
      'streetNumber',
    ]);
    const full = {
      ...emptyDraft('US'),
      streetName: 'Main Street',
      streetNumber: '1',
      city: 'Springfield',
      subdivision: 'US-IL',
      postalCode: '62701',
    };
    expect(addressProblems(full)).toEqual({});
  });

  it('know the same place however it was written (a book entry and the checkout address)', () => {
    const saved = {
      addressLine: '12 Main Street',
      addressLine2: 'Apt 4B',
      city: 'Springfield',
      subdivision: 'US-IL',
      postalCode: '62701',
      country: 'US',
    };
    const typed = {
      country: 'US',
      subdivision: 'US-IL',
      city: 'springfield ',
      streetAddress: { name: 'Main  Street', number: '12' },
      addressLine2: 'apt 4b',
      postalCode: '62701',
    };
    expect(sameAddress(saved, typed)).toBe(true);
    expect(sameAddress(saved, { ...typed, addressLine2: 'Apt 5' })).toBe(false);
    expect(sameAddress(saved, { ...typed, subdivision: 'US-IN' })).toBe(false);
    // Saved from either place, an address reads the same.
    expect(addressText(saved)).toBe('12 Main Street, Apt 4B, Springfield, IL 62701, United States');
  });
});

describe('regions', () => {
  it('orders street and number as the server writes the address line, for every country', () => {
    for (const { code } of allCountries('en')) {
      const line = streetLine({ name: 'Name', number: '1' }, code);
      expect(line, code).toBe(numberFirst(code) ? '1 Name' : 'Name 1');
    }
  });

  it('lists the states of the US, Canada and Australia as codes; other regions are typed', () => {
    expect(subdivisions('US')).toContainEqual({ code: 'US-IL', name: 'Illinois' });
    expect(subdivisions('ca')?.[0]).toEqual({ code: 'CA-AB', name: 'Alberta' });
    expect(subdivisions('DE')).toBeUndefined();
    expect(subdivisionCode('DE', ' by ')).toBe('DE-BY');
    expect(subdivisionCode('US', '')).toBeUndefined();
  });

  it('names countries in the given language and finds the locale’s country', () => {
    expect(allCountries('en').find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(localeCountry('en-GB')).toBe('GB');
    expect(localeCountry('de')).toBeUndefined();
  });
});
