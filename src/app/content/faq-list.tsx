import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Faq } from '../../domain/content.ts'

export const faqItemAnchor = (faqItemId: number) => `faq-item-${faqItemId}`

/** FAQ groups with their questions; each question has its own URL (a deep link opens and shows it). */
export function FaqList({ faqs, openItemId }: { faqs: Faq[]; openItemId: number | null }) {
  const { t } = useTranslation()
  return (
    <>
      {faqs.map((faq) => (
        <section key={faq.faqId} className="faq-group" aria-labelledby={`faq-${faq.faqId}`}>
          <h2 id={`faq-${faq.faqId}`}>{faq.path ? <Link to={faq.path}>{faq.title}</Link> : faq.title}</h2>
          {faq.items.map((item) => (
            <details key={item.faqItemId} id={faqItemAnchor(item.faqItemId)} open={item.faqItemId === openItemId}>
              <summary>{item.question}</summary>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {item.path && (
                <p className="faq-permalink">
                  <Link to={item.path} preventScrollReset>
                    {t('faq.permalink')}
                  </Link>
                </p>
              )}
            </details>
          ))}
        </section>
      ))}
    </>
  )
}
