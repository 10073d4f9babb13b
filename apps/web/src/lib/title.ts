/** Page title rule of docs/screens.md: "{title} / {product}", or the product name alone. */
export function pageTitle(productName: string, title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} / ${productName}` : productName;
}
