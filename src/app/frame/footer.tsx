import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Footer as FooterData, Navigation } from '../../domain/content.ts'
import type { Site } from '../../domain/site.ts'
import { LocalizationSwitcher } from '../localization/switcher.tsx'
import { NewsletterSignup } from '../newsletter/newsletter-signup.tsx'
import type { SwitcherOption } from '../root/root.data.ts'
import { AppLink, LinkList } from '../ui/app-link.tsx'

const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'linkedin', 'tiktok', 'twitter'] as const
const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
}

/**
 * The customer-service block: title, text, link, phone, e-mail and opening hours, in the frame. A content page's
 * block is a region named by its title; the footer's copy is one of its columns, not a landmark, so the
 * customer-service page does not have two regions of one name.
 */
export function CustomerService({ site, region = true }: { site: Site; region?: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const Block = region ? 'section' : 'div'
  return (
    <Block className="customer-service" aria-labelledby={region ? id : undefined}>
      <h2 id={id}>{site.customerServiceTitle || t('footer.customerService')}</h2>
      {site.customerServiceTextBottom && <p>{site.customerServiceTextBottom}</p>}
      <dl>
        <dt>{t('footer.phone')}</dt>
        <dd>
          <AppLink link={site.customerServicePhoneLink} />
        </dd>
        <dt>{t('footer.email')}</dt>
        <dd>
          <a href={`mailto:${site.customerServiceEmailAddress}`}>{site.customerServiceEmailAddress}</a>
        </dd>
      </dl>
      {site.openingHours.length > 0 && (
        <>
          <h3>{t('footer.openingHours')}</h3>
          <dl className="opening-hours">
            {site.openingHours.map((entry) => (
              <div key={entry.days}>
                <dt>{entry.days}</dt>
                <dd>{entry.hours}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p>
        <AppLink link={site.customerServiceLink} />
      </p>
    </Block>
  )
}

export function Footer({
  site,
  footer,
  navigation,
  switcher,
}: {
  site: Site
  footer: FooterData
  navigation: Navigation
  switcher: SwitcherOption[]
}) {
  const { t } = useTranslation()
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const url = site.socialMedia[network]
    return url ? [{ network, url }] : []
  })
  return (
    <footer className="site-footer" aria-label={t('a11y.footer')}>
      <div className="site-footer__columns">
        {footer.columns.map((column) => (
          <section key={column.title}>
            <h2>{column.title}</h2>
            <LinkList links={column.links} />
          </section>
        ))}
        <CustomerService site={site} region={false} />
      </div>
      <NewsletterSignup />
      {social.length > 0 && (
        <section className="social-links">
          <h2>{t('footer.followUs')}</h2>
          <ul>
            {social.map(({ network, url }) => (
              <li key={network}>
                <a href={url} rel="noopener noreferrer" target="_blank">
                  {SOCIAL_LABELS[network]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className="secondary-navigation" aria-label={t('a11y.secondaryNavigation')}>
        <LinkList links={navigation.items} />
      </nav>
      <LocalizationSwitcher options={switcher} />
      {footer.text && <p className="site-footer__text">{footer.text}</p>}
      <LinkList links={footer.bottomLinks} className="site-footer__bottom" />
    </footer>
  )
}
