/**
 * The installed app's name (web app manifest, home screen): the brand and the site's country in the page's language,
 * the way the sites are named ('Equivera Nederland', 'Mühldorfer Deutschland'), so the Belgian site in French is
 * 'Equivera Belgique'. The corporate site sells in no country of its own: its brand alone.
 */
export function appName(site: { brandName: string; type: number }, countryName: string | null | undefined): string {
  // Type 2 is the corporate site (SiteType.Corporate): not imported, enums.ts would bring zod to the first page.
  return site.type === 2 || !countryName ? site.brandName : `${site.brandName} ${countryName}`
}
