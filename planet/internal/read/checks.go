package read

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/lexicon"
)

// Recurring checks: what a business checks on a schedule and logs with
// its reading ("chillers are checked and logged twice a day", "every
// harness is inspected before use", "every extinguisher gets a yearly
// service", "water-quality checks on every tank"). The record of the
// checked thing carries what the check reads (the lexicon's readings: a
// chiller's temperature), its result, who checked it, and, when the
// check falls due again, the next due date. A thing the business checks
// many times a day or before each use is its own equipment, a register
// with no customer; a check on a schedule no other clause keeps is the
// work itself (services of extinguishers, sweeps of chimneys).

// checkMention is one check a sentence names: the things checked, the
// check's own word ("service", "inspection"), a reading the brief names
// ("water-quality checks" → water_quality) and the sentence.
type checkMention struct {
	things  []string
	check   string
	reading string
	// said is the reading the brief names itself ("temperature" of
	// "each trailer's temperature is logged").
	said     string
	sentence string
	phrase   string // the words that say it
}

var (
	// "every harness, rope and descender is inspected before use and
	// logged", "chillers are checked and logged".
	checkPassive = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:is|are|gets|get|must be|has to be|have to be)\s+([\p{L}-]+(?:(?:\s*,\s*|,?\s+and\s+)[\p{L}-]+)*)`)
	})
	// "every extinguisher gets a yearly service", "every car gets an
	// emissions test".
	checkHas = sync.OnceValue(func() *regexp.Regexp {
		// (The check nouns of one word, longest first, from the lexicon.)
		var nouns []string
		for _, n := range lexicon.Load().Checks.Nouns {
			if !strings.Contains(n, " ") {
				nouns = append(nouns, regexp.QuoteMeta(n))
			}
		}
		slices.SortFunc(nouns, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
		return regexp.MustCompile(`(?i)\b(?:every|each)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:gets|get|has|needs|need|undergoes|must have|must pass)\s+(?:a|an|its)\s+((?:[\p{L}-]+\s+){0,2}?)(` + strings.Join(nouns, "|") + `)(?:\s+and\s+(` + strings.Join(nouns, "|") + `))?\b`)
	})
	// "water-quality checks on every tank".
	checkOn = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:([\p{L}-]+)\s+)?(checks?|tests?|inspections?|audits?)\s+(?:on|of|for)\s+(?:every|each|all)\s+([\p{L}-]+(?:(?:\s*,\s*|\s+and\s+)[\p{L}-]+)*)`)
	})
	// "check every wing and harness", "we test every unit".
	checkActive = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b([\p{L}]+)\s+(?:every|each|all)\s+([\p{L}-]+(?:(?:\s*,\s*|\s+and\s+)[\p{L}-]+)*)`)
	})
	checkList = regexp.MustCompile(`\s*,\s*|,?\s+and\s+`)
)

// checkMentions finds the checks of things a sentence names.
func (r *reader) checkMentions(sentence string) []checkMention {
	var out []checkMention
	for _, mi := range checkPassive().FindAllStringSubmatchIndex(sentence, -1) {
		var check string
		logged := false
		for _, p := range checkList.Split(strings.ToLower(sentence[mi[2]:mi[3]]), -1) {
			if lexicon.PastForm(p) && check == "" {
				check = r.checkVerb(p)
			}
			logged = logged || lexicon.PastForm(p) && slices.ContainsFunc(lexicon.VerbLemma(p), func(l string) bool { return slices.Contains(r.lex.Checks.LogVerbs, l) })
		}
		if check == "" && logged {
			// "chiller temperatures are logged": a reading kept is a
			// check of the thing it is of.
			if things := r.readingsOf(sentence[:mi[0]]); len(things) > 0 {
				// ("each trailer's temperature is logged": the check
				// keeps the reading said.)
				var reading string
				if ws := words(sentence[:mi[0]]); len(ws) > 0 {
					reading = r.lex.Singular(ws[len(ws)-1])
				}
				out = append(out, checkMention{things: things, check: "check", said: reading, sentence: sentence, phrase: passivePhrase(sentence, mi)})
			}
			continue
		}
		if check == "" {
			continue
		}
		if things := r.checkSubject(sentence[:mi[0]]); len(things) > 0 {
			out = append(out, checkMention{things: things, check: check, sentence: sentence, phrase: passivePhrase(sentence, mi)})
		}
	}
	for _, m := range checkHas().FindAllStringSubmatch(sentence, -1) {
		if things := r.checkThings(m[1]); len(things) > 0 {
			out = append(out, checkMention{things: things, check: strings.ToLower(m[3]), reading: r.checkReading(strings.TrimSpace(m[2])), sentence: sentence, phrase: m[0]})
			// ("every combine gets its daily greasing and inspection
			// logged": two checks of the same things.)
			if m[4] != "" {
				out = append(out, checkMention{things: things, check: strings.ToLower(m[4]), sentence: sentence, phrase: m[0]})
			}
		}
	}
	for _, m := range checkOn().FindAllStringSubmatch(sentence, -1) {
		if things := r.checkThings(m[3]); len(things) > 0 {
			out = append(out, checkMention{things: things, check: r.lex.Singular(strings.ToLower(m[2])), reading: r.checkReading(m[1]), sentence: sentence, phrase: m[0]})
		}
	}
	for _, m := range checkActive().FindAllStringSubmatch(sentence, -1) {
		if check := r.checkVerb(strings.ToLower(m[1])); check != "" {
			if things := r.checkThings(m[2]); len(things) > 0 {
				out = append(out, checkMention{things: things, check: check, sentence: sentence, phrase: m[0]})
			}
		}
	}
	return out
}

// passivePhrase is the clause of a passive match: from its quantifier
// when only a list lies between ("every harness, rope and descender is
// inspected"), else from the last clause break before it.
func passivePhrase(sentence string, mi []int) string {
	before := strings.ToLower(sentence[:mi[0]])
	start := strings.LastIndexAny(before, ",;:") + 1
	for _, q := range []string{"every ", "each ", "all "} {
		at := strings.LastIndex(" "+before, " "+q)
		if at < 0 || at >= start {
			continue
		}
		if between := " " + before[at:] + " "; !strings.Contains(between, " is ") && !strings.Contains(between, " are ") {
			start = at
		}
	}
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sentence[start:mi[1]]), "and "))
}

// checkVerb returns the check lemma an inflected word is ("checked" →
// check, "swept" → sweep), "" when it is none.
func (r *reader) checkVerb(w string) string {
	for _, l := range lexicon.VerbLemma(w) {
		if r.lex.IsCheckVerb(l) {
			return l
		}
	}
	return ""
}

// checkReading is the reading a check's own modifier names
// ("water-quality checks" → water_quality; "yearly service" names none).
func (r *reader) checkReading(mod string) string {
	mod = strings.ToLower(strings.TrimSpace(mod))
	// ("its next maintenance": when, not what it reads.)
	if mod == "" || strings.Contains(mod, " ") || r.lex.Is("det", mod) || r.lex.Is("stop", mod) || r.lex.IsCheckNoun(mod) || r.isVerb(mod) || mod == "next" || mod == "last" || mod == "first" ||
		slices.Contains(r.lex.Checks.Scheduled, mod) || slices.Contains(r.lex.Checks.Routine, mod) || strings.HasSuffix(mod, "ly") || lexicon.PastForm(mod) {
		return ""
	}
	return engine.Snake(strings.ReplaceAll(mod, "-", " "))
}

// checkSubject reads the things a passive check is of from the text
// before its auxiliary: the list after the last "every", "each" or "all"
// when nothing but the list lies between ("every harness, rope and
// descender"), else the noun phrase after the last clause break
// ("…, and chillers").
func (r *reader) checkSubject(before string) []string {
	low := strings.ToLower(before)
	if q := lastQuantifier(low); q >= 0 {
		list := low[q:]
		verbless := !slices.ContainsFunc(words(list), func(w string) bool {
			return r.isVerb(w) && r.lex.NounArchetype(r.lex.Singular(w)) == "" || w == "is" || w == "are"
		})
		if verbless {
			return r.checkThings(list)
		}
	}
	if i := strings.LastIndexAny(low, ",;:"); i >= 0 {
		low = low[i+1:]
	}
	ws := words(low)
	for len(ws) > 0 && (ws[0] == "and" || ws[0] == "then" || ws[0] == "while" || r.lex.Is("det", ws[0])) {
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 3 || slices.ContainsFunc(ws, func(w string) bool { return r.isVerb(w) && r.lex.NounArchetype(r.lex.Singular(w)) == "" }) {
		return nil
	}
	return r.checkThings(strings.Join(ws, " "))
}

// lastQuantifier is the index just after the last "every", "each" or
// "all" of s, -1 when there is none.
func lastQuantifier(s string) int {
	at := -1
	for _, q := range []string{"every ", "each ", "all "} {
		if i := strings.LastIndex(" "+s, " "+q); i >= 0 && i+len(q) > at {
			at = i + len(q)
		}
	}
	return at
}

// checkThings reads a list of checked things ("wing and harness",
// "harness, rope and descender") into their singular nouns; what is no
// thing (a customer, a member of staff, a time, a reading) is left out.
func (r *reader) checkThings(list string) []string {
	var out []string
	for i, part := range checkList.Split(strings.ToLower(list), -1) {
		np := r.nounPhrase(words(part))
		if len(np) == 0 || len(np) > 2 {
			if i == 0 {
				return nil
			}
			break
		}
		thing := r.lex.Singular(np[len(np)-1])
		if len(np) == 2 && (r.lex.ReadingsOf(np[0]+" "+thing) != nil || r.lex.NounArchetype(np[0]+" "+thing) != "") {
			thing = np[0] + " " + thing
		}
		if len(thing) < 3 || r.lex.Is("vague", thing) || r.lex.Is("price_unit", thing) || r.lex.Is("unit_of_time", thing) || r.lex.IsCheckNoun(thing) ||
			r.lex.ScaleKind(thing) == "customers" || r.lex.ScaleKind(thing) == "staff" || r.lex.ScaleKind(thing) == "locations" || r.isVerb(np[0]) && len(np) == 1 && r.lex.NounArchetype(thing) == "" ||
			slices.Contains([]string{"out", "in", "back", "up", "off", "day", "morning", "evening", "week", "month", "year", "time", "one", "use"}, thing) {
			if i == 0 {
				return nil
			}
			break
		}
		if !slices.Contains(out, thing) {
			out = append(out, thing)
		}
	}
	return out
}

// hasCue reports whether the sentence says one of the cues.
func hasCue(low string, cues []string) bool {
	return slices.ContainsFunc(cues, func(c string) bool { return containsPhrase(low, c) })
}

// checks gives every thing the brief checks the record of its checks.
func (r *reader) checks(caps []capability) []capability {
	for _, sentence := range sentenceSplit.Split(r.desc, -1) {
		low := strings.Join(words(sentence), " ")
		routine := hasCue(low, r.lex.Checks.Routine)
		scheduled := hasCue(low, r.lex.Checks.Scheduled)
		for _, m := range r.checkMentions(sentence) {
			for _, thing := range m.things {
				caps = r.checkOf(caps, thing, m, routine, scheduled)
			}
			// The check read alone from the clause the list split off
			// ("… and inspection logged") is this one, of these things.
			one := r.checkEntity(m.check)
			caps = slices.DeleteFunc(caps, func(c capability) bool {
				ws := words(c.phrase)
				return c.entity == one && c.resource == "" && c.counterpart == "" && len(ws) > 0 && r.lex.Singular(ws[0]) == m.check &&
					c.phrase != m.phrase && strings.Contains(sentence, c.phrase) && strings.Contains(m.phrase, ws[0])
			})
		}
	}
	return caps
}

// checkOf adds the check of one thing to the record that keeps it, or
// to a new one.
func (r *reader) checkOf(caps []capability, thing string, m checkMention, routine, scheduled bool) []capability {
	i := slices.IndexFunc(caps, func(c capability) bool {
		return c.archetype != "" && (c.entity == thing || c.resource == thing || slices.Contains(c.resources, thing))
	})
	known := r.lex.NounArchetype(thing)
	phrase := strings.TrimSpace(cmp.Or(m.phrase, m.sentence))
	switch {
	case i < 0 && len(caps) >= maxCapabilities:
		return caps
	case i < 0 && routine:
		// "chillers are checked twice a day": a register of the
		// business's own equipment.
		if known != "" && known != "assets" {
			return caps
		}
		caps = append(caps, capability{phrase: phrase, archetype: "assets", entity: thing, role: "entity"})
		i = len(caps) - 1
	case i < 0:
		// "every extinguisher gets a yearly service": the work is the
		// check of the thing.
		if known != "" {
			return caps
		}
		// ("water of every pool is tested": the tests read already are
		// of the pools.)
		one := r.checkEntity(m.check)
		if j := slices.IndexFunc(caps, func(c capability) bool { return c.archetype == "work_orders" && c.entity == one }); j >= 0 {
			if caps[j].resource == "" {
				caps[j].resource = thing
			} else if !slices.Contains(caps[j].resources, thing) {
				caps[j].resources = append(caps[j].resources, thing)
			}
			i = j
			break
		}
		caps = append(caps, capability{phrase: phrase, archetype: "work_orders", entity: one, resource: thing, role: "subject"})
		i = len(caps) - 1
	case routine && caps[i].entity == thing && known == "" && caps[i].archetype == "documents":
		// "chillers are checked and logged": not a document of each
		// customer's, the register of the chillers.
		caps[i].archetype = "assets"
		caps[i].flags = nil
	case routine && known == "" && caps[i].resource == thing && (caps[i].archetype == "work_orders" || caps[i].archetype == "documents") &&
		r.isCheckRecord(caps[i].entity) && strings.Contains(m.sentence, caps[i].phrase):
		// "we test every pool every two hours": not tests done for
		// customers, the register of the pools and their last test.
		caps[i] = capability{phrase: caps[i].phrase, archetype: "assets", entity: thing, role: "entity", fields: caps[i].fields, types: caps[i].types}
	}
	if a, ok := r.lex.Archetype(caps[i].archetype); !ok || len(a.States) < 2 {
		return caps
	}
	c := &caps[i]
	add := func(f, typ string) {
		if f == "" || slices.Contains(c.fields, f) || f == engine.Snake(c.entity) {
			return
		}
		c.fields = append(c.fields, f)
		if typ != "" {
			if c.types == nil {
				c.types = map[string]string{}
			}
			c.types[f] = typ
		}
	}
	readings := r.lex.ReadingsOf(thing)
	if readings == nil {
		readings = r.lex.ReadingsOf(engine.LastWord(thing))
	}
	for _, f := range readings {
		add(f, "real")
	}
	add(m.reading, "")
	if m.said != "" {
		if f, numeric := r.lex.ReadingField(m.said); numeric {
			add(f, "real")
		} else {
			add(f, "")
		}
	}
	if c.archetype == "assets" {
		// A register's result says which check it is of: "test result",
		// "inspection result".
		// (One result: a measure's "result" read already is this one.)
		f := engine.Snake(r.checkEntity(m.check)) + "_result"
		if k := slices.Index(c.fields, "result"); k >= 0 && !slices.Contains(c.fields, f) {
			c.fields[k] = f
		}
		add(f, "")
		if c.values == nil {
			c.values = map[string][]string{}
		}
		if c.values[f] == nil {
			c.values[f] = r.lex.MeasureValues("result")
		}
	} else {
		add("result", "")
	}
	if c.archetype == "assets" {
		// Who signed the last check and when: the register's log.
		add("last_checked_on", "date")
		add("checked_by", "")
	}
	if scheduled {
		add("next_due_date", "date")
	}
	return caps
}

// checkEntity is the record noun of a check: the verb's own record
// ("inspect" → inspection, "sweep" → sweep), else the check noun.
func (r *reader) checkEntity(check string) string {
	for _, v := range r.lex.Verbs {
		if v.Verb == check && v.Entity != "" && v.Archetype == "work_orders" {
			return v.Entity
		}
	}
	if r.lex.IsCheckVerb(check) && !r.lex.IsCheckNoun(check) {
		return "check"
	}
	return check
}

// readingsOf reads the things whose readings a passive subject names:
// "chiller temperatures" → chiller, "fridge and cold-room temperatures"
// → fridge, cold room, "storage fridge temperatures" → storage fridge.
func (r *reader) readingsOf(before string) []string {
	low := strings.ToLower(before)
	if i := strings.LastIndexAny(low, ",;:"); i >= 0 {
		low = low[i+1:]
	}
	// ("each trailer's temperature": the possessive's s is no word.)
	ws := slices.DeleteFunc(words(strings.ReplaceAll(low, "-", " ")), func(w string) bool { return w == "s" })
	for len(ws) > 0 && (ws[0] == "and" || ws[0] == "then" || r.lex.Is("det", ws[0])) {
		ws = ws[1:]
	}
	if len(ws) < 2 || len(ws) > 6 || !slices.Contains(r.lex.Checks.ReadingNouns, r.lex.Singular(ws[len(ws)-1])) {
		return nil
	}
	var out []string
	for _, part := range checkList.Split(strings.Join(ws[:len(ws)-1], " "), -1) {
		pw := slices.DeleteFunc(words(part), func(w string) bool { return w == "s" })
		if len(pw) == 0 || len(pw) > 2 || slices.ContainsFunc(pw, r.isVerb) {
			return nil
		}
		thing := r.lex.Singular(pw[len(pw)-1])
		if len(pw) == 2 {
			thing = pw[0] + " " + thing
		}
		// (A vehicle's reading is its own: "each trailer's temperature".)
		if k := r.lex.ScaleKind(r.lex.Singular(pw[len(pw)-1])); k != "" && k != "vehicles" || r.lex.Is("vague", thing) {
			return nil
		}
		out = append(out, thing)
	}
	return out
}

// isCheckRecord reports whether a record noun is a check ("inspection",
// "test", "check").
func (r *reader) isCheckRecord(one string) bool {
	if r.lex.IsCheckNoun(one) || r.lex.IsCheckNoun(engine.LastWord(one)) {
		return true
	}
	return slices.ContainsFunc(r.lex.Verbs, func(v lexicon.Verb) bool { return v.Entity == one && r.lex.IsCheckVerb(v.Verb) })
}

// ownThingChecked is the business's own thing a record of checks is of,
// when the clause names one: a vehicle or piece of equipment the brief
// counts as the business's ("40 trucks … each truck has its annual
// technical inspection date"), not a customer's. "" when the record is
// work for customers.
func (r *reader) ownThingChecked(c capability, one, archetype string) string {
	if archetype != "work_orders" && archetype != "documents" || c.counterpart != "" || !r.isCheckRecord(one) {
		return ""
	}
	ws := words(c.phrase)
	for _, w := range ws {
		sg := r.lex.Singular(w)
		for _, sc := range r.p.Scale {
			if (sc.Kind == "vehicles" || sc.Kind == "assets") && (sg == sc.Noun || sg == engine.LastWord(sc.Noun)) {
				return sg
			}
			// ("six turboprops … every aircraft has its next
			// maintenance": the kind of vehicle counted.)
			if v, ok := r.lex.Vehicle(sg); ok && sc.Kind == "vehicles" {
				if sv, ok := r.lex.Vehicle(engine.LastWord(sc.Noun)); ok && sv.Kind == v.Kind {
					return sg
				}
			}
		}
		// "the trucks are serviced every 10,000 km" of a haulier: what
		// carries its shipments is its own.
		if r.p.Work.Archetype == "shipments" && r.lex.ScaleKind(sg) == "vehicles" {
			return sg
		}
	}
	// "the travel lift is inspected every year", "water from the
	// reverse-osmosis plant is tested", "our compressors are serviced":
	// equipment named as the business's own, counted or not.
	for i := 1; i < len(ws); i++ {
		if d := ws[i-1]; d != "the" && d != "our" {
			continue
		}
		// (The words of its noun phrase: "the travel lift", "our two boom
		// lifts", "the reverse-osmosis plant".)
		for k := i; k < len(ws) && k < i+3 && !r.lex.Is("stop", ws[k]) && !r.lex.Is("det", ws[k]); k++ {
			sg := r.lex.Singular(ws[k])
			if k > i && r.lex.Is("counted_unit", ws[k-1]+" "+sg) {
				return ws[k-1] + " " + sg
			}
			// (A counted unit is equipment, whatever its word looks like:
			// "compressors" are no people. "The boats" of a boatyard may
			// be its customers'; "the travel lift" is one of its own.)
			if r.lex.Is("counted_unit", sg) && (ws[i-1] == "our" || sg == ws[k]) {
				return sg
			}
			if ws[i-1] == "the" && sg != ws[k] || r.isCheckRecord(sg) || r.lex.NounArchetype(sg) != "" || r.isPerson(sg) || r.lex.Is("vague", sg) || r.lex.Is("premises", sg) {
				continue
			}
			if r.lex.Nature(sg) == "vehicle" || r.lex.ScaleKind(sg) == "vehicles" {
				return sg
			}
		}
	}
	return ""
}
