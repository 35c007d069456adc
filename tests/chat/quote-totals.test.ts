import { describe, expect, test } from 'bun:test'
import { computeQuoteTotals, formatCents, parsePrice, type PricingPlan, type QuoteTotals } from '../../src/features/quotes/quote-totals.ts'

/** A refusal as the API words it: `<field>: <message>`. */
const refusal = (result: QuoteTotals) => (result.ok ? 'accepted' : `${result.field}: ${result.message}`)

function plan(name: string, excluding: string, including: string): PricingPlan {
  return { 'Product/Service Name': name, 'Product/Service Description': `${name} description`, 'Price excluding VAT': excluding, 'Price including VAT': including }
}

const PRICE_LIST = [
  plan('Dime', '0.1', '0.12'),
  plan('Widget', '19.99', '23.99'),
  plan('Round', '10', '12'),
  plan('Half', '10.5', '12.6'),
  plan('Fraction', '0.333', '0.4'),
  plan('Big', '1,234.50', '1,481.40'),
]

describe('computeQuoteTotals', () => {
  test.each([
    ['Dime', 3, '0.30', '0.36'],
    ['Dime', 10000, '1000.00', '1200.00'],
    ['Widget', 10000, '199900.00', '239900.00'],
    ['Widget', 1, '19.99', '23.99'],
    ['Round', 7, '70.00', '84.00'],
    ['Half', 3, '31.50', '37.80'],
    ['Fraction', 3, '1.00', '1.20'], // 0.999 rounds half up to 1.00
    ['Fraction', 1, '0.33', '0.40'],
    ['Big', 2, '2469.00', '2962.80'],
  ])('%s x %d = %s excl. / %s incl. VAT', (name, quantity, excluding, including) => {
    const result = computeQuoteTotals(PRICE_LIST, [{ name, quantity }])
    if (!result.ok) throw new Error(`${result.field}: ${result.message}`)
    expect(result.items[0]!.lineExcludingVat).toBe(excluding)
    expect(result.items[0]!.lineIncludingVat).toBe(including)
    expect(result.totalExcludingVat).toBe(excluding)
    expect(result.totalIncludingVat).toBe(including)
  })

  test('sums lines and reports unit prices with two decimals', () => {
    const result = computeQuoteTotals(PRICE_LIST, [
      { name: 'Dime', quantity: 3 },
      { name: 'Widget', quantity: 2 },
      { name: 'Round', quantity: 1 },
    ])
    expect(result).toEqual({
      ok: true,
      items: [
        { name: 'Dime', description: 'Dime description', quantity: 3, unitExcludingVat: '0.10', unitIncludingVat: '0.12', lineExcludingVat: '0.30', lineIncludingVat: '0.36' },
        {
          name: 'Widget',
          description: 'Widget description',
          quantity: 2,
          unitExcludingVat: '19.99',
          unitIncludingVat: '23.99',
          lineExcludingVat: '39.98',
          lineIncludingVat: '47.98',
        },
        {
          name: 'Round',
          description: 'Round description',
          quantity: 1,
          unitExcludingVat: '10.00',
          unitIncludingVat: '12.00',
          lineExcludingVat: '10.00',
          lineIncludingVat: '12.00',
        },
      ],
      totalExcludingVat: '50.28',
      totalIncludingVat: '60.34',
    })
  })

  test('matches a name exactly first, then ignoring case and surrounding spaces', () => {
    const result = computeQuoteTotals(PRICE_LIST, [{ name: '  widget ', quantity: 1 }])
    expect(result.ok && result.items[0]!.name).toBe('Widget')
  })

  test.each([
    [
      [
        { name: 'Dime', quantity: 1 },
        { name: 'Gizmo', quantity: 1 },
      ],
      'items[1].name: not in the price list',
    ],
    [[{ name: 'Dime', quantity: 0 }], 'items[0].quantity: must be an integer from 1 to 10000'],
    [[{ name: 'Dime', quantity: 10001 }], 'items[0].quantity: must be an integer from 1 to 10000'],
    [[{ name: 'Dime', quantity: 1.5 }], 'items[0].quantity: must be an integer from 1 to 10000'],
    [[], 'items: must list at least one item'],
  ])('rejects %j: %s', (requested, error) => {
    expect(refusal(computeQuoteTotals(PRICE_LIST, requested))).toBe(error)
  })

  test('names the item when the price list holds an unreadable price', () => {
    const result = computeQuoteTotals([plan('Odd', 'ten', '12')], [{ name: 'Odd', quantity: 1 }])
    expect(refusal(result)).toBe('items[0].name: the price list holds no valid price for this item')
  })
})

describe('parsePrice and formatCents', () => {
  test.each([
    ['10', 10n, 0],
    ['10.5', 105n, 1],
    ['19.99', 1999n, 2],
    [' 0.1 ', 1n, 1],
    ['.5', 5n, 1],
    ['1,234.50', 123450n, 2],
  ])('parses %p', (text, units, scale) => {
    expect(parsePrice(text)).toEqual({ units, scale })
  })

  test.each(['', '-1', 'ten', '1e3', '1,23', '10.', '$10', 'NaN'])('rejects %p', (text) => {
    expect(parsePrice(text)).toBeNull()
  })

  test.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1999n, '19.99'],
    [-250n, '-2.50'],
    [12345678901234567890n, '123456789012345678.90'],
  ])('formats %p cents as %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text)
  })
})
