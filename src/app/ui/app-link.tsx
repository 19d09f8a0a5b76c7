import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import type { Link as LinkData } from '../../domain/site.ts'

/** Whether a route is outside this app: another origin, mail, phone. */
export const isExternal = (route: string) => /^(https?:)?\/\//.test(route) || /^(mailto|tel):/.test(route)

/**
 * Every path in the shop ends with '/' (trailing slashes are strict); a link made from content gets the slash
 * here, so no link ever costs a redirect.
 */
export function withTrailingSlash(route: string): string {
  if (isExternal(route)) return route
  const match = /^([^?#]*)(.*)$/.exec(route)!
  const path = match[1]!
  return (path.endsWith('/') || path === '' ? path : `${path}/`) + match[2]!
}

/** A link from content data (navigation, footer, blocks): in-app links navigate without a reload. */
export function AppLink({
  link,
  children,
  ...rest
}: { link: LinkData } & Omit<ComponentProps<'a'>, 'href' | 'target'>) {
  const target = link.target === '_blank' ? '_blank' : undefined
  const rel = target ? 'noopener noreferrer' : undefined
  if (isExternal(link.route)) {
    return (
      <a href={link.route} target={target} rel={rel} {...rest}>
        {children ?? link.title}
      </a>
    )
  }
  return (
    <Link to={withTrailingSlash(link.route)} target={target} rel={rel} {...rest}>
      {children ?? link.title}
    </Link>
  )
}

/** A list of content links (footer columns, link blocks, the service menu). */
export function LinkList({ links, className }: { links: LinkData[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.route + link.title}>
          <AppLink link={link} />
        </li>
      ))}
    </ul>
  )
}
