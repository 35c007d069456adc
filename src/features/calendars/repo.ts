import type { Db } from '../../db/database'
import type { CalendarsTable } from '../../db/schema'
import { newId } from '../../lib/ids'
import type { AppointmentDuration, CalendarInput } from './calendar-input'
import { DEFAULT_AVAILABILITY, type Availability } from './availability-input'

/** The stored availability JSON; rows from before 024 hold '{}', i.e. the defaults. */
function availabilityOf(text: string): Availability {
  const stored = JSON.parse(text) as Partial<Availability>
  return { ...DEFAULT_AVAILABILITY, ...stored }
}

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
  ...availabilityOf(row.availability),
})

/** A calendar's settings as its columns, for insert and update alike. */
const settingColumns = (c: CalendarInput) => ({
  name: c.name,
  email: c.email,
  daily_start: c.dailyStart,
  daily_end: c.dailyEnd,
  time_zone: c.timeZone,
  description: c.description,
  include_weekends: c.includeWeekends ? 1 : 0,
  durations: c.durations.join(','),
  availability: JSON.stringify({
    weeklyHours: c.weeklyHours,
    bufferMinutes: c.bufferMinutes,
    minimumNoticeMinutes: c.minimumNoticeMinutes,
    maxDaysAhead: c.maxDaysAhead,
    daysOff: c.daysOff,
  } satisfies Availability),
})

export async function insertCalendars(db: Writer, chatbotId: string, calendars: CalendarInput[], now: Date): Promise<string[]> {
  if (calendars.length === 0) return []
  const rows = calendars.map((c, index) => ({
    id: newId(),
    chatbot_id: chatbotId,
    ...settingColumns(c),
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
export async function lockCalendarRow(db: Executor, chatbotId: string, calendarId: string): Promise<boolean> {
  const result = await db
    .updateTable('calendars')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', calendarId)
    .where('chatbot_id', '=', chatbotId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Replaces a calendar's settings; its appointments stay as booked. False when it is not this chatbot's. */
export async function updateCalendar(db: Pick<Db, 'updateTable'>, chatbotId: string, calendarId: string, c: CalendarInput): Promise<boolean> {
  const result = await db.updateTable('calendars').set(settingColumns(c)).where('id', '=', calendarId).where('chatbot_id', '=', chatbotId).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
