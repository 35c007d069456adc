/**
 * The creation and settings forms as plain data: reading a submitted form, turning it into the
 * body the API takes (so createChatbot/editChatbot/addCalendars validate it exactly as they do
 * for API callers), and mapping the API's field names in errors back to input ids.
 */
import type { ChatbotType } from '../../db/schema'
import { TYPES } from '../chatbots/texts'
import { formFiles, formText } from './route-kit'
import { formatTwelveHour } from '../calendars/clock'
import { parseCalendarInputs } from '../calendars/calendar-input'
import { CALENDAR_FORM_MESSAGES } from '../calendars/texts'
import { MAX_LOGO_BYTES } from '../chatbots/input'
import { isImageMime, sniffUpload } from '../../lib/file-kind'
import { LOGO_FORM_MESSAGE } from './texts'

export const TYPE_SLUGS: Record<string, ChatbotType> = {
  'knowledge-retrieval': TYPES.knowledge,
  'business-enquiries': TYPES.business,
  'data-collection': TYPES.dataCollection,
  'quote-generation': TYPES.quote,
  'appointment-calendar': TYPES.appointment,
}
export const slugOf = (type: ChatbotType): string => Object.entries(TYPE_SLUGS).find(([, t]) => t === type)?.[0] ?? ''

export const TYPE_SUMMARIES: Record<ChatbotType, string> = {
  [TYPES.knowledge]: 'Answers from your PDF documents and web pages.',
  [TYPES.business]: '24/7 customer support from your business details, price list, documents and pages.',
  [TYPES.dataCollection]: 'A conversational form that collects typed answers.',
  [TYPES.quote]: 'Builds PDF quotes from your price list, e-mails them and keeps the leads.',
  [TYPES.appointment]: 'Books appointments in up to 10 calendars.',
}

export const PLAN_KEYS = {
  name: 'Product/Service Name',
  description: 'Product/Service Description',
  excl: 'Price excluding VAT',
  incl: 'Price including VAT',
} as const
export type PlanRow = Record<keyof typeof PLAN_KEYS, string>

export const QUESTION_KEYS = ['title', 'question', 'type', 'options', 'optional'] as const
/** `options`: a choice's options one a line; `optional`: 'true' when visitors may skip it. */
export type QuestionRow = Record<(typeof QUESTION_KEYS)[number], string>

/** A question row as the API takes it: options only for a choice, required:false only when optional. */
export function questionItem(row: QuestionRow): Record<string, unknown> {
  const options = row.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean)
  return {
    title: row.title,
    question: row.question,
    type: row.type,
    ...(row.type === 'choice' ? { options } : {}),
    ...(row.optional === 'true' ? { required: false } : {}),
  }
}

/** A stored question as its form row. */
export const questionRowOf = (q: { title: string; question: string; type: string; options?: string[]; required?: boolean }): QuestionRow => ({
  title: q.title,
  question: q.question,
  type: q.type,
  options: (q.options ?? []).join('\n'),
  optional: q.required === false ? 'true' : '',
})

export const CALENDAR_TEXT_KEYS = ['calendar_name', 'calendar_email', 'daily_start', 'daily_end', 'local_timezone', 'description'] as const
export const CALENDAR_FLAG_KEYS = ['include_weekends', 'min15App', 'min30App', 'min45App', 'min60App'] as const
export type CalendarRow = Record<(typeof CALENDAR_TEXT_KEYS)[number], string> & Record<(typeof CALENDAR_FLAG_KEYS)[number], boolean>

/** Which optional inputs each type shows, beyond the common ones. */
export interface TypeShape {
  instructions: 'required' | 'optional'
  website: 'required' | 'optional'
  logo: 'required' | 'optional'
  texts: string[]
  plans: boolean
  questions: 'required' | 'optional' | 'none'
  calendars: boolean
  currency: 'required' | 'optional' | 'none'
  quotesValidity: boolean
  webhook: boolean
}

const base: TypeShape = {
  instructions: 'optional',
  website: 'optional',
  logo: 'optional',
  texts: [],
  plans: false,
  questions: 'none',
  calendars: false,
  currency: 'none',
  quotesValidity: false,
  // Every type sends its events (contract 12).
  webhook: true,
}

