package seed

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Tax is a country's consumption tax and the form of a business's tax
// number. Field names mirror data/tax.json.
type Tax struct {
	Country      string    `json:"country"`
	StandardRate float64   `json:"standard_rate"` // percent
	ReducedRates []float64 `json:"reduced_rates"`
	TaxIDLabel   string    `json:"tax_id_label"`
	TaxIDPattern string    `json:"tax_id_pattern"`
}

type taxFile struct {
	About            string   `json:"about"`
	ExemptAbout      string   `json:"exempt_about"`
	ExemptIndustries []string `json:"exempt_industries"`
	Countries        []Tax    `json:"countries"`
}

func parseTaxes(fsys fs.FS) (map[string]Tax, []string, error) {
	var f taxFile
	if err := decodeFile(fsys, "data/tax.json", &f); err != nil {
		return nil, nil, err
	}
	out := map[string]Tax{}
	for _, t := range f.Countries {
		if _, dup := out[t.Country]; dup {
			return nil, nil, fmt.Errorf("tax.json: %s twice", t.Country)
		}
		if t.StandardRate < 0 || t.StandardRate > 30 || t.TaxIDPattern == "" {
			return nil, nil, fmt.Errorf("tax.json: %s: implausible rate or no tax id pattern", t.Country)
		}
		out[t.Country] = t
	}
	return out, f.ExemptIndustries, nil
}

// Exempt reports whether an industry's services are exempt from VAT/GST
// (medical care, social care, lending): its invoices carry no tax.
func Exempt(industry string) bool { return slices.Contains(load().exempt, industry) }

// RateFor is the tax rate on an industry's invoices: 0 for an exempt
// industry, else the country's standard rate.
func (t Tax) RateFor(industry string) float64 {
	if Exempt(industry) {
		return 0
	}
	return t.StandardRate
}

// TaxOf returns a country's tax facts by ISO code.
func TaxOf(country string) (Tax, bool) {
	t, ok := load().taxes[strings.ToUpper(country)]
	return t, ok
}

// TaxID returns a random tax number in the country's format.
func (t Tax) TaxID(r *rand.Rand) string { return FillPattern(r, t.TaxIDPattern, t.Country) }

// Split divides a gross amount in minor units into net and tax at rate
// percent, rounding the tax to the nearest minor unit: net + tax = gross.
func Split(gross int64, rate float64) (net, tax int64) {
	if rate <= 0 {
		return gross, 0
	}
	net = int64(math.Round(float64(gross) * 100 / (100 + rate)))
	return net, gross - net
}
