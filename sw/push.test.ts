// The push handler's reading of a message: the shop's reminder becomes a notification that opens its product;
// anything else shows nothing.
import { describe, expect, it } from 'vitest'
import { notificationOf } from './push.ts'

const message = {
  kind: 'stockReminder',
  title: 'Sportmuesli is weer op voorraad',
  body: 'Zak · 20 kg is weer te bestellen voor € 32,95.',
  icon: '/images/products/sport-muesli-1a2b3c4d-front-320.webp',
  badge: '/icons/equivera-badge-96.png',
  url: '/muesli/sport-muesli/eq-1001-20/',
  tag: 'stock-reminder-101',
  lang: 'nl',
}

describe('notificationOf', () => {
  it('shows the title, text, product picture and badge, and keeps the page a tap opens', () => {
    expect(notificationOf(message)).toEqual({
      title: message.title,
      options: {
        body: message.body,
        icon: message.icon,
        image: message.icon,
        badge: message.badge,
        tag: message.tag,
        lang: 'nl',
        data: { url: message.url },
      },
    })
  })

  it.each([
    ['nothing', null],
    ['text', 'hello'],
    ['another kind', { ...message, kind: 'marketing' }],
    ['a page on another site', { ...message, url: 'https://example.com/' }],
    ['a protocol-relative page', { ...message, url: '//example.com/' }],
    ['no title', { ...message, title: '' }],
  ])('shows nothing for %s', (_, data) => expect(notificationOf(data)).toBeNull())
})
