import { describe, expect, it } from 'vitest'
import { AccountSchema, CustomerSchema, EMPTY_ADDRESS, PasswordSchema, SignInCredentialsSchema } from './address.ts'
import { InvoiceSchema, OrderSchema, ReturnSchema } from './account.ts'
import {
  CartCalculationResultSchema,
  CartSchema,
  cartQuantityCount,
  CheckoutDeliverySchema,
  PaymentSelectionSchema,
  SampleOrderLineSchema,
  ShippingMethodOptionSchema,
} from './cart.ts'
import { FacetFilterSchema, ProductLabelsSchema, ReviewSchema, SearchRequestSchema } from './catalogue.ts'
import { addToComparison, ComparisonListSchema, LocalizationChoiceSchema } from './client-state.ts'
import {
  EnergyLevelSchema,
  LabourLevelSchema,
  ProductType,
  ProductTypeSchema,
  ShippingMethod,
  SiteTypeSchema,
  StatusLabelSchema,
} from './enums.ts'
import { FeedAdviceSchema, HorseAdviceInputsSchema, ScanResultSchema } from './scan.ts'
import { EcommerceEventSchema, Ga4ItemSchema } from './tracking.ts'

const address = {
  zipcode: '1791 AB',
  street: 'Dorpsstraat',
  streetNumber: '1',
  streetNumberAddition: '',
  city: 'Den Burg',
  countryId: 1,
}
const money = { cents: 4995, currency: 'EUR' }

describe('enumerations', () => {
  it('keep the numbers of the wire format', () => {
    expect(ShippingMethod).toEqual({ Shipping: 0, Dpd: 1 })
    expect(ProductType).toEqual({ Simple: 1, Feed: 2, Merchandise: 3, Rqs: 4, Qs: 5, Bundle: 6 })
    expect(ProductTypeSchema.safeParse(7).success).toBe(false)
    expect(SiteTypeSchema.safeParse(2).success).toBe(true)
    expect(SiteTypeSchema.safeParse(3).success).toBe(false)
  })

  it('list the status, energy and labour levels', () => {
    expect(StatusLabelSchema.options).toHaveLength(12)
    expect(EnergyLevelSchema.options).toEqual(['low', 'medium', 'high'])
    expect(LabourLevelSchema.options).toEqual(['none', 'light', 'average', 'heavy'])
  })
})

