import { CompiledQuery, type Kysely } from 'kysely'
import type { Database } from './schema'

type Executor = Kysely<Database>
type Built<Row> = { compile(): CompiledQuery<Row> }

/**
 * A query built and compiled once per executor, then run again with new parameters. Kysely builds
 * and freezes a query tree on every call, which is most of the CPU of a hot request (a profile of
 * chatbot-get showed it); the queries every authenticated request makes skip that.
 * `build` gets placeholder values: each must end up as a bound parameter, used as given.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Executor, ...args: Args) => Built<Row>) {
  const compiled = new WeakMap<Executor, { sql: string; slots: (number | { value: unknown })[] }>()
  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    let plan = compiled.get(db)
    if (!plan) {
      const markers = args.map((_, i) => `\u0000prepared-${i}\u0000`) as unknown as Args
      const query = build(db, ...markers).compile()
      const slots = query.parameters.map((p) => {
        const index = (markers as unknown[]).indexOf(p)
        return index >= 0 ? index : { value: p }
      })
      if (slots.filter((s) => typeof s === 'number').length !== args.length) throw new Error('prepared: every argument must be bound once')
      plan = { sql: query.sql, slots }
      compiled.set(db, plan)
    }
    const parameters = plan.slots.map((s) => (typeof s === 'number' ? args[s] : s.value))
    return (await db.executeQuery<Row>(CompiledQuery.raw(plan.sql, parameters))).rows
  }
}