export const SHAPES: Record<ChatbotType, TypeShape> = {
  [TYPES.knowledge]: { ...base, instructions: 'required' },
  [TYPES.business]: {
    ...base,
    instructions: 'required',
    website: 'required',
    plans: true,
    currency: 'optional',
    texts: ['contact_information', 'operating_hours', 'address_locations', 'faqs', 'terms_of_service', 'privacy_policy'],
  },
  [TYPES.dataCollection]: { ...base, questions: 'required' },
  [TYPES.quote]: {
    ...base,
    logo: 'required',
    plans: true,
    currency: 'required',
    quotesValidity: true,
    texts: ['contact_information', 'address_locations', 'delivery_fees', 'payment_terms'],
  },
  [TYPES.appointment]: { ...base, calendars: true, questions: 'optional' },
}

export const SCALAR_FIELDS = [
  'chatbot_name',
  'chatbot_title',
  'chatbot_greeting',
  'chatbot_instructions',
  'chatbot_language',
  'business_name',
  'business_industry',
  'business_website',
  'chatbot_color1',
  'chatbot_color2',
  'user_allowance',
  'currency',
  'quotes_validity',
  'webhook_url',
  'contact_information',
  'operating_hours',
  'address_locations',
  'faqs',
  'terms_of_service',
  'privacy_policy',
  'delivery_fees',
  'payment_terms',
] as const

export interface CreationForm {
  values: Record<string, string>
  plans: PlanRow[]
  questions: QuestionRow[]
  calendars: CalendarRow[]
}

const emptyPlan = (): PlanRow => ({ name: '', description: '', excl: '', incl: '' })
const emptyQuestion = (): QuestionRow => ({ title: '', question: '', type: 'text', options: '', optional: '' })
export const emptyCalendar = (): CalendarRow => ({
  calendar_name: '',
  calendar_email: '',
  daily_start: '09:00',
  daily_end: '17:00',
  local_timezone: 'UTC',
  description: '',
  include_weekends: false,
  min15App: false,
  min30App: true,
  min45App: false,
  min60App: false,
})

export const MAX_ROWS = 50
const rowCount = (body: unknown, name: string, fallback: number) => {
  const n = Number(formText(body, name))
  return Number.isInteger(n) && n >= 0 && n <= MAX_ROWS ? n : fallback
}

export function blankCreationForm(type: ChatbotType): CreationForm {
  const shape = SHAPES[type]
  return {
    values: { chatbot_color1: '#1f6feb', chatbot_color2: '#ffffff', user_allowance: '100' },
    plans: shape.plans ? [emptyPlan(), emptyPlan(), emptyPlan()] : [],
    questions: shape.questions === 'required' ? [emptyQuestion(), emptyQuestion(), emptyQuestion()] : shape.questions === 'optional' ? [emptyQuestion()] : [],
    calendars: shape.calendars ? [emptyCalendar()] : [],
  }
}

export function readCalendarRows(body: unknown, count: number): CalendarRow[] {
  return Array.from({ length: count }, (_, i) => {
    const row = emptyCalendar()
    for (const k of CALENDAR_TEXT_KEYS) row[k] = formText(body, `calendar-${i}-${k}`)
    for (const k of CALENDAR_FLAG_KEYS) row[k] = formText(body, `calendar-${i}-${k}`) === 'true'
    return row
  })
}

