package world

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// PolicyRule is the structured form of an invariant: when rows of one
// table match a condition, rows of another service's table must exist
// (at least one, exactly one, or none) that match them by declared keys,
// within an optional time window. [Compile] generates both the visible
// policy text and the hidden SQL check from it, so the two agree by
// construction; see docs/bundle-format.md §3.1.
type PolicyRule struct {
	When RuleWhen `json:"when"`
	Then RuleThen `json:"then"`
}

// RuleWhen selects the rows the rule reacts to: the rows of Table that
// meet every condition of Where (the rubric's where language; a key may
// be a one-hop path "customer_id.email" through a references or
// refers_to column).
type RuleWhen struct {
	Table string         `json:"table"`
	Noun  string         `json:"noun,omitempty"`
	Where map[string]any `json:"where"`
}

// RuleThen says what must hold in another service for every row the rule
// reacts to. Require is "exists" (the default: at least one matching row),
// "one" (exactly one) or "none" (no matching row may exist).
type RuleThen struct {
	Table   string         `json:"table"`
	Noun    string         `json:"noun,omitempty"`
	Require string         `json:"require,omitempty"`
	Match   []RuleKey      `json:"match"`
	Where   map[string]any `json:"where,omitempty"`
	Within  *RuleWindow    `json:"within,omitempty"`
}

// RuleKey ties a target row to the triggering row. Exactly one of Equals
// and Contains is set, each naming a column (or one-hop path) of the
// triggering row:
//
//   - {"column": c, "equals": x}: the target's c equals the trigger's x
//     (times y, with "times": y, for amounts such as quantity × unit price);
//   - {"column": c, "contains": x} or {"columns": [c, d], "contains": x}:
//     the target's text (c, or c and d together) mentions the trigger's x.
type RuleKey struct {
	Column   string   `json:"column,omitempty"`
	Columns  []string `json:"columns,omitempty"`
	Equals   string   `json:"equals,omitempty"`
	Times    string   `json:"times,omitempty"`
	Contains string   `json:"contains,omitempty"`
}

// RuleWindow bounds the time of a target row (its date or datetime
// Column) by a date or datetime column of the triggering row: not before
// After, or not after Before, and, with Days, at most that many days from
// it.
type RuleWindow struct {
	Column string  `json:"column"`
	After  string  `json:"after,omitempty"`
	Before string  `json:"before,omitempty"`
	Days   float64 `json:"days,omitempty"`
}

// Rule requirements.
const (
	RequireExists = "exists"
	RequireOne    = "one"
	RequireNone   = "none"
)

// compiledRule is what a rule compiles to.
type compiledRule struct {
	trigger, target string // services
	policy, check   string
}

// ruleCompiler compiles one rule of invariant ptr, collecting errors.
type ruleCompiler struct {
	w    *World
	ptr  string // /invariants/N/rule
	errs []*BundleError
}

func (rc *ruleCompiler) fail(p, format string, a ...any) {
	rc.errs = append(rc.errs, errAt(rc.ptr+p, format, a...))
}

