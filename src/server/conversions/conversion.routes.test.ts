import { describe, expect, it } from 'vitest'
import { HOSTS, useTestApp } from '../../../tests/helpers/app.ts'
import { DIALECTS } from '../../../tests/helpers/database.ts'
import { countConversions } from './conversion.repository.ts'

describe.each(DIALECTS)('POST /api/Conversion on %s', (dialect) => {
  const { current } = useTestApp(dialect)
  const post = (query: string, host: string = HOSTS.nl) =>
    current().app.inject({ method: 'POST', url: `/api/Conversion${query}`, headers: { host } })

  it('records a mailing conversion once per site, however often it is reported', async () => {
    expect((await post('?mailplusId=mp-123')).statusCode).toBe(204)
    expect((await post('?mailplusId=mp-123')).statusCode).toBe(204)
    expect((await post('?mailplusId=mp-123', HOSTS.be)).statusCode).toBe(204)
    const { db } = current().database.handle
    expect(Number((await countConversions(db, 1, 'mp-123')).count)).toBe(1)
    expect(Number((await countConversions(db, 2, 'mp-123')).count)).toBe(1)
  })

  it('says the API’s message when the id is missing', async () => {
    const response = await post('')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'parameterRequired',
      message: "The parameter 'mailplusId' must be defined.",
    })
  })

  it.each(['%3Cscript%3E', 'a'.repeat(65), 'x%20y'])(
    'refuses the malformed id %s with 400 and records nothing',
    async (id) => {
      const response = await post(`?mailplusId=${id}`)
      expect(response.statusCode).toBe(400)
      const rows = await current().database.handle.db.selectFrom('conversions').select('mailplusId').execute()
      expect(rows.map((row) => row.mailplusId)).toEqual(['mp-123', 'mp-123'])
    },
  )
})