describe('entity schemas', () => {
  it.each([
    [
      'Customer',
      CustomerSchema,
      {
        firstName: 'Anna',
        lastName: 'de Vries',
        phoneNumber: '0612345678',
        emailAddress: 'anna@example.nl',
        unreadQuickscanResults: 0,
        shipping: null,
        alternativeShippingAddress: false,
      },
    ],
    [
      'Account',
      AccountSchema,
      {
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '',
        emailAddress: 'a@b.nl',
        unreadQuickscanResults: 2,
        billing: address,
        shipping: address,
        alternativeShippingAddress: true,
        languageId: 12,
        newsletter: true,
      },
    ],
    ['Sign-in credentials', SignInCredentialsSchema, { emailAddress: 'a@b.nl', password: 'x' }],
    ['Shipping method option', ShippingMethodOptionSchema, { shippingMethod: 1, price: 495, priceExVat: 409 }],
    [
      'Sample order line',
      SampleOrderLineSchema,
      {
        shoppingcartId: '0b7c8f7e-3f0f-4b7c-9a53-2f1a3f6d8c11',
        productVariantId: 3,
        sequence: 1,
        sampleName: 'Hooi wei 2',
      },
    ],
    ['Checkout delivery', CheckoutDeliverySchema, { firstName: 'A', lastName: 'B', address, shippingMethod: 0 }],
    [
      'Payment selection',
      PaymentSelectionSchema,
      { paymentMethodId: 1, issuer: null, giftCardNumber: null, giftCardPin: null },
    ],
    [
      'Order',
      OrderSchema,
      {
        orderId: 1,
        orderNumber: 'EQ-1001',
        date: '2026-11-01T10:00:00Z',
        status: 'sent',
        amount: money,
        paymentMethod: 'iDEAL',
        deliveryAddress: null,
        invoiceAddress: address,
      },
    ],
    [
      'Invoice',
      InvoiceSchema,
      { invoiceNumber: 'F-1', orderNumber: 'EQ-1001', date: '2026-11-01T10:00:00Z', amount: money },
    ],
    ['Return', ReturnSchema, { productVariantId: 4, reason: 'damaged', text: 'Zak gescheurd', photo: null }],
    ['Review', ReviewSchema, { title: 'Top', text: 'Mijn paard eet dit graag op', rating: 5, language: 'nl' }],
    [
      'Scan result',
      ScanResultSchema,
      {
        name: 'Hooi',
        type: 'rqs',
        receiptDate: '2026-10-01',
        resultDate: null,
        sampleValue: null,
        targetValue: null,
        average: null,
        dryMatterPercentage: 85,
        nutrition: null,
      },
    ],
    [
      'Horse advice inputs',
      HorseAdviceInputsSchema,
      { horseType: 'pony', roughageType: 'hay', weightKg: 300, workHoursPerWeek: 4, energyLevel: 'low' },
    ],
    [
      'Feed advice',
      FeedAdviceSchema,
      { gramsPerDay: 1200, scoopsPerDay: 3, portionsPerPackage: 16, daysPerPackage: 16, read: false },
    ],
    [
      'Tracker item (a cart line in GA4 names)',
      Ga4ItemSchema,
      {
        item_id: '101',
        item_name: 'Brok',
        item_brand: 'Equivera',
        item_category: 'brokken',
        item_variant: '20 kg',
        price: 19.95,
        quantity: 1,
      },
    ],
    [
      'Tracker event',
      EcommerceEventSchema,
      {
        event: 'remove_from_cart',
        ecommerce: {
          currency: 'EUR',
          value: 19.95,
          items: [
            {
              item_id: '101',
              item_name: 'Brok',
              item_brand: 'Equivera',
              item_category: 'brokken',
              price: 19.95,
              quantity: 1,
            },
          ],
        },
      },
    ],
  ] as const)('%s accepts a valid value', (_name, schema, value) => {
    expect(
      (schema as { safeParse(v: unknown): { error?: { issues: unknown[] } } }).safeParse(value).error?.issues ?? [],
    ).toEqual([])
  })

  it('gives a customer an empty billing address by default', () => {
    const customer = CustomerSchema.parse({
      firstName: '',
      lastName: '',
      phoneNumber: '',
      emailAddress: 'a@b.nl',
      unreadQuickscanResults: 0,
      shipping: null,
      alternativeShippingAddress: false,
    })
    expect(customer.billing).toEqual(EMPTY_ADDRESS)
  })

  it('validates a whole cart and a whole calculation', () => {
    const cart = {
      shoppingcartId: '0b7c8f7e-3f0f-4b7c-9a53-2f1a3f6d8c11',
      created: '2026-11-01T10:00:00Z',
      lastModified: '2026-11-01T10:05:00Z',
      storeDeviceInfo: null,
      siteId: 1,
      languageId: 12,
      clientIp: null,
      billing: null,
      shipping: null,
      company: null,
      alternativeShippingAddress: false,
      newsletterSubscribe: false,
      payment: null,
      mailplusId: null,
      products: [{ productId: 1, productVariantId: 2, count: 3, rqsSamples: [] }],
      discountCode: null,
      dealerId: null,
      dpdParcelShopId: null,
      dpdParcelShopZipcodeOrCity: null,
      scanProductsOnly: false,
    }
    expect(CartSchema.safeParse(cart).success).toBe(true)
    expect(CartSchema.safeParse({ ...cart, shoppingcartId: '12' }).success).toBe(false)
    expect(
      CartSchema.safeParse({ ...cart, products: [{ productId: 1, productVariantId: 2, count: 0, rqsSamples: [] }] })
        .success,
    ).toBe(false)
    expect(
      CartSchema.safeParse({ ...cart, products: [{ productId: 1, productVariantId: 2, count: 1.5, rqsSamples: [] }] })
        .success,
    ).toBe(false)
    const line = {
      productId: 1,
      productVariantId: 2,
      productType: 2,
      quantity: 3,
      description: 'Brok 20 kg',
      productLabel: '',
      originalAmount: 5985,
      totalAmount: 5985,
      vatRatePercentage: 9,
      vatAmount: 494,
      vatType: 'low',
      productDiscounts: [],
      rqsSamples: [],
      freeProducts: [
        {
          productId: 1,
          productVariantId: 2,
          description: '',
          productLabel: '',
          promotionText: '3+1 gratis',
          quantity: 1,
          originalAmount: 1995,
        },
      ],
    }
    const result = {
      currency: 'EUR',
      products: [line],
      shippingDiscounts: [],
      orderDiscounts: [],
      originalShippingCosts: 695,
      shippingCosts: 0,
      paymentCosts: 0,
      totalAmount: 5985,
      vatAmountLow: 494,
      vatAmountHigh: 0,
      subTotalAmount: 5985,
      totalAmountExclVat: 5491,
      shippingCostsExclVat: 0,
    }
    expect(CartCalculationResultSchema.safeParse(result).success).toBe(true)
    expect(CartCalculationResultSchema.safeParse({ ...result, totalAmount: 59.85 }).success).toBe(false)
    expect(cartQuantityCount([line])).toBe(4)
  })

  it('requires a product label set to carry its stock, type and VAT type', () => {
    const labels = {
      ean: '8712345678906',
      articleNumber: 'EQ-100',
      brand: 'Equivera',
      colour: null,
      dimensions: null,
      weightGrams: 20000,
      quantityPerPallet: 50,
      shelfLifeMonths: 12,
      deliveryTime: '1-2',
      content: '20 kg',
      packaging: 'zak',
      nutrition: null,
      unitPrice: { unit: 'kilogram', price: { cents: 125, currency: 'EUR' } },
      stockAmount: 12,
      productType: 2,
      vatType: 'low',
    }
    expect(ProductLabelsSchema.safeParse(labels).success).toBe(true)
    expect(ProductLabelsSchema.safeParse({ ...labels, ean: 'abc' }).success).toBe(false)
  })
})

