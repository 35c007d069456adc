// Chat latency over a large index: the answer path must not grow with the material beyond its
// bounded candidate set. The evaluation corpus (eval-answers/corpus.ts) goes into one Knowledge
// Retrieval chatbot through the API; then passages made of its real sentences, drawn at random
// (so words keep their real frequencies, common ones common), fill the index up to the size asked
// for, spread over this chatbot and others. Every benchmark question, and questions made of very
// common words, are asked over HTTP; p50/p99 are printed.
// Usage: bun scripts/eval-answers-scale.ts [--passages 100000] [--own-share 0.5]
//        bun scripts/with-postgres.ts bun scripts/eval-answers-scale.ts
import { resolve } from 'node:path'
import { indexPassages } from '../src/features/training/material'
import { storedSentences } from '../src/lib/sentences'
import { client, startTestApp, subscribedToken } from '../tests/support/app'
import { fetchCorpus } from './eval-answers/corpus'
import { ANSWERABLE, UNANSWERABLE } from './eval-answers/questions'

const root = resolve(import.meta.dir, '..')
const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const TOTAL = option('--passages', 100_000)
/** Share of the synthetic passages that belong to the asked chatbot; the rest to other chatbots. */
const OWN_SHARE = option('--own-share', 0.5)
const OTHER_CHATBOTS = 4
/** Text as a visitor reads it, for finding a gold string: Markdown's marks and escapes and spacing aside. */
const flat = (text: string) =>
  text
    .replace(/[*`\\]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
const PASSAGES_PER_SOURCE = 200
const SENTENCES_PER_PASSAGE = 6

/** Questions a visitor types that hold only very common words. */
const COMMON_WORD_QUESTIONS = [
  'how do I do this',
  'what is the best way to get it',
  'can you help me with that',
  'what do I need to know',
  'is there a way to make it work',
  'how does it work',
  'what should I use',
  'where can I find it',
  'why does it not work',
  'what is it',
]

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** A deterministic generator, so runs fill the index alike. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

async function main() {
  const documents = fetchCorpus(resolve(root, '.eval-corpus'))
  const app = await startTestApp()
  const pages = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) => {
      const index = Number(new URL(request.url).pathname.split('/')[2])
      const doc = documents.filter((d) => d.format === 'html')[index]
      return doc ? new Response(Bun.file(doc.file), { headers: { 'content-type': 'text/html; charset=utf-8' } }) : new Response('not found', { status: 404 })
    },
  })
  try {
    const owner = client(app.url, await subscribedToken(app, 'scale@answers.example'))
    const create = async (name: string): Promise<string> => {
      const created = await owner.post('/api/v1.0/api-knowledge-retrieval/', {
        chatbot_name: name,
        chatbot_greeting: 'Hello!',
        chatbot_instructions: 'Ask about the documentation.',
        business_industry: 'Software documentation',
      })
      if (created.status !== 200) throw new Error(`chatbot creation: ${JSON.stringify(created.body)}`)
      return created.body.chatbot_id
    }
    const id = await create('Docs helper')
    const form = new FormData()
    for (const doc of documents.filter((d) => d.format === 'pdf')) {
      form.append('documents', new Blob([await Bun.file(doc.file).arrayBuffer()], { type: 'application/pdf' }), doc.file.split('/').pop())
    }
    if ((await owner.form(`/api/v1.0/chatbot-document-add/${id}/`, form)).status !== 200) throw new Error('document-add failed')
    const links = documents.filter((d) => d.format === 'html').map((d, i) => `http://127.0.0.1:${pages.port}/doc/${i}/${d.file.split('/').pop()}`)
    if ((await owner.post(`/api/v1.0/chatbot-link-add/${id}/`, { links })).status !== 200) throw new Error('link-add failed')
    await app.ctx.jobs.idle()

    const real = (await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', id).execute()).map((r) => r.text)
    const sentences = real.flatMap(storedSentences)
    const others = await Promise.all(Array.from({ length: OTHER_CHATBOTS }, (_, i) => create(`Other ${i + 1}`)))
    const next = random(42)
    const started = performance.now()
    let made = real.length
    for (let source = 0; made < TOTAL; source++) {
      const chatbotId = next() < OWN_SHARE ? id : others[source % OTHER_CHATBOTS]
      const count = Math.min(PASSAGES_PER_SOURCE, TOTAL - made)
      const passages = Array.from({ length: count }, () => Array.from({ length: SENTENCES_PER_PASSAGE }, () => sentences[Math.floor(next() * sentences.length)]).join('\n'))
      await app.ctx.db
        .transaction()
        .execute((trx) =>
          indexPassages(trx, { chatbotId, sourceType: 'link', sourceId: `synthetic-${source}`, title: `Synthetic page ${source}`, url: `https://example.org/${source}` }, passages),
        )
      made += count
    }
    const own = await app.ctx.db
      .selectFrom('chunks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('chatbot_id', '=', id)
      .executeTakeFirst()
    console.log(`${made} passages indexed (${Number(own?.n)} of the asked chatbot) in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const api = client(app.url)
    let visitor = 0
    // Wall time, and this process's CPU time (the service runs in it): on a shared machine the
    // wall time measures the machine's load as much as the code, the CPU time less so.
    const cpu: number[] = []
    const ask = async (question: string): Promise<number> => {
      const t = performance.now()
      const c = process.cpuUsage()
      const r = await api.post(`/api/v1.0/chat/${id}/`, { message: question, visitor_id: `scale-${visitor++}` })
      if (r.status !== 200) throw new Error(`chat "${question}": ${r.status}`)
      const used = process.cpuUsage(c)
      cpu.push((used.user + used.system) / 1000)
      return performance.now() - t
    }
    const questions = [...ANSWERABLE.map((q) => q.question), ...UNANSWERABLE]
    // A warm-up round (the database's and WordNet's caches), then the measured ones.
    for (const q of [...questions, ...COMMON_WORD_QUESTIONS]) await ask(q)
    // How many answers still hold their gold string among this many passages of other text: the
    // candidate set must stay deep enough for the answer's passage to be read at all.
    let hits = 0
    for (const q of ANSWERABLE) {
      const r = await api.post(`/api/v1.0/chat/${id}/`, { message: q.question, visitor_id: `scale-${visitor++}` })
      if (r.body.answered !== false && q.gold.some((g) => flat(r.body.reply).includes(flat(g)))) hits++
    }
    cpu.length = 0
    const all: number[] = []
    const common: number[] = []
    for (let round = 0; round < 2; round++) {
      for (const q of questions) all.push(await ask(q))
      for (const q of COMMON_WORD_QUESTIONS) common.push(await ask(q))
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`
    console.log(`answers holding their gold string: ${hits}/${ANSWERABLE.length}`)
    console.log(`benchmark questions (${all.length}): p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(Math.max(...all))}`)
    console.log(`CPU time of this process per question (all ${cpu.length}): p50 ${ms(percentile(cpu, 50))}, p99 ${ms(percentile(cpu, 99))}`)
    console.log(`common-word questions (${common.length}): p50 ${ms(percentile(common, 50))}, p99 ${ms(percentile(common, 99))}, max ${ms(Math.max(...common))}`)
  } finally {
    pages.stop(true)
    await app.stop()
  }
}

await main()
