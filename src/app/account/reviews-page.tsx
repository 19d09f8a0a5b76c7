// /account/reviews/ (route account-reviews): the products the account bought, each with 'write a review' or the
// review it wrote and where moderation stands. A sent review is thanked for with the note that it may take up to 24
// hours to appear (spec §8), and the list is read again.
import '../checkout/checkout.css'
import './account-results.css'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReviewRequest, WriteReviewBody } from '../../domain/account-reviews.ts'
import { PageHead } from '../content/page-head.tsx'
import { PageHeading } from '../navigation/page-heading.tsx'
import { ProductImage } from '../catalogue/product-image.tsx'
import { Stars } from '../catalogue/stars.tsx'
import { Link } from 'react-router'
import { useRootData } from '../root/use-root-data.ts'
import { AccountDataState } from './account-data-state.tsx'
import { ReviewForm } from './review-form.tsx'
import { useAccountApi, useAccountData } from './use-account-data.ts'

export function Component() {
  const { t } = useTranslation()
  const { site } = useRootData()
  const api = useAccountApi()
  const { state, reload } = useAccountData((accountApi, signal) => accountApi.reviewRequests(signal))
  const [writing, setWriting] = useState<number | null>(null)
  const [thanked, setThanked] = useState<string | null>(null)

  async function send(review: WriteReviewBody, name: string) {
    await api.writeReview(review)
    setWriting(null)
    setThanked(name)
    reload()
  }

  return (
    <div className="account-page account-reviews">
      <PageHead title={`${t('account.reviews.title')} | ${site.brandName}`} noIndex />
      <PageHeading>{t('account.reviews.title')}</PageHeading>
      <p className="account-page__intro">{t('account.reviews.intro')}</p>
      <div role="status" className={thanked ? 'account-notice account-notice--success' : 'visually-hidden'}>
        {thanked ? `${t('messages.reviewThanks')}` : ''}
      </div>
      <AccountDataState state={state} onRetry={reload}>
        {(requests) =>
          requests.length === 0 ? (
            <p className="account-page__empty">{t('account.reviews.none')}</p>
          ) : (
            <ul className="review-requests">
              {requests.map((request) => (
                <ReviewRequestItem
                  key={request.productId}
                  request={request}
                  writing={writing === request.productId}
                  onWrite={() => {
                    setThanked(null)
                    setWriting(request.productId)
                  }}
                  onCancel={() => setWriting(null)}
                  onSend={(review) => send(review, request.name)}
                />
              ))}
            </ul>
          )
        }
      </AccountDataState>
    </div>
  )
}

function ReviewRequestItem({
  request,
  writing,
  onWrite,
  onCancel,
  onSend,
}: {
  request: ReviewRequest
  writing: boolean
  onWrite: () => void
  onCancel: () => void
  onSend: (review: WriteReviewBody) => Promise<void>
}) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const date = new Intl.DateTimeFormat(locale.language, { dateStyle: 'long' }).format(new Date(request.boughtAt))
  const { review } = request
  return (
    <li className="review-request" data-product-id={request.productId}>
      <div className="review-request__product">
        {request.image && (
          <div className="review-request__image">
            <ProductImage name={request.image} alt="" sizes="72px" />
          </div>
        )}
        <div>
          <h2 className="review-request__name">
            {request.path ? <Link to={request.path}>{request.name}</Link> : request.name}
          </h2>
          <p className="review-request__bought">{t('account.reviews.boughtOn', { date })}</p>
        </div>
      </div>
      {review ? (
        <div className="own-review">
          <p className={`review-status review-status--${review.status}`}>
            {t(`account.reviews.status.${review.status}`)}
          </p>
          <Stars rating={{ average: review.rating, count: 1 }} showCount={false} />
          <h3 className="own-review__title">{review.title}</h3>
          <p className="own-review__text">{review.text}</p>
        </div>
      ) : writing ? (
        <ReviewForm productId={request.productId} productName={request.name} onSend={onSend} onCancel={onCancel} />
      ) : (
        <button type="button" className="button button--secondary" onClick={onWrite}>
          {t('account.reviews.write')}
          <span className="visually-hidden">: {request.name}</span>
        </button>
      )}
    </li>
  )
}
