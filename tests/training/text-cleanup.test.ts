// Text noise never reaches the index: words hyphenated across a line end are joined, running
// page headers and footers and page navigation are dropped (contract section 8).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { cleanHtmlText, cleanPdfText, isNavigationLine, joinLineEndHyphens, restoreAccents } from '../../src/features/training/text-cleanup'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPages, addPdf, ask, DOCS_HELPER } from '../answers/support'
import { createChatbot } from '../support/chatbots'

test('line-end hyphens are joined unless the text writes the word with its hyphen', () => {
  expect(joinLineEndHyphens('The De-\nbian project builds packages.')).toBe('The Debian project builds packages.')
  expect(joinLineEndHyphens('A trace-based compiler. The trace-\nbased design wins.')).toBe('A trace-based compiler. The trace-based design wins.')
  // "De- bian" left by an extractor that flattened the lines: joined when the whole word occurs.
  expect(joinLineEndHyphens('Debian is free. De- bian is old.')).toBe('Debian is free. Debian is old.')
  expect(joinLineEndHyphens('Both pre- and post-install scripts run.')).toBe('Both pre- and post-install scripts run.')
})

test("PDF text: groff's minus signs and tildes become the characters a shell reads; a tilde on a letter stays its accent", () => {
  const text = cleanPdfText('Use bash −−rcfile ˜/.bashrc or ˜alice/.profile, and −1 for none.\nThe manual was translated in Espa˜na.')
  expect(text).toContain('bash --rcfile ~/.bashrc or ~alice/.profile, and -1 for none.')
  expect(text).toContain('España')
})

test('navigation lines are recognised, sentences are not', () => {
  for (const line of ['Prev', 'Next', 'Prev Next', 'Download the ebook', '« Prev | Up | Next »', 'Table of Contents', 'Home']) expect(isNavigationLine(line)).toBe(true)
  for (const line of ['Next, install the package.', 'The table of contents lists every chapter of the handbook in order.', '']) expect(isNavigationLine(line)).toBe(false)
})

const HEADER = "The Debian Administrator's Handbook"
const page = (n: number, lines: string[]) => [HEADER, `Chapter 3. Packaging`, ...lines, `Page ${n} of 4`]

test('PDF text: running headers, footers and page numbers go, lines become paragraphs', () => {
  const text = [1, 2, 3, 4].map((n) => page(n, [`Content line ${n} tells about package number ${n * 7}.`]).join('\n')).join('\n\n')
  const clean = cleanPdfText(text)
  expect(clean).not.toContain(HEADER)
  expect(clean).not.toContain('Page 2 of 4')
  expect(clean).not.toContain('Chapter 3. Packaging')
  for (const n of [1, 2, 3, 4]) expect(clean).toContain(`Content line ${n} tells about package number ${n * 7}.`)
})

test('PDF pages may come separated by form feeds, with empty lines inside a page', () => {
  const text = [1, 2, 3, 4].map((n) => page(n, [`Paragraph one of page ${n} ends here.`, '', `Paragraph two of page ${n} ends here.`]).join('\n')).join('\f')
  const clean = cleanPdfText(text)
  expect(clean).not.toContain(HEADER)
  expect(clean).not.toContain('Page 3 of 4')
  expect(clean).toContain('Paragraph two of page 3 ends here.')
})

test("PDF text: a table of contents goes (dot leaders, wrapped entries), a numbered section's heading starts a paragraph, a link broken after a slash is whole", () => {
  const contents = [
    'Contents',
    '10.1 Can I install and compile a kernel without some Debian-specific tweaking? . . . . . . . 45',
    '10.2 What tools does Debian provide to build custom kernels? . . . 45',
    '11.8 How does the package management system deal with packages that contain configuration',
    'files for other packages? . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 49',
  ]
  const body = [
    'A custom kernel is built with the package target of the kernel build system, and it is installed with dpkg.',
    'The instructions are shown at https://www.debian.org/Bugs/',
    'Reporting on the web.',
    'The project lives at https://salsa.debian.org/',
    'and is mirrored.',
    '10.2 What tools does Debian provide to build custom kernels?',
    'Run make deb-pkg after configuring the kernel.',
  ]
  const clean = cleanPdfText([contents.join('\n'), body.join('\n')].join('\f'))
  expect(clean).not.toContain('. . .')
  expect(clean).not.toContain('Can I install and compile a kernel')
  expect(clean).not.toContain('deal with packages that contain configuration')
  expect(clean).toContain('https://www.debian.org/Bugs/Reporting on the web.')
  // A link that ends at the line end, the sentence going on after it.
  expect(clean).toContain('https://salsa.debian.org/ and is mirrored.')
  expect(clean).toContain('\n\n10.2 What tools does Debian provide to build custom kernels?')
})

