/** The kit's address form on its server-rendered HTML: its labels, names and the street order by country. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from './address-draft.ts';
import { AddressFields } from './address-form.tsx';
import { allCountries } from './regions.ts';

const form = (country: string, errors = {}) =>
  renderToStaticMarkup(
    <AddressFields
      value={{ ...emptyDraft(country), subdivision: country === 'US' ? 'US-IL' : '' }}
      onChange={() => undefined}
      countries={allCountries('en')}
      errors={errors}
    />,
  );
const labels = (m: string) => [...m.matchAll(/<label[^>]*>([^<]*)<\/label>/g)].map((x) => x[1]);

describe('AddressFields', () => {
  it('asks what the checkout asks, with its labels; the state as a list where the country has one', () => {
    const m = form('US');
    expect(labels(m)).toEqual([
      'Country',
      'House number',
      'Street name',
      'Apartment, suite, etc. (optional)',
      'City',
      'State / province',
      'Postal code',
    ]);
    expect(m).toContain('<option value="US" selected="">United States</option>');
    expect(m).toContain('<option value="US-IL" selected="">Illinois</option>');
    for (const name of [
      'country',
      'streetName',
      'streetNumber',
      'addressLine2',
      'city',
      'subdivision',
      'postalCode',
    ])
      expect(m).toContain(`name="${name}"`);
  });

  it('puts the street name first where the number follows it, and a free region elsewhere', () => {
    const m = form('DE');
    expect(labels(m).slice(0, 3)).toEqual(['Country', 'Street name', 'House number']);
    expect(labels(m)).toContain('Region (optional)');
    expect(m).not.toContain('State / province');
  });

  it('marks a field with its message', () => {
    const m = form('US', { city: 'Enter the city.' });
    expect(m).toMatch(/name="city"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="city"/);
    expect(m).toContain('Enter the city.');
  });
});
