// The third set (`npm run eval:answers -- --third`): two PDF manuals of kinds the other sets lack,
// R's FAQ (Texinfo: running headers that print the chapter's title and the page number, code
// displays inside sentences) and the Debian New Maintainers' Guide (DocBook: bullet lists, footnotes),
// with questions written in the tenth round, before its ingestion changes were measured on them. Same
// rules as questions.ts: `gold` strings of the source, `paraphrase` sharing at most one content word
// with `evidence`.
import type { AnswerableQuestion } from './questions'

export const ANSWERABLE_THIRD: AnswerableQuestion[] = [
  // R FAQ (PDF)
  { question: 'Why is R named R?', gold: ['first two R authors'] },
  { question: 'Who originally wrote R?', gold: ['Ross Ihaka and Robert Gentleman'] },
  { question: 'What does CRAN stand for?', gold: ['Comprehensive R Archive Network'] },
  { question: 'How do I convert a factor to numeric values?', gold: ['as.numeric(as.character(f))', 'as.numeric(levels(f))'] },
  { question: 'What is the difference between a package and a library?', gold: ['A library is a place (directory)'] },
  { question: 'How do I remove an add-on package?', gold: ['R CMD REMOVE'] },
  { question: 'How can I save my workspace?', gold: ['save.image()'] },
  { question: 'How do I sort the rows of a data frame by a column?', gold: ['order()'] },
  { question: 'Why is -2^2 equal to -4 in R?', gold: ['precedence rules'] },
  { question: 'How do I rotate axis labels in a plot?', gold: ['text(), rather than mtext()', 'par("srt")'] },
  { question: 'What do I need for command line editing to work?', gold: ['readline'] },
  { question: 'Which mailing list carries the major announcements about R?', gold: ['R-announce'] },
  { question: 'Should I run R from within Emacs?', gold: ['definitely'] },
  { question: 'What tolerance does all.equal use when comparing numbers?', gold: ['.Machine$double.eps ^ 0.5'] },
  { question: 'What should a bug report about R always include?', gold: ['version of R, machine, and operating system'] },
  {
    question: 'Where does the name of the language come from?',
    gold: ['first two R authors'],
    paraphrase: true,
    evidence: 'The name is partly based on the (first) names of the first two R authors (Robert Gentleman and Ross Ihaka)',
  },
  {
    question: 'Am I allowed to sell consulting services built on it?',
    gold: ['commercial purposes'],
    paraphrase: true,
    evidence: 'It is the opinion of the R Core Team that one can use R for commercial purposes (e.g., in business or in consulting).',
  },
  {
    question: 'How do I wipe everything I created in this session?',
    gold: ['rm(list = ls(all.names = TRUE))'],
    paraphrase: true,
    evidence: 'To remove all objects in the currently active environment (typically .GlobalEnv), you can do rm(list = ls(all.names = TRUE))',
  },
  {
    question: 'Why does top still show the program hogging RAM after I freed things?',
    gold: ['memory allocator in the operating system', 'not capable of releasing all unused memory'],
    paraphrase: true,
    evidence: 'In general it is common that the OS is not capable of releasing all unused memory.',
  },
  {
    question: 'Why do two decimals that look identical compare as different?',
    gold: ['53 binary digits', 'will not reliably be equal'],
    paraphrase: true,
    evidence: 'All other numbers are internally rounded to (typically) 53 binary digits accuracy.',
  },
  // Debian New Maintainers' Guide (PDF)
  { question: 'Which package is the most important to install for Debian development?', gold: ['build-essential'] },
  { question: 'What does lintian do?', gold: ['Debian package checker'] },
  { question: 'What is pbuilder used for?', gold: ['chroot environment'] },
  { question: 'Which tool helps manage large numbers of patches?', gold: ['quilt'] },
  { question: 'How do I tell the Debian tools my email address and name?', gold: ['DEBEMAIL', 'DEBFULLNAME'] },
  { question: 'What does the compat file define?', gold: ['debhelper compatibility level'] },
  { question: 'Which command builds the package from the source directory?', gold: ['dpkg-buildpackage -us -uc', 'debuild'] },
  { question: 'What should I file before starting to package a new program?', gold: ['ITP (Intent To Package)'] },
  {
    question: 'How do I learn whether another volunteer is on it already?',
    gold: ['Work-Needing and Prospective Packages'],
    paraphrase: true,
    evidence: 'You must check that no one else is already working on the package on the Work-Needing and Prospective Packages site.',
  },
  { question: 'How do I catch common mistakes after building?', gold: ['lintian'] },
  {
    question: 'How can I be sure my build will succeed on the official machines?',
    gold: ['pbuilder', 'FTBFS'],
    paraphrase: true,
    evidence: 'Building a Debian package in this chroot environment verifies the proper build dependency and avoids FTBFS (Fails To Build From Source) bugs.',
  },
]

export const UNANSWERABLE_THIRD: string[] = [
  'What are your opening hours?',
  'How much does a support contract cost?',
  'Can I pay by credit card?',
  'What is the phone number of your office?',
  'How do I install R on an iPhone?',
  'Who won the Tour de France in 2019?',
  'How do I reset my email password?',
  'Do you ship to Australia?',
]
