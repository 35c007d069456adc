import { hostname } from 'node:os'
import PQueue from 'p-queue'
import { dialectOf, type SqlDialect } from '../db/dialect'
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
  /** Delete the row once done instead of keeping it (work anyone can ask for, such as login codes, must not pile up). */
  forgetWhenDone?: boolean
  /** A lane of its own (JobLane); everything else runs in the default lane. */
  lane?: JobLane
}

/**
 * Long work, each kind in a lane of its own so it never holds up the short work people wait on
 * (login codes, mails): 'links' reads material, the pages an owner queues by the hundred (up to 15 s
 * a try on someone else's server) and the stored PDFs an upgrade has read again (up to a PDF's 60 s);
 * 'webhooks' posts to an owner's endpoint that may hang while visitors' quotes keep coming.
 */
export type JobLane = 'links' | 'webhooks'

type Executor = Pick<Db, 'insertInto'>

export interface JobsOptions {
  /** Jobs of the default lane run at once by this instance. */
  concurrency: number
  /** Jobs of each other lane run at once by this instance. */
  laneConcurrency: Record<JobLane, number>
  pollMs: number
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs: number
}

const DEFAULTS: JobsOptions = { concurrency: 4, laneConcurrency: { links: 4, webhooks: 4 }, pollMs: 1000, leaseMs: 60_000 }

/** A queue of its own per lane; a lane claims rows of its own kinds only, up to twice its concurrency. */
interface Lane {
  queue: PQueue
  concurrency: number
  /** Claimed rows of this lane, queued here or running. */
  held: Set<string>
  /** Its name; null for the default lane, which takes every kind no other lane has (an unknown one fails there, as it should). */
  name: JobLane | null
}

/**
 * Durable background work: a row in `jobs` is written (inside the caller's transaction) before the
 * API answers, and a p-queue per lane works the due rows (JobLane): links and webhooks each in a
 * lane of their own, the rest in the default lane, so a long batch of one never delays the others.
 *
 * Claiming a row sets it 'running' with a lease (lease_until) and our worker id (locked_by), and
 * counts an attempt; the attempt number is the claim's fencing token, so a worker that lost its
 * lease cannot overwrite the outcome of the claim that replaced it. On PostgreSQL every lease this
 * instance holds (jobs waiting in its p-queues as well as running) is renewed every third of its length.
 * - SQLite (one instance): a restart takes interrupted rows back at once.
 * - PostgreSQL (several instances may share the table): rows are claimed with FOR UPDATE SKIP
 *   LOCKED, so two instances never claim the same row, and a 'running' row is taken back only
 *   once its lease has lapsed (its instance died or lost the database).
 */
export class Jobs {
  private kinds = new Map<string, JobKind<never>>()
  private lanes: Lane[]
  /** Every claimed row, of any lane. */
  private inFlight = new Set<string>()
  private timer: ReturnType<typeof setInterval> | null = null
  private leaseTimer: ReturnType<typeof setInterval> | null = null
  private polling: Promise<void> | null = null
  private repoll = false
  private opts: JobsOptions
  private dialect: SqlDialect
  /** Who holds a claim, for operators reading `jobs.locked_by`: host, process and a random tag. */
  readonly workerId = `${hostname()}/${process.pid}/${crypto.randomUUID().slice(0, 8)}`

