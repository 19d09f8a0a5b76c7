// The header's product search: a plain GET form to the search page (works before the script and without it), with
// suggestions while typing as an ARIA 1.2 combobox: arrow keys move through the options, Enter opens one, Escape
// closes, and a live region says how many there are. Suggestions come from the server, or offline from the device.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
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
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined)

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
        onFocus={() => {
          // Back in the box before the list closed after leaving it: it stays open.
          clearTimeout(closing.current)
          setOpen(true)
        }}
        // Closed a moment after leaving the box, so a tap on an option lands first.
        onBlur={() => (closing.current = setTimeout(() => setOpen(false), 150))}
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
          <SearchOption
            key={p.productId}
            option={options[index]!}
            selected={active === index}
            className="search-box__option"
            onChoose={go}
          >
            <ProductImage name={p.image} alt="" sizes="3rem" />
            <span className="search-box__name">{p.name}</span> <Price cents={p.price} currency={p.currency} />
          </SearchOption>
        ))}
        {answer?.groups.map((g, index) => {
          const position = answer.products.length + index
          return (
            <SearchOption
              key={g.key}
              option={options[position]!}
              selected={active === position}
              className="search-box__option search-box__option--group"
              onChoose={go}
            >
              {t('catalogue.search.categories')}: {g.name}
            </SearchOption>
          )
        })}
        {answer && answer.totalCount > 0 && (
          <SearchOption
            option={options.at(-1)!}
            selected={active === options.length - 1}
            className="search-box__option search-box__option--all"
            onChoose={go}
          >
            {options.at(-1)!.label}
          </SearchOption>
        )}
      </ul>
    </form>
  )
}

/** One suggestion. It never takes focus: the input keeps it and leads to the option (aria-activedescendant). */
function SearchOption({
  option,
  selected,
  className,
  onChoose,
  children,
}: {
  option: Option
  selected: boolean
  className: string
  onChoose: (path: string) => void
  children: ReactNode
}) {
  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input handles the keys
    <li
      id={option.id}
      role="option"
      aria-selected={selected}
      className={className}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(option.path)}
    >
      {children}
    </li>
  )
}
