// The plain refusal when the material does not answer (answered: false, kept for the owner's
// unanswered list), and small talk answered in kind, never refused and never searched.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { GOODBYE_REPLY, greetingReply, NOTHING_FOUND, thanksReply } from '../../src/features/answers/texts'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPdf, ANSWERING_BAKERY, ask, DOCS_HELPER, INSTRUCTIONS, withManualChatbot } from './support'
import { createChatbot } from '../support/chatbots'

let app: TestApp
let id: string
let token: string

beforeAll(async () => {
  app = await startTestApp()
  token = await subscribedToken(app, 'refusal@answers.example')
  id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, id, 'Kiln manual', [
    [
      'The kiln reaches 1,280 degrees Celsius in about nine hours.',
      'Always vent the kiln room while firing glazes that contain lead.',
      'Hello and welcome to the kiln manual: thank you for buying our kiln.',
    ],
  ])
})
afterAll(() => app.stop())

/** The stored bot message that answered `sessionId`, with the question before it. */
async function stored(sessionId: string) {
  const rows = await app.ctx.db.selectFrom('chat_messages').select(['role', 'text', 'answered', 'created_at']).where('session_id', '=', sessionId).orderBy('created_at').execute()
  return { question: rows[0], reply: rows[1] }
}

test('an unrelated question gets the plain refusal with answered: false, and is kept as unanswered', async () => {
  for (const question of ['What are your opening hours?', 'Can I pay with PayPal?', 'What is the capital of Australia?']) {
    const answer = await ask(app, id, question)
    expect(answer).toEqual({ session_id: expect.any(String), message_id: expect.any(String), reply: NOTHING_FOUND, sources: [], answered: false })
    const { question: asked, reply } = await stored(answer.session_id)
    expect(asked).toMatchObject({ role: 'visitor', text: question, answered: null })
    expect(reply).toMatchObject({ role: 'bot', text: NOTHING_FOUND, answered: 0 })
    // What the owner's unanswered list needs: the question, when, and which chatbot.
    const session = await app.ctx.db.selectFrom('chat_sessions').select('chatbot_id').where('id', '=', answer.session_id).executeTakeFirstOrThrow()
    expect(session.chatbot_id).toBe(id)
    expect(Date.parse(asked.created_at)).not.toBeNaN()
  }
})

test('a question that names nothing to look up gets the refusal, not a passage that shares its common words', async () => {
  await addPdf(app, token, id, 'Kiln care', [
    ['How does it work? The best way to get it hot is to use the kiln controller.', 'You need to know the glaze before you make a firing plan.'],
  ])
  for (const question of ['How does it work?', 'What is the best way to get it?', 'What do I need to know?', 'what is it']) {
    expect(await ask(app, id, question)).toMatchObject({ reply: NOTHING_FOUND, sources: [], answered: false })
  }
  // One word that names a topic is enough.
  expect((await ask(app, id, 'What is the best way to get the kiln hot?')).reply).toContain('kiln controller')
})

test('an answered question is stored as answered', async () => {
  const answer = await ask(app, id, 'How many degrees does the kiln reach?')
  expect(answer.answered).toBe(true)
  expect(answer.reply).toContain('1,280 degrees Celsius')
  expect((await stored(answer.session_id)).reply.answered).toBe(1)
})

test('greetings, thanks and goodbyes get a short friendly reply with the instructions, not a refusal or a search', async () => {
  const cases: [string, string][] = [
    ['hi', greetingReply(INSTRUCTIONS)],
    ['Hello!', greetingReply(INSTRUCTIONS)],
    ['good morning', greetingReply(INSTRUCTIONS)],
    ['Thanks a lot :)', thanksReply(INSTRUCTIONS)],
    ['thank you', thanksReply(INSTRUCTIONS)],
    ['Bye!', GOODBYE_REPLY],
  ]
  for (const [message, reply] of cases) {
    // The manual says "hello" and "thank you" too: a search would have quoted it.
    const answer = await ask(app, id, message)
    expect(answer).toEqual({ session_id: expect.any(String), message_id: expect.any(String), reply, sources: [], answered: true })
  }
  expect(greetingReply(INSTRUCTIONS)).toContain(INSTRUCTIONS)
  // A greeting that carries a question is a question.
  const question = await ask(app, id, 'Hi, how many degrees does the kiln reach?')
  expect(question.reply).toContain('1,280 degrees Celsius')
})

test('Business Enquiries greets too', async () => {
  const token = await subscribedToken(app, 'refusal-business@answers.example')
  const business = (await createChatbot(app, token, 'business', ANSWERING_BAKERY)).id
  expect(await ask(app, business, 'hey there')).toMatchObject({ reply: greetingReply(INSTRUCTIONS), sources: [], answered: true })
})

test("a passage that holds none of the visitor's words, though the material uses them all, answers nothing: the refusal", async () => {
  // Each word of the question is in this material, never together; the passage nearest to it has
  // only WordNet relatives of them ("published" for printed, "payment" for cost).
  const guide = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  const notes = {
    Releases: 'Every release of the guide is published online, and reading it takes no payment from anyone.',
    Versions: 'The 2019 edition of the guide covers version 4 of the kiln software.',
    Pages: 'Use the browser to print a single page of the guide.',
    Funding: 'Running costs of the project are covered by donations from its members.',
  }
  for (const [title, line] of Object.entries(notes)) await addPdf(app, token, guide, title, [[line]])
  const answer = await ask(app, guide, 'How much does the printed edition cost?')
  expect([answer.reply, answer.answered]).toEqual([NOTHING_FOUND, false])
  // Asked in its own words, the material answers.
  const own = await ask(app, guide, 'Which version does the 2019 edition cover?')
  expect(own.answered).toBe(true)
  expect(own.reply).toContain('covers version 4')
})

