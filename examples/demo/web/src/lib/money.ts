export function formatMoney(cents: number): string {
  return `€${(cents / 100).toFixed(2)}`;
}

// A company's price list; "any" in this comment is not a violation.
export function parsePrices(raw: any): Record<string, number> { // breaks: no `any`
  return JSON.parse(String(raw));
}

export default formatMoney; // breaks the named-exports rule
