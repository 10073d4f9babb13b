/**
 * The page's style nonce, which the server writes into a meta element of each answer with the
 * page (its policy allows no other inline style). react-remove-scroll, which Radix's dialogs use
 * to keep the page still behind them, inserts a <style> element and takes its nonce from
 * `__webpack_nonce__` (the get-nonce convention), whatever the bundler.
 */
export function adoptCspNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
