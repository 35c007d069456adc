/** Every query on appointments. */
import type { Db } from '../../db/database'
import type { AppointmentsTable } from '../../db/schema'
import { newId } from '../../lib/ids'

type Writer = Pick<Db, 'insertInto'>
type Reader = Pick<Db, 'selectFrom'>

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
  chatbotId: string
  createdAt: string
  status: AppointmentsTable['status']
  sequence: number
}

const toAppointment = (row: AppointmentsTable): AppointmentRecord => ({
  id: row.id,
  chatbotId: row.chatbot_id,
  calendarId: row.calendar_id,
  start: new Date(row.start_at),
  end: new Date(row.end_at),
  duration: row.duration,
  clientName: row.client_name,
  clientEmail: row.client_email,
  answers: JSON.parse(row.answers) as unknown,
  createdAt: row.created_at,
  status: row.status,
  sequence: row.sequence,
})

/** Confirmed appointments of a calendar that overlap [from, to) (a cancelled one frees its time); timestamps are ISO UTC strings, so text order is time order. */
export async function appointmentsBetween(db: Reader, calendarId: string, from: Date, to: Date): Promise<AppointmentRecord[]> {
  const rows = await db
    .selectFrom('appointments')
    .selectAll()
    .where('calendar_id', '=', calendarId)
    .where('status', '=', 'confirmed')
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
      status: 'confirmed',
      sequence: 0,
      cancelled_at: null,
    })
    .execute()
  return id
}

/** A chatbot's appointments, earliest first. */
export async function appointmentsOf(db: Reader, chatbotId: string): Promise<AppointmentRecord[]> {
  const rows = await db.selectFrom('appointments').selectAll().where('chatbot_id', '=', chatbotId).orderBy('start_at').orderBy('id').execute()
  return rows.map(toAppointment)
}

/** Starts of a client's appointments with this chatbot that are still ahead of `now`, earliest first. */
export async function upcomingStartsOf(db: Reader, chatbotId: string, clientEmail: string, now: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('appointments')
    .select('start_at')
    .where('chatbot_id', '=', chatbotId)
    .where('client_email', '=', clientEmail)
    .where('status', '=', 'confirmed')
    .where('start_at', '>', now.toISOString())
    .orderBy('start_at')
    .execute()
  return rows.map((row) => new Date(row.start_at))
}

/** One appointment of a chatbot; another chatbot's is simply unknown. */
export async function findAppointment(db: Reader, chatbotId: string, appointmentId: string): Promise<AppointmentRecord | undefined> {
  const row = await db.selectFrom('appointments').selectAll().where('id', '=', appointmentId).where('chatbot_id', '=', chatbotId).executeTakeFirst()
  return row && toAppointment(row)
}

/**
 * Marks a confirmed appointment cancelled and raises its SEQUENCE; false when it was not
 * confirmed any more (a concurrent cancel won), so only one caller sends the notices.
 */
export async function markCancelled(db: Pick<Db, 'updateTable'>, appointmentId: string, sequence: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ status: 'cancelled', sequence, cancelled_at: now.toISOString() })
    .where('id', '=', appointmentId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
