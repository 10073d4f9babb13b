import { useEffect } from 'react';
import { brandForHost, type Brand } from '../config/brands.ts';
import { pageTitle } from './title.ts';

let current: Brand | null = null;

/** The brand of this page's host; fixed for the life of the page. */
export function getBrand(): Brand {
  current ??= brandForHost(typeof window === 'undefined' ? 'localhost' : window.location.hostname);
  return current;
}

export const useBrand = getBrand;

/** Sets the accent colours as CSS variables (inline styles are allowed by the CSP; scripts are not). */
export function applyBrandTheme(brand: Brand = getBrand()) {
  const root = document.documentElement.style;
  root.setProperty('--accent', brand.accent);
  root.setProperty('--accent-hover', brand.accentHover);
  root.setProperty('--accent-soft', brand.accentSoft);
}

/** Page title rule of docs/screens.md. */
export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = pageTitle(getBrand().productName, title);
  }, [title]);
}
