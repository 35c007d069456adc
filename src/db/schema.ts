import type { Generated } from 'kysely'

/** Every timestamp is an ISO 8601 UTC string; every flag an integer 0/1 (portable across SQLite and PostgreSQL). */
export interface Database {
  accounts: AccountsTable
  verification_codes: VerificationCodesTable
  api_tokens: ApiTokensTable
  subscriptions: SubscriptionsTable
  checkout_sessions: CheckoutSessionsTable
  processed_events: ProcessedEventsTable
  jobs: JobsTable
  chatbots: ChatbotsTable
  documents: DocumentsTable
  links: LinksTable
  link_jobs: LinkJobsTable
  chunks: ChunksTable
  chunk_terms: ChunkTermsTable
  calendars: CalendarsTable
  appointments: AppointmentsTable
  login_code_days: LoginCodeDaysTable
}

export interface AccountsTable {
  id: string
  email: string
  verified_at: string | null
  chatbots_created: number
  created_at: string
}

export interface VerificationCodesTable {
  id: string
  email: string
  purpose: 'signup' | 'login'
  code_hash: string
  attempts: number
  expires_at: string
  created_at: string
}

export interface ApiTokensTable {
  id: string
  account_id: string
  token_hash: string
  label: string
  created_at: string
  revoked_at: string | null
}

export interface SubscriptionsTable {
  id: string
  account_id: string
  plan_id: string
  status: 'active' | 'canceled'
  current_period_start: string
  current_period_end: string
  stripe_subscription_id: string | null
  stripe_customer_id: string | null
  created_at: string
  updated_at: string
}

export interface CheckoutSessionsTable {
  id: string
  account_id: string
  plan_id: string
  return_url: string
  status: 'open' | 'paid' | 'cancelled'
  stripe_session_id: string | null
  created_at: string
  completed_at: string | null
}

export interface ProcessedEventsTable {
  id: string
  received_at: string
}

