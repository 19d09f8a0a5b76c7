// The generated catalogue's words: product names from product lines, qualifiers, each group's nouns and suffixes, and
// Dutch texts (description, usage, SEO) from ingredients, horses and benefits, so that search terms hit many products.
import { pick, pickSome, type Random } from '../src/domain/seeded-random.ts'

const LINES = [
  'Weidegoud',
  'Stalmeester',
  'Hoefslag',
  'Polderpaard',
  'Duinruiter',
  'Heidehof',
  'Klaverhof',
  'Veldzicht',
  'Manegemix',
  'Paardenkracht',
  'Zadelpunt',
  'Wildbaan',
]
const QUALIFIERS = [
  'Sport',
  'Senior',
  'Pony',
  'Veulen',
  'Recreatie',
  'Kruiden',
  'Haver',
  'Graanvrij',
  'Suikerarm',
  'Luzerne',
  'Lijnzaad',
  'Energie',
  'Vezel',
  'Spier',
  'Hoef',
  'Vacht',
  'Darm',
  'Gewricht',
  'Rust',
  'Fokmerrie',
  'Conditie',
  'Winter',
  'Zomer',
  'Appel',
  'Wortel',
  'Munt',
  'Knoflook',
  'Bieten',
  'Rijstzemel',
  'Gerst',
  'Mais',
  'Spelt',
  'Weide',
  'Hooi',
  'Elektrolyt',
  'Biotine',
  'Magnesium',
]
const SUFFIXES = ['', '', '', '', 'Plus', 'Extra', 'Forte', 'Light', 'Compleet', 'Premium', 'Basis', 'Natuur', 'Balans']
const NOUNS: Record<string, string[]> = {
  muesli: ['Muesli', 'Mix', 'Vlokkenmix', 'Krokant'],
  pellets: ['Brok', 'Brokken', 'Pellets', 'Krachtvoer'],
  'roughage-supplement': ['Haksel', 'Luzernehaksel', 'Grasbrok', 'Bietenpulp', 'Ruwvoerbrok'],
  mash: ['Mash', 'Warmvoer', 'Pap'],
  supplements: ['Supplement', 'Poeder', 'Kuur', 'Olie', 'Siroop'],
  minerals: ['Mineralen', 'Mineralenbrok', 'Liksteen', 'Vitaminemix'],
  treats: ['Snoepjes', 'Koekjes', 'Beloningen', 'Knabbels'],
  care: ['Hoefolie', 'Vliegenspray', 'Borstel', 'Shampoo', 'Manenspray', 'Roskam'],
  'stable-supplies': ['Voerbak', 'Emmer', 'Hooinet', 'Ruif', 'Waterbak'],
  tack: ['Halster', 'Deken', 'Cooler', 'Touw', 'Bandages'],
  'roughage-analysis': ['Hooianalyse', 'Kuilscan', 'Ruwvoertest'],
}
const INGREDIENTS = [
  'geplette haver',
  'gerstevlokken',
  'maïsvlokken',
  'lijnzaad',
  'luzerne',
  'bietenpulp',
  'rijstzemelen',
  'kruiden',
  'knoflook',
  'rozebottel',
  'munt',
  'venkel',
  'brandnetel',
  'appel',
  'wortel',
  'sojaolie',
  'speltvlokken',
  'grasmeel',
  'biergist',
  'zeewier',
  'kamille',
  'weegbree',
]
const TARGETS = [
  'sportpaarden',
  'recreatiepaarden',
  "pony's",
  'veulens',
  'oudere paarden',
  'drachtige merries',
  'jonge paarden',
  'paarden op stal',
  'paarden in de wei',
  'gevoelige paarden',
  'hardwerkende paarden',
  'rustige paarden',
]
const BENEFITS = [
  'een glanzende vacht',
  'sterke hoeven',
  'soepele gewrichten',
  'een gezonde darmflora',
  'spieropbouw',
  'een rustig karakter',
  'vrije luchtwegen',
  'een goede conditie',
  'herstel na het werk',
  'een stabiel gewicht',
  'een goede vertering',
  'meer uithoudingsvermogen',
]
const ADJECTIVES = [
  'smakelijke',
  'energierijke',
  'vezelrijke',
  'suikerarme',
  'krachtige',
  'milde',
  'complete',
  'lichte',
]
const LABOUR = ['licht', 'gemiddeld', 'zwaar']

/** A product's name in a group, and the noun it is named by. */
export function productName(random: Random, productGroupKey: string): { name: string; noun: string } {
  const noun = pick(random, NOUNS[productGroupKey] ?? ['Mix'])
  const name = [pick(random, LINES), pick(random, QUALIFIERS), noun, pick(random, SUFFIXES)].filter(Boolean).join(' ')
  return { name, noun }
}

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** A product's texts: short and long description, usage (for feed, per body weight) and SEO title and description. */
export function texts(random: Random, name: string, noun: string, isFeed: boolean) {
  const [first, second, third] = pickSome(random, INGREDIENTS, 3, 3) as [string, string, string]
  const target = pick(random, TARGETS)
  const [benefit, otherBenefit] = pickSome(random, BENEFITS, 2, 2) as [string, string]
  const sentences = [
    `${name} is een ${pick(random, ADJECTIVES)} ${noun.toLowerCase()} voor ${target}.`,
    `De basis is ${first}, aangevuld met ${second} en ${third}.`,
    `Het ondersteunt ${benefit} en ${otherBenefit}.`,
    `Geschikt voor ${pick(random, TARGETS)} in ${pick(random, LABOUR)} werk.`,
    'Zonder melasse, met veel structuur en een lage zetmeelwaarde.',
    'Volledig aangevuld met vitamines, mineralen en sporenelementen.',
    `Paarden eten het graag door de smaak van ${pick(random, INGREDIENTS)}.`,
    `Rijk aan vezels en arm aan suiker, dus ook geschikt voor ${pick(random, TARGETS)} met een gevoelige stofwisseling.`,
  ]
  // Each sentence once: 4 to 7 of them in 2 or 3 paragraphs.
  const chosen = pickSome(random, sentences, 4, 7)
  const paragraphs = 2 + Math.floor(random() * 2)
  const per = Math.ceil(chosen.length / paragraphs)
  const low = 100 + 50 * Math.floor(random() * 4)
  const usage = isFeed
    ? [
        `Geef ${low}–${low + 150} gram per 100 kg lichaamsgewicht per dag, verdeeld over twee of drie maaltijden.`,
        `Bouw het voer in ${5 + Math.floor(random() * 6)} dagen op en zorg altijd voor voldoende ruwvoer en vers water.`,
      ]
    : ['Gebruik dagelijks of naar behoefte; bewaar droog, koel en buiten bereik van kinderen.']
  const shortDescription = capitalised(`${pick(random, ADJECTIVES)} ${noun.toLowerCase()} met ${first} en ${second}.`)
  return {
    shortDescription,
    description: JSON.stringify(
      Array.from({ length: paragraphs }, (_, i) => chosen.slice(i * per, (i + 1) * per).join(' ')).filter(Boolean),
    ),
    usage: JSON.stringify(usage),
    seoTitle: `${name} – voor ${target}`,
    seoDescription: `${shortDescription} Ondersteunt ${benefit}.`,
  }
}
