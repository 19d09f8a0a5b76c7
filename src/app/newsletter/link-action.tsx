// What the pages of mailed links share (the newsletter's confirm and unsubscribe, a reminder's cancel): they do what the mailed link asks as soon as the page runs in the
// browser (one click from the mail), show how it went, and take the link's secret out of the address at once, so
// the history and analytics never hold it (the page keeps it for a retry).
import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { homePath } from '../../domain/catalogue-paths.ts'
import type { SubscriptionResult } from '../../domain/newsletter-api.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { connectivityAtom } from '../pwa/connectivity.ts'
import { useRootData } from '../root/use-root-data.ts'
import { ApiRequestError } from '../../browser/transport.ts'
import { isUnreachable } from './unreachable.ts'

type State<R> =
  { status: 'working' } | { status: 'done'; result: R } | { status: 'invalid' | 'missing' | 'offline' | 'failed' }

export interface LinkActionTexts<R> {
  title: string
  working: string
  /** Said in bold before the result (the §8 success text). */
  lead?: string
  done: (result: R) => string
  invalid: string
  missing: string
}

/** `run` is null when the address lacks what the link needs. */
export function LinkActionPage<R = SubscriptionResult>({
  texts,
  run,
}: {
  texts: LinkActionTexts<R>
  run: (() => Promise<R>) | null
}) {
  const { t } = useTranslation()
  const { site, language } = useRootData()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const connectivity = useAtomValue(connectivityAtom)
  // The link's values as the page was opened: the address loses them below.
  const [action] = useState(() => run)
  const [state, setState] = useState<State<R>>(action ? { status: 'working' } : { status: 'missing' })
  const [attempt, setAttempt] = useState(0)
  const started = useRef(-1)

  useEffect(() => {
    if (!action || started.current === attempt) return
    started.current = attempt
    void navigate({ pathname, search: '' }, { replace: true, preventScrollReset: true })
    setState({ status: 'working' })
    action().then(
      (result) => setState({ status: 'done', result }),
      (error: unknown) => {
        if (error instanceof ApiRequestError && (error.status === 410 || error.status === 400))
          return setState({ status: 'invalid' })
        setState({ status: isUnreachable(error) ? 'offline' : 'failed' })
      },
    )
  }, [action, attempt, navigate, pathname])

  const retry =
    state.status === 'offline' || state.status === 'failed' ? (
      <button
        type="button"
        className="button"
        disabled={connectivity === 'offline'}
        onClick={() => setAttempt((n) => n + 1)}
      >
        {t('newsletter.retry')}
      </button>
    ) : null
  const body = {
    working: <p role="status">{texts.working}</p>,
    done:
      state.status === 'done' ? (
        <p role="status">
          {texts.lead && <strong>{texts.lead} </strong>}
          {texts.done(state.result)}
        </p>
      ) : null,
    invalid: <p role="alert">{texts.invalid}</p>,
    missing: <p role="alert">{texts.missing}</p>,
    offline: <p role="alert">{t('newsletter.offline')}</p>,
    failed: <p role="alert">{t('messages.genericError')}</p>,
  }[state.status]
  return (
    <article className="content-page newsletter-page">
      <PageHead title={`${texts.title} | ${site.brandName}`} noIndex />
      <PageHeading>{texts.title}</PageHeading>
      {body}
      <p className="button-row">
        {retry}
        <Link className={retry ? 'button button--secondary' : 'button'} to={homePath(language.pathPrefix)}>
          {t('newsletter.home')}
        </Link>
      </p>
    </article>
  )
}