/** Reads a submitted creation form; `add` (the "add a row" buttons) grows one list by a row. */
export function readCreationForm(type: ChatbotType, body: unknown): CreationForm {
  const shape = SHAPES[type]
  const values: Record<string, string> = {}
  for (const name of SCALAR_FIELDS) values[name] = formText(body, name)
  // A logo chosen before "add a row" travels back as a data: URL (a file input cannot be refilled).
  if (formText(body, 'business_logo_kept').startsWith('data:image/')) values.business_logo_kept = formText(body, 'business_logo_kept')
  if (formText(body, 'remove_logo') === 'true') values.remove_logo = 'true'
  if (formText(body, 'owner_notifications_shown') === 'true') values.owner_notifications = formText(body, 'owner_notifications') === 'true' ? 'true' : 'false'
  const plans = shape.plans
    ? Array.from({ length: rowCount(body, 'plan_rows', 3) }, (_, i) => ({
        name: formText(body, `plan-${i}-name`),
        description: formText(body, `plan-${i}-description`),
        excl: formText(body, `plan-${i}-excl`),
        incl: formText(body, `plan-${i}-incl`),
      }))
    : []
  const questions =
    shape.questions !== 'none'
      ? Array.from({ length: rowCount(body, 'question_rows', 1) }, (_, i) => ({
          title: formText(body, `question-${i}-title`),
          question: formText(body, `question-${i}-question`),
          type: formText(body, `question-${i}-type`) || 'text',
          options: formText(body, `question-${i}-options`),
          optional: formText(body, `question-${i}-optional`) === 'true' ? 'true' : '',
        }))
      : []
  const calendars = shape.calendars ? readCalendarRows(body, rowCount(body, 'calendar_rows', 1)) : []
  const add = formText(body, 'add')
  if (add === 'plan' && plans.length < MAX_ROWS) plans.push(emptyPlan())
  if (add === 'question' && questions.length < MAX_ROWS) questions.push(emptyQuestion())
  if (add === 'calendar' && calendars.length < MAX_ROWS) calendars.push(emptyCalendar())
  const remove = /^(plan|question|calendar)-(\d+)$/.exec(formText(body, 'remove'))
  if (remove) {
    const rows: unknown[] = { plan: plans, question: questions, calendar: calendars }[remove[1] as 'plan' | 'question' | 'calendar']
    rows.splice(Number(remove[2]), 1)
  }
  return { values, plans, questions, calendars }
}

/** An "add a row" or "remove" button sent the form: it is shown again with the change, nothing saved. */
export const changesRows = (body: unknown): boolean => formText(body, 'add') !== '' || formText(body, 'remove') !== ''

const blank = (row: Record<string, string | boolean>, keys: readonly string[]) => keys.every((k) => String(row[k] ?? '').trim() === '')

/** Digit strings become integers; anything else goes through as text so the API's own message names it. */
const integerOrText = (value: string): number | string => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : value)

export interface ApiBody {
  body: Record<string, unknown>
  /** Form row index of each list item the API sees (blank rows are left out). */
  rows: { plans: number[]; questions: number[]; calendars: number[] }
}

/** A time input's '17:30' in the API's spelling ('5:30 PM'); anything else goes through for the API to name. */
export function twelveHour(value: string): string {
  const m = /^\s*(\d{2}):(\d{2})\s*$/.exec(value)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return value
  return formatTwelveHour(Number(m[1]) * 60 + Number(m[2]))
}

/** The calendar input object of spec 2.4, as an API caller sends it (times from time inputs in its 12-hour spelling). */
export const calendarItem = (row: CalendarRow): Record<string, unknown> => ({ ...row, daily_start: twelveHour(row.daily_start), daily_end: twelveHour(row.daily_end) })

/** Every problem of calendar rows at once (as calendar_data items), in the calendar form's words. */
export function calendarFormProblems(items: unknown[]): { field: string; message: string }[] {
  const parsed = parseCalendarInputs(items)
  if (parsed.ok) return []
  return parsed.problems.map((p) => ({ field: p.field, message: CALENDAR_FORM_MESSAGES[p.kind] ?? p.message }))
}

/**
 * A creation or edit body's problems with its calendars checked by the calendar rules, which
 * word each problem for people, in place of the schema's (which only knows they are strings).
 */
export function withCalendarProblems(problems: { field: string; message: string }[], body: Record<string, unknown>): { field: string; message: string }[] {
  if (!Array.isArray(body.calendar_data)) return problems
  return [...problems.filter((p) => !p.field.startsWith('calendar_data[')), ...calendarFormProblems(body.calendar_data)]
}

export function calendarItems(rows: CalendarRow[]): { items: Record<string, unknown>[]; rows: number[] } {
  const kept = rows.map((row, i) => ({ row, i })).filter(({ row }) => !blank(row, ['calendar_name', 'calendar_email', 'description']))
  return { items: kept.map(({ row }) => calendarItem(row)), rows: kept.map(({ i }) => i) }
}