// compileRule turns a rule into its policy text and hidden SQL.
func (w *World) compileRule(r *PolicyRule, ptr string) (*compiledRule, []*BundleError) {
	rc := &ruleCompiler{w: w, ptr: ptr}
	when := rc.table("/when/table", r.When.Table)
	then := rc.table("/then/table", r.Then.Table)
	if when == nil || then == nil {
		return nil, rc.errs
	}
	if when.pk == nil {
		return nil, rc.errs // the table's own error says why
	}
	const t, u = "t", "u" // aliases of the trigger and target rows
	whenNoun := cmp.Or(r.When.Noun, nounOf(when))
	thenNoun := cmp.Or(r.Then.Noun, nounOf(then))
	its := "the " + whenNoun + "'s "

	whenSQL, whenText := rc.conditions("/when/where", when, t, r.When.Where)
	if len(r.When.Where) == 0 {
		rc.fail("/when/where", "give at least one condition: a rule reacts to some rows of %s, not to every row", when.name)
	}
	var conds, phrases []string
	for i, k := range r.Then.Match {
		p := "/then/match/" + strconv.Itoa(i)
		s, text := rc.key(p, k, when, then, t, u, its)
		conds, phrases = append(conds, s), append(phrases, text)
	}
	if len(r.Then.Match) == 0 {
		rc.fail("/then/match", "give at least one key that ties %s rows to the %s", then.name, whenNoun)
	}
	whereSQL, whereText := rc.conditions("/then/where", then, u, r.Then.Where)
	conds, phrases = append(conds, whereSQL...), append(phrases, whereText...)
	if r.Then.Within != nil {
		s, text := rc.window("/then/within", r.Then.Within, when, then, t, u, its)
		conds, phrases = append(conds, s), append(phrases, text)
	}
	require := cmp.Or(r.Then.Require, RequireExists)
	match := "SELECT 1 FROM " + quoteIdent(then.name) + " " + u + " WHERE " + strings.Join(conds, " AND ")
	var violation, quantity string
	switch require {
	case RequireExists:
		violation, quantity = "NOT EXISTS ("+match+")", "at least one"
	case RequireOne:
		violation = "(SELECT count(*) FROM " + quoteIdent(then.name) + " " + u + " WHERE " + strings.Join(conds, " AND ") + ") <> 1"
		quantity = "exactly one"
	case RequireNone:
		violation, quantity = "EXISTS ("+match+")", "no"
	default:
		rc.fail("/then/require", "unknown requirement %q (want exists, one or none)", require)
	}
	if len(rc.errs) > 0 {
		return nil, rc.errs
	}
	pk := quoteIdent(when.pk.Name)
	check := "SELECT " + t + "." + pk + " AS " + quoteIdent(when.pk.Name) + " FROM " + quoteIdent(when.name) + " " + t +
		" WHERE " + strings.Join(append(whenSQL, violation), " AND ") + " ORDER BY " + t + "." + pk
	policy := fmt.Sprintf("For every %s in %s %s, %s must have %s %s %s.",
		whenNoun, rc.serviceTitle(when.service), joinAnd(prefixAll("whose ", whenText)),
		rc.serviceTitle(then.service), quantity, thenNoun, joinAnd(prefixAll("whose ", phrases)))
	return &compiledRule{trigger: when.service, target: then.service, policy: policy, check: check}, nil
}

func (rc *ruleCompiler) table(p, name string) *table {
	t := rc.w.tableBy[name]
	if t == nil {
		rc.fail(p, "unknown table %q (tables: %s)", name, rc.w.tableNames())
	}
	return t
}

func (rc *ruleCompiler) serviceTitle(name string) string {
	if s := rc.w.service(name); s != nil && s.Title != "" {
		return s.Title
	}
	return name
}

// path resolves a column or a one-hop path "col.other" of t (over alias)
// to its SQL expression, label and column.
func (rc *ruleCompiler) path(p string, t *table, alias, name string) (expr, label string, col *column) {
	head, rest, hop := strings.Cut(name, ".")
	c := t.colBy[head]
	if c == nil {
		rc.fail(p, "table %s has no column %q (columns: %s)", t.name, head, t.columnNames())
		return "", "", nil
	}
	if !hop {
		return alias + "." + quoteIdent(c.Name), humanize(c.Name), c
	}
	ref := cmp.Or(c.References, c.RefersTo)
	rt, rk, _ := strings.Cut(ref, ".")
	to := rc.w.tableBy[rt]
	if ref == "" || to == nil || to.colBy[rk] == nil {
		rc.fail(p, "%s.%s neither references nor refers to another table, so %q cannot follow it", t.name, c.Name, name)
		return "", "", nil
	}
	oc := to.colBy[rest]
	if oc == nil {
		rc.fail(p, "table %s has no column %q (columns: %s)", to.name, rest, to.columnNames())
		return "", "", nil
	}
	expr = "(SELECT r." + quoteIdent(oc.Name) + " FROM " + quoteIdent(to.name) + " r WHERE r." + quoteIdent(rk) + " = " + alias + "." + quoteIdent(c.Name) + ")"
	return expr, humanize(strings.TrimSuffix(strings.TrimSuffix(c.Name, "_id"), "_ref")) + " " + humanize(oc.Name), oc
}

// conditions compiles a where map over alias to SQL conditions and
// phrases ("status is open or paid"), in column order.
func (rc *ruleCompiler) conditions(p string, t *table, alias string, where map[string]any) (sqls, texts []string) {
	for _, name := range sortedKeys(where) {
		cp := p + "/" + strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
		expr, label, c := rc.path(cp, t, alias, name)
		if c == nil {
			continue
		}
		s, text, err := literalCondition(expr, c, where[name])
		if err != nil {
			rc.fail(cp, "%v", err)
			continue
		}
		sqls, texts = append(sqls, s), append(texts, label+" "+text)
	}
	return sqls, texts
}

