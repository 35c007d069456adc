import { describe, expect, test } from 'bun:test'
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { formatMoney } from '../../src/lib/money.ts'
import { renderQuotePdf, type QuoteDocument, type QuoteDocumentItem } from '../../src/features/quotes/quote-pdf.ts'
import { TINY_GIF, TINY_WEBP, tinyJpeg, tinyPng } from './tiny-images.ts'

const A4 = { width: 595.28, height: 841.89 }

function item(name: string, quantity: number, unitEx: string, unitIn: string, lineEx: string, lineIn: string, description = ''): QuoteDocumentItem {
  return { name, description, quantity, unitExcludingVat: unitEx, unitIncludingVat: unitIn, lineExcludingVat: lineEx, lineIncludingVat: lineIn }
}

function quote(overrides: Partial<QuoteDocument> = {}): QuoteDocument {
  return {
    quoteNumber: 'Q-000042',
    issuedAt: new Date('2026-03-01T10:00:00Z'),
    validUntil: '2026-03-31',
    businessName: 'Acme Widgets',
    businessWebsite: 'https://acme.example',
    contactInformation: 'sales@acme.example, +1 555 0100',
    addressLocations: '1 Main Street, Springfield',
    logo: null,
    client: { name: 'Jane Doe', email: 'jane@example.com' },
    currency: '€',
    items: [item('Widget A', 3, '10.00', '12.00', '30.00', '36.00', 'A blue widget'), item('Installation', 2, '45.50', '54.60', '91.00', '109.20')],
    totalExcludingVat: '121.00',
    totalIncludingVat: '145.20',
    deliveryFees: 'Free delivery for orders over €100; otherwise €9.90.',
    paymentTerms: 'Net 30 days by bank transfer.',
    ...overrides,
  }
}

/** Text of the whole document with runs of whitespace collapsed to one space. */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  // pdf.js may detach the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { totalPages, text } = await extractText(pdf, { mergePages: true })
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') }
}

/** Image XObjects in the file, with their compression filter. */
async function embeddedImages(bytes: Uint8Array): Promise<{ filter: string; contents: Uint8Array }[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((s) => ({ filter: String(s.dict.get(PDFName.of('Filter'))), contents: s.contents }))
}