/** The JSON body of the type's creation endpoint; empty optional inputs are left out, as an API caller would. */
export function creationBody(type: ChatbotType, form: CreationForm, logo: File | string | null): ApiBody {
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(form.values)) {
    if (value.trim() === '' || !(SCALAR_FIELDS as readonly string[]).includes(name)) continue
    body[name] = name === 'user_allowance' ? integerOrText(value) : value
  }
  const shape = SHAPES[type]
  const rows = { plans: [] as number[], questions: [] as number[], calendars: [] as number[] }
  if (shape.plans) {
    const kept = form.plans.map((row, i) => ({ row, i })).filter(({ row }) => !blank(row, Object.keys(PLAN_KEYS)))
    if (kept.length) body.pricing_plans = kept.map(({ row }) => Object.fromEntries(Object.entries(PLAN_KEYS).map(([k, key]) => [key, row[k as keyof PlanRow]])))
    rows.plans = kept.map(({ i }) => i)
  }
  if (shape.questions !== 'none') {
    const kept = form.questions.map((row, i) => ({ row, i })).filter(({ row }) => !blank(row, ['title', 'question']))
    if (kept.length || shape.questions === 'required') body.data_collection = kept.map(({ row }) => questionItem(row))
    rows.questions = kept.map(({ i }) => i)
  }
  if (shape.calendars) {
    const { items, rows: kept } = calendarItems(form.calendars)
    if (items.length) body.calendar_data = items
    rows.calendars = kept
  }
  if (logo) body.business_logo = logo
  return { body, rows }
}

export const inputId = (field: string) => `f-${field}`

const PLAN_SHORT: Record<string, string> = Object.fromEntries(Object.entries(PLAN_KEYS).map(([k, v]) => [v, k]))

/** Maps an API field name in an error ("pricing_plans[1].Price excluding VAT") to the input that shows it. */
export function creationFieldId(rows: ApiBody['rows']) {
  return (field: string): string | undefined => {
    if ((SCALAR_FIELDS as readonly string[]).includes(field) || field === 'business_logo') return inputId(field)
    if (field === 'pricing_plans') return 'plan-0-name'
    if (field === 'data_collection') return 'question-0-title'
    if (field === 'calendar_data') return 'calendar-0-calendar_name'
    const item = /^(pricing_plans|data_collection|calendar_data)\[(\d+)\](?:\.(.+))?$/.exec(field)
    if (!item) return undefined
    const [, list, index, key] = item
    if (list === 'pricing_plans') return `plan-${rows.plans[Number(index)] ?? 0}-${(key && PLAN_SHORT[key]) || 'name'}`
    if (list === 'data_collection') {
      const input = key?.startsWith('options') ? 'options' : key === 'required' ? 'optional' : key
      return `question-${rows.questions[Number(index)] ?? 0}-${input && (QUESTION_KEYS as readonly string[]).includes(input) ? input : 'title'}`
    }
    return calendarFieldId(rows.calendars)(`calendar_data[${index}]${key ? `.${key}` : ''}`)
  }
}

export function calendarFieldId(rows: number[]) {
  return (field: string): string | undefined => {
    const item = /^calendar_data\[(\d+)\](?:\.(.+))?$/.exec(field)
    if (!item) return field === 'calendar_data' ? 'calendar-0-calendar_name' : undefined
    const row = rows[Number(item[1])] ?? 0
    const key = item[2]
    // A missing duration is reported on the item itself; it belongs to the first duration box.
    if (!key) return `calendar-${row}-min15App`
    return (CALENDAR_TEXT_KEYS as readonly string[]).includes(key) || (CALENDAR_FLAG_KEYS as readonly string[]).includes(key) ? `calendar-${row}-${key}` : undefined
  }
}

export { formFiles }

const ROW_LABELS: Record<string, [string, Record<string, string>]> = {
  plan: ['Item', { name: 'product or service name', description: 'short description', excl: 'price excluding VAT', incl: 'price including VAT' }],
  question: ['Question', { title: 'label', question: 'question asked', type: 'answer type', options: 'options', optional: 'optional' }],
  calendar: [
    'Calendar',
    {
      calendar_name: 'name',
      calendar_email: 'notification e-mail',
      daily_start: 'opening time',
      daily_end: 'closing time',
      local_timezone: 'time zone',
      description: 'details',
      min15App: 'appointment lengths',
      include_weekends: 'weekends',
    },
  ],
}

