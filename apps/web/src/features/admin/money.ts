/** The console's amounts: USD with cents (and a minus for what is taken back). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
export const formatConsoleMoney = (n: number) => usd.format(n);
