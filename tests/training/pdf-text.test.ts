import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { extractPdfText, PdfTextError, type PdfTextFailure } from '../../src/features/training/pdf-text.ts'
import { countWords } from '../../src/lib/words.ts'
import { blankPagesPdf, encryptedPdf, imageOnlyPdf, PAGE_LINES, textPdf } from './pdf-fixtures.ts'
import { referenceText, THIRD_PARTY_PDFS, tokens } from './pdf-reference.ts'

async function failureOf(work: Promise<unknown>): Promise<{ reason: PdfTextFailure; message: string }> {
  try {
    await work
  } catch (error) {
    expect(error).toBeInstanceOf(PdfTextError)
    const { reason, message } = error as PdfTextError
    return { reason, message }
  }
  throw new Error('expected extractPdfText to fail')
}

test('title, page count, text and word count of a generated multi-page PDF', async () => {
  const result = await extractPdfText(await textPdf({ title: 'Harbour Bakery Handbook' }), 'handbook.pdf')
  expect(result.title).toBe('Harbour Bakery Handbook')
  expect(result.pages).toBe(3)
  expect(result.wordCount).toBe(41)
  expect(result.wordCount).toBe(countWords(PAGE_LINES.flat().join(' ')))
  for (const line of PAGE_LINES.flat()) expect(result.text).toContain(line)
  // pages stay apart, a form feed between two; no stray blanks
  expect(result.text.split('\f')).toHaveLength(3)
  expect(result.text).not.toMatch(/ {2}|^\s|\s$/)
})

test('without Title metadata the title is the file name less .pdf', async () => {
  const bytes = await textPdf()
  expect((await extractPdfText(bytes, 'Price List 2025.PDF')).title).toBe('Price List 2025')
  expect((await extractPdfText(bytes, 'uploads/menu.pdf')).title).toBe('menu')
  expect((await extractPdfText(bytes)).title).toBeNull()
  expect((await extractPdfText(await textPdf({ title: '   ' }), 'blank-title.pdf')).title).toBe('blank-title')
})

test("the caller's bytes are left intact", async () => {
  const bytes = await textPdf()
  const copy = bytes.slice()
  await extractPdfText(bytes)
  expect(bytes).toEqual(copy)
})

test('bytes that do not start with %PDF- are not a PDF', async () => {
  const html = new TextEncoder().encode('<!doctype html><title>x</title>')
  const failure = await failureOf(extractPdfText(html, 'page.pdf'))
  expect(failure.reason).toBe('not_pdf')
  expect(failure.message).toBe('"page.pdf" is not a PDF.')
  expect((await failureOf(extractPdfText(new Uint8Array(0)))).reason).toBe('not_pdf')
})

test('a truncated PDF is unreadable', async () => {
  const bytes = await textPdf()
  for (const fraction of [0.3, 0.6, 0.9]) {
    const cut = bytes.slice(0, Math.floor(bytes.length * fraction))
    const failure = await failureOf(extractPdfText(cut, 'cut.pdf'))
    expect(failure.reason).toBe('unreadable')
    expect(failure.message).toBe('"cut.pdf" could not be read as a PDF.')
  }
})

test('a PDF header followed by garbage is unreadable', async () => {
  const fake = new TextEncoder().encode('%PDF-1.7\nnot a real document\n%%EOF\n')
  expect((await failureOf(extractPdfText(fake, 'fake.pdf'))).reason).toBe('unreadable')
})

test('an image-only PDF has no text', async () => {
  const failure = await failureOf(extractPdfText(await imageOnlyPdf(), 'scan.pdf'))
  expect(failure.reason).toBe('no_text')
  expect(failure.message).toContain('"scan.pdf" has no extractable text')
})

test('a password-protected PDF is refused as encrypted (AES-256, made by MuPDF)', async () => {
  const plain = await textPdf({ title: 'Secret' })
  const locked = encryptedPdf(plain, { user: 'user-pw', owner: 'owner-pw' })
  const ownerOnly = encryptedPdf(plain, { user: '', owner: 'owner-pw' })
  expect(new TextDecoder().decode(locked)).toContain('/Encrypt')

  const failure = await failureOf(extractPdfText(locked, 'locked.pdf'))
  expect(failure.reason).toBe('encrypted')
  expect(failure.message).toBe('"locked.pdf" is password-protected.')

  // Encrypted with an empty user password: any reader opens it without asking, so do we.
  expect(new TextDecoder().decode(ownerOnly)).toContain('/Encrypt')
  const opened = await extractPdfText(ownerOnly, 'owner-only.pdf')
  expect(opened.wordCount).toBe(41)
  // A one-word Title reads as an internal id: the file's name stands in (issue 57, item 7).
  expect(opened.title).toBe('owner-only')
})

test('more pages than the limit are refused before any text is read', async () => {
  const failure = await failureOf(extractPdfText(await blankPagesPdf(6), 'big.pdf', { maxPages: 5 }))
  expect(failure.reason).toBe('too_many_pages')
  expect(failure.message).toBe('"big.pdf" has 6 pages; at most 5 are accepted.')
})

test('the default page limit is 2,000', async () => {
  const failure = await failureOf(extractPdfText(await blankPagesPdf(2_001), 'bomb.pdf'))
  expect(failure.reason).toBe('too_many_pages')
  // 2,000 blank pages are within the limit: they fail only for having no text
  expect((await failureOf(extractPdfText(await blankPagesPdf(2_000), 'ok.pdf'))).reason).toBe('no_text')
})

test('extracted text past the bound is refused', async () => {
  const failure = await failureOf(extractPdfText(await textPdf(), 'long.pdf', { maxTextChars: 100 }))
  expect(failure.reason).toBe('too_much_text')
  expect(failure.message).toContain('"long.pdf" holds more text than')
})

test.each(THIRD_PARTY_PDFS)('a real third-party PDF ($name, made by $producer) matches MuPDF within 3%', async (pdf) => {
  const bytes = new Uint8Array(readFileSync(pdf.path))
  const result = await extractPdfText(bytes, pdf.name)
  const reference = referenceText(bytes)

  expect(reference.producer).toBe(pdf.producer) // the file we mean
  expect(result.pages).toBe(reference.pages)
  expect(result.title).toBe(pdf.title)
  expect(result.text).toContain(pdf.phrase)

  // Extraction is complete: about the same number of tokens as MuPDF's text, counted like `wc -w`.
  expect(Math.abs(tokens(result.text) - tokens(reference.text)) / tokens(reference.text)).toBeLessThan(0.03)
  // Our word count applies the same rule to both texts. (It sits below the token count because
  // papers hold punctuation-only tokens such as "|" and "->".)
  const referenceWords = countWords(reference.text)
  expect(Math.abs(result.wordCount - referenceWords) / referenceWords).toBeLessThan(0.03)
})
