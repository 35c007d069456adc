import { expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPdfText, PdfTextError, type PdfTextFailure } from '../../src/features/training/pdf-text.ts';
import { countWords } from '../../src/lib/words.ts';
import { blankPagesPdf, imageOnlyPdf, PAGE_LINES, textPdf } from './pdf-fixtures.ts';

/** A real manual we did not write, from Debian's camlidl-doc package (pdfTeX, 26 pages). */
const THIRD_PARTY_PDF = '/usr/share/doc/camlidl/camlidl-1.04.doc.pdf';

async function failureOf(work: Promise<unknown>): Promise<{ reason: PdfTextFailure; message: string }> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(PdfTextError);
    const { reason, message } = error as PdfTextError;
    return { reason, message };
  }
  throw new Error('expected extractPdfText to fail');
}

/** Runs a command-line tool the suite depends on; a missing tool fails with the package to install. */
function run(command: string[], debianPackage: string): string {
  let result: ReturnType<typeof Bun.spawnSync>;
  try {
    result = Bun.spawnSync(command, { stdout: 'pipe', stderr: 'pipe' });
  } catch {
    throw new Error(`${command[0]} is missing: apt-get install ${debianPackage}`);
  }
  if (result.exitCode !== 0) {
    throw new Error(`${command.join(' ')} failed (${result.exitCode}): ${String(result.stderr ?? "")}`);
  }
  return String(result.stdout ?? "");
}

test('title, page count, text and word count of a generated multi-page PDF', async () => {
  const result = await extractPdfText(await textPdf({ title: 'Harbour Bakery Handbook' }), 'handbook.pdf');
  expect(result.title).toBe('Harbour Bakery Handbook');
  expect(result.pages).toBe(3);
  expect(result.wordCount).toBe(41);
  expect(result.wordCount).toBe(countWords(PAGE_LINES.flat().join(' ')));
  for (const line of PAGE_LINES.flat()) expect(result.text).toContain(line);
  // pages stay apart as paragraphs; no stray blanks
  expect(result.text.split('\n\n')).toHaveLength(3);
  expect(result.text).not.toMatch(/ {2}|^\s|\s$/);
});

test('without Title metadata the title is the file name less .pdf', async () => {
  const bytes = await textPdf();
  expect((await extractPdfText(bytes, 'Price List 2025.PDF')).title).toBe('Price List 2025');
  expect((await extractPdfText(bytes, 'uploads/menu.pdf')).title).toBe('menu');
  expect((await extractPdfText(bytes)).title).toBeNull();
  expect((await extractPdfText(await textPdf({ title: '   ' }), 'blank-title.pdf')).title).toBe('blank-title');
});

test('the caller\'s bytes are left intact', async () => {
  const bytes = await textPdf();
  const copy = bytes.slice();
  await extractPdfText(bytes);
  expect(bytes).toEqual(copy);
});

test('bytes that do not start with %PDF- are not a PDF', async () => {
  const html = new TextEncoder().encode('<!doctype html><title>x</title>');
  const failure = await failureOf(extractPdfText(html, 'page.pdf'));
  expect(failure.reason).toBe('not_pdf');
  expect(failure.message).toBe('"page.pdf" is not a PDF.');
  expect((await failureOf(extractPdfText(new Uint8Array(0)))).reason).toBe('not_pdf');
});

test('a truncated PDF is unreadable', async () => {
  const bytes = await textPdf();
  for (const fraction of [0.3, 0.6, 0.9]) {
    const cut = bytes.slice(0, Math.floor(bytes.length * fraction));
    const failure = await failureOf(extractPdfText(cut, 'cut.pdf'));
    expect(failure.reason).toBe('unreadable');
    expect(failure.message).toBe('"cut.pdf" could not be read as a PDF.');
  }
});

test('a PDF header followed by garbage is unreadable', async () => {
  const fake = new TextEncoder().encode('%PDF-1.7\nnot a real document\n%%EOF\n');
  expect((await failureOf(extractPdfText(fake, 'fake.pdf'))).reason).toBe('unreadable');
});

