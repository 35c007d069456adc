// How an answer is chosen and shaped beyond the question's own words: the kind of sentence the
// question's form asks for (a quantity, an acronym's expansion), a section named by the question
// answered by its first sentence, and a sentence that leans on the one before it read with it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { answerTypeOf } from '../../src/features/answers/answer-forms'
import { questionCues } from '../../src/features/answers/cues'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPages, ask, DOCS_HELPER } from './support'
import { createChatbot } from '../support/chatbots'
import { escapeHtml } from '../../src/lib/html'
import { asMarkdownText } from '../../src/lib/markdown-text'
import { marked } from 'marked'

test('answer types: the form of the question names the kind of sentence that answers it', () => {
  const quantity = answerTypeOf('How long is the backup window?')
  expect(quantity?.pattern.test('The backup window is 40 minutes.')).toBe(true)
  // A label's number ("Figure 1", "Section 4") or a citation ("(13)") is no quantity.
  expect(quantity?.pattern.test('Figure 1 shows the backup window.')).toBe(false)
  expect(quantity?.pattern.test('The backup window was studied before (13).')).toBe(false)
  // A question naming what is measured is answered by a number in that dimension's units, a
  // sentence that holds none of the question's words too ("held at -80 °C" for "stored").
  const temperature = answerTypeOf('At what temperature were the samples stored?')
  expect(temperature?.measure).toBe(true)
  expect(temperature?.pattern.test('The plasma was kept at -80 °C until analysis.')).toBe(true)
  expect(temperature?.pattern.test('After 10 min at room temperature, absorbance was read at 540 nm.')).toBe(false)
  expect(answerTypeOf('How much faster do programs get?')?.pattern.test('achieving 2x-20x speedups on many programs')).toBe(true)
  expect(answerTypeOf('How long can a name be?')?.pattern.test('The name must be at most 214 characters.')).toBe(true)
  expect(answerTypeOf('How much does the support plan cost?')?.pattern.test('It costs $5 a month.')).toBe(true)
  // Units that are common words do not count alone: "free software", "20 in total".
  expect(answerTypeOf('How much does the support plan cost?')?.pattern.test('All of it is free software.')).toBe(false)
  expect(answerTypeOf('How far did they run?')?.pattern.test('There were 20 in total.')).toBe(false)
  // A price question requires a price, or the word that none is asked, of the passage that answers it; other measures often stand bare in a table.
  expect(answerTypeOf('How much does the support plan cost?')?.required?.test('Support is given free of charge.')).toBe(true)
  expect(answerTypeOf('How much does the support plan cost?')?.required?.test('The support plan covers five years.')).toBe(false)
  expect(answerTypeOf('How heavy were the players?')?.required).toBeNull()
  // Opening hours require a time or a day: "open 24 hours a day" in a server manual is no opening hours, nor "the sun".
  const opening = answerTypeOf('What are your opening hours?')?.required
  for (const stated of ['Open Mon–Fri 9–17.', 'Sat 10–14.', 'We close at 5 pm.', 'The office is open from 8:30.', 'Closed on Sundays and public holidays.', 'Open 24/7.'])
    expect(opening?.test(stated)).toBe(true)
  // A phone number is asked for by name, not by every question about a phone.
  const phone = answerTypeOf('What is the phone number of your support line?')?.required
  for (const stated of ['Call +44 20 7946 0958.', 'Our line: (555) 010-4477.']) expect(phone?.test(stated)).toBe(true)
  for (const unrelated of ['Version 1.2.3 came out in 2009.', 'See pages 83-93.']) expect(phone?.test(unrelated)).toBe(false)
  expect(answerTypeOf('How do I log in with my phone?')?.required ?? null).toBeNull()
  // A postal address: a number and a street, a PO box, a postcode; an e-mail address is asked for otherwise.
  const address = answerTypeOf('Where is your office located?')?.required
  for (const stated of ['Visit us at 221B Baker Street, London.', 'Hauptstraße 5, Berlin', 'London SW1A 1AA', 'PO Box 123']) expect(address?.test(stated)).toBe(true)
  for (const unrelated of ['IdentityFile ~/.ssh/id_author', 'See Section 4 Data Types.']) expect(address?.test(unrelated)).toBe(false)
  expect(answerTypeOf('What is your email address?')?.required ?? null).toBeNull()
  for (const unrelated of [
    'Servers work 24 hours a day.',
    'Keep it out of the sun and away from heat.',
    'Out of the sun, 20 of them dried.',
    'In a few hours the mirror is in sync.',
  ])
    expect(opening?.test(unrelated)).toBe(false)
  expect(answerTypeOf('How many packages are there?')?.measure).toBe(false)
  const command = answerTypeOf('How do I hold a package back?')
  expect(command?.pattern.test('Run apt-mark hold with --verbose to keep it.')).toBe(true)
  // English hyphenated words are no command.
  expect(command?.pattern.test('The cache is self-healing.')).toBe(false)
  expect(answerTypeOf('What does LVM stand for?')?.pattern.test('It uses the Logical Volume Manager (LVM) when asked.')).toBe(true)
  expect(answerTypeOf('When is the mirror synchronised?')?.pattern.test('The mirror is synchronised every 6 hours.')).toBe(true)
  expect(answerTypeOf('Where is the sources list kept?')?.pattern.test('It lives in /etc/apt/sources.list on every system.')).toBe(true)
  expect(answerTypeOf('What happens if the disk fills up?')?.pattern.test('If the disk fills up, logging stops.')).toBe(true)
  // A question about the case where nothing was chosen asks for the default, a kind of sentence rare enough to count as a word.
  const unchosen = answerTypeOf('What does npm start run if there is no start script?')
  expect(unchosen?.telling).toBe(true)
  expect(unchosen?.pattern.test('npm will default the start command to node server.js')).toBe(true)
  expect(unchosen?.pattern.test('Otherwise stop and start are both run.')).toBe(false)
  expect(answerTypeOf('Tell me about the mirror')).toBeNull()
  // "What does X do" and "what is X used for" are answered by X's definition, a list's entry too; not by a name X ends.
  const defines = (question: string, sentence: string) => questionCues(question).some((c) => c.test(sentence))
  expect(defines('What does lintian do?', '• lintian - this is the Debian package checker.')).toBe(true)
  expect(defines('What is pbuilder used for?', 'pbuilder: builds packages in a chroot.')).toBe(true)
  expect(defines('What is pbuilder used for?', 'git-pbuilder = the easy syntax for pdebuild')).toBe(false)
  // A symbol typed on its own is a cue; hostile input never becomes a broken pattern.
  expect(questionCues('What if I forget the @ before the scope?').some((c) => c.test('the @-symbol on your scope'))).toBe(true)
  for (const hostile of ['| ( [', 'what is \\', 'how many ** ?', '$ ^ +']) expect(() => answerTypeOf(hostile) && questionCues(hostile)).not.toThrow()
})

