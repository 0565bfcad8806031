export function formatMoney(cents: number): string {
  return `€${(cents / 100).toFixed(2)}`;
}

export default formatMoney; // breaks the named-exports rule
