import type { Db } from '../../db/database'
import type { AppointmentsTable, CalendarsTable } from '../../db/schema'
import { newId } from '../../lib/ids'
import type { AppointmentDuration, CalendarInput } from './calendar-input'

type Writer = Pick<Db, 'insertInto'>
type Reader = Pick<Db, 'selectFrom'>
type Executor = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom'>

/** A stored calendar in the units the slot engine works with. */
export interface StoredCalendar extends CalendarInput {
  id: string
  chatbotId: string
  createdAt: string
}

const toCalendar = (row: CalendarsTable): StoredCalendar => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  name: row.name,
  email: row.email,
  dailyStart: row.daily_start,
  dailyEnd: row.daily_end,
  timeZone: row.time_zone,
  description: row.description,
  includeWeekends: row.include_weekends === 1,
  durations: row.durations.split(',').filter(Boolean).map(Number) as AppointmentDuration[],
  createdAt: row.created_at,
})

export async function insertCalendars(db: Writer, chatbotId: string, calendars: CalendarInput[], now: Date): Promise<string[]> {
  if (calendars.length === 0) return []
  const rows = calendars.map((c, index) => ({
    id: newId(),
    chatbot_id: chatbotId,
    name: c.name,
    email: c.email,
    daily_start: c.dailyStart,
    daily_end: c.dailyEnd,
    time_zone: c.timeZone,
    description: c.description,
    include_weekends: c.includeWeekends ? 1 : 0,
    durations: c.durations.join(','),
    // One millisecond apart, so a batch keeps the order it was sent in under ORDER BY created_at (ids are random).
    created_at: new Date(now.getTime() + index).toISOString(),
  }))
  await db.insertInto('calendars').values(rows).execute()
  return rows.map((r) => r.id)
}

export async function countCalendars(db: Reader, chatbotId: string): Promise<number> {
  const row = await db
    .selectFrom('calendars')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The newest created_at of the chatbot's calendars, so a later batch can be stamped after it. */
export async function latestCalendarTime(db: Reader, chatbotId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('calendars')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst()
  return row?.latest ? new Date(row.latest) : null
}

export async function listCalendars(db: Reader, chatbotId: string): Promise<StoredCalendar[]> {
  const rows = await db.selectFrom('calendars').selectAll().where('chatbot_id', '=', chatbotId).orderBy('created_at').orderBy('id').execute()
  return rows.map(toCalendar)
}

export async function findCalendar(db: Reader, chatbotId: string, calendarId: string): Promise<StoredCalendar | undefined> {
  const row = await db.selectFrom('calendars').selectAll().where('id', '=', calendarId).where('chatbot_id', '=', chatbotId).executeTakeFirst()
  return row && toCalendar(row)
}

/** Deletes the calendar (its appointments go with it through the foreign key); false when it is not this chatbot's. */
export async function deleteCalendar(db: Executor, chatbotId: string, calendarId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendars').where('id', '=', calendarId).where('chatbot_id', '=', chatbotId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * A no-op write on a row, as the first statement of a transaction: it takes SQLite's write lock
 * at once (no deferred-lock upgrade failing with SQLITE_BUSY) and a row lock on PostgreSQL, so
 * check-then-write sequences on the same calendar or chatbot run one at a time on either engine.
 */
export async function lockCalendar(db: Executor, chatbotId: string, calendarId: string): Promise<boolean> {
  const result = await db
    .updateTable('calendars')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', calendarId)
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function lockChatbot(db: Executor, chatbotId: string): Promise<void> {
  await db
    .updateTable('chatbots')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', chatbotId)
    .execute()
}

/** What a booking holds, stored or about to be. */
interface AppointmentFields {
  calendarId: string
  start: Date
  end: Date
  duration: number
  clientName: string
  clientEmail: string
  answers: unknown
}

export interface AppointmentRecord extends AppointmentFields {
  id: string
  createdAt: string
}

const toAppointment = (row: AppointmentsTable): AppointmentRecord => ({
  id: row.id,
  calendarId: row.calendar_id,
  start: new Date(row.start_at),
  end: new Date(row.end_at),
  duration: row.duration,
  clientName: row.client_name,
  clientEmail: row.client_email,
  answers: JSON.parse(row.answers) as unknown,
  createdAt: row.created_at,
})

/** Appointments of a calendar that overlap [from, to); timestamps are ISO UTC strings, so text order is time order. */
export async function appointmentsBetween(db: Reader, calendarId: string, from: Date, to: Date): Promise<AppointmentRecord[]> {
  const rows = await db
    .selectFrom('appointments')
    .selectAll()
    .where('calendar_id', '=', calendarId)
    .where('start_at', '<', to.toISOString())
    .where('end_at', '>', from.toISOString())
    .execute()
  return rows.map(toAppointment)
}

export interface NewAppointment extends AppointmentFields {
  chatbotId: string
  now: Date
}

export async function insertAppointment(db: Writer, a: NewAppointment): Promise<string> {
  const id = newId()
  await db
    .insertInto('appointments')
    .values({
      id,
      chatbot_id: a.chatbotId,
      calendar_id: a.calendarId,
      // toISOString is the one canonical spelling, which the unique (calendar_id, start_at) relies on.
      start_at: a.start.toISOString(),
      end_at: a.end.toISOString(),
      duration: a.duration,
      client_name: a.clientName,
      client_email: a.clientEmail,
      answers: JSON.stringify(a.answers),
      created_at: a.now.toISOString(),
    })
    .execute()
  return id
}

export async function listAppointmentRows(db: Reader, chatbotId: string): Promise<(AppointmentRecord & { calendarName: string; timeZone: string })[]> {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('calendars', 'calendars.id', 'appointments.calendar_id')
    .selectAll('appointments')
    .select(['calendars.name as calendar_name', 'calendars.time_zone as time_zone'])
    .where('appointments.chatbot_id', '=', chatbotId)
    .orderBy('appointments.start_at')
    .orderBy('appointments.id')
    .execute()
  return rows.map((row) => ({ ...toAppointment(row), calendarName: row.calendar_name, timeZone: row.time_zone }))
}
