// The shell's icons (header, cart, footer), drawn inline in the text's colour. Not images in the style sheet, as they
// were: every SVG image a style sheet uses (a CSS mask) is a document of its own, which the browser builds during the
// page's first style pass, before its first paint. On a slow phone (4× CPU) the six cost about 50 ms of every page's
// first paint (docs/app.md); inline, they are a few elements of the page itself.

const STROKED = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

/** Three bars, or a cross when the menu is open. */
export function MenuIcon({ className, open }: { className: string; open: boolean }) {
  return (
    <svg className={className} {...STROKED} strokeWidth={2.2}>
      <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6.5h16M4 12h16M4 17.5h16'} />
    </svg>
  )
}

/** Two arrows, one each way: products side by side. */
export function CompareIcon({ className }: { className: string }) {
  return (
    <svg className={className} {...STROKED}>
      <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
    </svg>
  )
}

/** A head and shoulders: the visitor's account. */
export function AccountIcon({ className }: { className: string }) {
  return (
    <svg className={className} {...STROKED}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20.5c1.2-4 4.3-6 8-6s6.8 2 8 6" />
    </svg>
  )
}

/** A shopping cart. */
export function CartIcon({ className }: { className: string }) {
  return (
    <svg className={className} {...STROKED}>
      <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" stroke="none" />
    </svg>
  )
}

/** A globe: the country and language. */
export function GlobeIcon({ className }: { className: string }) {
  return (
    <svg className={className} {...STROKED} strokeLinecap="butt" strokeLinejoin="miter">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c2.6 2.8 3.8 6 3.8 9.5s-1.2 6.7-3.8 9.5c-2.6-2.8-3.8-6-3.8-9.5s1.2-6.7 3.8-9.5z" />
    </svg>
  )
}