let app: TestApp
let stop = () => {}
let id: string

const SECTION_FIRST = 'Edit the file /etc/network/interfaces and restart the service afterwards.'
const UNCOUNTED = 'The backup window is agreed with each customer in advance.'
const COUNTED = 'The backup window is 40 minutes on the reference server.'
const LEANED_ON = 'Any text editor can change the settings file of the resolver.'
const LEANING = 'For example, nano opens the hosts file with sudo nano /etc/hosts.'
const EXPANSION = 'The installer sets up the Logical Volume Manager (LVM) when asked to.'
const STORED = 'The plasma was held at -80 °C until analysis.'
const DEFINED = 'rsnapshot - this tool keeps hourly snapshots of a directory tree with hard links.'
/** A paragraph whose reason comes first, in words a yes/no question about its claim does not use. */
const REASON_FIRST = 'Because the tank needs no tending at all, it can be left alone for months.'
const CLAIM = 'The tank is a good fit for cabins, boats, sheds and caravans.'
/** Two conditions of the deploy script in the same words, one of them the default a question may ask for. */
const NAMED_TARGET = 'When run from a shell, the deploy script copies each release to the server given on its command line.'
const DEFAULT_TARGET = 'When the deploy script is given no server, it defaults to the staging host.'
/** A manual's sentence that Markdown would garble: "<name>" read as a tag, "__init__" as bold. */
const MARKUP_LIKE = 'Run npm install <name>@<tag> to fetch a module into ~/.modules, and its __init__ hook runs once.'

