// The second set (`npm run eval:answers -- --second`): other documents (SQLite's FAQ and two of its
// pages, the Debian FAQ as a PDF, a section of the Debian Administrator's Handbook) and questions
// written after seven rounds of tuning on the first
// set, to see whether what was tuned there holds on material it never saw. Same rules as
// questions.ts: `gold` strings of the source, `paraphrase` sharing at most one content word with
// `evidence`.
import type { AnswerableQuestion } from './questions'

export const ANSWERABLE_SECOND: AnswerableQuestion[] = [
  // SQLite FAQ (HTML)
  { question: 'How do I create an AUTOINCREMENT field in SQLite?', gold: ['INTEGER PRIMARY KEY'] },
  { question: 'What datatypes does SQLite support?', gold: ['REAL, TEXT, BLOB', 'dynamic typing'] },
  { question: 'Is SQLite threadsafe?', gold: ['SQLITE_THREADSAFE', 'SQLite is threadsafe'] },
  { question: 'How do I list all tables in an SQLite database?', gold: ['.tables', 'sqlite_schema'] },
  { question: 'What is the maximum size of a VARCHAR in SQLite?', gold: ['does not enforce the length'] },
  { question: 'Does SQLite support foreign keys?', gold: ['foreign_keys=ON', '3.6.19'] },
  { question: 'How do I put a single quote inside a string literal?', gold: ['two single quotes'] },
  { question: 'Why can I only do a few dozen INSERTs per second?', gold: ['rotational speed', 'few dozen transactions per second', 'BEGIN'] },
  { question: 'How can I recover data I deleted by accident?', gold: ['backup'] },
  { question: 'What is an SQLITE_CORRUPT error?', gold: ['structure, format, or other control elements'] },
  { question: 'How are the syntax diagrams generated?', gold: ['Pikchr'] },
  { question: 'Can several processes write to the same database at once?', gold: ['only one process can be making changes', 'lock the entire database file'] },
  { question: 'Which pragma checks the integrity of a database thoroughly?', gold: ['integrity_check'] },
  {
    question: 'I removed lots of rows but the file stayed just as big, why?',
    gold: ['free-list', 'VACUUM'],
    paraphrase: true,
    evidence: 'When you delete information from an SQLite database, the unused disk space is added to an internal "free-list" and is reused the next time you insert data.',
  },
  {
    question: 'Do I owe the SQLite authors anything if I ship it inside something I sell?',
    gold: ['public domain', 'do not have to pay'],
    paraphrase: true,
    evidence: 'SQLite is in the public domain. No claim of ownership is made to any part of the code.',
  },
  {
    question: 'Why do case-blind matches fail for accented letters?',
    gold: ['ASCII'],
    paraphrase: true,
    evidence: 'The default configuration of SQLite only supports case-insensitive comparisons of ASCII characters.',
  },
  {
    question: 'Will an unexpected shutdown ruin my records?',
    gold: ['data is safe', 'database is safe'],
    paraphrase: true,
    evidence: 'The database is safe even if your OS crashes or takes a power loss.',
  },
  // SQLite, Appropriate Uses (HTML)
  { question: 'How much website traffic can SQLite handle?', gold: ['100K hits/day'] },
  { question: 'Can SQLite be used as a cache for an enterprise database?', gold: ['reduces latency', 'cache of relevant content'] },
  {
    question: 'Is it a good fit for gadgets that nobody looks after?',
    gold: ['requires no administration'],
    paraphrase: true,
    evidence: 'Because an SQLite database requires no administration, it works well in devices that must operate without expert human support.',
  },
  {
    question: 'Can this stand in for zip files?',
    gold: ['SQLite Archive', 'substitute for ZIP'],
    paraphrase: true,
    evidence: 'The SQLite Archive idea shows how SQLite can be used as a substitute for ZIP archives or Tarballs.',
  },
  {
    question: 'Is storing things in it slower than using ordinary files?',
    gold: ['faster than the filesystem'],
    paraphrase: true,
    evidence: 'Contrary to intuition, SQLite can be faster than the filesystem for reading and writing content to disk.',
  },
  // Debian FAQ (PDF)
  { question: 'How can several Debian machines download the updates only once?', gold: ['apt-cacher'] },
  { question: 'What tools does Debian provide to build a custom kernel?', gold: ['make deb-pkg'] },
  { question: 'Where is the system-wide default paper size kept?', gold: ['/etc/papersize'] },
  { question: 'How do I display the default systemd target?', gold: ['systemctl get-default'] },
  { question: 'How do I keep a service from starting at boot without removing its package?', gold: ['systemctl disable'] },
  { question: 'How do I report a bug in Debian?', gold: ['reportbug', 'Bugs/Reporting'] },
  { question: 'Can I make and sell Debian CDs?', gold: ['Go ahead', 'do not need permission'] },
  { question: 'Can Debian be packaged with non-free software?', gold: ['non-free directory'] },
  { question: 'Which file lists the modules to load at boot time?', gold: ['/etc/modules'] },
  { question: 'How do I safely remove an old kernel package?', gold: ['dpkg --purge linux-image'] },
  {
    question: 'How can a normal account use the CD drive without loosening permissions?',
    gold: ['adduser user group', 'add the user to the group'],
    paraphrase: true,
    evidence: 'If you want a certain user to have access to one of these devices, just add the user to the group the device belongs to',
  },
  {
    question: 'Which organisation in America collects gifts of money for the project?',
    gold: ['Software in the Public Interest'],
    paraphrase: true,
    evidence: 'The main organization is Software in the Public Interest, incorporated in the United States, but there are others.',
  },
  {
    question: 'What is the first thing run when the machine starts up?',
    gold: ['program init'],
    paraphrase: true,
    evidence: 'Like all Unices, Debian boots up by executing the program init.',
  },
  // The Debian Administrator's Handbook, section 6.2 (HTML, with the book's navigation)
  { question: 'How do I refresh the list of available packages?', gold: ['apt update'] },
  { question: 'How do I remove a package together with its configuration files?', gold: ['apt purge', 'dpkg --purge'] },
  { question: 'How can I install a specific version of a package?', gold: ['package=version'] },
  { question: 'How do I install a local .deb file together with its dependencies?', gold: ['apt install ./path-to-the-package.deb'] },
  { question: 'Where are the results of upgrades logged?', gold: ['/var/log/apt/history.log'] },
  { question: 'How do I make APT use a web proxy?', gold: ['Acquire::http::proxy'] },
  { question: 'What priority does an installed package version have?', gold: ['priority of 100'] },
  { question: 'What does apt-get use instead of full-upgrade?', gold: ['dist-upgrade'] },
  {
    question: 'How do I jump to the newer big release of the operating system?',
    gold: ['full-upgrade', 'dist-upgrade'],
    paraphrase: true,
    evidence: 'For more important upgrades, such as the change from one major Debian version to the next, you need to use apt full-upgrade.',
  },
  {
    question: 'Why pick apt-get over apt in my scripts?',
    gold: ['will not change in any backwards incompatible way', 'script package installation requests'],
    paraphrase: true,
    evidence: 'Conversely, the public interface of apt-get is well defined and will not change in any backwards incompatible way.',
  },
  {
    question: 'Can I still get an old release of a package that is no longer offered?',
    gold: ['snapshot.debian.org'],
    paraphrase: true,
    evidence: 'Otherwise the snapshot.debian.org archive can come to the rescue.',
  },
  {
    question: 'How do I make sure upgrades come from the stable branch only?',
    gold: ['--target-release', 'Default-Release'],
  },
]

export const UNANSWERABLE_SECOND: string[] = [
  'How much does the printed edition of the book cost?',
  'How do I turn on two-factor login for my account?',
  'What are your opening hours?',
  'How much does shipping to Canada cost?',
  'Which port does PostgreSQL listen on by default?',
  'How do I renew my car insurance?',
  'Who won the football world cup in 2018?',
  'How do I bake sourdough bread?',
  'Can I pay by bank transfer?',
  'What is the phone number of your support line?',
]