func (rc *ruleCompiler) key(p string, k RuleKey, when, then *table, t, u, its string) (string, string) {
	before := len(rc.errs)
	switch {
	case (k.Equals == "") == (k.Contains == ""):
		rc.fail(p, "give exactly one of equals and contains")
	case k.Equals != "" && (k.Column == "" || len(k.Columns) > 0):
		rc.fail(p, "equals compares one target column: give column, not columns")
	case k.Contains != "" && (k.Column == "") == (len(k.Columns) == 0):
		rc.fail(p, "contains needs column or columns (not both)")
	case k.Times != "" && k.Equals == "":
		rc.fail(p+"/times", "times goes with equals")
	}
	if len(rc.errs) > before {
		return "", ""
	}
	if k.Equals != "" {
		texpr, tlabel, tc := rc.path(p+"/column", then, u, k.Column)
		wexpr, wlabel, wc := rc.path(p+"/equals", when, t, k.Equals)
		if tc == nil || wc == nil {
			return "", ""
		}
		value := its + wlabel
		if k.Times != "" {
			mexpr, mlabel, mc := rc.path(p+"/times", when, t, k.Times)
			if mc == nil {
				return "", ""
			}
			if !numeric(wc.typ) || !numeric(mc.typ) || !numeric(tc.typ) {
				rc.fail(p+"/times", "times multiplies numbers: %s, %s and %s are not all integer or real", k.Column, k.Equals, k.Times)
				return "", ""
			}
			wexpr, value = "("+wexpr+" * "+mexpr+")", value+" times its "+mlabel
		} else if numeric(tc.typ) != numeric(wc.typ) {
			rc.fail(p+"/equals", "%s.%s is %s but %s is %s: a key compares values of one kind", then.name, k.Column, tc.typ, k.Equals, wc.typ)
			return "", ""
		}
		return texpr + " = " + wexpr, tlabel + " is " + value
	}
	wexpr, wlabel, wc := rc.path(p+"/contains", when, t, k.Contains)
	cols := k.Columns
	if k.Column != "" {
		cols = []string{k.Column}
	}
	var parts, labels []string
	for i, name := range cols {
		cp := p + "/column"
		if k.Column == "" {
			cp = p + "/columns/" + strconv.Itoa(i)
		}
		e, l, c := rc.path(cp, then, u, name)
		if c == nil {
			continue
		}
		if numeric(c.typ) {
			rc.fail(cp, "%s is %s: contains looks for text", name, c.typ)
			continue
		}
		parts, labels = append(parts, "coalesce("+e+", '')"), append(labels, l)
	}
	if wc == nil || len(parts) != len(cols) {
		return "", ""
	}
	return "instr(" + strings.Join(parts, " || ' ' || ") + ", " + wexpr + ") > 0", joinOr(labels) + " mentions " + its + wlabel
}

func (rc *ruleCompiler) window(p string, win *RuleWindow, when, then *table, t, u, its string) (string, string) {
	texpr, tlabel, tc := rc.path(p+"/column", then, u, win.Column)
	from, key, after := win.After, "/after", true
	if win.Before != "" {
		from, key, after = win.Before, "/before", false
	}
	if (win.After == "") == (win.Before == "") {
		rc.fail(p, "give exactly one of after and before")
		return "", ""
	}
	wexpr, wlabel, wc := rc.path(p+key, when, t, from)
	if tc == nil || wc == nil {
		return "", ""
	}
	for _, c := range []*column{tc, wc} {
		if c.typ != typeDate && c.typ != typeDatetime {
			rc.fail(p, "%s.%s is %s: a window compares dates or date-times", c.table.name, c.Name, c.typ)
			return "", ""
		}
	}
	if win.Days < 0 || math.IsInf(win.Days, 0) || math.IsNaN(win.Days) {
		rc.fail(p+"/days", "days must be a positive number")
		return "", ""
	}
	// julianday reads the UTC offset, so the window compares instants,
	// not text.
	a, b := "julianday("+texpr+")", "julianday("+wexpr+")"
	days := strconv.FormatFloat(win.Days, 'f', -1, 64)
	var s, text string
	if after {
		s, text = a+" >= "+b, tlabel+" is no earlier than "+its+wlabel
		if win.Days > 0 {
			s += " AND " + a + " <= " + b + " + " + days
			text += " and at most " + plural(win.Days, "day") + " after it"
		}
	} else {
		s, text = a+" <= "+b, tlabel+" is no later than "+its+wlabel
		if win.Days > 0 {
			s += " AND " + a + " >= " + b + " - " + days
			text += " and at most " + plural(win.Days, "day") + " before it"
		}
	}
	return "(" + s + ")", text
}

