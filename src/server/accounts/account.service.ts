// The accounts (spec §3 Account, §7 Account and Authentication): registration with an activation link, sign-in
// after activation, the password forgotten and reset, the password and e-mail address changed, the account's own
// data. Knows nothing of HTTP or cookies: the routes pass the session's part (which sessions to keep) in.
//
// No enumeration: register, forgot password, resend confirmation and sign-in answer the same, in about the same
// time, whether the address has an account. Sign-in verifies against a dummy hash when there is no account;
// registration hashes the password either way and queues one mail either way; forgot password and resend
// confirmation only queue a job (the same one for any address), which looks the account up and mails later.
import { z } from 'zod'
import type { AccountAnswer, RegisterBody, UpdateAccountBody } from '../../domain/account-api.ts'
import { AppError } from '../../domain/errors.ts'
import type { LanguageCode } from '../../domain/language-codes.ts'
import type { DatabaseHandle } from '../db/database.ts'
import type { AccountTokenPurpose } from '../db/tables/accounts.ts'
import type { RequestScope } from '../http/scope.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { Executor } from '../jobs/job.repository.ts'
import { mailLayout, renderMail, type MailContent, type MailLayout } from '../mail/mail-templates.ts'
import { digestOf, type MailService } from '../mail/mail.service.ts'
import type { SiteDirectory, SiteRecord } from '../sites/site.directory.ts'
import {
  accountExistsMail,
  activationMail,
  emailChangedMail,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
} from './account-mails.ts'
import {
  deleteAccountSessions,
  findAccount,
  findAccountByEmail,
  findToken,
  insertAccount,
  insertToken,
  retireTokens,
  updateAccount,
  useToken,
  type AccountRecord,
} from './account.repository.ts'
import { checkAccountUpdate, checkEmailAddress, checkRegistration, passwordErrors } from './account-rules.ts'
import { hashToken, newToken, TOKEN_LIFETIME_MS } from './account-tokens.ts'
import { checkCallbackUrl, mailedLink, resetPageOf } from './callback-url.ts'
import { hashPassword, needsRehash, verifyNobody, verifyPassword } from './password-hash.ts'
import { invalidFields } from '../cart/checkout-rules.ts'
import { fieldError } from '../../domain/field-errors.ts'
import { unreadScanResultCount } from '../scans/scan.service.ts'

export const FORGOT_PASSWORD_JOB = 'accounts.forgot-password'
export const RESEND_CONFIRMATION_JOB = 'accounts.resend-confirmation'

const LinkJobSchema = z.object({
  siteId: z.number().int().positive(),
  language: z.string(),
  callbackUrl: z.string(),
  emailAddress: z.string().optional(),
  userId: z.number().int().positive().optional(),
})
type LinkJob = z.infer<typeof LinkJobSchema>

export class SignInFailedError extends AppError {
  constructor() {
    super('signInFailed', 401, 'The e-mail address or password is wrong, or the account is not activated yet.')
  }
}

export class NotSignedInError extends AppError {
  constructor() {
    super('notSignedIn', 401, 'Sign in first.')
  }
}

const tokenErrors: Record<AccountTokenPurpose, () => AppError> = {
  activation: () =>
    new AppError('activationTokenExpired', 400, 'Je token is niet meer geldig, vraag nogmaals een activatie mail aan.'),
  passwordReset: () => new AppError('resetTokenExpired', 400, 'The password reset link has expired.'),
  emailChange: () => new AppError('emailChangeTokenExpired', 400, 'The e-mail change link has expired.'),
}
const invalidToken = () => new AppError('invalidToken', 400, 'This link is not valid or was used already.')

export interface AccountServiceOptions {
  database: Pick<DatabaseHandle, 'db'>
  sites: Pick<SiteDirectory, 'byId'>
  mail: Pick<MailService, 'queueMail'>
  jobs: JobQueue
  now?: () => number
  /**
   * The account's newsletter choice made or changed (activated with the box ticked, or changed by an update), in the
   * transaction that stores it: the newsletter's subscription follows (newsletter.service.ts).
   */
  onNewsletter?: (trx: Executor, scope: RequestScope, accountId: number, on: boolean) => Promise<void>
}

/** What a mail needs besides its content: where it goes, in which language, from which site. */
interface Outgoing {
  site: SiteRecord
  language: LanguageCode
  origin: string
  to: string
  kind: string
  /** Unique per event: a token's hash names its mail. */
  key: string
}