test('an image-only PDF has no text', async () => {
  const failure = await failureOf(extractPdfText(await imageOnlyPdf(), 'scan.pdf'));
  expect(failure.reason).toBe('no_text');
  expect(failure.message).toContain('"scan.pdf" has no extractable text');
});

test('a password-protected PDF is refused as encrypted (qpdf --encrypt)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-encrypt-'));
  try {
    const plain = join(dir, 'plain.pdf');
    const locked = join(dir, 'locked.pdf');
    const ownerOnly = join(dir, 'owner-only.pdf');
    writeFileSync(plain, await textPdf({ title: 'Secret' }));
    run(['qpdf', '--encrypt', 'user-pw', 'owner-pw', '256', '--', plain, locked], 'qpdf');
    run(['qpdf', '--encrypt', '', 'owner-pw', '256', '--', plain, ownerOnly], 'qpdf');

    const failure = await failureOf(extractPdfText(readFileSync(locked), 'locked.pdf'));
    expect(failure.reason).toBe('encrypted');
    expect(failure.message).toBe('"locked.pdf" is password-protected.');

    // Encrypted with an empty user password: any reader opens it without asking, so do we.
    const opened = await extractPdfText(readFileSync(ownerOnly), 'owner-only.pdf');
    expect(opened.wordCount).toBe(41);
    expect(opened.title).toBe('Secret');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('more pages than the limit are refused before any text is read', async () => {
  const failure = await failureOf(extractPdfText(await blankPagesPdf(6), 'big.pdf', { maxPages: 5 }));
  expect(failure.reason).toBe('too_many_pages');
  expect(failure.message).toBe('"big.pdf" has 6 pages; at most 5 are accepted.');
});

test('the default page limit is 2,000', async () => {
  const failure = await failureOf(extractPdfText(await blankPagesPdf(2_001), 'bomb.pdf'));
  expect(failure.reason).toBe('too_many_pages');
  // 2,000 blank pages are within the limit: they fail only for having no text
  expect((await failureOf(extractPdfText(await blankPagesPdf(2_000), 'ok.pdf'))).reason).toBe('no_text');
});

test('extracted text past the bound is refused', async () => {
  const failure = await failureOf(extractPdfText(await textPdf(), 'long.pdf', { maxTextChars: 100 }));
  expect(failure.reason).toBe('too_much_text');
  expect(failure.message).toContain('"long.pdf" holds more text than');
});

test('a real third-party PDF matches pdftotext within 3%', async () => {
  if (!existsSync(THIRD_PARTY_PDF)) {
    throw new Error(`${THIRD_PARTY_PDF} is missing: apt-get install camlidl-doc`);
  }
  const result = await extractPdfText(readFileSync(THIRD_PARTY_PDF), 'camlidl-1.04.doc.pdf');
  const reference = run(['pdftotext', '-enc', 'UTF-8', THIRD_PARTY_PDF, '-'], 'poppler-utils');
  const referencePages = Number(run(['pdfinfo', THIRD_PARTY_PDF], 'poppler-utils').match(/^Pages:\s+(\d+)/m)?.[1]);

  expect(result.pages).toBe(referencePages);
  expect(result.title).toBe('camlidl-1.04.doc'); // no Title metadata in this file
  expect(result.text).toContain('Camlidl generates stub code for interfacing Caml with C');

  // Extraction is complete: the same number of tokens as `pdftotext | wc -w`.
  const tokens = (text: string) => text.split(/\s+/).filter(Boolean).length;
  expect(Math.abs(tokens(result.text) - tokens(reference)) / tokens(reference)).toBeLessThan(0.03);
  // Our word count applies the same rule to both texts. (It sits below `wc -w` on this
  // manual because its code samples hold punctuation-only tokens such as "|" and "->".)
  const referenceWords = countWords(reference);
  expect(Math.abs(result.wordCount - referenceWords) / referenceWords).toBeLessThan(0.03);
});
