import type { Db } from '../../db/database'
import { newId } from '../../lib/ids'
import type { CalendarInput } from './calendar-input'

type Writer = Pick<Db, 'insertInto'>

export async function insertCalendars(db: Writer, chatbotId: string, calendars: CalendarInput[], now: Date): Promise<string[]> {
  if (calendars.length === 0) return []
  const rows = calendars.map((c) => ({
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
    created_at: now.toISOString(),
  }))
  await db.insertInto('calendars').values(rows).execute()
  return rows.map((r) => r.id)
}