/**
 * Questions whose form requires something of the answer: refused over material that shares every
 * word of the question but states no such thing, answered once a passage states it.
 */
const REQUIRED_FORMS = [
  {
    asks: 'a price',
    question: 'How much does a support contract cost?',
    // "cost" is in the material too: only the missing price tells the passage does not answer.
    without: ['A support contract covers the kiln for five years, with a visit from our technician every spring.', 'Electricity is the main running cost of a kiln.'],
    stated: 'The yearly support contract costs $120, paid in advance.',
    quoted: '$120',
  },
  {
    asks: 'opening hours',
    question: 'What are your opening hours?',
    without: ['The kiln room stays open for nine hours while the kiln cools down.'],
    stated: 'The studio shop opens Mon–Fri from 9:00 to 17:00, and the opening hours on Saturdays are 10 am to 2 pm.',
    quoted: 'Mon–Fri from 9:00 to 17:00',
  },
  {
    asks: 'a phone number',
    question: 'What is the phone number of your support line?',
    without: ['The support line answers questions about the phone number format of kiln controllers.'],
    stated: 'Our support line is reached on the phone number +44 20 7946 0958.',
    quoted: '+44 20 7946 0958',
  },
  {
    asks: "the business's address",
    question: 'Where is your office located?',
    without: ['The office kiln is located next to the glaze store, where it stays cool.'],
    stated: 'Our office is located at 221B Baker Street, London NW1 6XE.',
    quoted: '221B Baker Street',
  },
]

for (const form of REQUIRED_FORMS) {
  test(`a question asking for ${form.asks} is refused by passages that only share its words, and answered by one stating it`, async () => {
    const bot = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
    for (const [i, line] of form.without.entries()) await addPdf(app, token, bot, `Notes ${i + 1}`, [[line]])
    expect(await ask(app, bot, form.question)).toMatchObject({ reply: NOTHING_FOUND, sources: [], answered: false })
    await addPdf(app, token, bot, 'Stated', [[form.stated]])
    const answer = await ask(app, bot, form.question)
    expect(answer.answered).toBe(true)
    expect(answer.reply).toContain(form.quoted)
  })
}

test('a price question is answered by a passage saying there is nothing to pay', async () => {
  const bot = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
  await addPdf(app, token, bot, 'Running', [['Electricity is the main running cost of a kiln.']])
  await addPdf(app, token, bot, 'Cleaning', [['Cleaning the kiln shelves is done free of charge at every visit.']])
  const free = await ask(app, bot, 'How much does cleaning the kiln shelves cost?')
  expect(free.answered).toBe(true)
  expect(free.reply).toContain('free of charge')
})

test("a paper's reference list answers nothing: its cited titles hold a question's words, not its answer", async () => {
  const paper = [
    'Tracing JIT',
    'Our interpreter records the hot loops of a program and compiles each loop into native code, so a loop that runs a million times is compiled once.',
    'References',
    '[1] A. Gal, C. W. Probst, and M. Franz. HotpathVM: An effective JIT compiler for resource-constrained devices. In Proceedings of the International Conference on Virtual Execution Environments, pages 144–153. ACM Press, 2006.',
    '[2] A. Rigo. Representation-Based Just-In-time Specialization and the Psyco Prototype for Python. In PEPM, 2004.',
    '17. Yamamoto K., Kondo T, Kimata A. Lack of effect of aerobic physical exercise on nitric oxide concentrations in healthy young subjects. Nagoya J Med Sci 2007; 69, 167-172.',
  ]
  await withManualChatbot('references@answers.example', paper, async (ask) => {
    for (const question of [
      'Which JIT compiler suits resource-constrained devices?',
      'How do I specialize Python prototypes?',
      'Does aerobic exercise change nitric oxide levels?',
    ]) {
      expect({ question, answer: await ask(question) }).toMatchObject({ question, answer: { reply: NOTHING_FOUND, answered: false } })
    }
    // The paper's own text still answers.
    expect((await ask('How often is a hot loop compiled?')).reply).toContain('compiled once')
  })
})

test('a name the material never writes is refused, whatever else of the question it holds; a word naming the same thing stands in for it', async () => {
  const shipping = [
    'Shipping',
    'We ship every order to any country of the European Union within three working days.',
    'Orders to Germany and France travel by road; the parcel carrier leaves our warehouse each afternoon.',
    'Customers across the USA receive their parcels by air freight within a week.',
  ]
  await withManualChatbot('names@answers.example', shipping, async (ask) => {
    // "country" is Australia's broader word in WordNet, and the material holds it: no stand-in.
    expect(await ask('Do you ship orders to Australia?')).toMatchObject({ reply: NOTHING_FOUND, answered: false })
    expect(await ask('How do parcels travel to Japan?')).toMatchObject({ reply: NOTHING_FOUND, answered: false })
    expect((await ask('How do parcels travel to Germany?')).reply).toContain('by road')
    // WordNet names America "USA" too.
    expect((await ask('How long do parcels take to America?')).reply).toContain('air freight')
  })
})
