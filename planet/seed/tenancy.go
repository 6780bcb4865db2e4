package seed

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
)

// Tenancy is what a country's residential tenants put down as a deposit,
// as a multiple of their rent (data/tenancy.json).
type Tenancy struct {
	Unit   string    `json:"unit"`  // "months" or "weeks" of rent
	Usual  []float64 `json:"usual"` // the multiples landlords take
	Max    float64   `json:"max"`   // the legal cap, else the customary top; 0: none allowed
	Source string    `json:"source"`
}

type tenancyFile struct {
	About     string             `json:"about"`
	Countries map[string]Tenancy `json:"countries"`
}

func parseTenancy(fsys fs.FS) (map[string]Tenancy, error) {
	var f tenancyFile
	if err := decodeFile(fsys, "data/tenancy.json", &f); err != nil {
		return nil, err
	}
	for cc, t := range f.Countries {
		if t.Unit != "months" && t.Unit != "weeks" {
			return nil, fmt.Errorf("tenancy.json: %s: unit %q is not months or weeks", cc, t.Unit)
		}
		if len(t.Usual) == 0 || slices.Max(t.Usual) > t.Max || t.Source == "" {
			return nil, fmt.Errorf("tenancy.json: %s: usual multiples %v must be given, at most max %v, with a source", cc, t.Usual, t.Max)
		}
	}
	return f.Countries, nil
}

// TenancyOf is the deposit custom of a country, if the data has it.
func TenancyOf(country string) (Tenancy, bool) {
	t, ok := load().tenancy[country]
	return t, ok
}

// months is a multiple of the unit in months of rent (a year is 52
// weeks).
func (t Tenancy) months(x float64) float64 {
	if t.Unit == "weeks" {
		return x * 12 / 52
	}
	return x
}

// Deposit is a tenant's deposit for a monthly rent, in the same minor
// units: one of the usual multiples, rounded to a whole unit of money.
// Zero where the law allows none.
func (s *Source) Deposit(monthlyRent int64) int64 {
	t, ok := TenancyOf(s.Country.Code)
	if !ok {
		return monthlyRent
	}
	x := t.Usual[s.R.IntN(len(t.Usual))]
	minor := math.Pow10(s.Country.CurrencyDigits)
	return int64(math.Round(float64(monthlyRent)*t.months(x)/minor) * minor)
}

// RentFor is a monthly rent that a deposit is the usual multiple of (a
// second lease of a tenant whose deposit is taken), in the same minor
// units; the deposit itself where the country has no custom or allows
// none.
func (s *Source) RentFor(deposit int64) int64 {
	t, ok := TenancyOf(s.Country.Code)
	x := 0.0
	if ok {
		x = t.months(t.Usual[s.R.IntN(len(t.Usual))])
	}
	if x == 0 {
		return deposit
	}
	minor := math.Pow10(s.Country.CurrencyDigits)
	return int64(math.Max(1, math.Round(float64(deposit)/x/minor)) * minor)
}

// CheckDeposit reports a deposit that is not the country's custom for the
// rent: more than the cap (or any, where the law allows none), or less
// than half the smallest usual multiple.
func (ck *Checker) CheckDeposit(deposit, monthlyRent int64) string {
	t, ok := TenancyOf(ck.Country.Code)
	if !ok || monthlyRent <= 0 || deposit == 0 {
		return ""
	}
	ratio := float64(deposit) / float64(monthlyRent)
	lo, hi := t.months(slices.Min(t.Usual))/2, t.months(t.Max)*1.02
	if t.Max == 0 {
		return fmt.Sprintf("a deposit of %d on a rent of %d where none is allowed (%s)", deposit, monthlyRent, t.Source)
	}
	if ratio < lo || ratio > hi {
		return fmt.Sprintf("a deposit of %.2f months' rent (%d on %d a month); %s takes %v %s, at most %v (%s)", ratio, deposit, monthlyRent, ck.Country.Code, t.Usual, t.Unit, t.Max, t.Source)
	}
	return ""
}