test("PDF text: a running header naming each page's own chapter and section goes, though no two sections share it", () => {
  const headers = [
    'CHAPTER 8. THE DEBIAN PACKAGE … 8.1. WHAT PROGRAMS DOES DEBIAN …',
    'CHAPTER 8. THE DEBIAN PACKAGE … 8.2. DEBIAN CLAIMS TO BE ABLE TO UPDATE …',
    'CHAPTER 9. KEEPING YOUR DEBIAN SYSTEM UP-TO-DATE 9.1.',
  ]
  const clean = cleanPdfText(headers.map((header, n) => [header, `Body text of page ${n} explains the package tools.`].join('\n')).join('\f'))
  expect(clean).not.toContain('CHAPTER')
  expect(clean).toContain('Body text of page 2 explains the package tools.')
})

/** A Texinfo book's pages: the running header names the page's chapter and prints its number beside it. */
const texinfoPages = (): string[][] => [
  ['R FAQ', 'Frequently Asked Questions on R'],
  ['i'],
  ['ii'],
  ['1 Introduction', 'This document answers the questions asked most often about R.'],
  ['Chapter 1: Introduction 2', 'R is a system for statistical computation and graphics, with a run-time environment and a debugger.'],
  ['Chapter 1: Introduction 3', 'It is based on GForge (https://', 'en.wikipedia.org/wiki/GForge) offering easy access to the best in SVN, daily built and'],
  ['Chapter 2: R Basics 4', 'checked packages, mailing lists and bug tracking.', 'The CRAN main site at WU (Wirtschaftsuniversit¨at Wien) is in Austria.'],
  ['Chapter 2: R Basics 5', 'R is free software (https://www.', 'gnu.org/philosophy/free-sw.html) and the files live in /usr/share/', 'doc/r-base-core/ on Debian.'],
  ['3 R and S', 'S is a very high level language and an environment for data analysis.'],
  [
    'Chapter 3: R and S 7',
    '• fakeroot - this utility lets you emulate being root, which is necessary for some parts of the build.',
    '• file - this handy program can determine what type a file is.',
  ],
]

test("PDF text: a header printing the page's number beside its chapter goes, a sentence runs on over the page break, a link or path cut at a line end is whole", () => {
  const clean = cleanPdfText(
    texinfoPages()
      .map((lines) => lines.join('\n'))
      .join('\f'),
  )
  expect(clean).not.toMatch(/Chapter \d: /)
  expect(clean).not.toMatch(/^(?:i|ii)$/m)
  // Headings whose number is not the page's stay.
  expect(clean).toContain('1 Introduction')
  expect(clean).toContain('3 R and S')
  expect(clean).toContain(
    'It is based on GForge (https://en.wikipedia.org/wiki/GForge) offering easy access to the best in SVN, daily built and checked packages, mailing lists and bug tracking.',
  )
  expect(clean).toContain('R is free software (https://www.gnu.org/philosophy/free-sw.html) and the files live in /usr/share/doc/r-base-core/ on Debian.')
  expect(clean).toContain('(Wirtschaftsuniversität Wien)')
  // Each list item is a paragraph of its own.
  expect(clean).toContain('build.\n\n• file - this handy program')
})

test('spacing accents become the letter they sit on, only where they make one', () => {
  expect(restoreAccents('Universit¨at, R´enyi, fa¸cade')).toBe('Universität, Rényi, fa¸cade')
  // An acute accent used as an apostrophe stays before a consonant.
  expect(restoreAccents('it´s')).toBe('it´s')
})

/** A DocBook page: body text, then its footnotes with their marks glued to their first word. */
const footnotedPage = (n: number) => [
  `3Com cards of section ${n} are listed in the hardware table below.`,
  `The dh command runs each build step of page ${n} in turn.`,
  'It stops at the first step that fails.',
  `2${n}These commands support other build environments, such as setup.py.`,
  `²Do not worry about the missing Makefile on page ${n}.`,
  `1³The default version field length of page ${n} is 10.`,
]

test("PDF text: a page's footnotes are paragraphs of their own without their marks; a name starting with a digit higher up stays", () => {
  const clean = cleanPdfText([1, 2, 3].map((n) => footnotedPage(n).join('\n')).join('\f'))
  const paragraphs = clean.split('\n\n')
  expect(paragraphs).toContain('These commands support other build environments, such as setup.py.')
  expect(paragraphs).toContain('Do not worry about the missing Makefile on page 2.')
  expect(paragraphs).toContain('The default version field length of page 3 is 10.')
  expect(clean).not.toMatch(/2\dThese|²Do|1³The/)
  expect(clean).toContain('3Com cards of section 1 are listed')
})

test('an opening quote TeX drew as a lone grave accent is a quote again; an accent on its letter stays', () => {
  const lines = (n: number) => [
    `The symlinks point at \u0300 stable’ and \u0300 unstable’ on mirror ${n}.`,
    `Se\u0301bastien Dupont keeps the mirror of page ${n} up to date every day.`,
  ]
  const clean = cleanPdfText([1, 2, 3].map((n) => lines(n).join('\n')).join('\f'))
  expect(clean).toContain('The symlinks point at ‘stable’ and ‘unstable’ on mirror 2.')
  expect(clean).toContain('Se\u0301bastien Dupont keeps the mirror of page 2 up to date every day.')
})

test('HTML text: navigation blocks go, content stays', () => {
  expect(cleanHtmlText('Prev Next\n\nDownload the ebook\n\nThe handbook explains packaging.\n\nPrev | Up | Next')).toBe('The handbook explains packaging.')
})