export class AccountService {
  readonly #db: AccountServiceOptions['database']['db']
  readonly #sites: AccountServiceOptions['sites']
  readonly #mail: AccountServiceOptions['mail']
  readonly #jobs: JobQueue
  readonly #now: () => number
  readonly #onNewsletter: NonNullable<AccountServiceOptions['onNewsletter']>

  constructor(options: AccountServiceOptions) {
    this.#onNewsletter = options.onNewsletter ?? (async () => {})
    this.#db = options.database.db
    this.#sites = options.sites
    this.#mail = options.mail
    this.#jobs = options.jobs
    this.#now = options.now ?? Date.now
    this.#jobs.register(FORGOT_PASSWORD_JOB, LinkJobSchema, (job) => this.#mailReset(job))
    this.#jobs.register(RESEND_CONFIRMATION_JOB, LinkJobSchema, (job) => this.#mailActivation(job))
  }

  #iso = () => new Date(this.#now()).toISOString()

  /**
   * `POST /api/account?callbackUrl`: a new, inactive account and its activation mail. A known address gets the
   * same answer: an activated account a mail saying so with a reset link, one not yet activated a new activation
   * link; the account itself is left as it was.
   */
  async register(scope: RequestScope, body: RegisterBody, callbackUrl: string): Promise<void> {
    checkCallbackUrl(scope.site, callbackUrl)
    const data = await checkRegistration(this.#db, scope, body)
    // Hashed whether or not the address is known: the answer takes the same time either way.
    const passwordHash = await hashPassword(body.password)
    await this.#db.transaction().execute(async (trx) => {
      const known = await findAccountByEmail(trx, scope.site.id, data.emailAddress)
      if (known?.activatedAt) return this.#queueAccountExists(trx, scope.site, known, callbackUrl)
      if (known) return this.#queueActivation(trx, scope.site, known, callbackUrl)
      const now = this.#iso()
      const id = await insertAccount(trx, {
        ...data,
        siteId: scope.site.id,
        languageId: scope.language.languageId,
        passwordHash,
        newsletter: body.newsletter,
        activatedAt: null,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      const account = await findAccount(trx, scope.site.id, id)
      await this.#queueActivation(trx, scope.site, account!, callbackUrl)
    })
  }

  /**
   * Makes an inactive account with a password hashed already (a guest's checkout password) and queues its
   * activation mail, in the caller's transaction. Nothing when the address has an account on the site: answers
   * the account id made, or null.
   */
  async createFromCheckout(
    trx: Executor,
    site: SiteRecord,
    languageId: number,
    data: Omit<
      AccountRecord,
      'id' | 'emailKey' | 'siteId' | 'languageId' | 'activatedAt' | 'passwordChangedAt' | 'createdAt' | 'updatedAt'
    >,
    confirmUrl: string,
  ): Promise<number | null> {
    if (await findAccountByEmail(trx, site.id, data.emailAddress)) return null
    const now = this.#iso()
    const id = await insertAccount(trx, {
      ...data,
      siteId: site.id,
      languageId,
      activatedAt: null,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await this.#queueActivation(trx, site, (await findAccount(trx, site.id, id))!, confirmUrl)
    return id
  }

  /**
   * `POST /api/account/{userId}/confirm?token`: follows an activation link (the account may sign in from now on) or
   * an e-mail change link (the address changes now, and the old address is told).
   */
  async confirm(scope: RequestScope, userId: number, token: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const { account, stored } = await this.#takeToken(trx, scope, userId, token, ['activation', 'emailChange'])
      const now = this.#iso()
      if (stored.purpose === 'activation') {
        if (!account.activatedAt) {
          await updateAccount(trx, account.id, { activatedAt: now }, now)
          if (account.newsletter) await this.#onNewsletter(trx, scope, account.id, true)
        }
        return
      }
      const newAddress = stored.newEmailAddress!
      // Someone registered the address meanwhile: the change cannot happen (one account per address and site).
      const taken = await findAccountByEmail(trx, scope.site.id, newAddress)
      if (taken && taken.id !== account.id) throw invalidToken()
      // Following the link proves the new address, so an account not yet activated is activated by it too.
      await updateAccount(trx, account.id, { emailAddress: newAddress, activatedAt: account.activatedAt ?? now }, now)
      await this.#send(
        trx,
        { ...this.#outgoing(scope.site, account, 'account-email-changed', stored.tokenHash) },
        (l) => emailChangedMail(l, { email: newAddress }),
      )
    })
  }

  /** `POST /api/account/resendconfirmation`: a new activation link, by the account id of an expired link or by address. */
  async resendConfirmation(
    scope: RequestScope,
    by: { userId?: number | undefined; emailAddress?: string | undefined },
    callbackUrl: string,
  ): Promise<void> {
    checkCallbackUrl(scope.site, callbackUrl)
    if (by.userId === undefined && !by.emailAddress?.trim())
      throw invalidFields([fieldError('emailAddress', 'validation.required')], scope.language.code)
    await this.#jobs.enqueue(this.#db, RESEND_CONFIRMATION_JOB, this.#linkJob(scope, callbackUrl, by))
  }

  /** `POST /api/account/forgotpassword?callbackUrl`: a reset link mailed by a job, if the address has an account. */
  async forgotPassword(scope: RequestScope, emailAddress: string, callbackUrl: string): Promise<void> {
    checkCallbackUrl(scope.site, callbackUrl)
    const address = await checkEmailAddress(this.#db, scope, emailAddress, 'emailAddress')
    await this.#jobs.enqueue(
      this.#db,
      FORGOT_PASSWORD_JOB,
      this.#linkJob(scope, callbackUrl, { emailAddress: address }),
    )
  }

  /** `POST /api/account/{userId}/resetpassword?token`: the new password; every session of the account ends. */
  async resetPassword(scope: RequestScope, userId: number, token: string, newPassword: string): Promise<void> {
    const errors = passwordErrors(newPassword, 'newPassword')
    if (errors.length > 0) throw invalidFields(errors, scope.language.code)
    const passwordHash = await hashPassword(newPassword)
    await this.#db.transaction().execute(async (trx) => {
      const { account, stored } = await this.#takeToken(trx, scope, userId, token, ['passwordReset'])
      const now = this.#iso()
      // The reset link reached the account's mailbox: that activates an account not yet activated too.
      await updateAccount(
        trx,
        account.id,
        { passwordHash, passwordChangedAt: now, activatedAt: account.activatedAt ?? now },
        now,
      )
      await retireTokens(trx, account.id, 'passwordReset', now)
      await deleteAccountSessions(trx, account.id)
      await this.#send(trx, this.#outgoing(scope.site, account, 'account-password-changed', stored.tokenHash), (l) =>
        passwordChangedMail(l),
      )
    })
  }

  /**
   * `POST /api/account/changepassword`: checks the current password, stores the new one and ends every session of
   * the account; the route then gives the session that asked a new id, signed in, so only it goes on.
   */
  async changePassword(
    scope: RequestScope,
    accountId: number,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const account = await this.#signedIn(scope, accountId)
    const errors = passwordErrors(newPassword, 'newPassword')
    if (errors.length > 0) throw invalidFields(errors, scope.language.code)
    if (!(await verifyPassword(account.passwordHash, currentPassword))) throw wrongPassword(scope, 'currentPassword')
    const passwordHash = await hashPassword(newPassword)
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#iso()
      await updateAccount(trx, account.id, { passwordHash, passwordChangedAt: now }, now)
      await retireTokens(trx, account.id, 'passwordReset', now)
      await deleteAccountSessions(trx, account.id)
      await this.#send(
        trx,
        this.#outgoing(scope.site, account, 'account-password-changed', digestOf(`${account.id}:${now}`)),
        (l) => passwordChangedMail(l),
      )
    })
  }

  /**
   * `POST /api/account/changeemailaddress?callbackUrl`: checks the password and mails a link to the new address;
   * the address changes when it is followed (confirm). An address with an account already gets the same answer
   * and no mail: the owner of the other account must not be told, nor this one learn of it.
   */
  async changeEmail(
    scope: RequestScope,
    accountId: number,
    newEmailAddress: string,
    password: string,
    callbackUrl: string,
  ): Promise<void> {
    checkCallbackUrl(scope.site, callbackUrl)
    const account = await this.#signedIn(scope, accountId)
    const address = await checkEmailAddress(this.#db, scope, newEmailAddress, 'newEmailAddress')
    if (!(await verifyPassword(account.passwordHash, password))) throw wrongPassword(scope, 'password')
    await this.#db.transaction().execute(async (trx) => {
      const now = this.#iso()
      await retireTokens(trx, account.id, 'emailChange', now)
      const taken = await findAccountByEmail(trx, scope.site.id, address)
      if (taken) return
      const { token, tokenHash } = newToken()
      await insertToken(trx, {
        tokenHash,
        accountId: account.id,
        purpose: 'emailChange',
        newEmailAddress: address,
        createdAt: now,
        expiresAt: this.#expiry('emailChange'),
      })
      const link = mailedLink(callbackUrl, account.id, token)
      const out = { ...this.#outgoing(scope.site, account, 'account-email-change', tokenHash), to: address }
      await this.#send(trx, { ...out, origin: new URL(callbackUrl).origin }, (l) =>
        emailChangeMail(l, { link, email: address }),
      )
    })
  }

  /** `POST /api/authentication/signin`: the account id, or 401 `signInFailed` (wrong, unknown or not activated alike). */
  async signIn(scope: RequestScope, emailAddress: string, password: string): Promise<number> {
    const account = await findAccountByEmail(this.#db, scope.site.id, emailAddress)
    if (!account) throw (await verifyNobody(password), new SignInFailedError())
    const matches = await verifyPassword(account.passwordHash, password)
    if (!matches || !account.activatedAt) throw new SignInFailedError()
    if (needsRehash(account.passwordHash)) {
      await updateAccount(this.#db, account.id, { passwordHash: await hashPassword(password) }, this.#iso())
    }
    return account.id
  }

  /** `GET /api/account`. */
  async get(scope: RequestScope, accountId: number): Promise<AccountAnswer> {
    const account = await this.#signedIn(scope, accountId)
    return {
      userId: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: account.phoneNumber,
      emailAddress: account.emailAddress,
      unreadQuickscanResults: await unreadScanResultCount(this.#db, account.id),
      billing: account.billing,
      shipping: account.shipping,
      ...(account.company && { company: account.company }),
      alternativeShippingAddress: account.alternativeShippingAddress,
      languageId: account.languageId,
      newsletter: account.newsletter,
    }
  }

  /** `PUT /api/account?callbackUrl`: the account's own data, by the checkout's field rules. */
  async update(scope: RequestScope, accountId: number, body: UpdateAccountBody, callbackUrl: string): Promise<void> {
    checkCallbackUrl(scope.site, callbackUrl)
    const account = await this.#signedIn(scope, accountId)
    const data = await checkAccountUpdate(this.#db, scope, account.emailAddress, body)
    await this.#db.transaction().execute(async (trx) => {
      await updateAccount(trx, account.id, { ...data, newsletter: body.newsletter }, this.#iso())
      if (body.newsletter !== account.newsletter) await this.#onNewsletter(trx, scope, account.id, body.newsletter)
    })
  }

  /** The signed-in account; a session whose account is gone counts as signed out. */
  async #signedIn(scope: RequestScope, accountId: number): Promise<AccountRecord> {
    const account = await findAccount(this.#db, scope.site.id, accountId)
    if (!account) throw new NotSignedInError()
    return account
  }

  /** Finds the token of a link and uses it: 400 `invalidToken` when unknown, used or another account's. */
  async #takeToken(
    trx: Executor,
    scope: RequestScope,
    userId: number,
    token: string,
    purposes: AccountTokenPurpose[],
  ): Promise<{ account: AccountRecord; stored: NonNullable<Awaited<ReturnType<typeof findToken>>> }> {
    const stored = await findToken(trx, hashToken(token))
    if (!stored || stored.accountId !== userId || !purposes.includes(stored.purpose) || stored.usedAt)
      throw invalidToken()
    const account = await findAccount(trx, scope.site.id, userId)
    if (!account) throw invalidToken()
    if (Date.parse(stored.expiresAt) <= this.#now()) throw tokenErrors[stored.purpose]()
    if (!(await useToken(trx, stored.tokenHash, this.#iso()))) throw invalidToken()
    return { account, stored }
  }

  #expiry = (purpose: AccountTokenPurpose) => new Date(this.#now() + TOKEN_LIFETIME_MS[purpose]).toISOString()

  #linkJob(
    scope: RequestScope,
    callbackUrl: string,
    by: { userId?: number | undefined; emailAddress?: string | undefined },
  ): LinkJob {
    return {
      siteId: scope.site.id,
      language: scope.language.code,
      callbackUrl,
      ...(by.userId !== undefined && { userId: by.userId }),
      ...(by.emailAddress && { emailAddress: by.emailAddress }),
    }
  }

  async #jobAccount(db: Executor, job: LinkJob): Promise<{ site: SiteRecord; account: AccountRecord } | undefined> {
    const site = this.#sites.byId(job.siteId)
    if (!site) return undefined
    const account =
      job.userId !== undefined
        ? await findAccount(db, site.id, job.userId)
        : job.emailAddress
          ? await findAccountByEmail(db, site.id, job.emailAddress)
          : undefined
    return account && { site, account }
  }

  /** The forgot-password job: a reset link for the address's account; nothing for an unknown address. */
  async #mailReset(job: LinkJob): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const found = await this.#jobAccount(trx, job)
      if (found) await this.#queueReset(trx, found.site, found.account, job.callbackUrl, 'account-password-reset')
    })
  }

  /** The resend-confirmation job: a new activation link for an account not activated yet; nothing otherwise. */
  async #mailActivation(job: LinkJob): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const found = await this.#jobAccount(trx, job)
      if (found && !found.account.activatedAt)
        await this.#queueActivation(trx, found.site, found.account, job.callbackUrl)
    })
  }

  async #queueActivation(trx: Executor, site: SiteRecord, account: AccountRecord, callbackUrl: string) {
    const now = this.#iso()
    // Only the newest link works: an older mail found later cannot activate (or confuse) anything.
    await retireTokens(trx, account.id, 'activation', now)
    const { token, tokenHash } = newToken()
    await insertToken(trx, {
      tokenHash,
      accountId: account.id,
      purpose: 'activation',
      newEmailAddress: null,
      createdAt: now,
      expiresAt: this.#expiry('activation'),
    })
    const link = mailedLink(callbackUrl, account.id, token)
    const out = {
      ...this.#outgoing(site, account, 'account-activation', tokenHash),
      origin: new URL(callbackUrl).origin,
    }
    await this.#send(trx, out, (l) => activationMail(l, { link }))
  }

  async #queueAccountExists(trx: Executor, site: SiteRecord, account: AccountRecord, callbackUrl: string) {
    await this.#queueReset(trx, site, account, resetPageOf(callbackUrl), 'account-exists')
  }

  async #queueReset(
    trx: Executor,
    site: SiteRecord,
    account: AccountRecord,
    pageUrl: string,
    kind: 'account-password-reset' | 'account-exists',
  ) {
    const now = this.#iso()
    const { token, tokenHash } = newToken()
    await retireTokens(trx, account.id, 'passwordReset', now)
    await insertToken(trx, {
      tokenHash,
      accountId: account.id,
      purpose: 'passwordReset',
      newEmailAddress: null,
      createdAt: now,
      expiresAt: this.#expiry('passwordReset'),
    })
    const link = mailedLink(pageUrl, account.id, token)
    const out = { ...this.#outgoing(site, account, kind, tokenHash), origin: new URL(pageUrl).origin }
    const email = account.emailAddress
    await this.#send(trx, out, (l) =>
      kind === 'account-exists' ? accountExistsMail(l, { link, email }) : passwordResetMail(l, { link, email }),
    )
  }

  /** A mail to the account's address in its language, from the site's own domain unless told. */
  #outgoing(site: SiteRecord, account: AccountRecord, kind: string, key: string): Outgoing {
    const language = site.languages.find((l) => l.languageId === account.languageId) ?? site.languages[0]!
    return {
      site,
      language: language.code,
      origin: `https://${site.domains[0] ?? 'localhost'}`,
      to: account.emailAddress,
      kind,
      key,
    }
  }

  async #send(trx: Executor, out: Outgoing, content: (layout: MailLayout) => MailContent): Promise<void> {
    const layout = mailLayout(out.site, out.language, out.origin)
    const rendered = await renderMail(layout, content(layout))
    await this.#mail.queueMail(
      trx,
      {
        dedupeKey: `${out.kind}:${out.site.id}:${digestOf(out.key, 24)}`,
        kind: out.kind,
        site: out.site,
        language: out.language,
        to: out.to,
        rendered,
      },
      new Date(this.#now()),
    )
  }
}

/** The password given to confirm a change is not the account's: a field error on `path`. */
function wrongPassword(scope: RequestScope, path: string): AppError {
  return invalidFields([fieldError(path, 'validation.currentPasswordWrong')], scope.language.code)
}
