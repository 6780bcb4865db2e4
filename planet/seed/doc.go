// Package seed gives seed values their meaning: each column Planet fills
// has a semantic [Kind] (a person's name, a postcode, a monthly rent, a
// date of birth, an estimated arrival), and each kind has a generator
// that draws from the right pool for the world's country, at the
// currency's price level, on the right side of the clock for the row's
// status. The same kinds drive the realism validator ([Checker]), so a
// value is checked against the pool it should have come from.
//
// Start with [RuleFor] (a column's kind and how it is drawn) and
// [Source.Value]. Knowledge is data, embedded from data/:
//
//   - kinds.json: which columns have which kind, money ranges
//     (EUR-equivalent major units), counts, date offsets, id patterns;
//   - tax.json: each country's VAT/GST rates and tax-id format;
//   - terms.json: the words of industry columns of kind term (a
//     jeweller's stones, a joiner's woods), per language;
//   - lexicon/<lang>.json: the text of each business language (chat,
//     email, notes, channel and folder names, pet names, and every text
//     the archetypes write into rows: [RowTextKeys]);
//   - translations/<lang>.json: the catalogue items, supplies, units
//     and job titles of the catalog in each business language
//     ([Translate]; English where a language has no file);
//
// and data/SOURCES.md says where it comes from. Everything random takes
// an explicit *rand.Rand. The tables are read once and are safe for
// concurrent use; a [Source] is not.
package seed
