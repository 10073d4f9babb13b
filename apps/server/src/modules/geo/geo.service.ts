import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { allCountries } from 'country-region-data';
import type { Country, Region } from '@portal/shared';
import { countryOfAddress } from './address-country.ts';

countries.registerLocale(en);

/** ISO 3166-1 alpha-2 countries with English names, sorted by name. */
const COUNTRIES: Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([id, name]) => ({ id, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Subdivisions by alpha-2 country code, from country-region-data. */
const REGIONS = new Map<string, Region[]>(
  allCountries.map(([, code, regions]) => [
    code,
    regions.map(([name, short]) => ({ code: short ?? name, name })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  ]),
);

export const geoService = {
  /** The country of an address from the ranges file (`GEO_IP_COUNTRY_FILE`); null when unknown. */
  countryOfAddress,
  countries: () => COUNTRIES,
  isCountry: (code: string) => countries.isValid(code.toUpperCase()) && code.length === 2,
  regions: (country: string) => REGIONS.get(country.trim().toUpperCase()) ?? [],
  isRegion: (country: string, region: string) =>
    (REGIONS.get(country.toUpperCase()) ?? []).some((r) => r.code === region),
};
