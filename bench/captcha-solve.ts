// How long the captcha takes a browser: SHA-256 in Chromium's WebCrypto, one thread, as one of the ALTCHA widget's
// workers hashes (salt and a 32-bit counter, one digest per try), for the average challenge's 25 500 tries, with the
// CPU at full speed and slowed 4× and 6× (Chromium's CPU throttling, the usual stand-in for a slow phone). The
// figures are in docs/accounts.md. Run: `npm exec -- node bench/captcha-solve.ts` (system Chromium).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from '@playwright/test'

const TRIES = 25_500
const RUNS = 3

const server = createServer((_request, response) => response.end('<title>captcha</title>')).listen(0, '127.0.0.1')
await new Promise((done) => server.once('listening', done))
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  // localhost is a secure context: WebCrypto is there.
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`)
  const cdp = await page.context().newCDPSession(page)
  for (const rate of [1, 4, 6]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const measured = await page.evaluate(
      async ({ tries, runs }) => {
        const data = new Uint8Array(20)
        data.set(crypto.getRandomValues(new Uint8Array(16)))
        const view = new DataView(data.buffer)
        const times: number[] = []
        for (let run = 0; run < runs; run++) {
          const start = performance.now()
          for (let counter = 0; counter < tries; counter++) {
            view.setUint32(16, counter)
            await crypto.subtle.digest('SHA-256', data)
          }
          times.push(Math.round(performance.now() - start))
        }
        return times
      },
      { tries: TRIES, runs: RUNS },
    )
    console.log(`CPU slowed ${rate}×: ${measured.join(', ')} ms for ${TRIES} SHA-256 tries`)
  }
} finally {
  await browser.close()
  server.close()
}
