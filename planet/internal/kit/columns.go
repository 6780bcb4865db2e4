package kit

import (
	"github.com/mercury/mcp-world/world"
)

// Column constructors keep service definitions short.

// PK is a text primary key with an id sequence set on the table.
func PK() world.Column { return world.Column{Name: "id", Type: "text", PrimaryKey: true} }

// Text is a required text column.
func Text(name, desc string) world.Column {
	return world.Column{Name: name, Type: "text", Description: desc}
}

// Enum is a required text column with allowed values and a default (the
// first value).
func Enum(name, desc string, values ...string) world.Column {
	vs := make([]any, len(values))
	for i, v := range values {
		vs[i] = v
	}
	return world.Column{Name: name, Type: "text", Description: desc, Enum: vs, Default: values[0]}
}

// Int is a required integer column.
func Int(name, desc string) world.Column {
	return world.Column{Name: name, Type: "integer", Description: desc}
}

// Money is an amount in minor units of the company currency.
func Money(name, desc string) world.Column {
	return world.Column{Name: name, Type: "integer", Description: desc + " (minor units, e.g. cents)"}
}

// Date, Datetime, Email and Bool are typed required columns.
func Date(name, desc string) world.Column {
	return world.Column{Name: name, Type: "date", Description: desc}
}
func Datetime(name, desc string) world.Column {
	return world.Column{Name: name, Type: "datetime", Description: desc}
}
func Email(name, desc string) world.Column {
	return world.Column{Name: name, Type: "email", Description: desc}
}
func Bool(name, desc string, def bool) world.Column {
	return world.Column{Name: name, Type: "boolean", Description: desc, Default: def}
}

// Ref is a foreign key inside the service.
func Ref(name, table, desc string) world.Column {
	return world.Column{Name: name, Type: "text", Description: desc, References: table + ".id"}
}

// RefersTo is a plain value pointing into another service.
func RefersTo(name, tableCol, desc string) world.Column {
	return world.Column{Name: name, Type: "text", Description: desc, RefersTo: tableCol}
}

// Opt makes a column nullable.
func Opt(c world.Column) world.Column { c.Nullable = true; return c }

// Unique makes a column unique.
func Unique(c world.Column) world.Column { c.Unique = true; return c }

// Arg constructors.

// A is an argument typed from a column: "crm_patients.email".
func A(name, column string, required bool, desc string) world.ArgSpec {
	return world.ArgSpec{Name: name, Column: column, Required: required, Description: desc}
}

// S is a string argument.
func S(name string, required bool, desc string) world.ArgSpec {
	return world.ArgSpec{Name: name, Type: "string", Required: required, Description: desc}
}

// I is an integer argument.
func I(name string, required bool, desc string) world.ArgSpec {
	return world.ArgSpec{Name: name, Type: "integer", Required: required, Description: desc}
}

// Step constructors.

// Get reads one row by key into alias.
func Get(table, keyArg, alias, missing string) world.Step {
	return world.Step{Get: table, Key: "$" + keyArg, As: alias, Message: missing}
}

// Insert adds a row.
func Insert(table, alias string, values map[string]any) world.Step {
	return world.Step{Insert: table, Values: values, As: alias}
}

// Update changes a row by key.
func Update(table, keyArg, alias string, set map[string]any) world.Step {
	return world.Step{Update: table, Key: "$" + keyArg, Set: set, As: alias}
}

// Search is a search step; filters and fields as in the bundle format.
func Search(table string, order []string, fields []string, filters ...world.Filter) world.Step {
	return world.Step{Search: table, Filters: filters, Order: order, Fields: fields, PageSize: 10, MaxPageSize: 50}
}

// F is a filter on a column by argument.
func F(column, op, arg string) world.Filter { return world.Filter{Column: column, Op: op, Arg: arg} }

// FAny is a contains filter over several columns.
func FAny(arg string, columns ...string) world.Filter {
	return world.Filter{Columns: columns, Op: "contains", Arg: arg}
}

// Tool makes a tool spec.
func Tool(service, name, title, desc string, args []world.ArgSpec, steps ...world.Step) *world.ToolSpec {
	return &world.ToolSpec{Name: name, Service: service, Title: title, Description: desc, Args: args, Steps: steps}
}

// Vals turns strings into an []any for In/NotIn.
func Vals(xs ...string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
