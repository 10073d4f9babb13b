/**
 * White-label brands (docs/screens.md): the brand whose key appears in the page's host name gives the
 * logo, product name and accent colour; any other host gets the default. Keys match the business
 * units' `brand` column on the server.
 */
export type BrandKey = 'northwind' | 'bluepeak' | 'orchard' | 'lumen';

export interface Brand {
  key: BrandKey | 'default';
  productName: string;
  /** Accent colour (buttons, links, focus ring) and its hover shade: both pass 4.5:1 on white. */
  accent: string;
  accentHover: string;
  /** A soft tint of the accent for selected states. */
  accentSoft: string;
  /** Two letters shown in the logo mark. */
  mark: string;
}

export const DEFAULT_BRAND: Brand = {
  key: 'default',
  productName: 'Publisher Portal',
  accent: '#4338ca',
  accentHover: '#3730a3',
  accentSoft: '#eef2ff',
  mark: 'PP',
};

export const BRANDS: readonly Brand[] = [
  {
    key: 'northwind',
    productName: 'Northwind Partners',
    accent: '#0f766e',
    accentHover: '#115e59',
    accentSoft: '#f0fdfa',
    mark: 'NW',
  },
  {
    key: 'bluepeak',
    productName: 'Bluepeak Affiliates',
    accent: '#1d4ed8',
    accentHover: '#1e40af',
    accentSoft: '#eff6ff',
    mark: 'BP',
  },
  {
    key: 'orchard',
    productName: 'Orchard Media',
    accent: '#15803d',
    accentHover: '#166534',
    accentSoft: '#f0fdf4',
    mark: 'OM',
  },
  {
    key: 'lumen',
    productName: 'Lumen Network',
    accent: '#b45309',
    accentHover: '#92400e',
    accentSoft: '#fffbeb',
    mark: 'LN',
  },
];

export function brandForHost(hostname: string): Brand {
  const host = hostname.toLowerCase();
  return BRANDS.find((b) => host.includes(b.key)) ?? DEFAULT_BRAND;
}
