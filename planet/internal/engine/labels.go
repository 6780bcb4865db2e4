package engine

// ServiceLabel is what staff call a system in the world's language: the
// lexicon's name for its builder ("billing" → "Facturación"). A line of
// work or a record service the lexicon has no name for is the
// language's word for operations with the service's name after it
// ("Operaciones (bake_orders)"), so two of them stay apart. English
// worlds keep the service's own title ("Bake orders").
func (g *Gen) ServiceLabel(sv *Svc) string {
	lex := g.Locale.Lex()
	if lex.Language == "en" {
		return sv.Title
	}
	if sv.Def != nil && sv.Def.Name != "work" {
		if name, ok := lex.Service(sv.Def.Name); ok {
			return name
		}
	}
	work, _ := lex.Service("work")
	return work + " (" + sv.Name + ")"
}
