import type { ChatbotType } from '../../db/schema'

/** Every text the chat runtime sends, so tests and code use the same string. */

// Contract section 8, word for word.
export const CHATBOT_UNAVAILABLE = 'This chatbot is not available.'
export const DAILY_LIMIT_REACHED = "You have reached today's message limit for this chatbot."
export const SLOT_UNAVAILABLE = 'This time slot is no longer available.'
export const notAvailableForType = (type: ChatbotType) => `This operation is not available for ${type} chatbots.`
export const NOT_IN_PRICE_LIST = (index: number) => `items[${index}].name: not in the price list`

// Where the contract is silent.
export const DAILY_UPLOAD_LIMIT_REACHED = "You have reached today's upload limit for this chatbot."
export const SESSION_NOT_FOUND = 'Chat session not found.'
export const CONVERSATION_BUSY = 'Another message of this conversation was being answered; please send yours again.'
export const UPLOAD_FILE_REQUIRED = 'file: is required'
export const UPLOAD_WRONG_KIND = 'file: must be a PNG, JPEG, GIF or WebP image or a PDF document'
export const UPLOAD_TOO_LARGE = 'file: must be at most 10 MiB'
export const UPLOADS_NOT_TAKEN = 'This chatbot does not take file uploads.'
/** Contract 11: an upload only answers a pending file question. */
export const NO_FILE_QUESTION_PENDING = 'No file question is pending in this session.'
export const QUOTE_NOT_FOUND = 'Quote not found.'
export const UPLOAD_NOT_FOUND = 'File not found.'
export const answerMissing = (title: string) => `answers: an answer to "${title}" is required`
export const answerUnknown = (index: number) => `answers[${index}].title: not one of this chatbot's questions`
export const answerInvalid = (index: number, reason: string) => `answers[${index}].value: ${reason}`

// Chat replies (Markdown).
export const FORM_COMPLETE = 'Thank you, your answers have been received.'
/** Contract 16: an optional question says how to leave it out. */
export const OPTIONAL_HINT = 'This question is optional: answer "skip" to leave it out.'
/** A date answer said back as it was read. */
export const dateNoted = (day: string) => `Noted: ${day}.`
export const FORM_ALREADY_COMPLETE = 'Your answers have already been received. Thank you!'
export const UPLOAD_ANSWER_NOT_FOUND = 'I could not find that upload. Please upload the file again.'
export const APPOINTMENT_HINT = 'To book an appointment, choose a calendar, a length and one of the free times offered, then enter your name and e-mail address.'
export const QUOTE_HINT = 'To get a quote, choose items from the price list with their quantities, then enter your name and e-mail address: the quote arrives by e-mail as a PDF.'

// E-mails.
export const quoteMailSubject = (business: string, quoteNumber: string) => `Your quote ${quoteNumber} from ${business}`
export const invitationSubject = (business: string, calendar: string, when: string) => `Appointment confirmed with ${business}: ${calendar}, ${when}`
export const newAppointmentSubject = (client: string, when: string) => `New appointment with ${client}, ${when}`
