import type { Plan } from '../../config'

/** Adds one billing interval in UTC; a month from 31 January ends on the last day of February. */
export function addInterval(start: Date, interval: Plan['interval']): Date {
  const end = new Date(start)
  if (interval === 'day') end.setUTCDate(end.getUTCDate() + 1)
  else if (interval === 'week') end.setUTCDate(end.getUTCDate() + 7)
  else {
    const months = interval === 'year' ? 12 : 1
    const day = end.getUTCDate()
    end.setUTCDate(1)
    end.setUTCMonth(end.getUTCMonth() + months)
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
    end.setUTCDate(Math.min(day, lastDay))
  }
  return end
}
