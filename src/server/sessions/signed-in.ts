// The account a request is signed in with, for routes that are the account's own: 401 `notSignedIn` without one.
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../domain/errors.ts'

export async function signedInAccountId(request: FastifyRequest): Promise<number> {
  const accountId = await request.session.accountId()
  if (accountId === null) throw new AppError('notSignedIn', 401, 'Sign in to use your account.')
  return accountId
}
