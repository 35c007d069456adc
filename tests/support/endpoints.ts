/**
 * The API's addresses and the helpers every feature's tests share: one definition, typed by
 * the generated client where a call is typed (see typed-api.ts for the typed calls themselves).
 */
import type { ApiPath } from './typed-api'

/** An id no chatbot, document, link or calendar has (a valid UUID, so only existence differs). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** A path of the served document (typed by the generated client: a path the API does not serve does not compile) with `{uniqueId}` filled in. */
const withId = (template: ApiPath) => (id: string) => template.replace('{uniqueId}', id)

/** Every chatbot-scoped endpoint, by the name the tests use. */
export const path = {
  get: withId('/api/v1.0/chatbot-get/{uniqueId}/'),
  edit: withId('/api/v1.0/chatbot-edit/{uniqueId}/'),
  delete: withId('/api/v1.0/chatbot-delete/{uniqueId}/'),
  documentAdd: withId('/api/v1.0/chatbot-document-add/{uniqueId}/'),
  documentView: withId('/api/v1.0/chatbot-document-view/{uniqueId}/'),
  documentDelete: withId('/api/v1.0/chatbot-document-delete/{uniqueId}/'),
  documentEdit: withId('/api/v1.0/chatbot-document-edit/{uniqueId}/'),
  faqAdd: withId('/api/v1.0/chatbot-faq-add/{uniqueId}/'),
  faqView: withId('/api/v1.0/chatbot-faq-view/{uniqueId}/'),
  faqDelete: withId('/api/v1.0/chatbot-faq-delete/{uniqueId}/'),
  linkAdd: withId('/api/v1.0/chatbot-link-add/{uniqueId}/'),
  linkView: withId('/api/v1.0/chatbot-link-view/{uniqueId}/'),
  linkDelete: withId('/api/v1.0/chatbot-link-delete/{uniqueId}/'),
  linkStatus: withId('/api/v1.0/chatbot-link-status/{uniqueId}/'),
  calendarAdd: withId('/api/v1.0/chatbot-calendar-add/{uniqueId}/'),
  calendarView: withId('/api/v1.0/chatbot-calendar-view/{uniqueId}/'),
  calendarDelete: withId('/api/v1.0/chatbot-calendar-delete/{uniqueId}/'),
  widget: withId('/api/v1.0/widget/{uniqueId}/'),
  chat: withId('/api/v1.0/chat/{uniqueId}/'),
  upload: withId('/api/v1.0/chat/{uniqueId}/upload/'),
  quote: withId('/api/v1.0/chat/{uniqueId}/quote/'),
  slots: withId('/api/v1.0/chat/{uniqueId}/slots/'),
  book: withId('/api/v1.0/chat/{uniqueId}/book/'),
  submissions: withId('/api/v1.0/chatbot-submissions/{uniqueId}/'),
  leads: withId('/api/v1.0/chatbot-leads/{uniqueId}/'),
  appointments: withId('/api/v1.0/chatbot-appointments/{uniqueId}/'),
  calendarEdit: withId('/api/v1.0/chatbot-calendar-edit/{uniqueId}/'),
  appointmentCancel: withId('/api/v1.0/chatbot-appointment-cancel/{uniqueId}/'),
  leadDelete: withId('/api/v1.0/chatbot-lead-delete/{uniqueId}/'),
  submissionDelete: withId('/api/v1.0/chatbot-submission-delete/{uniqueId}/'),
}