export interface JobsTable {
  id: string
  kind: string
  payload: string
  status: 'queued' | 'running' | 'done' | 'failed'
  attempts: number
  run_at: string
  lease_until: string | null
  /** Worker (host/pid/tag) that holds or last held the claim (008_scale_out). */
  locked_by: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

export type ChatbotType = 'Knowledge Retrieval' | 'Business Enquiries' | 'Data Collection' | 'Quote Generation' | 'Appointment/Calendar Support'

export interface ChatbotsTable {
  id: string
  account_id: string
  type: ChatbotType
  name: string
  title: string
  greeting: string
  instructions: string
  industry: string
  website: string | null
  logo_key: string | null
  logo_mime: string | null
  color1: string
  color2: string
  user_allowance: number
  /** JSON object with the type's own settings (price list, questions, quote terms...). */
  settings: string
  webhook_url: string | null
  /** Sealed (infra/keys.ts, WEBHOOK_SECRET_PURPOSE): opened only to sign a delivery or to show the owner. */
  webhook_secret: string | null
  /** After a rotation (013): the old secret, sealed, still signing beside the new one until previous_webhook_secret_until. */
  previous_webhook_secret: string | null
  previous_webhook_secret_until: string | null
  conversation_count: number
  created_at: string
  updated_at: string
}

export interface DocumentsTable {
  id: string
  chatbot_id: string
  title: string
  file_key: string
  word_count: number
  preview: string
  created_at: string
  /** The ingestion version that indexed it (training/index-version.ts; migration 024). */
  index_version: number
  /** Its extracted text in the file store (training/stored-text.ts); null when it predates stored text. */
  text_key: string | null
}

export interface LinksTable {
  id: string
  chatbot_id: string
  url: string
  title: string
  word_count: number
  preview: string
  created_at: string
  /** The ingestion version that indexed it (training/index-version.ts; migration 024). */
  index_version: number
  /** Its extracted page text in the file store (training/stored-text.ts); null when it predates stored text. */
  text_key: string | null
}

export interface LinkJobsTable {
  id: string
  chatbot_id: string
  url: string
  status: 'queued' | 'added' | 'not_added' | 'failed'
  reason: string | null
  created_at: string
  updated_at: string
}

export interface ChunksTable {
  id: Generated<number>
  chatbot_id: string
  source_type: 'document' | 'link' | 'business'
  source_id: string
  title: string
  url: string | null
  position: number
  text: string
  /** Snowball stems of the text's words, what the full-text index searches (migration 009). */
  terms: string
  title_terms: string
}

/** Per chatbot, how many passages hold each stem; the empty term counts all its passages (migration 015). */
export interface ChunkTermsTable {
  chatbot_id: string
  term: string
  passages: number
}

export interface CalendarsTable {
  id: string
  chatbot_id: string
  name: string
  email: string
  /** Minutes after midnight in the calendar's zone. */
  daily_start: number
  daily_end: number
  time_zone: string
  description: string
  include_weekends: number
  /** Enabled durations in minutes, comma separated ascending: "15,60". */
  durations: string
  created_at: string
  /** 024: weekly hours, buffer, notice, horizon, days off (JSON, see calendars/repo.ts). */
  availability: string
}

export interface AppointmentsTable {
  id: string
  chatbot_id: string
  calendar_id: string
  start_at: string
  end_at: string
  duration: number
  client_name: string
  client_email: string
  answers: string
  created_at: string
  /** 011: a cancelled appointment stays listed and frees its time. */
  status: 'confirmed' | 'cancelled'
  /** 011: the .ics SEQUENCE of the last message sent about it (0 for the invitation). */
  sequence: number
  cancelled_at: string | null
  /** 024: SHA-256 of the visitor's cancel/reschedule link token; null once none is valid. */
  manage_token_hash: string | null
  /** 024: the visitor's IANA zone given with the booking. */
  visitor_time_zone: string | null
}

// ---- Chat runtime (006_chat). Declared as a second `Database` block: interfaces merge, so
// features append their tables here without editing the list above.
export interface Database {
  chat_sessions: ChatSessionsTable
  chat_messages: ChatMessagesTable
  chat_usage: ChatUsageTable
  chat_uploads: ChatUploadsTable
  chat_submissions: ChatSubmissionsTable
  quotes: QuotesTable
  leads: LeadsTable
}

export interface ChatSessionsTable {
  id: string
  chatbot_id: string
  visitor_id: string
  /** JSON: the Data Collection progress (pending question, answers so far). */
  state: string
  /** 1 once the session has counted toward the chatbot's conversation_count. */
  counted: number
  /** Bumped on each state change, so two racing messages cannot both advance the form. */
  version: number
  created_at: string
  updated_at: string
  /** Running totals written with each exchange (012): the owner's inbox reads them, not the messages. */
  last_message_at: string | null
  message_count: number
  unanswered_count: number
}

export interface ChatMessagesTable {
  id: string
  session_id: string
  role: 'visitor' | 'bot'
  text: string
  created_at: string
  /** Bot replies of Knowledge Retrieval and Business Enquiries: 1 answered, 0 refused (the owner's unanswered list); null otherwise. */
  answered: number | null
  /** Bot messages (012): JSON of the sources the reply cited, or null when the type cites none. */
  sources: string | null
  /** Bot messages: the visitor's rating, 'up' or 'down' (the latest one). */
  feedback: 'up' | 'down' | null
  /** Bot messages: the visitor message this one answered. */
  reply_to: string | null
  /** Visitor messages: the text folded for grouping (lib/question-key.ts). */
  question_key: string | null
}

export interface ChatUsageTable {
  chatbot_id: string
  visitor_id: string
  /** UTC day, YYYY-MM-DD. */
  day: string
  messages: number
  uploads: number
}

export interface ChatUploadsTable {
  id: string
  chatbot_id: string
  session_id: string | null
  visitor_id: string
  kind: 'image' | 'pdf_document'
  mime: string
  size: number
  file_key: string
  created_at: string
  /** When a stored submission or booking took the file (014); only then is it served. */
  claimed_at: string | null
}

export interface ChatSubmissionsTable {
  id: string
  chatbot_id: string
  session_id: string | null
  visitor_id: string
  /** JSON [{title, type, value}]; upload answers hold {upload_id}. */
  answers: string
  created_at: string
}

export interface QuotesTable {
  id: string
  chatbot_id: string
  session_id: string | null
  visitor_id: string
  client_name: string
  client_email: string
  currency: string
  /** JSON of the priced lines (QuoteLine[]). */
  items: string
  total_excluding_vat: string
  total_including_vat: string
  valid_until: string | null
  file_key: string
  created_at: string
  /** 011: Q-000001 upwards per chatbot (null on quotes made before numbering). */
  quote_number: string | null
}

export interface LeadsTable {
  id: string
  chatbot_id: string
  quote_id: string
  client_name: string
  client_email: string
  currency: string
  total_excluding_vat: string
  total_including_vat: string
  webhook_status: 'none' | 'pending' | 'delivered' | 'failed'
  webhook_attempts: number
  /** Standard Webhooks `webhook-id`: one per lead, the same on every retry so receivers can de-duplicate. */
  webhook_message_id: string
  created_at: string
  /** 011: the quote's number. */
  quote_number: string | null
}

// ---- Owner workflow (011_owner_workflow; owner: quotes).
export interface Database {
  quote_counters: QuoteCountersTable
}

/** The last quote number given per chatbot; its row lock serialises numbering. */
export interface QuoteCountersTable {
  chatbot_id: string
  last_number: number
}

// ---- Owner dashboard (007_dashboard).
export interface Database {
  dashboard_sessions: DashboardSessionsTable
}

export interface DashboardSessionsTable {
  /** SHA-256 of the random cookie value; the value itself is never stored. */
  id_hash: string
  account_id: string
  /** Synchroniser token every dashboard form must echo. */
  csrf_token: string
  created_at: string
  expires_at: string
}

// ---- Several instances (008_scale_out).
export interface Database {
  rate_limits: RateLimitsTable
}

/** A request counter shared by every instance: one row per client key, its window restarting after a minute. */
export interface RateLimitsTable {
  /** "ip:<address>" or "token:<sha256 of the token>". */
  key: string
  window_start: string
  hits: number
  /** A longer window's counter (014): kept until then; null for the one-minute request counters. */
  expires_at: string | null
}

/** Login codes sent to an address on one UTC day (010; owner: accounts). */
export interface LoginCodeDaysTable {
  email: string
  /** YYYY-MM-DD, UTC. */
  day: string
  sent: number
}

// 013_integrators: Idempotency-Key answers (owner: infra) and the webhook outbox (owner: webhooks).
export interface Database {
  idempotency_keys: IdempotencyKeysTable
  webhook_deliveries: WebhookDeliveriesTable
}

/** The first answer to a request sent with an Idempotency-Key, kept 24 hours (contract 12). */
export interface IdempotencyKeysTable {
  /** Whose key: "account:<id>" or, on public endpoints, "visitor:<chatbot id>:<visitor_id>". */
  scope: string
  idempotency_key: string
  /** SHA-256 of the method, path and raw body: the same key with another request is refused. */
  request_hash: string
  /** 'running' until the first request has answered, then 'done'. */
  state: 'running' | 'done'
  response_status: number | null
  response_body: string | null
  created_at: string
  expires_at: string
}

export type WebhookEventType = 'lead.created' | 'submission.created' | 'appointment.created' | 'appointment.cancelled' | 'conversation.unanswered'

/** One event to one chatbot's webhook_url: the outbox row a durable job delivers. */
export interface WebhookDeliveriesTable {
  /** Also the Standard Webhooks `webhook-id`, the same on every retry. */
  id: string
  chatbot_id: string
  event_type: WebhookEventType
  /** The event JSON as signed and sent. */
  payload: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  last_error: string | null
  /** HTTP status of the last attempt, when the receiver answered. */
  last_status: number | null
  created_at: string
  updated_at: string
}

// ---- Answers the owner writes (026_owner_faqs; owner: features/owner-faqs).
export interface Database {
  owner_faqs: OwnerFaqsTable
}

export interface OwnerFaqsTable {
  id: string
  chatbot_id: string
  question: string
  answer: string
  /** The question's content stems (lib/search-terms), made once when it is added. */
  question_terms: string
  created_at: string
}
