// Quote money math in exact integers: prices are parsed as decimal strings into bigint
// (value = units / 10^scale), multiplied by integer quantities and rounded once per line
// to cents, so no binary floating point ever touches an amount.

/** One entry of a Quote Generation price list, with the spec's keys. */
export type PricingPlan = {
  'Product/Service Name': string
  'Product/Service Description'?: string
  'Price excluding VAT': string
  'Price including VAT': string
}

export type RequestedItem = { name: string; quantity: number }

export type QuoteLine = {
  name: string
  description: string
  quantity: number
  unitExcludingVat: string
  unitIncludingVat: string
  lineExcludingVat: string
  lineIncludingVat: string
}

export type QuoteTotals = { ok: true; items: QuoteLine[]; totalExcludingVat: string; totalIncludingVat: string } | { ok: false; field: string; message: string }

import { MAX_QUOTE_QUANTITY } from './model'

export { MAX_QUOTE_QUANTITY }

type Decimal = { units: bigint; scale: number }

// Non-negative: plain digits with an optional fraction, or comma thousands groups.
const PRICE_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/

export function parsePrice(text: string): Decimal | null {
  const trimmed = text.trim()
  if (!PRICE_PATTERN.test(trimmed) || !/\d/.test(trimmed)) return null
  const [whole = '', fraction = ''] = trimmed.replaceAll(',', '').split('.')
  return { units: BigInt((whole || '0') + fraction), scale: fraction.length }
}

/** Round a non-negative decimal to whole cents, half up. */
function toCents(value: Decimal): bigint {
  if (value.scale <= 2) return value.units * 10n ** BigInt(2 - value.scale)
  const divisor = 10n ** BigInt(value.scale - 2)
  return (value.units + divisor / 2n) / divisor
}

export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** Exact name first; otherwise ignore case and surrounding spaces (people retype names). */
function findPlan(priceList: readonly PricingPlan[], name: string): PricingPlan | undefined {
  const exact = priceList.find((p) => p['Product/Service Name'] === name)
  if (exact) return exact
  const wanted = name.trim().toLowerCase()
  return priceList.find((p) => p['Product/Service Name'].trim().toLowerCase() === wanted)
}

export function computeQuoteTotals(priceList: readonly PricingPlan[], requested: readonly RequestedItem[]): QuoteTotals {
  if (requested.length === 0) return { ok: false, field: 'items', message: 'must list at least one item' }
  const items: QuoteLine[] = []
  let totalExcluding = 0n
  let totalIncluding = 0n
  for (const [i, item] of requested.entries()) {
    const plan = findPlan(priceList, item.name)
    if (!plan) return { ok: false, field: `items[${i}].name`, message: 'not in the price list' }
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUOTE_QUANTITY) {
      return { ok: false, field: `items[${i}].quantity`, message: `must be an integer from 1 to ${MAX_QUOTE_QUANTITY}` }
    }
    const excluding = parsePrice(plan['Price excluding VAT'])
    const including = parsePrice(plan['Price including VAT'])
    if (!excluding || !including) {
      return { ok: false, field: `items[${i}].name`, message: 'the price list holds no valid price for this item' }
    }
    const quantity = BigInt(item.quantity)
    const lineExcluding = toCents({ units: excluding.units * quantity, scale: excluding.scale })
    const lineIncluding = toCents({ units: including.units * quantity, scale: including.scale })
    totalExcluding += lineExcluding
    totalIncluding += lineIncluding
    items.push({
      name: plan['Product/Service Name'],
      description: plan['Product/Service Description'] ?? '',
      quantity: item.quantity,
      unitExcludingVat: formatCents(toCents(excluding)),
      unitIncludingVat: formatCents(toCents(including)),
      lineExcludingVat: formatCents(lineExcluding),
      lineIncludingVat: formatCents(lineIncluding),
    })
  }
  return {
    ok: true,
    items,
    totalExcludingVat: formatCents(totalExcluding),
    totalIncludingVat: formatCents(totalIncluding),
  }
}