describe('rules carried by the schemas', () => {
  it.each([
    ['abcdef1', true],
    ['abcdefg', false],
    ['1234567', false],
    ['abc123', false],
    ['Wachtw00rd', true],
  ])('password %s (7+ characters, letters and digits) is acceptable: %s', (password, ok) =>
    expect(PasswordSchema.safeParse(password).success).toBe(ok),
  )

  it('needs a review of at least 5 words and 1 to 5 stars', () => {
    const review = { title: 'Goed', text: 'een twee drie vier vijf', rating: 5, language: 'nl' }
    expect(ReviewSchema.safeParse(review).success).toBe(true)
    expect(ReviewSchema.safeParse({ ...review, text: 'een twee drie vier' }).success).toBe(false)
    expect(ReviewSchema.safeParse({ ...review, rating: 6 }).success).toBe(false)
  })

  it('fills the search defaults: page 1 of 24, by relevance', () => {
    expect(SearchRequestSchema.parse({ filter: {} })).toEqual({
      filter: { searchTerm: '', filters: [] },
      pageInfo: { page: 1, pageSize: 24, descending: false, sort: 'relevance' },
      landingpageId: null,
      adviceCategoryId: null,
    })
  })

  it('refuses a facet filter with an unknown discriminator', () => {
    expect(
      FacetFilterSchema.safeParse({ discriminator: 'multiSelect', facetKey: 'horseType', selectedKeys: ['pony'] })
        .success,
    ).toBe(true)
    expect(FacetFilterSchema.safeParse({ discriminator: 'abstract', facetKey: 'horseType' }).success).toBe(false)
  })

  it('keeps at most 4 products to compare and ignores one already there', () => {
    expect(addToComparison([1, 2], 2)).toEqual([1, 2])
    expect(addToComparison([1, 2, 3, 4], 5)).toEqual([1, 2, 3, 4])
    expect(addToComparison([1], 2)).toEqual([1, 2])
    expect(ComparisonListSchema.parse([])).toEqual([])
    expect(ComparisonListSchema.safeParse([1, 2, 3, 4, 5]).success).toBe(false)
  })

  it('reads a localization choice only with its date', () => {
    const choice = { localizationChoiceDate: '2026-11-24T10:00:00.000Z' }
    expect(LocalizationChoiceSchema.parse(choice)).toEqual(choice)
    expect(LocalizationChoiceSchema.safeParse({ localizationChoiceDate: 'yesterday' }).success).toBe(false)
  })
})
