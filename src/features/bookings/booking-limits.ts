// Contract 11: one visitor cannot book a calendar full.
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { countInWindow, TOO_MANY_REQUESTS } from '../../http/rate-limit'
import { rateLimited } from '../../http/errors'
import { upcomingStartsOf } from './repo'

/**
 * Checked inside the booking's transaction, after its row is written, so a refused booking leaves
 * nothing (not even a count) and a booking that fails for another reason (a taken slot) costs no
 * count: at most 5 bookings per client address per chatbot per UTC day, and at most 3 upcoming
 * appointments per client_email per chatbot (the new one included). Past the e-mail's limit,
 * Retry-After runs until the earliest of them has started.
 */
export async function checkBookingLimits(ctx: AppContext, trx: Db, booking: { chatbotId: string; address: string; clientEmail: string }): Promise<void> {
  const now = ctx.clock.now()
  const limits = ctx.config.publicLimits
  await countInWindow(trx, now, { name: 'bookings-address', subject: `${booking.chatbotId}:${booking.address}`, max: limits.bookingsPerAddressDay, window: 'day' })
  if (limits.upcomingPerEmail <= 0) return
  const upcoming = await upcomingStartsOf(trx, booking.chatbotId, booking.clientEmail, now)
  if (upcoming.length > limits.upcomingPerEmail) {
    throw rateLimited(TOO_MANY_REQUESTS, Math.max(1, Math.ceil((upcoming[0].getTime() - now.getTime()) / 1000)))
  }
}
