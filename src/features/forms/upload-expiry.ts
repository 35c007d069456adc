// Contract 11: uploads no submission took within 24 hours are deleted, file and row.
import type { AppContext } from '../../context'
import { sweepExpiredCounters } from '../../http/rate-limit'
import type { JobKind } from '../../infra/jobs'
import { deleteUnclaimedUpload, unclaimedUploadsBefore } from './repo'

export const UPLOAD_EXPIRY_JOB = 'uploads.expire'
export const UPLOAD_LIFETIME_MS = 24 * 3_600_000
const BATCH = 200

/**
 * Each upload queues one run for 24 hours after it (in the job table, so a restart keeps it). A run
 * deletes every upload left unclaimed past its lifetime, so a run that was missed or an upload
 * made before this job existed is caught by the next; it also clears the limits' finished windows.
 */
export const uploadExpiryJob = (ctx: AppContext): JobKind<Record<string, never>> => ({
  forgetWhenDone: true,
  retryDelaysMs: [60_000, 600_000],
  async run() {
    const now = ctx.clock.now()
    const before = new Date(now.getTime() - UPLOAD_LIFETIME_MS).toISOString()
    let deleted = 0
    for (;;) {
      const expired = await unclaimedUploadsBefore(ctx.db, before, BATCH)
      for (const upload of expired) {
        // The row goes first: a submission taking it at this instant keeps it, and a file whose
        // row is gone is never served again.
        if (await deleteUnclaimedUpload(ctx.db, upload.id)) {
          await ctx.files.delete(upload.file_key)
          deleted++
        }
      }
      if (expired.length < BATCH) break
    }
    await sweepExpiredCounters(ctx.db, now)
    if (deleted > 0) ctx.log.info('chat.uploads_expired', { deleted })
  },
})
