import { afterAll, beforeAll, expect, test } from 'bun:test'
import { prepared } from '../../src/db/prepared'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
  await subscribedToken(app, 'one@example.com')
  await subscribedToken(app, 'two@example.com')
})
afterAll(() => app.stop())

test('a prepared query answers like the built one for every argument, constants included', async () => {
  const byEmail = prepared((db, email: string) => db.selectFrom('accounts').select(['id', 'email']).where('email', '=', email).where('chatbots_created', '>=', 0).limit(5))
  for (const email of ['one@example.com', 'two@example.com', 'nobody@example.com', 'one@example.com']) {
    const built = await app.ctx.db.selectFrom('accounts').select(['id', 'email']).where('email', '=', email).execute()
    expect(await byEmail(app.ctx.db, email)).toEqual(built)
  }
})

test('inside a transaction it sees the transaction, and an unbound argument is refused', async () => {
  const count = prepared((db, email: string) =>
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email),
  )
  await app.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('accounts').set({ email: 'renamed@example.com' }).where('email', '=', 'two@example.com').execute()
    expect(Number((await count(trx, 'renamed@example.com'))[0].n)).toBe(1)
    await trx.updateTable('accounts').set({ email: 'two@example.com' }).where('email', '=', 'renamed@example.com').execute()
  })
  const ignoresItsArgument = prepared((db, _email: string) => db.selectFrom('accounts').select('id'))
  await expect(ignoresItsArgument(app.ctx.db, 'x')).rejects.toThrow('every argument must be bound once')
})