/** "plan-1-excl" -> "Item 2 price excluding VAT", for the error summary. */
export function rowFieldLabel(id: string): string | undefined {
  const m = /^(plan|question|calendar)-(\d+)-(.+)$/.exec(id)
  if (!m) return undefined
  const [noun, keys] = ROW_LABELS[m[1]]
  return keys[m[3]] ? `${noun} ${Number(m[2]) + 1} ${keys[m[3]]}` : undefined
}

/** A chosen logo that the API would refuse, in the form's words (null when none was chosen or it is fine). */
export async function logoProblem(file: File | null): Promise<string | null> {
  if (!file || file.size === 0) return null
  if (file.size > MAX_LOGO_BYTES) return LOGO_FORM_MESSAGE
  return isImageMime(sniffUpload(new Uint8Array(await file.arrayBuffer()))) ? null : LOGO_FORM_MESSAGE
}

/** A chosen logo file as a data: URL, so a re-shown form can keep it (null when none was chosen). */
export async function logoDataUrl(file: File | null): Promise<string | null> {
  if (!file || file.size === 0) return null
  return `data:${file.type || 'application/octet-stream'};base64,${Buffer.from(await file.arrayBuffer()).toString('base64')}`
}

/** The settings form of an existing chatbot, filled from chatbot-get's answer. */
export function editForm(type: ChatbotType, chatbot: Record<string, unknown>): CreationForm {
  const values: Record<string, string> = {}
  for (const name of SCALAR_FIELDS) {
    const value = chatbot[name]
    values[name] = value === null || value === undefined ? '' : String(value)
  }
  values.owner_notifications = chatbot.owner_notifications === false ? 'false' : 'true'
  const shape = SHAPES[type]
  const plans = Array.isArray(chatbot.pricing_plans) ? (chatbot.pricing_plans as Record<string, string>[]) : []
  const questions = Array.isArray(chatbot.data_collection) ? (chatbot.data_collection as Parameters<typeof questionRowOf>[0][]) : []
  return {
    values,
    plans: shape.plans
      ? plans.map((p) => ({ name: p[PLAN_KEYS.name] ?? '', description: p[PLAN_KEYS.description] ?? '', excl: p[PLAN_KEYS.excl] ?? '', incl: p[PLAN_KEYS.incl] ?? '' }))
      : [],
    questions: shape.questions !== 'none' ? questions.map(questionRowOf) : [],
    calendars: [],
  }
}

/**
 * The chatbot-edit body of the settings form: every field the type takes (an emptied optional
 * one clears it), the lists whole, the logo when one was chosen (or null to remove it), and
 * owner_notifications.
 */
export function editBodyOf(type: ChatbotType, form: CreationForm, fields: readonly string[], logo: string | null): ApiBody {
  const { body: lists, rows } = creationBody(type, form, null)
  const body: Record<string, unknown> = {}
  for (const name of SCALAR_FIELDS) {
    if (!fields.includes(name)) continue
    const value = form.values[name] ?? ''
    body[name] = name === 'user_allowance' ? integerOrText(value) : value
  }
  if ('pricing_plans' in lists || SHAPES[type].plans) body.pricing_plans = lists.pricing_plans ?? []
  if (fields.includes('data_collection')) body.data_collection = lists.data_collection ?? []
  if (logo) body.business_logo = logo
  else if (form.values.remove_logo === 'true') body.business_logo = null
  body.owner_notifications = form.values.owner_notifications !== 'false'
  return { body, rows }
}

/** A stored calendar (as calendar-view shows it) as the rows of its edit form. */
export function calendarRowOf(c: {
  name: string
  calendar_email: string
  daily_start: string
  daily_end: string
  local_timezone_name: string
  description: string
  include_weekends: boolean
  min15App: boolean
  min30App: boolean
  min45App: boolean
  min60App: boolean
}): CalendarRow {
  return {
    calendar_name: c.name,
    calendar_email: c.calendar_email,
    daily_start: c.daily_start,
    daily_end: c.daily_end,
    local_timezone: c.local_timezone_name,
    description: c.description,
    include_weekends: c.include_weekends,
    min15App: c.min15App,
    min30App: c.min30App,
    min45App: c.min45App,
    min60App: c.min60App,
  }
}
