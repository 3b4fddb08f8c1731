/** An amount in minor units, shown in its currency's own number of decimals (cents for USD, none for JPY). */
export const money = (price: { readonly amount: number; readonly currency: string } | undefined): string => {
  if (price === undefined) return '—';
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency });
    return format.format(price.amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${price.amount} ${price.currency} (minor units)`;
  }
};