describe('renderQuotePdf', () => {
  test('shows the business, client, each item with its quantity, totals, fees, terms and validity', async () => {
    const { pages, text } = await pdfText(await renderQuotePdf(quote()))
    expect(pages).toBe(1)
    for (const expected of [
      'Acme Widgets',
      'https://acme.example',
      'sales@acme.example, +1 555 0100',
      '1 Main Street, Springfield',
      'Quote number: Q-000042',
      'Issued: 2026-03-01',
      'Valid until: 2026-03-31',
      'Jane Doe',
      'jane@example.com',
      // Item cell, then quantity, unit prices and line totals, in reading order.
      'Widget A A blue widget 3 €10.00 €12.00 €30.00 €36.00',
      'Installation 2 €45.50 €54.60 €91.00 €109.20',
      'Total excluding VAT €121.00',
      'Total including VAT €145.20',
      'Delivery fees Free delivery for orders over €100; otherwise €9.90.',
      'Payment terms Net 30 days by bank transfer.',
      'This quote is valid until 2026-03-31.',
    ]) {
      expect(text).toContain(expected)
    }
  })

  test('sets the Title metadata to "Quote <quoteNumber>"', async () => {
    const doc = await PDFDocument.load(await renderQuotePdf(quote()))
    expect(doc.getTitle()).toBe('Quote Q-000042')
  })

  test('writes a currency code after the amount', async () => {
    const { text } = await pdfText(await renderQuotePdf(quote({ currency: 'EUR' })))
    expect(text).toContain('Total excluding VAT 121.00 EUR')
    expect(text).toContain('Total including VAT 145.20 EUR')
    expect(text).toContain('Widget A A blue widget 3 10.00 EUR 12.00 EUR 30.00 EUR 36.00 EUR')
  })

  test('leaves out validity, fees and terms when the chatbot has none', async () => {
    const { text } = await pdfText(await renderQuotePdf(quote({ validUntil: null, deliveryFees: null, paymentTerms: '  ' })))
    expect(text).not.toContain('Valid until')
    expect(text).not.toContain('Delivery fees')
    expect(text).not.toContain('Payment terms')
    expect(text).toContain('Total including VAT €145.20')
  })

  test('embeds a PNG logo', async () => {
    const images = await embeddedImages(await renderQuotePdf(quote({ logo: { bytes: tinyPng(), mime: 'image/png' } })))
    expect(images).toHaveLength(1)
    expect(images[0]!.filter).toBe('/FlateDecode')
  })

  test('embeds a JPEG logo byte for byte', async () => {
    const jpeg = tinyJpeg()
    const images = await embeddedImages(await renderQuotePdf(quote({ logo: { bytes: jpeg, mime: 'image/jpeg' } })))
    expect(images).toHaveLength(1)
    expect(images[0]!.filter).toBe('/DCTDecode')
    expect(Buffer.from(images[0]!.contents).equals(Buffer.from(jpeg))).toBe(true)
  })

  test.each([
    ['GIF', { bytes: TINY_GIF, mime: 'image/gif' as const }],
    ['WebP', { bytes: TINY_WEBP, mime: 'image/webp' as const }],
    ['a corrupt PNG', { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mime: 'image/png' as const }],
    ['a corrupt JPEG', { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0x00]), mime: 'image/jpeg' as const }],
  ])('renders without a logo when it is %s', async (_label, logo) => {
    const bytes = await renderQuotePdf(quote({ logo }))
    expect(await embeddedImages(bytes)).toHaveLength(0)
    expect((await pdfText(bytes)).text).toContain('Total including VAT €145.20')
  })

  test('a 200-item quote spans several pages, repeats the table header and lists every item once', async () => {
    const items = Array.from({ length: 200 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0')
      return item(`Part ${n}`, i + 1, '1.00', '1.20', `${i + 1}.00`, `${((i + 1) * 1.2).toFixed(2)}`, `Spare part number ${n}`)
    })
    const bytes = await renderQuotePdf(quote({ items, totalExcludingVat: '20100.00', totalIncludingVat: '24120.00' }))
    const { pages, text } = await pdfText(bytes)
    expect(pages).toBeGreaterThan(3)
    for (const it of items) {
      expect(text.split(`${it.name} ${it.description} ${it.quantity} `)).toHaveLength(2)
    }
    expect(text.split('Unit excl. VAT')).toHaveLength(pages + 1)
    expect(text).toContain(`page ${pages} of ${pages}`)
    expect(text).toContain('Total including VAT €24,120.00')
  })

  test('keeps all text inside the page margins, however long the input', async () => {
    const longWord = 'Supercalifragilistic'.repeat(20)
    const bytes = await renderQuotePdf(
      quote({
        logo: { bytes: tinyPng(), mime: 'image/png' },
        businessName: `The ${longWord} Company`,
        businessWebsite: `https://example.com/${'a'.repeat(300)}`,
        contactInformation: 'Call us any day of the week. '.repeat(70),
        addressLocations: 'Line one\nLine two\n\n\nLine three',
        client: { name: longWord, email: `${'x'.repeat(150)}@example.com` },
        currency: 'Swiss francs',
        items: [
          item(longWord, 10000, '9999999999.99', '9999999999.99', '99999999999900.00', '99999999999900.00', 'words '.repeat(800)),
          ...Array.from({ length: 40 }, (_, i) => item(`Item ${i}`, 1, '1.00', '1.00', '1.00', '1.00', 'description '.repeat(i))),
        ],
        totalExcludingVat: '99999999999999999999.00',
        totalIncludingVat: '99999999999999999999.00',
        deliveryFees: 'Delivery is charged per kilometre. '.repeat(57),
        paymentTerms: `${longWord} `.repeat(5),
      }),
    )
    const pdf = await getDocumentProxy(new Uint8Array(bytes))
    expect(pdf.numPages).toBeGreaterThan(1)
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent()
      for (const textItem of content.items) {
        if (!('transform' in textItem) || textItem.str === '') continue
        const [, , , , x, y] = textItem.transform as number[]
        expect(x).toBeGreaterThanOrEqual(49)
        expect(x + textItem.width).toBeLessThanOrEqual(A4.width - 49)
        expect(y).toBeGreaterThanOrEqual(30)
        expect(y).toBeLessThanOrEqual(A4.height - 49)
      }
    }
  })

  test('replaces characters the standard fonts cannot encode instead of crashing', async () => {
    const bytes = await renderQuotePdf(
      quote({
        businessName: 'Ωmega Café 咖啡',
        client: { name: '李雷 Łukasz Őrs', email: 'li@example.cn' },
        currency: '₹',
        items: [item('Thali 🍛', 2, '250.00', '262.50', '500.00', '525.00', 'Served with chai → hot')],
        totalExcludingVat: '500.00',
        totalIncludingVat: '525.00',
        deliveryFees: 'Flat ₹40 − free above ₹1000\u200b.',
        paymentTerms: 'Zahlbar sofort – danke! £ ¥ €',
      }),
    )
    const { text } = await pdfText(bytes)
    expect(text).toContain('?mega Café ??')
    expect(text).toContain('?? Lukasz Ors')
    expect(text).toContain('Thali ? Served with chai -> hot 2 250.00 INR 262.50 INR 500.00 INR 525.00 INR')
    expect(text).toContain('Total including VAT 525.00 INR')
    expect(text).toContain('Flat INR40 - free above INR1000.')
    expect(text).toContain('Zahlbar sofort – danke! £ ¥ €')
  })
})

describe('formatMoney', () => {
  test.each([
    ['12.00', '€', '€12.00'],
    ['12.00', '$', '$12.00'],
    ['12.00', 'EUR', '12.00 EUR'],
    ['12.00', 'kr', '12.00 kr'],
    ['12.00', 'Rs.', 'Rs. 12.00'],
    ['12.00', 'US$', 'US$12.00'],
    ['12.00', '  ', '12.00'],
    ['3870', '$', '$3,870.00'],
    ['1234567.891', 'EUR', '1,234,567.89 EUR'],
    ['999.999', '$', '$1,000.00'],
  ])('%s with %p is %p', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected)
  })
})
