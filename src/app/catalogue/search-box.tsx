// The header's product search: a plain GET form to the search page (works before the script and without it), with
// suggestions while typing as an ARIA 1.2 combobox: arrow keys move through the options, Enter opens one, Escape
// closes, and a live region says how many there are. Suggestions come from the server, or offline from the device.
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AutocompleteResponse } from '../../domain/catalogue-api.ts'
import { useServices } from '../services.tsx'
import { Price } from '../ui/price.tsx'
import { ProductImage } from './product-image.tsx'

const DELAY_MS = 250
const SHORT_DELAY_MS = 10
const MIN_LENGTH = 2

interface Option {
  id: string
  path: string
  label: string
}

export function SearchBox({ action }: { action: string }) {
  const { t } = useTranslation()
  const services = useServices()
  const navigate = useNavigate()
  const id = useId()
  const [term, setTerm] = useState('')
  const [answer, setAnswer] = useState<AutocompleteResponse | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const request = useRef(0)

  useEffect(() => {
    const trimmed = term.trim()
    if (trimmed.length < MIN_LENGTH) {
      setAnswer(null)
      return
    }
    const ticket = ++request.current
    const controller = new AbortController()
    const timer = setTimeout(
      () =>
        void import('./catalogue-source.ts')
          .then(({ autocomplete }) => autocomplete(services, trimmed, controller.signal))
          .then((found) => {
            if (ticket !== request.current) return
            setAnswer(found?.value ?? null)
            setActive(-1)
          })
          .catch(() => undefined),
      trimmed.length <= 3 ? SHORT_DELAY_MS : DELAY_MS,
    )
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [term, services])

  const searchPath = `${action}?q=${encodeURIComponent(term.trim())}`
  const options: Option[] = answer
    ? [
        ...answer.products.map((p) => ({ id: `${id}-p${p.productId}`, path: p.path, label: p.name })),
        ...answer.groups.map((g) => ({ id: `${id}-g${g.key}`, path: g.path, label: g.name })),
        ...(answer.totalCount > 0
          ? [
              {
                id: `${id}-all`,
                path: searchPath,
                label: t('catalogue.search.allResults', { term: answer.term, count: String(answer.totalCount) }),
              },
            ]
          : []),
      ]
    : []
  const expanded = open && options.length > 0
  const go = (path: string) => {
    setOpen(false)
    setActive(-1)
    void navigate(path)
  }

  return (
    <form
      className="search-box"
      role="search"
      aria-label={t('header.search')}
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault()
        if (expanded && active >= 0) go(options[active]!.path)
        else go(searchPath)
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('header.search')}
      </label>
      {/* type=text: ARIA 1.2 allows the combobox role on a text input, not on type=search; the phone's keyboard
          still offers "search" through enterKeyHint. */}
      <input
        id={`${id}-input`}
        type="text"
        enterKeyHint="search"
        name="q"
        maxLength={100}
        autoComplete="off"
        placeholder={t('header.searchPlaceholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? options[active]!.id : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length > 0) {
            event.preventDefault()
            setOpen(true)
            setActive((a) => (a + 1) % options.length)
          } else if (event.key === 'ArrowUp' && options.length > 0) {
            event.preventDefault()
            setActive((a) => (a <= 0 ? options.length - 1 : a - 1))
          } else if (event.key === 'Escape') {
            setOpen(false)
            setActive(-1)
          }
        }}
      />
      <button type="submit" className="search-box__submit">
        {t('catalogue.search.submit')}
      </button>
      <div className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('catalogue.search.status', { count: String(options.length) }) : ''}
      </div>
      <ul
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t('catalogue.search.autocompleteLabel')}
        className="search-box__listbox"
        hidden={!expanded}
      >
        {answer?.products.map((p, index) => (
          <li
            key={p.productId}
            id={options[index]!.id}
            role="option"
            aria-selected={active === index}
            className="search-box__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(p.path)}
          >
            <ProductImage name={p.image} alt="" sizes="3rem" />
            <span className="search-box__name">{p.name}</span> <Price cents={p.price} currency={p.currency} />
          </li>
        ))}
        {answer?.groups.map((g, index) => {
          const position = answer.products.length + index
          return (
            <li
              key={g.key}
              id={options[position]!.id}
              role="option"
              aria-selected={active === position}
              className="search-box__option search-box__option--group"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(g.path)}
            >
              {t('catalogue.search.categories')}: {g.name}
            </li>
          )
        })}
        {answer && answer.totalCount > 0 && (
          <li
            id={options.at(-1)!.id}
            role="option"
            aria-selected={active === options.length - 1}
            className="search-box__option search-box__option--all"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(searchPath)}
          >
            {options.at(-1)!.label}
          </li>
        )}
      </ul>
    </form>
  )
}
