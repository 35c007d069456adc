// Manuals and FAQs as their authors lay them out: a PDF whose first page is a table of contents
// (dot leaders to page numbers) and whose commands stand on their own line after a sentence ending
// in a colon, and an HTML FAQ that opens with a list of links to its own questions. The reply
// quotes the answer (the command with the sentence that introduces it), never the contents or the
// FAQ's own question in place of its answer.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { createChatbot } from '../support/chatbots'
import { addPages, addPdf, ask, DOCS_HELPER } from './support'

let app: TestApp
let id: string
let stop = () => {}

const CONTENTS = [
  'Contents',
  '10.1 Can I install and compile a kernel without Debian-specific tweaking? . . . . . . 45',
  '10.2 What tools does Debian provide to build custom kernels? . . . . . . . . . . . . . 45',
  '10.4 Can I safely de-install an old kernel package, and if so, how? . . . . . . . . . 46',
  '11.1 How can I ensure that all programs use the same paper size? . . . . . . . . . . . 47',
]
const KERNEL = [
  '10.1 Can I install and compile a kernel without Debian-specific tweaking?',
  'Yes. The only catch is that the C libraries are built with the headers of the stable kernel.',
  '10.2 What tools does Debian provide to build custom kernels?',
  'Users who build a custom kernel are encouraged to use the package target of the kernel',
  'build system. After configuring the kernel, simply run the following command:',
  'make deb-pkg',
  'The new kernel package is created one level above the source tree.',
]
const REMOVAL = [
  '10.4 Can I safely de-install an old kernel package, and if so, how?',
  'Yes. The prerm script checks whether the kernel you run is the one you remove.',
  'Therefore you can remove unwanted kernel image packages using this command:',
  'dpkg --purge linux-image-NNN',
  '11.1 How can I ensure that all programs use the same paper size?',
  'Install the libpaper1 package; the setting is kept in the file /etc/papersize.',
]

const FAQ = `<html><head><title>Database FAQ</title></head><body>
  <h1>Frequently Asked Questions</h1>
  <ol>
    <li><a href="#q19">INSERT is really slow - I can only do a few dozen INSERTs per second</a></li>
    <li><a href="#q20">I accidentally deleted some important information from my database. How can I recover it?</a></li>
  </ol>
  <p><a name="q19"></a><b>(19) INSERT is really slow - I can only do a few dozen INSERTs per second</b></p>
  <p>Each INSERT is its own transaction unless you group many of them between BEGIN and COMMIT.</p>
  <p><a name="q20"></a><b>(20) I accidentally deleted some important information from my database. How can I recover it?</b></p>
  <p>If you have a backup copy of your database file, recover the information from your backup. Without a backup, recovery is very difficult.</p>
  <h2>Package tools</h2>
  <ul>
    <li>Remove a package (but not its configuration files): dpkg --remove foo.</li>
    <li>Remove a package (including its configuration files): dpkg --purge foo.</li>
  </ul>
</body></html>`

/** A FAQ laid out as an accordion (WAI-ARIA's pattern): each answer hidden until its question is clicked. */
const ACCORDION = `<html><head><title>Delivery questions</title></head><body><main>
  <h1>Delivery questions</h1>
  <h3><button aria-expanded="false" aria-controls="answer-1" id="question-1">Do you deliver on Sundays?</button></h3>
  <div id="answer-1" role="region" aria-labelledby="question-1" hidden><p>No. Our vans run from Monday to Saturday, between 8 am and 6 pm.</p></div>
  <h3><button aria-expanded="false" aria-controls="answer-2" id="question-2">Can I change the delivery address after ordering?</button></h3>
  <div id="answer-2" role="region" aria-labelledby="question-2" hidden><p>Yes, until the parcel leaves the depot: reply to your confirmation e-mail with the new address.</p></div>
</main></body></html>`

beforeAll(async () => {
  app = await startTestApp()
  const token = await subscribedToken(app, 'manuals@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'Debian FAQ', [CONTENTS, KERNEL, REMOVAL])
  stop = (await addPages(app, token, id, { faq: FAQ, delivery: ACCORDION })).stop
})
afterAll(async () => {
  stop()
  await app.stop()
})

const indexedText = async () => (await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', id).execute()).map((r) => r.text).join('\n\n')

test("a PDF's table of contents and an HTML page's list of links to its own questions are not material", async () => {
  const text = await indexedText()
  expect(text).not.toContain('. . .')
  expect(text.match(/What tools does Debian provide to build custom kernels\?/g)).toHaveLength(1)
  expect(text.match(/How can I recover it\?/g)).toHaveLength(1)
})

test('a command on its own line after "run the following command:" is quoted with the sentence that introduces it', async () => {
  const answer = await ask(app, id, 'What tools does Debian provide to build custom kernels?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('simply run the following command: make deb-pkg')
  const removal = await ask(app, id, 'How can I safely remove an old kernel package?')
  expect(removal.reply).toContain('dpkg --purge linux-image-NNN')
  // The command is no section heading in the source line.
  expect(removal.reply).not.toContain('“dpkg --purge')
})

test("a FAQ's question that echoes the visitor's leads to its answer: the reply starts with the answer", async () => {
  const answer = await ask(app, id, 'How can I recover information I deleted from my database?')
  expect(answer.answered).toBe(true)
  expect(answer.reply.startsWith('If you have a backup copy of your database file, recover the information from your backup.')).toBe(true)
})

test('a sentence that leaves out what the question asks for ("but not its configuration files") yields to one that includes it', async () => {
  const answer = await ask(app, id, 'How do I remove a package together with its configuration files?')
  expect(answer.reply.startsWith('Remove a package (including its configuration files): dpkg --purge foo.')).toBe(true)
})

test("an accordion FAQ's answers, hidden until the visitor opens them, are material: the reply quotes the answer", async () => {
  const sundays = await ask(app, id, 'Do you deliver on Sundays?')
  expect(sundays.answered).toBe(true)
  expect(sundays.reply).toContain('Our vans run from Monday to Saturday, between 8 am and 6 pm.')
  const address = await ask(app, id, 'Can I change the delivery address once I have ordered?')
  expect(address.reply).toContain('reply to your confirmation e-mail with the new address')
})
