import PQueue from 'p-queue'
import type { Clock } from '../lib/clock'
import { newId } from '../lib/ids'
import type { Db } from '../db/database'
import type { Logger } from './log'

export interface JobContext {
  id: string
  /** 1 on the first run. */
  attempt: number
}

export interface JobKind<P> {
  run(payload: P, job: JobContext): Promise<void>
  /** Waits before each retry; when they run out the job is marked failed. Empty: no retry. */
  retryDelaysMs?: number[]
  /** Called once when the job has failed for good (or a retry is scheduled), to mirror the outcome elsewhere. */
  onAttemptFailed?(payload: P, job: JobContext, error: unknown, willRetry: boolean): Promise<void>
}

type Executor = Pick<Db, 'insertInto'>

/**
 * Durable background work: a row in `jobs` is written (inside the caller's transaction) before the
 * API answers, and a p-queue works the due rows. A restart puts interrupted rows back in the queue.
 */
export class Jobs {
  private kinds = new Map<string, JobKind<never>>()
  private queue: PQueue
  private inFlight = new Set<string>()
  private timer: ReturnType<typeof setInterval> | null = null
  private polling: Promise<void> | null = null
  private repoll = false

  constructor(
    private db: Db,
    private clock: Clock,
    private log: Logger,
    private opts: { concurrency: number; pollMs: number; leaseMs: number } = { concurrency: 4, pollMs: 1000, leaseMs: 10 * 60_000 },
  ) {
    this.queue = new PQueue({ concurrency: opts.concurrency })
  }

  register<P>(kind: string, handler: JobKind<P>): void {
    this.kinds.set(kind, handler as JobKind<never>)
  }

  async enqueue<P>(executor: Executor, kind: string, payload: P, runAt?: Date): Promise<string> {
    const now = this.clock.now().toISOString()
    const id = newId()
    await executor
      .insertInto('jobs')
      .values({
        id,
        kind,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        run_at: (runAt ?? this.clock.now()).toISOString(),
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    return id
  }

  async start(): Promise<void> {
    // Rows left running by a process that died are ours again once their lease is over; on one
    // machine that process is gone, so take them back at once.
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', lease_until: null })
      .where('status', '=', 'running')
      .execute()
    this.timer = setInterval(() => this.kick(), this.opts.pollMs)
    this.kick()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.polling
    await this.queue.onIdle()
  }

  /** Look for due work now (after an enqueue commits, or when a test moves the clock). */
  kick(): void {
    if (this.polling) {
      this.repoll = true
      return
    }
    this.polling = this.poll()
      .catch((error) => this.log.error('jobs.poll_failed', { error: String(error) }))
      .finally(() => {
        this.polling = null
        if (this.repoll) {
          this.repoll = false
          this.kick()
        }
      })
  }

  /** Resolves when nothing due is queued or running (tests wait on this instead of sleeping). */
  async idle(): Promise<void> {
    for (;;) {
      await this.polling
      await this.queue.onIdle()
      const due = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', this.clock.now().toISOString())
        .limit(1)
        .execute()
      if (due.length === 0 && !this.polling && this.queue.size === 0 && this.queue.pending === 0) return
      this.kick()
      await Bun.sleep(20)
    }
  }

  private async poll(): Promise<void> {
    const room = this.opts.concurrency * 2 - this.inFlight.size
    if (room <= 0) return
    const now = this.clock.now()
    const due = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'queued')
      .where('run_at', '<=', now.toISOString())
      .orderBy('run_at')
      .limit(room)
      .execute()
    for (const row of due) {
      if (this.inFlight.has(row.id)) continue
      const claimed = await this.db
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: row.attempts + 1,
          lease_until: new Date(now.getTime() + this.opts.leaseMs).toISOString(),
          updated_at: now.toISOString(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) continue
      this.inFlight.add(row.id)
      void this.queue
        .add(() => this.runOne(row.id, row.kind, row.payload, row.attempts + 1))
        .finally(() => {
          this.inFlight.delete(row.id)
          // A finished job frees room: look for more at once instead of waiting for the timer.
          if (this.timer) this.kick()
        })
    }
  }

  private async runOne(id: string, kind: string, payloadText: string, attempt: number): Promise<void> {
    const handler = this.kinds.get(kind) as JobKind<unknown> | undefined
    const job = { id, attempt }
    const payload: unknown = JSON.parse(payloadText)
    try {
      if (!handler) throw new Error(`no handler for job kind ${kind}`)
      await handler.run(payload, job)
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', lease_until: null, updated_at: this.clock.now().toISOString() })
        .where('id', '=', id)
        .execute()
    } catch (error) {
      const delays = handler?.retryDelaysMs ?? []
      const willRetry = attempt <= delays.length
      const now = this.clock.now()
      this.log.warn('job.failed', { job_id: id, kind, attempt, will_retry: willRetry, error: String(error) })
      await this.db
        .updateTable('jobs')
        .set({
          status: willRetry ? 'queued' : 'failed',
          run_at: willRetry ? new Date(now.getTime() + delays[attempt - 1]).toISOString() : now.toISOString(),
          lease_until: null,
          last_error: String(error).slice(0, 1000),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute()
      await handler?.onAttemptFailed?.(payload as never, job, error, willRetry)
    }
  }
}