/** A code block's lines, indented, with marks Markdown would read as emphasis or a tag outside code. */
const CRONTAB = ['# nightly snapshot of /srv', '30 2 * * *  root  rsnapshot daily', '  MAILTO=<admin>', '  NICE=*10*']

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'shape@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  const filler = (topic: string) => `<p>This paragraph is about ${topic} and has nothing to do with the questions asked here, so it only fills the page.</p>`
  const page = `<html><head><title>Server handbook</title></head><body>
    <h1>Server handbook</h1>
    ${filler('gardening')}
    <h2>Configuring the network</h2>
    <p>${SECTION_FIRST} The change holds after a reboot.</p>
    ${filler('the weather')}
    <h2>Backups</h2>
    <p>${UNCOUNTED} ${COUNTED}</p>
    ${filler('cooking')}
    <h2>Editors</h2>
    <p>${LEANED_ON} ${LEANING}</p>
    ${filler('sailing')}
    <h2>Water tanks</h2>
    <p>${REASON_FIRST} ${CLAIM}</p>
    ${filler('fishing')}
    <h2>Deploying</h2>
    <p>${NAMED_TARGET}</p>
    ${filler('birds')}
    <h2>Release hosts</h2>
    <p>Every release is built once on the build host. ${DEFAULT_TARGET}</p>
    ${filler('trains')}
    <h2>Disks</h2>
    <p>LVM is used on most servers of the fleet. ${EXPANSION}</p>
    ${filler('painting')}
    <h2>Blood samples</h2>
    <p>Blood samples were taken before and immediately after the loading. ${STORED}</p>
    <p>After 10 min of colour development at room temperature, the absorbance of the samples was measured at 540 nm.</p>
    ${filler('knitting')}
    <h2>Tools</h2>
    <p>Run rsnapshot from cron on the backup host, and read the rsnapshot log after each run.</p>
    <ul><li>${DEFINED}</li><li>rsync - copies files between hosts.</li></ul>
    <p>The rsnapshot configuration file wants tabs, not spaces, between its fields.</p>
    ${filler('rowing')}
    ${filler('hiking')}
    <h2>Mirrors</h2>
    <p>To copy the whole archive of the project onto a mirror host of your own, run the command</p>
    <pre>rsync -a archive.example.org::debian /srv/mirror</pre>
    <p>The first copy takes a few hours, and later ones only fetch what changed.</p>
    <h2>The __init__ hook of *.mod files</h2>
    <p>${escapeHtml(MARKUP_LIKE)}</p>
    ${filler('pottery')}
    ${filler('chess')}
    <h2>Nightly snapshots</h2>
    <p>To take a snapshot of the served files every night, add these lines to the crontab of the backup host:</p>
    <pre><code>${escapeHtml(CRONTAB.join('\n'))}
</code></pre>
    <p>Snapshots older than a month are removed by the weekly run.</p>
    </body></html>`
  stop = (await addPages(app, token, id, { handbook: page })).stop
})
afterAll(async () => {
  stop()
  await app.stop()
})

