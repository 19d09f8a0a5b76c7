import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useRouteError } from 'react-router'
import { useSetAtom } from 'jotai'
import { PageHead } from './page-head.tsx'
import { navigationFailedAtom } from '../navigation/navigation.atoms.ts'
import { PageHeading } from '../navigation/page-heading.tsx'
import { useRootData } from '../root/use-root-data.ts'
import { homePath } from '../../domain/catalogue-paths.ts'

/** A page that failed to load: 'Oeps, hier ging iets mis!' with a retry and a link to the home page. */
export function ErrorPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const error = useRouteError()
  const { language } = useRootData()
  const setFailed = useSetAtom(navigationFailedAtom)
  useEffect(() => {
    setFailed(true)
    console.error(error)
  }, [error, setFailed])
  const home = homePath(language.pathPrefix)
  return (
    <article className="content-page error-page">
      <PageHead title={t('error.title')} noIndex />
      <PageHeading>{t('error.title')}</PageHeading>
      <p>{t('error.text')}</p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => void navigate('.', { replace: true })}>
          {t('error.retry')}
        </button>
        <a className="button button--secondary" href={home}>
          {t('error.home')}
        </a>
      </p>
    </article>
  )
}