// literalCondition compiles one where condition on expr with its value
// written into the SQL (hidden checks are plain text, not statements with
// parameters) and its phrase ("is open or paid").
func literalCondition(expr string, c *column, v any) (string, string, error) {
	m, isOp := v.(map[string]any)
	if !isOp {
		if v == nil {
			return expr + " IS NULL", "is not set", nil
		}
		lit, text, err := literal(c, v)
		if err != nil {
			return "", "", err
		}
		return expr + " = " + lit, "is " + text, nil
	}
	if len(m) != 1 {
		return "", "", fmt.Errorf("want one operator, got %d", len(m))
	}
	op := sortedKeys(m)[0]
	arg := m[op]
	switch op {
	case "ne":
		if arg == nil {
			return expr + " IS NOT NULL", "is set", nil
		}
		lit, text, err := literal(c, arg)
		if err != nil {
			return "", "", err
		}
		return expr + " IS NOT " + lit, "is not " + text, nil
	case "gt", "gte", "lt", "lte":
		lit, text, err := literal(c, arg)
		if err != nil {
			return "", "", err
		}
		sym := map[string]string{"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}[op]
		words := map[string]string{"gt": "more than", "gte": "at least", "lt": "less than", "lte": "at most"}[op]
		return expr + " " + sym + " " + lit, "is " + words + " " + text, nil
	case "contains":
		s, ok := arg.(string)
		if !ok {
			return "", "", fmt.Errorf("contains needs a string, got %s", display(arg))
		}
		return "instr(lower(" + expr + "), " + quoteString(strings.ToLower(s)) + ") > 0", "mentions " + s, nil
	case "in":
		list, ok := arg.([]any)
		if !ok || len(list) == 0 {
			return "", "", fmt.Errorf("in needs a non-empty list, got %s", display(arg))
		}
		lits := make([]string, len(list))
		texts := make([]string, len(list))
		for i, e := range list {
			lit, text, err := literal(c, e)
			if err != nil {
				return "", "", err
			}
			lits[i], texts[i] = lit, text
		}
		return expr + " IN (" + strings.Join(lits, ", ") + ")", "is " + joinOr(texts), nil
	case "not_null":
		if arg != true {
			return "", "", fmt.Errorf("not_null takes true")
		}
		return expr + " IS NOT NULL", "is set", nil
	}
	return "", "", fmt.Errorf("unknown operator %q (operators: ne, gt, gte, lt, lte, contains, in, not_null)", op)
}

// literal checks a value against the column and writes it as an SQL
// literal and as text.
func literal(c *column, v any) (string, string, error) {
	s, err := c.typ.toSQL(v)
	if err != nil {
		return "", "", fmt.Errorf("%s.%s: %w", c.table.name, c.Name, err)
	}
	switch x := s.(type) {
	case nil:
		return "NULL", "not set", nil
	case string:
		return quoteString(x), x, nil
	case int64:
		if c.typ == typeBoolean {
			return strconv.FormatInt(x, 10), strconv.FormatBool(x != 0), nil
		}
		return strconv.FormatInt(x, 10), strconv.FormatInt(x, 10), nil
	case float64:
		f := strconv.FormatFloat(x, 'g', -1, 64)
		return f, f, nil
	}
	return "", "", fmt.Errorf("%s.%s: cannot write %s as a literal", c.table.name, c.Name, display(v))
}

func quoteString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func numeric(t colType) bool { return t == typeInteger || t == typeReal || t == typeBoolean }

// nounOf names a row of t for policy text: the table name without its
// service prefix, in the singular ("billing_invoices" → "invoice").
func nounOf(t *table) string {
	n := strings.TrimPrefix(t.name, t.service+"_")
	switch {
	case strings.HasSuffix(n, "ies"):
		n = strings.TrimSuffix(n, "ies") + "y"
	case strings.HasSuffix(n, "sses"), strings.HasSuffix(n, "shes"), strings.HasSuffix(n, "ches"), strings.HasSuffix(n, "xes"):
		n = strings.TrimSuffix(n, "es")
	case strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss"):
		n = strings.TrimSuffix(n, "s")
	}
	return humanize(n)
}

func humanize(s string) string { return strings.ReplaceAll(s, "_", " ") }

func plural(n float64, unit string) string {
	s := strconv.FormatFloat(n, 'f', -1, 64) + " " + unit
	if n != 1 {
		s += "s"
	}
	return s
}

func prefixAll(p string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = p + s
	}
	return out
}

