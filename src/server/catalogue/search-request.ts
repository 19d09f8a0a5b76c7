import type { FastifyRequest } from 'fastify'
import { FacetFilterSchema } from '../../domain/catalogue.ts'
import { AppError } from '../../domain/errors.ts'

const DISCRIMINATORS = new Set<unknown>(FacetFilterSchema.options.map((option) => option.shape.discriminator.value))

/**
 * An unknown facet filter discriminator is answered as the original API did: the abstract filter cannot be
 * instantiated. A filter whose discriminator names none of the four kinds gets that message, instead of the generic
 * shape error.
 */
export async function rejectUnknownFacetFilters(request: FastifyRequest): Promise<void> {
  const filters = (request.body as { filter?: { filters?: unknown } } | null)?.filter?.filters
  if (!Array.isArray(filters)) return
  filters.forEach((filter: unknown, index) => {
    if (typeof filter !== 'object' || filter === null) return
    const discriminator = (filter as { discriminator?: unknown }).discriminator
    if (DISCRIMINATORS.has(discriminator)) return
    const shown = typeof discriminator === 'string' ? discriminator.slice(0, 40) : String(discriminator)
    throw new AppError(
      'unknownFacetFilter',
      400,
      `Could not create an instance of the abstract type ProductSearchFacetFilter: the discriminator '${shown}' of filter ${index} is unknown.`,
      { discriminator: shown },
    )
  })
}