test('a question naming a section is answered by its first sentence, the heading named in the source line', async () => {
  const answer = await ask(app, id, 'How do I configure the network?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith(SECTION_FIRST)).toBe(true)
  expect(answer.reply).toContain('“Configuring the network”')
})

test('"How long" is answered by the sentence holding a quantity, though another echoes the question as well', async () => {
  const answer = await ask(app, id, 'How long is the backup window?')
  expect(answer.reply.startsWith(COUNTED)).toBe(true)
})

test('a question naming what it measures is answered by a number in its units, though that sentence holds none of its words', async () => {
  const answer = await ask(app, id, 'At what temperature were the samples stored?')
  expect(answer.answered).toBe(true)
  // The answer leads; the room-temperature sentence may follow as context, not before it.
  expect(answer.reply.startsWith(`Blood samples were taken before and immediately after the loading. ${STORED}`)).toBe(true)
})

test('a sentence opening with "For example" is quoted after the sentence it leans on', async () => {
  const answer = await ask(app, id, 'Can nano open the hosts file?')
  expect(answer.reply.startsWith(`${LEANED_ON} ${LEANING}`)).toBe(true)
})

test("a question asking for a judgement is quoted the paragraph's reason before the claim; a question of fact is answered by its sentence first", async () => {
  const judged = await ask(app, id, 'Is it a good fit for cabins and boats?')
  expect(judged.answered).toBe(true)
  expect(judged.reply.startsWith(`${REASON_FIRST} ${CLAIM}`)).toBe(true)
  // The same paragraph shape, asked for a fact: the answering sentence leads (contract 8).
  const fact = await ask(app, id, 'How long is the backup window?')
  expect(fact.reply.startsWith(COUNTED)).toBe(true)
})

test('a question about the case where nothing was chosen is answered by the default, though another sentence holds its words as well', async () => {
  const answer = await ask(app, id, 'Which server does the deploy script pick if there is no server given?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toStartWith(DEFAULT_TARGET)
})

test('"What does LVM stand for?" is answered by the expansion', async () => {
  const answer = await ask(app, id, 'What does LVM stand for?')
  expect(answer.reply.startsWith(EXPANSION)).toBe(true)
})

test('"What does X do?" is answered by the sentence defining X, though others name it as often', async () => {
  const answer = await ask(app, id, 'What does rsnapshot do?')
  expect(answer.reply.startsWith(DEFINED)).toBe(true)
})

/** What a visitor reads of a reply: marked's HTML (the widget's renderer), tags dropped, entities decoded. */
const visibleText = (reply: string) =>
  String(marked.parse(reply, { gfm: true, breaks: true, async: false }))
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

test("an excerpt keeps the passage's paragraphs (a command apart from the prose around it) and ends with its section", async () => {
  const answer = await ask(app, id, 'How do I copy the archive onto a mirror host?')
  // The command goes on with the sentence before it (no end mark, lower case): no heading, so the context holds it.
  expect(answer.reply).toStartWith(
    'To copy the whole archive of the project onto a mirror host of your own, run the command\n\nrsync -a archive.example.org::debian /srv/mirror\n\nThe first copy takes a few hours',
  )
  // The context ends with the section: the next heading and its text answer something else.
  expect(answer.reply).not.toContain('hook')
})

test("a page's code block is quoted as one, line by line with its indentation, and rendered as code", async () => {
  const answer = await ask(app, id, 'How do I take a snapshot every night?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain(`crontab of the backup host:\n\n\`\`\`\n${CRONTAB.join('\n')}\n\`\`\`\n\nSnapshots older than a month`)
  const html = String(marked.parse(answer.reply, { gfm: true, breaks: true, async: false }))
  expect(html).toContain(`<pre><code>${escapeHtml(CRONTAB.join('\n'))}\n</code></pre>`)
  // Sources' snippets are one line.
  expect(answer.sources.every((s) => !/[\n\u2028]/.test(s.snippet))).toBe(true)
})

test('material as Markdown text: rendered, it reads as itself; text Markdown leaves alone stays as it is', () => {
  const garbled = [
    'npm install [<@scope>/]<name>@<tag>',
    'Call __init__, not _private_.',
    '# comment lines',
    '1. Run it.',
    '- a dash',
    '~~old~~ and ~y~',
    'a **b** c',
    'x <!-- y --> z',
    'See [the docs](http://x).',
    'C:\\*.txt and *this*',
    'Type &lt; to quote',
  ]
  for (const text of garbled) expect(visibleText(asMarkdownText(text)).trim()).toBe(text)
  for (const text of ['Tarballs matching *.tar.gz or *.zip are kept in ~/.cache.', 'node_modules and npm_config_', 'Held at -80 °C.', 'An empty list is "[]".'])
    expect(asMarkdownText(text)).toBe(text)
})

test('quoted material reads as its own words once rendered as Markdown: no tag swallowed, nothing made bold', async () => {
  const answer = await ask(app, id, 'How do I fetch a module?')
  expect(answer.answered).toBe(true)
  const html = String(marked.parse(answer.reply, { gfm: true, breaks: true, async: false }))
  expect(html).not.toContain('<strong>')
  expect(visibleText(answer.reply)).toContain(MARKUP_LIKE)
  // The section named in the source line too.
  expect(visibleText(answer.reply)).toContain('“The __init__ hook of *.mod files”')
})
