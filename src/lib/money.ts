/**
 * One style for amounts everywhere (widget, quote PDF and e-mail, Business Enquiries answers):
 * thousands separators, two decimals, and the currency as the owner gave it.
 * '€' + '3870' -> '€3,870.00'; 'EUR' -> '3,870.00 EUR'; 'Rs.' -> 'Rs. 3,870.00'.
 */
export function formatMoney(amount: string | number, currency: string): string {
  const figure = groupThousands(amount)
  const c = currency.trim()
  if (c === '') return figure
  if (/^\p{L}+$/u.test(c)) return `${figure} ${c}`
  return /[\p{L}.]$/u.test(c) ? `${c} ${figure}` : `${c}${figure}`
}

/** '3870.5' -> '3,870.50'; a text that is not a plain decimal is returned trimmed, unchanged. */
export function groupThousands(amount: string | number): string {
  const text = String(amount).trim()
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return text
  const [, sign, whole, fraction = ''] = match
  // Cents by decimal rounding of the digits themselves, so large amounts keep every digit.
  let cents = BigInt(whole + (fraction + '000').slice(0, 3))
  cents = (cents + 5n) / 10n
  const digits = cents.toString().padStart(3, '0')
  const integer = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${integer}.${digits.slice(-2)}`
}