  constructor(
    private db: Db,
    private clock: Clock,
    private log: Logger,
    opts: Partial<JobsOptions> = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts }
    const lane = (name: JobLane | null, concurrency: number): Lane => ({ queue: new PQueue({ concurrency }), concurrency, held: new Set(), name })
    this.lanes = [lane(null, this.opts.concurrency), ...Object.entries(this.opts.laneConcurrency).map(([name, concurrency]) => lane(name as JobLane, concurrency))]
    this.dialect = dialectOf(db)
  }

  register<P>(kind: string, handler: JobKind<P>): void {
    this.kinds.set(kind, handler as JobKind<never>)
  }

  enqueue<P>(executor: Executor, kind: string, payload: P, runAt?: Date): Promise<string> {
    return insertJob(executor, kind, payload, this.clock.now(), runAt)
  }

  /** Whether a job of `kind` is queued or running (work queued at start is not queued twice). */
  async pending(kind: string): Promise<boolean> {
    const row = await this.db.selectFrom('jobs').select('id').where('kind', '=', kind).where('status', 'in', ['queued', 'running']).limit(1).executeTakeFirst()
    return row !== undefined
  }

  async start(): Promise<void> {
    // Rows left running by a process that died are ours again once their lease is over. With
    // SQLite there is one instance and that process is gone, so take them back at once; on
    // PostgreSQL another live instance may hold them, so poll() takes them when the lease lapses.
    if (this.dialect === 'sqlite') {
      await this.db.updateTable('jobs').set({ status: 'queued', lease_until: null }).where('status', '=', 'running').execute()
    }
    this.timer = setInterval(() => this.kick(), this.opts.pollMs)
    // Only another instance ever reads a lease, and with SQLite there is none.
    if (this.dialect === 'postgres') {
      this.leaseTimer = setInterval(
        () => {
          this.renewLeases().catch((error) => this.log.warn('jobs.lease_renewal_failed', { error: String(error) }))
        },
        Math.max(50, Math.floor(this.opts.leaseMs / 3)),
      )
    }
    this.kick()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.polling
    await Promise.all(this.lanes.map((lane) => lane.queue.onIdle()))
    // Leases are kept fresh until the last held job has finished.
    if (this.leaseTimer) clearInterval(this.leaseTimer)
    this.leaseTimer = null
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
      await Promise.all(this.lanes.map((lane) => lane.queue.onIdle()))
      const due = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', this.clock.now().toISOString())
        .limit(1)
        .execute()
      if (due.length === 0 && !this.polling && this.lanes.every((lane) => lane.queue.size === 0 && lane.queue.pending === 0)) return
      this.kick()
      await Bun.sleep(20)
    }
  }

  private async poll(): Promise<void> {
    for (const lane of this.lanes) await this.fill(lane)
  }

  /** The kinds registered to a lane of their own: one lane's (name), or every such lane's (null). */
  private laneKinds(name: JobLane | null): string[] {
    return [...this.kinds].filter(([, handler]) => (name === null ? handler.lane !== undefined : handler.lane === name)).map(([kind]) => kind)
  }

  /** Claims due rows of the lane's kinds while it has room. */
  private async fill(lane: Lane): Promise<void> {
    const room = lane.concurrency * 2 - lane.held.size
    const own = this.laneKinds(lane.name)
    if (room <= 0 || (lane.name !== null && own.length === 0)) return
    const kinds: KindFilter = lane.name === null ? { notIn: own } : { in: own }
    const claimed = this.dialect === 'postgres' ? await this.claimShared(room, kinds) : await this.claimLocal(room, kinds)
    for (const row of claimed) {
      this.inFlight.add(row.id)
      lane.held.add(row.id)
      void lane.queue
        .add(() => this.runOne(row.id, row.kind, row.payload, row.attempts))
        .finally(() => {
          this.inFlight.delete(row.id)
          lane.held.delete(row.id)
          // A finished job frees room: look for more at once instead of waiting for the timer.
          if (this.timer) this.kick()
        })
    }
  }

  /** SQLite: this process is the only worker; read the due rows, then claim each with a conditional update. */
  private async claimLocal(room: number, kinds: KindFilter): Promise<ClaimedJob[]> {
    const now = this.clock.now()
    let query = this.db.selectFrom('jobs').selectAll().where('status', '=', 'queued').where('run_at', '<=', now.toISOString())
    if ('in' in kinds) query = query.where('kind', 'in', kinds.in)
    else if (kinds.notIn.length > 0) query = query.where('kind', 'not in', kinds.notIn)
    const due = await query.orderBy('run_at').limit(room).execute()
    const claimed: ClaimedJob[] = []
    for (const row of due) {
      if (this.inFlight.has(row.id)) continue
      const result = await this.db
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: row.attempts + 1,
          lease_until: new Date(now.getTime() + this.opts.leaseMs).toISOString(),
          locked_by: this.workerId,
          updated_at: now.toISOString(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 1) claimed.push({ id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts + 1 })
    }
    return claimed
  }

  /**
   * PostgreSQL: one statement claims due rows and rows whose lease lapsed; SKIP LOCKED passes over
   * rows another instance is claiming at this moment, so no row is claimed twice.
   */
  private async claimShared(room: number, kinds: KindFilter): Promise<ClaimedJob[]> {
    const now = this.clock.now().toISOString()
    const mine = [...this.inFlight]
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        lease_until: new Date(this.clock.now().getTime() + this.opts.leaseMs).toISOString(),
        locked_by: this.workerId,
        updated_at: now,
      }))
      .where('id', 'in', (eb) => {
        let due = eb
          .selectFrom('jobs')
          .select('id')
          .where((w) => w.or([w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]), w.and([w('status', '=', 'running'), w('lease_until', '<', now)])]))
        // Our own running jobs are never "lapsed" to us, even when a test moves the clock past their lease.
        if (mine.length > 0) due = due.where('id', 'not in', mine)
        if ('in' in kinds) due = due.where('kind', 'in', kinds.in)
        else if (kinds.notIn.length > 0) due = due.where('kind', 'not in', kinds.notIn)
        return due.orderBy('run_at').limit(room).forUpdate().skipLocked()
      })
      .returning(['id', 'kind', 'payload', 'attempts'])
      .execute()
  }

  /**
   * Pushes forward the lease of every job this instance holds, queued here or running, in one
   * statement; a claim another instance has taken over (ours lapsed) is left alone and logged.
   */
  private async renewLeases(): Promise<void> {
    const held = [...this.inFlight]
    if (held.length === 0) return
    const renewed = await this.db
      .updateTable('jobs')
      .set({ lease_until: new Date(this.clock.now().getTime() + this.opts.leaseMs).toISOString() })
      .where('id', 'in', held)
      .where('status', '=', 'running')
      .where('locked_by', '=', this.workerId)
      .returning('id')
      .execute()
    const kept = new Set(renewed.map((r) => r.id))
    // Jobs that finished meanwhile left inFlight; the rest were taken over.
    for (const id of held) if (!kept.has(id) && this.inFlight.has(id)) this.log.warn('job.lease_lost', { job_id: id })
  }

  private async runOne(id: string, kind: string, payloadText: string, attempt: number): Promise<void> {
    const handler = this.kinds.get(kind) as JobKind<unknown> | undefined
    const job = { id, attempt }
    const payload: unknown = JSON.parse(payloadText)
    try {
      if (!handler) throw new Error(`no handler for job kind ${kind}`)
      await handler.run(payload, job)
      const settled = handler.forgetWhenDone
        ? await this.db.deleteFrom('jobs').where('id', '=', id).where('attempts', '=', attempt).where('status', '=', 'running').executeTakeFirst()
        : await this.db
            .updateTable('jobs')
            .set({ status: 'done', lease_until: null, updated_at: this.clock.now().toISOString() })
            .where('id', '=', id)
            .where('attempts', '=', attempt)
            .where('status', '=', 'running')
            .executeTakeFirst()
      const changed = 'numDeletedRows' in settled ? settled.numDeletedRows : settled.numUpdatedRows
      if (Number(changed) !== 1) this.log.warn('job.lease_lost', { job_id: id, kind, attempt })
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
        .where('attempts', '=', attempt)
        .where('status', '=', 'running')
        .execute()
      await handler?.onAttemptFailed?.(payload as never, job, error, willRetry)
    }
  }
}

/**
 * A queued job row, written by the caller's executor so it commits with the data it is about
 * (Jobs.enqueue; a migration that queues work for the server to do once it runs).
 */
export async function insertJob<P>(executor: Executor, kind: string, payload: P, now: Date, runAt?: Date): Promise<string> {
  const id = newId()
  await executor
    .insertInto('jobs')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      run_at: (runAt ?? now).toISOString(),
      lease_until: null,
      last_error: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute()
  return id
}

/** Which kinds a lane claims: its own, or (the default lane) every kind but the other lanes'. */
type KindFilter = { in: string[] } | { notIn: string[] }

interface ClaimedJob {
  id: string
  kind: string
  payload: string
  /** The attempt this claim makes (1 on the first run); also the claim's fencing token. */
  attempts: number
}
