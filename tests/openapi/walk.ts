/**
 * A walk through every operation of the API with the client types openapi-typescript generated
 * (tests/support/api.d.ts): JSON and multipart, public and owner. Request bodies are written
 * against the generated types and answers are read through them, with no cast and no
 * suppression; tsc checks this file, and the client test runs it against the app.
 */
import { lastCodeFor, type TestApp } from '../support/app'
import { PNG_1x1 } from '../support/chatbots'
import { typedApi } from '../support/typed-api'
import { textPdf } from '../training/pdf-fixtures'

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The first weekday at least a week ahead, in UTC. */
function nextWeekday(now: Date): string {
  const date = new Date(now.getTime() + 7 * 86_400_000)
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1)
  return day(date)
}

export async function walkEveryOperation(app: TestApp, pageUrl: string): Promise<Set<string>> {
  const anonymous = typedApi(app.ctx, app.url)
  const { call, answer } = anonymous
  const called = anonymous.called
  const email = 'walker@example.com'
  const returnUrl = 'https://shop.example/after-payment'

  // Onboarding, checkout and login: public operations.
  const started = answer(await call('post', '/api/v1.0/create-subscription/', { json: { email_address: email, return_url: returnUrl } }), 200)
  if (!('response' in started)) throw new Error('a new address gets a code first')
  const verified = answer(await call('post', '/api/v1.0/verification-code/', { json: { email_address: email, code: await lastCodeFor(app, email), return_url: returnUrl } }), 200)
  const sessionId = new URL(verified.payment_url).pathname.split('/').filter(Boolean).pop() ?? ''
  await call('get', '/billing/checkout/{sessionId}/', { params: { sessionId } })
  const paid = await call('post', '/billing/checkout/{sessionId}/', { params: { sessionId }, urlencoded: { action: 'pay' } })
  if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`)
  answer(await call('post', '/api/v1.0/login/', { json: { email_address: email } }), 200)
  const login = answer(await call('post', '/api/v1.0/login/', { json: { email_address: email, code: await lastCodeFor(app, email) } }), 200)
  if (!('token' in login)) throw new Error('step two of login gives a token')

  const owner = typedApi(app.ctx, app.url, login.token)
  const merge = () => {
    for (const key of owner.called) called.add(key)
  }
  const api = owner.call
  const ok = owner.answer

  // Creation: multipart (with a logo file part) and JSON.
  const knowledge = ok(
    await api('post', '/api/v1.0/api-knowledge-retrieval/', {
      form: { chatbot_name: 'Walker', chatbot_greeting: 'Hello', business_industry: 'Bakery', chatbot_instructions: 'Answer from the manual', user_allowance: '50' },
      files: { business_logo: [new File([PNG_1x1], 'logo.png', { type: 'image/png' })] },
    }),
    200,
  )
  const plan = { 'Product/Service Name': 'Loaf', 'Product/Service Description': 'Sourdough', 'Price excluding VAT': '4', 'Price including VAT': '4.80' }
  const common = { chatbot_name: 'Walker', chatbot_greeting: 'Hello', business_industry: 'Bakery' }
  const business = ok(
    await api('post', '/api/v1.0/api-customer-support/', {
      json: { ...common, chatbot_instructions: 'Prices and hours', business_website: 'https://bakery.example', pricing_plans: [plan] },
    }),
    200,
  )
  const form = ok(
    await api('post', '/api/v1.0/api-data-collection/', {
      json: { ...common, data_collection: [{ title: 'Photo', question: 'A photo of the venue, please.', type: 'image' }] },
    }),
    200,
  )
  const logo = `data:image/png;base64,${Buffer.from(PNG_1x1).toString('base64')}`
  const quote = ok(await api('post', '/api/v1.0/api-quote-generation/', { json: { ...common, business_logo: logo, currency: 'EUR', pricing_plans: [plan] } }), 200)
  const calendar = {
    calendar_name: 'Tastings',
    calendar_email: 'tastings@bakery.example',
    daily_start: '9:00 AM',
    daily_end: '5:00 PM',
    local_timezone: 'UTC',
    description: 'At the bakery',
    include_weekends: false,
    min15App: false,
    min30App: true,
    min45App: false,
    min60App: false,
  }
  const appointment = ok(await api('post', '/api/v1.0/api-appointment-calendar/', { json: { ...common, calendar_data: [calendar] } }), 200)

  // Reading and editing.
  const read = ok(await api('get', '/api/v1.0/chatbot-get/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } }), 200)
  if (read.chatbot_type !== 'Knowledge Retrieval' || read.logo_url === null) throw new Error('chatbot-get shows the type and the logo')
  ok(await api('post', '/api/v1.0/chatbot-edit/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { chatbot_title: 'Ask the baker' } }), 200)
  const list = ok(await api('get', '/api/v1.0/chatbot-list/'), 200)
  if (list.chatbots.length !== 5) throw new Error('five chatbots listed')
  await call('get', '/media/logos/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } })

  // Training material.
  const pdf = await textPdf({ title: 'Manual' })
  ok(
    await api('post', '/api/v1.0/chatbot-document-add/{uniqueId}/', {
      params: { uniqueId: knowledge.chatbot_id },
      files: { documents: [new File([pdf.slice()], 'manual.pdf', { type: 'application/pdf' })] },
    }),
    200,
  )
  const documents = ok(await api('get', '/api/v1.0/chatbot-document-view/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } }), 200)
  const documentId = documents.documents[0]?.document_id ?? ''
  await call('get', '/media/documents/{documentId}/', { params: { documentId } })
  await api('get', '/media/documents/{documentId}/', { params: { documentId } })
  ok(await api('post', '/api/v1.0/chatbot-link-add/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { links: [pageUrl] } }), 200)
  ok(await api('get', '/api/v1.0/chatbot-link-status/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } }), 200)
  ok(await api('get', '/api/v1.0/chatbot-link-view/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } }), 200)
  const unknownLink = await api('post', '/api/v1.0/chatbot-link-delete/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { link_id: 'no-such-link' } })
  if (unknownLink.status !== 404) throw new Error('an unknown link is 404')
  const faq = ok(
    await api('post', '/api/v1.0/chatbot-faq-add/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { question: 'Where is the manual?', answer: 'In the box.' } }),
    200,
  )
  ok(await api('get', '/api/v1.0/chatbot-faq-view/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id } }), 200)
  ok(await api('post', '/api/v1.0/chatbot-faq-delete/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { faq_id: faq.faq_id } }), 200)
  ok(
    await api('post', '/api/v1.0/chatbot-document-edit/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { document_id: documentId, title: 'Manual, renamed' } }),
    200,
  )
  ok(await api('post', '/api/v1.0/chatbot-document-delete/{uniqueId}/', { params: { uniqueId: knowledge.chatbot_id }, json: { document_id: documentId } }), 200)

  // Calendars.
  ok(
    await api('post', '/api/v1.0/chatbot-calendar-add/{uniqueId}/', {
      params: { uniqueId: appointment.chatbot_id },
      json: { calendar_data: [{ ...calendar, calendar_name: 'Spare' }] },
    }),
    200,
  )
  const calendars = ok(await api('get', '/api/v1.0/chatbot-calendar-view/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id } }), 200)
  const spare = calendars.calendar_list.find((c) => c.name === 'Spare')
  ok(await api('post', '/api/v1.0/chatbot-calendar-delete/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id }, json: { calendar_id: spare?.calendar_id ?? '' } }), 200)

  // The public chat runtime.
  const config = answer(await call('get', '/api/v1.0/widget/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id } }), 200)
  const calendarId = config.calendars?.[0]?.calendar_id ?? ''
  const date = nextWeekday(app.clock.now())
  const slots = answer(
    await call('get', '/api/v1.0/chat/{uniqueId}/slots/', { params: { uniqueId: appointment.chatbot_id }, query: { calendar_id: calendarId, duration: '30', date } }),
    200,
  )
  const start = slots.slots[0]?.start ?? ''
  const booked = answer(
    await call('post', '/api/v1.0/chat/{uniqueId}/book/', {
      params: { uniqueId: appointment.chatbot_id },
      json: { visitor_id: 'visitor-1', calendar_id: calendarId, duration: 30, start, client_name: 'Ada', client_email: 'ada@example.com' },
    }),
    200,
  )
  if (booked.status !== 'confirmed') throw new Error('the booking is confirmed')
  const reply = answer(await call('post', '/api/v1.0/chat/{uniqueId}/', { params: { uniqueId: form.chatbot_id }, json: { message: 'Hello', visitor_id: 'visitor-1' } }), 200)
  const upload = answer(
    await call('post', '/api/v1.0/chat/{uniqueId}/upload/', {
      params: { uniqueId: form.chatbot_id },
      form: { visitor_id: 'visitor-1', session_id: reply.session_id },
      files: { file: [new File([PNG_1x1], 'venue.png', { type: 'image/png' })] },
    }),
    200,
  )
  answer(
    await call('post', '/api/v1.0/chat/{uniqueId}/', {
      params: { uniqueId: form.chatbot_id },
      json: { message: upload.upload_id, visitor_id: 'visitor-1', session_id: reply.session_id },
    }),
    200,
  )
  const quoted = answer(
    await call('post', '/api/v1.0/chat/{uniqueId}/quote/', {
      params: { uniqueId: quote.chatbot_id },
      json: { visitor_id: 'visitor-2', client_name: 'Ada', client_email: 'ada@example.com', items: [{ name: 'Loaf', quantity: 3 }] },
    }),
    200,
  )
  await call('get', '/media/quotes/{quoteId}/', { params: { quoteId: quoted.quote_id } })

  // What the conversations produced, for the owner.
  const submissions = ok(await api('get', '/api/v1.0/chatbot-submissions/{uniqueId}/', { params: { uniqueId: form.chatbot_id } }), 200)
  if (submissions.submissions.length !== 1) throw new Error('the form was submitted')
  await call('get', '/media/uploads/{uploadId}/', { params: { uploadId: upload.upload_id } })
  await api('get', '/media/uploads/{uploadId}/', { params: { uploadId: upload.upload_id } })
  const leads = ok(await api('get', '/api/v1.0/chatbot-leads/{uniqueId}/', { params: { uniqueId: quote.chatbot_id } }), 200)
  ok(await api('get', '/api/v1.0/chatbot-appointments/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id } }), 200)
  ok(await api('get', '/api/v1.0/chatbot-leads/{uniqueId}/', { params: { uniqueId: quote.chatbot_id }, query: { limit: '1' } }), 200)

  // Webhooks: the deliveries and a rotation of the secret.
  ok(await api('get', '/api/v1.0/chatbot-webhook-deliveries/{uniqueId}/', { params: { uniqueId: quote.chatbot_id } }), 200)
  ok(await api('post', '/api/v1.0/chatbot-webhook-secret-rotate/{uniqueId}/', { params: { uniqueId: quote.chatbot_id } }), 200)

  // Conversations (contract 10): the visitor rates a reply, the owner reads the inbox.
  answer(
    await call('post', '/api/v1.0/chat/{uniqueId}/feedback/', {
      params: { uniqueId: form.chatbot_id },
      json: { visitor_id: 'visitor-1', session_id: reply.session_id, message_id: reply.message_id, rating: 'up' },
    }),
    200,
  )
  const inbox = ok(await api('get', '/api/v1.0/chatbot-conversations/{uniqueId}/', { params: { uniqueId: form.chatbot_id }, query: { limit: '10' } }), 200)
  const transcript = ok(
    await api('get', '/api/v1.0/chatbot-conversation-view/{uniqueId}/', { params: { uniqueId: form.chatbot_id }, query: { session_id: inbox.conversations[0]?.session_id ?? '' } }),
    200,
  )
  if (transcript.messages[1]?.feedback !== 'up') throw new Error('the rating shows in the transcript')
  ok(await api('get', '/api/v1.0/chatbot-unanswered/{uniqueId}/', { params: { uniqueId: business.chatbot_id } }), 200)

  // The owner's day-to-day changes (contract 10).
  ok(
    await api('post', '/api/v1.0/chatbot-calendar-edit/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id }, json: { calendar_id: calendarId, daily_end: '6:00 PM' } }),
    200,
  )
  ok(await api('post', '/api/v1.0/chatbot-appointment-cancel/{uniqueId}/', { params: { uniqueId: appointment.chatbot_id }, json: { appointment_id: booked.appointment_id } }), 200)
  ok(await api('post', '/api/v1.0/chatbot-lead-delete/{uniqueId}/', { params: { uniqueId: quote.chatbot_id }, json: { lead_id: leads.leads[0]?.lead_id ?? '' } }), 200)
  ok(
    await api('post', '/api/v1.0/chatbot-submission-delete/{uniqueId}/', {
      params: { uniqueId: form.chatbot_id },
      json: { submission_id: submissions.submissions[0]?.submission_id ?? '' },
    }),
    200,
  )

  // The rest: Stripe's webhook (off in test mode), health, deleting, logging out.
  const stripe = await call('post', '/api/v1.0/stripe-webhook/', { json: {} })
  if (stripe.status !== 404) throw new Error('the Stripe webhook is off without STRIPE_SECRET_KEY')
  answer(await call('get', '/healthz'), 200)
  ok(await api('post', '/api/v1.0/chatbot-delete/{uniqueId}/', { params: { uniqueId: business.chatbot_id } }), 200)
  ok(await api('post', '/api/v1.0/logout/'), 200)
  merge()
  return called
}
