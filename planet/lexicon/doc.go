// Package lexicon holds the words Planet reads a brief with, as data:
// service archetypes (data/archetypes.json: what a booking, a case or a
// work order is — its default nouns, lifecycle and policy clause) and the
// capability lexicon (data/capabilities.json: verbs and nouns that name an
// archetype, the nouns that give a business's scale, currencies, kinds of
// customer and counterparts).
//
// Start with [Load]; the embedded data is parsed once and shared, and is
// safe for concurrent use. [Singular] and [VerbLemma] are the small English
// morphology the reader needs to look inflected words up.
//
// Adding an archetype or a phrase is a data change: a new entry in one of
// the JSON files. The loader rejects unknown fields and verbs or nouns that
// point at an archetype that does not exist.
package lexicon
