// Checks seed content files against the template schema: `node scripts/validate-content.ts [file…]`
// (all files in src/server/db/seed/content when none are named). Used by translators and by the tests.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ContentOverlaySchema, ContentTemplateSchema } from '../src/server/db/seed/template.ts'

const dir = 'src/server/db/seed/content'
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : readdirSync(dir).map((f) => join(dir, f))
let failed = 0
for (const file of files) {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const schema = file.endsWith('.second.json') ? ContentOverlaySchema : ContentTemplateSchema
  const result = schema.safeParse(json)
  if (result.success) {
    console.log(`ok      ${file}`)
  } else {
    failed++
    console.log(`INVALID ${file}`)
    for (const issue of result.error.issues) console.log(`  ${issue.path.join('.')}: ${issue.message}`)
  }
}
process.exit(failed > 0 ? 1 : 0)
