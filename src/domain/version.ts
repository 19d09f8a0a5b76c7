/**
 * The API's version. Raise it when the API changes in a way older apps cannot follow; every API answer carries it
 * (header `x-api-version`), and an app built for another version updates itself (src/app/pwa/update.ts).
 */
export const API_VERSION = 1
export const API_VERSION_HEADER = 'x-api-version'
