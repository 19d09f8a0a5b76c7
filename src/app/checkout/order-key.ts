// The order key of the complete page, kept in this tab's session storage so it can leave the address bar: a tag
// manager's page view reads the whole address (page_location), and the key opens the order to whoever has it. A
// reload of the tab finds it here; another tab or device opens the order with the link from the mail.
const storageKey = (orderId: string) => `shop:order-key:${orderId}`

export function rememberOrderKey(orderId: string, key: string): void {
  try {
    sessionStorage.setItem(storageKey(orderId), key)
  } catch {
    // storage blocked: the page still shows the order; a reload then needs the link again
  }
}

export function rememberedOrderKey(orderId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(orderId))
  } catch {
    return null
  }
}
