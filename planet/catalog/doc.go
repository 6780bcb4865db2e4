// Package catalog holds the real-world data the synthesizer draws from:
// countries (locale, currency, phone, address, name and company
// vocabularies) and industries (aliases, description templates, company
// name patterns and the nouns an industry uses for its customers, staff,
// work items and offerings). The data lives in data/countries.json and
// data/industries.json, embedded in the binary and decoded strictly (unknown
// fields are errors) the first time it is used; data/SOURCES.md says where
// it comes from.
//
// An industry is also a pack ([Pack], embedded in [Industry]) for the
// engine that composes a world from a brief: archetypes lists the service
// archetypes typical of the industry, most characteristic first (ids from
// [Archetypes]: bookings, cases, work_orders, ...); supplies are what the
// business buys (parts, consumables, raw materials, subcontracted work),
// each with a unit and an EUR-equivalent price range, never the same as a
// catalogue item it sells; job_titles are written as the industry writes
// them; policies are typical business rules ({id, archetype, rule}) bound
// to the archetype whose records they constrain. A catalogue item may
// carry its own unit ("per hour", "per m²") instead of the offering's.
// Aliases of an industry must not name another; a pack's local-language
// aliases and local company-name fragments make briefs in that language
// match it.
//
// A pack's flavours name the industry knowledge its services draw on
// ([Flavour], data/flavours.json): what a dental practice prescribes,
// what a restaurant stocks, that a haulier runs trucks, that a coworking
// space lets offices. Flavours are shared by the packs that name them; an
// industry without a pack gets those whose words begin a word of its name
// ([FlavoursOf]). So a new industry, or new industry knowledge, is data
// only: the services test no industry names.
//
// data/regions.json adds places: regions of the countries (states,
// provinces, prefectures, cantons, emirates, and well-known areas such as
// Kyushu or Cappadocia) with their local names, aliases, ISO 3166-2 codes,
// address state and main city; country aliases in local languages, merged
// into the country index before it is built; and city exonyms and
// romanizations ("Munich", "Tokyo", "Lagos"). [Locate] reads country,
// region and city out of text as a person writes it ("Bavaria", "Punjab,
// Pakistan", "Lyon, France"); [Country.CityNamed] finds a city by any of
// its names; [Place.Headquarters] is the named city or the region's main
// city. [Country.CompanyNameFor] names a [Firm]: a pattern's {city} is the
// headquarters, a regional stem (countries.json regional_stems: "Veluwe")
// only a firm at home there, and the legal form one that fits the firm's
// size ([Country.FormsFor], after legal_form_kinds: no N.V. for a
// 12-person shop, no sole trader's e.K. for 800 staff); [Country.FormOf]
// and [Country.OversizedForm] read a name's form back for the realism
// validator.
//
// Everything random takes an explicit *rand.Rand (math/rand/v2), so the same
// seed gives the same names, numbers and addresses.
//
// # Pattern syntax
//
// Phone formats (phone_national_formats) are national numbers without the
// trunk prefix: '#' is a digit 0-9, 'D' 1-9, 'N' 2-9; everything else is
// literal. Every format is tested to produce numbers that
// github.com/nyaruka/phonenumbers (libphonenumber) accepts as valid for the
// country.
//
// Postcodes (postcode_pattern) use '#' for a digit and 'A' for a letter from
// postcode_letters (A-Z when empty). A city's postcodes are prefixes or full
// samples laid over the start of the pattern ("101" + "#####" gives
// "101xx"); a '@' in the pattern stands for a whole prefix of any length,
// used for British outward codes ("@ #AA" with "SW1A" gives "SW1A 2AB").
//
// House numbers (number_pattern, default "##") turn each run of n '#' into a
// number from 1 to 10^n-1 ("#-##-##" gives "3-14-7").
//
// Address formats use {street}, {number}, {postcode}, {city} and {state}.
// Company suffixes either follow the name ("GmbH") or are templates with
// {name} ("株式会社{name}", "ООО «{name}»", "PT {name}"). Company name
// patterns use {stem} (a country's company stems), {family} and {city}.
// Industries carry local_name_patterns keyed by locale ("zh-TW") or base
// language ("ja", "de"), used instead of the generic English patterns for
// countries that speak that language. Where an industry has none for the
// language, data/naming.json gives local names that say nothing of the
// trade ("Müller & Söhne", "Fratelli Serra") or, for associations, those
// of an association or foundation; its "bodies" are the industries that
// are no companies and so carry no commercial legal form ([BodyOf]), and
// its English trade words let the realism validator find a name composed
// in English. data/streets.json says which of a country's streets belong
// to particular cities ([Country.StreetsOf]).
package catalog
