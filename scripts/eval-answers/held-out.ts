// Held-out test sets (test-sets/): written before any change by a helper who had not read the
// answering code; nobody tunes on them. Each set runs the real service and, beside it, plain BM25.
import { client, startTestApp, subscribedToken } from '../../tests/support/app'
import { BACKUP_FAQ, BACKUP_MANUAL } from './test-sets/backup-appliance'
import { BIKE_MANUAL } from './test-sets/bike-computer'
import businessQuestions from './test-sets/business.questions.json'
import businesses from './test-sets/businesses.json'
import { toHtml, toPdf, type WrittenDocument } from './test-sets/document'
import manualFaq from './test-sets/manual-faq.questions.json'
import productManual from './test-sets/product-manual.questions.json'

export const TEST_SETS = ['manual-faq', 'product-manual', 'business'] as const
export type TestSet = (typeof TEST_SETS)[number]

interface Reply {
  reply: string
  answered?: boolean
}
export interface Score {
  n: number
  u: number
  hit: number
  falseRefusal: number
  correctRefusal: number
  bmHit: number
  bmRefusal: number
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** Plain BM25 (k1 1.2, b 0.75), no stemming or stop words: the top passage, or null when no word matches. */
export function bm25Top(passages: string[]) {
  const docs = passages.map(words)
  const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length)
  const df = new Map<string, number>()
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1)
  return (question: string): string | null => {
    let best = -1
    let bestScore = 0
    const terms = [...new Set(words(question))]
    docs.forEach((d, i) => {
      let score = 0
      for (const t of terms) {
        const f = d.filter((w) => w === t).length
        if (f === 0) continue
        const n = df.get(t) ?? 0
        score += (Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.length) / avg))
      }
      if (score > bestScore) {
        bestScore = score
        best = i
      }
    })
    return best < 0 ? null : passages[best]
  }
}

const matches = (text: string, patterns: string[]) => patterns.some((p) => new RegExp(p, 'i').test(text.replace(/[*`\\]/g, '').replace(/\s+/g, ' ')))
const refused = (r: Reply) => r.answered === false

/** The owner's facts cut into one passage per field, FAQ entry and price item: the Business Enquiries baseline's material. */
function businessPassages(body: Record<string, unknown>): string[] {
  const out: string[] = []
  for (const key of ['operating_hours', 'address_locations', 'contact_information'] as const) if (typeof body[key] === 'string') out.push(body[key] as string)
  if (typeof body.faqs === 'string') out.push(...body.faqs.split(/\n\s*\n/).filter((s) => s.trim()))
  for (const item of (body.pricing_plans as Record<string, string>[]) ?? []) out.push(Object.values(item).join(' '))
  return out
}

export async function runTestSet(set: TestSet): Promise<Score> {
  const app = await startTestApp()
  let site = ''
  const pages = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(toHtml(BACKUP_FAQ, site), { headers: { 'content-type': 'text/html; charset=utf-8' } }) })
  site = `http://127.0.0.1:${pages.port}`
  try {
    const token = await subscribedToken(app, 'eval@answers.example')
    const owner = client(app.url, token)
    const api = client(app.url)
    let visitor = 0
    const ask = async (id: string, message: string): Promise<Reply> => {
      const r = await api.post(`/api/v1.0/chat/${id}/`, { message, visitor_id: `eval-${visitor++}` })
      if (r.status !== 200) throw new Error(`chat "${message}": ${r.status} ${JSON.stringify(r.body)}`)
      return r.body
    }
    const score: Score = { n: 0, u: 0, hit: 0, falseRefusal: 0, correctRefusal: 0, bmHit: 0, bmRefusal: 0 }
    const scoreOne = (r: Reply, top: string | null, gold: string[] | null) => {
      if (gold) {
        score.n++
        if (!refused(r) && matches(r.reply, gold)) score.hit++
        if (refused(r)) score.falseRefusal++
        if (top !== null && matches(top, gold)) score.bmHit++
      } else {
        score.u++
        if (refused(r)) score.correctRefusal++
        if (top === null) score.bmRefusal++
      }
    }
    if (set === 'business') {
      const ids = new Map<string, { id: string; top: (q: string) => string | null }>()
      for (const b of businesses) {
        const created = await owner.post('/api/v1.0/api-customer-support/', b.body)
        if (created.status !== 200) throw new Error(`business ${b.key}: ${JSON.stringify(created.body)}`)
        ids.set(b.key, { id: created.body.chatbot_id, top: bm25Top(businessPassages(b.body)) })
      }
      for (const q of businessQuestions.answerable) {
        const b = ids.get(q.business)!
        scoreOne(await ask(b.id, q.q), b.top(q.q), q.a)
      }
      for (const q of businessQuestions.unanswerable) {
        const b = ids.get(q.business)!
        scoreOne(await ask(b.id, q.q), b.top(q.q), null)
      }
      return score
    }
    const created = await owner.post('/api/v1.0/api-knowledge-retrieval/', {
      chatbot_name: 'Docs helper',
      chatbot_greeting: 'Hello! Ask me about the documentation.',
      chatbot_instructions: 'Answer questions from the documentation.',
      business_industry: 'Product documentation',
    })
    if (created.status !== 200) throw new Error(`chatbot creation: ${JSON.stringify(created.body)}`)
    const id: string = created.body.chatbot_id
    const pdf: WrittenDocument = set === 'manual-faq' ? BACKUP_MANUAL : BIKE_MANUAL
    const form = new FormData()
    form.append('documents', new Blob([new Uint8Array(await toPdf(pdf))], { type: 'application/pdf' }), `${set}.pdf`)
    const added = await owner.form(`/api/v1.0/chatbot-document-add/${id}/`, form)
    if (added.status !== 200) throw new Error(`document-add: ${JSON.stringify(added.body)}`)
    if (set === 'manual-faq') {
      const queued = await owner.post(`/api/v1.0/chatbot-link-add/${id}/`, { links: [`${site}/faq`] })
      if (queued.status !== 200) throw new Error(`link-add: ${JSON.stringify(queued.body)}`)
    }
    await app.ctx.jobs.idle()
    if (set === 'manual-faq') {
      const status = await owner.get(`/api/v1.0/chatbot-link-status/${id}/`)
      const failed = (status.body.jobs as { status: string }[]).filter((j) => j.status !== 'added')
      if (failed.length) throw new Error(`FAQ page not added: ${JSON.stringify(failed)}`)
    }
    const chunks = (await app.ctx.db.selectFrom('chunks').select('text').where('chatbot_id', '=', id).orderBy('id').execute()).map((r) => r.text)
    const top = bm25Top(chunks)
    const questions = set === 'manual-faq' ? manualFaq : productManual
    for (const q of questions.answerable) scoreOne(await ask(id, q.q), top(q.q), q.a)
    for (const q of questions.unanswerable) scoreOne(await ask(id, q), top(q), null)
    return score
  } finally {
    pages.stop(true)
    await app.stop()
  }
}

export function scoreRow(set: string, s: Score): string {
  const pct = (x: number, of: number) => `${((100 * x) / Math.max(1, of)).toFixed(0)}% (${x}/${of})`
  return `| ${set} | ${pct(s.hit, s.n)} | ${pct(s.bmHit, s.n)} | ${s.falseRefusal}/${s.n} | ${pct(s.correctRefusal, s.u)} | ${pct(s.bmRefusal, s.u)} |`
}