// joinAnd joins phrases as "a, b and c".
func joinAnd(ss []string) string { return joinWith(ss, "and") }

// joinOr joins phrases as "a, b or c".
func joinOr(ss []string) string { return joinWith(ss, "or") }

func joinWith(ss []string, conj string) string {
	switch len(ss) {
	case 0:
		return ""
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " " + conj + " " + ss[len(ss)-1]
}

// compileInvariantRule compiles the rule of invariant i and fills in its
// policy, check, trigger and target. Text and SQL given beside a rule are
// rejected: they could disagree with it.
func (w *World) compileInvariantRule(i int) []*BundleError {
	inv := &w.bundle.Invariants[i]
	ptr := Pointer("invariants", strconv.Itoa(i))
	var errs []*BundleError
	if inv.Policy != "" {
		errs = append(errs, errAt(ptr+"/policy", "an invariant with a rule gets its policy text from the rule; remove policy"))
	}
	if inv.Check != "" {
		errs = append(errs, errAt(ptr+"/check", "an invariant with a rule gets its check from the rule; remove check"))
	}
	cr, rerrs := w.compileRule(inv.Rule, ptr+"/rule")
	errs = append(errs, rerrs...)
	if cr == nil {
		return errs
	}
	if inv.Trigger != "" && inv.Trigger != cr.trigger {
		errs = append(errs, errAt(ptr+"/trigger", "the rule reacts to %s, a table of %s, not %s; leave trigger out", inv.Rule.When.Table, cr.trigger, inv.Trigger))
	}
	if inv.Target != "" && inv.Target != cr.target {
		errs = append(errs, errAt(ptr+"/target", "the rule requires rows of %s, a table of %s, not %s; leave target out", inv.Rule.Then.Table, cr.target, inv.Target))
	}
	if len(errs) > 0 {
		return errs
	}
	inv.Policy, inv.Check, inv.Trigger, inv.Target = cr.policy, cr.check, cr.trigger, cr.target
	return nil
}

// Assertion roles.
const (
	// RoleGoal marks what the task must achieve: it fails on the task's
	// initial state and doing the task makes it pass.
	RoleGoal = "goal"
	// RoleConstraint marks what must stay true: it holds on the initial
	// state ("nothing was booked", "history kept") and the task must not
	// break it.
	RoleConstraint = "constraint"
)

// IsGoal reports whether the assertion is a goal (the default role).
func (a Assertion) IsGoal() bool { return a.Role != RoleConstraint }

// InvariantReads returns the tables the named invariant's check reads,
// sorted: for a rule, its when and then tables and the tables its paths
// follow; for a raw check, every table the SQL names. The grader puts an
// invariant in a task's scope when the task can change one of them.
func (w *World) InvariantReads(name string) []string { return w.invReads[name] }

// sqlWord is an SQL identifier, bare or double-quoted.
var sqlWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*`) })

// computeInvariantReads fills w.invReads once every invariant compiled.
func (w *World) computeInvariantReads() {
	w.invReads = map[string][]string{}
	for _, inv := range w.bundle.Invariants {
		seen := map[string]bool{}
		if r := inv.Rule; r != nil {
			add := func(t string, path string) {
				tb := w.tableBy[t]
				if tb == nil {
					return
				}
				seen[tb.name] = true
				head, _, hop := strings.Cut(path, ".")
				if c := tb.colBy[head]; hop && c != nil {
					rt, _, _ := strings.Cut(cmp.Or(c.References, c.RefersTo), ".")
					if w.tableBy[rt] != nil {
						seen[rt] = true
					}
				}
			}
			add(r.When.Table, "")
			add(r.Then.Table, "")
			for k := range r.When.Where {
				add(r.When.Table, k)
			}
			for k := range r.Then.Where {
				add(r.Then.Table, k)
			}
			for _, k := range r.Then.Match {
				for _, p := range append([]string{k.Column, k.Equals, k.Times, k.Contains}, k.Columns...) {
					add(r.Then.Table, p)
					add(r.When.Table, p)
				}
			}
			if win := r.Then.Within; win != nil {
				add(r.Then.Table, win.Column)
				add(r.When.Table, win.After+win.Before)
			}
		} else {
			for _, word := range sqlWord().FindAllString(inv.Check, -1) {
				if strings.HasPrefix(word, `"`) {
					word = strings.ReplaceAll(word[1:len(word)-1], `""`, `"`)
				}
				if w.tableBy[word] != nil {
					seen[word] = true
				}
			}
		}
		w.invReads[inv.Name] = slices.Sorted(maps.Keys(seen))
	}
}
