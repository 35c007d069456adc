/** How a stored calendar is shown: the owner's view item (spec 2.4 + contract 7) and the widget's summary (contract 8). */
import type { Static } from '@sinclair/typebox'
import { formatTwentyFour, zoneAbbreviation } from './clock'
import type { StoredCalendar } from './repo'
import type { PublicCalendarSchema } from './model'
import { availabilityFields } from './availability-input'

export interface CalendarViewItem {
  calendar_id: string
  name: string
  calendar_email: string
  /** 'HH:MM', 24-hour. */
  daily_start: string
  daily_end: string
  include_weekends: boolean
  /** Abbreviation in force at `now` ('EST', 'BST', or 'GMT+5:30' where none exists). */
  local_timezone: string
  /** IANA name. */
  local_timezone_name: string
  description: string
  min15App: boolean
  min30App: boolean
  min45App: boolean
  min60App: boolean
  weekly_hours: Record<string, { start: string; end: string }[]>
  buffer_minutes: number
  minimum_notice_minutes: number
  max_days_ahead: number
  days_off: string[]
}

export function viewItem(calendar: StoredCalendar, now: Date): CalendarViewItem {
  const offers = (minutes: number) => (calendar.durations as readonly number[]).includes(minutes)
  return {
    calendar_id: calendar.id,
    name: calendar.name,
    calendar_email: calendar.email,
    daily_start: formatTwentyFour(calendar.dailyStart),
    daily_end: formatTwentyFour(calendar.dailyEnd),
    include_weekends: calendar.includeWeekends,
    local_timezone: zoneAbbreviation(calendar.timeZone, now),
    local_timezone_name: calendar.timeZone,
    description: calendar.description,
    min15App: offers(15),
    min30App: offers(30),
    min45App: offers(45),
    min60App: offers(60),
    ...availabilityFields(calendar),
  }
}

export type PublicCalendar = Static<typeof PublicCalendarSchema>

export const publicItem = (calendar: StoredCalendar): PublicCalendar => ({
  calendar_id: calendar.id,
  name: calendar.name,
  description: calendar.description,
  local_timezone_name: calendar.timeZone,
  durations: [...calendar.durations],
  include_weekends: calendar.includeWeekends,
})