let app: TestApp
let token: string
beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'cleanup@training.example')
})
afterAll(() => app.stop())

const indexedText = async (chatbotId: string) =>
  (await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', chatbotId).orderBy('position').execute()).map((r) => r.text).join('\n\n')

test('a PDF added by document-add is indexed without its running header, footer and line-end hyphens', async () => {
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'Handbook', [
    page(1, ['Packages of the De-', 'bian project are built on dedicated machines called buildds.']),
    page(2, ['Every upload is signed with the key of its maintainer.']),
    page(3, ['Source packages are fetched with apt-get source.']),
    page(4, ['Binary packages are installed with apt-get install.']),
  ])
  const text = await indexedText(id)
  expect(text).toContain('Packages of the Debian project are built on dedicated machines called buildds.')
  expect(text).not.toContain(HEADER)
  expect(text).not.toMatch(/Page \d of 4/)
})

test("a real PDF's chapter headers with page numbers go, and its sentence over a page break is one sentence of one passage", async () => {
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'R FAQ', texinfoPages())
  const passages = (await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', id).execute()).map((r) => r.text)
  expect(passages.join('\n')).not.toMatch(/Chapter \d: /)
  // Passages hold a sentence a line: the sentence cut by the page is one line of one passage.
  const lines = passages.flatMap((p) => p.split('\n'))
  expect(lines).toContain(
    'It is based on GForge (https://en.wikipedia.org/wiki/GForge) offering easy access to the best in SVN, daily built and checked packages, mailing lists and bug tracking.',
  )
})

test("a PDF's footnote answers in its own words, without the mark that was glued to it", async () => {
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'Packaging guide', [1, 2, 3].map(footnotedPage))
  const answer = await ask(app, id, 'Which other build environments do these commands support?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('These commands support other build environments, such as setup.py.')
  expect(answer.reply).not.toMatch(/2\dThese/)
})

test('an HTML page added by link-add is indexed without its navigation', async () => {
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  const html = `<html><head><title>Packaging</title></head><body>
    <div class="navheader"><a href="p">Prev</a> <a href="n">Next</a></div>
    <ul class="docnav"><li><a href="p">Prev</a></li><li><a href="u">Up</a></li><li><a href="n">Next</a></li></ul>
    <p>Download the ebook</p>
    <p>Packages of the Debian project are built on dedicated machines called buildds.</p>
    <div id="table_of_contents"><a href="#a">Building</a> <a href="#b">Signing</a></div>
    <p>Prev / Next</p></body></html>`
  const pages = await addPages(app, token, id, { packaging: html })
  try {
    const text = await indexedText(id)
    expect(text).toBe('Packages of the Debian project are built on dedicated machines called buildds.')
  } finally {
    pages.stop()
  }
})

test('a page whose theme names its body after the navigation beside it answers from its content, and its menu and copyright are not material', async () => {
  const id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  // sphinx_rtd_theme and WordPress themes: "nav" and "sidebar" in the body's and the wrapper's class names.
  const html = `<html><head><title>Opening hours</title></head><body class="wy-body-for-nav has-main-navigation ast-right-sidebar">
    <header class="site-header"><p class="site-title"><a href="/">Harbour Bakery</a></p><nav><a href="/cakes">Cakes</a></nav></header>
    <div class="wy-nav-content-wrap"><div class="menu"><a href="/">Home</a> <a href="/about">About us</a></div>
    <article><header class="entry-header"><h1>Opening hours</h1></header>
    <p>The bakery opens at seven every morning and closes at two on Sundays.</p></article></div>
    <footer><p>12 Mill Street, Leeds</p><p>Copyright © Harbour Bakery 2026</p></footer></body></html>`
  const pages = await addPages(app, token, id, { hours: html })
  try {
    expect(await indexedText(id)).toBe('Opening hours\n\nThe bakery opens at seven every morning and closes at two on Sundays.\n\n12 Mill Street, Leeds')
    const answer = await ask(app, id, 'When does the bakery open in the morning?')
    expect(answer.answered).toBe(true)
    expect(answer.reply).toContain('The bakery opens at seven every morning')
  } finally {
    pages.stop()
  }
})

test('PDF text: a paragraph whose last line follows a hyphenated word still ends there', () => {
  const lines = [
    'Every package of the archive is built from its source package by the build daem-',
    'ons of each architecture, and the logs of every build are kept for a month at least.',
    'A failed build is retried once the packages it needs have been uploaded and com-',
    'piled again.',
    'Uploads to the archive are signed with the key of a maintainer listed in the keyring.',
    'The keyring is kept in a package of its own and updated with every point release, and',
    'a key that expired is taken out of it by the keyring maintainers at the next update,',
    'so an upload signed with it is rejected by the archive software and its maintainer is',
    'told by mail which key was found and why it could not be used for the upload at all.',
  ]
  const clean = cleanPdfText(lines.join('\n'))
  expect(clean).toContain('uploaded and compiled again.\n\nUploads to the archive')
  expect(clean).toContain('by the build daemons of each architecture')
})
