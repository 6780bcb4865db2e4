package seed

// unitsPerEUR converts catalog prices (EUR-equivalent) into a plausible
// local price level. Approximate market rates, rounded; they set price
// levels in generated data, nothing is computed from them.
var unitsPerEUR = map[string]float64{
	"EUR": 1, "USD": 1.08, "GBP": 0.85, "CHF": 0.95, "SEK": 11.3, "NOK": 11.6, "DKK": 7.46,
	"PLN": 4.3, "CZK": 25, "HUF": 390, "RON": 4.97, "BGN": 1.96, "TRY": 35, "UAH": 44,
	"RUB": 100, "CAD": 1.47, "MXN": 19, "BRL": 5.9, "ARS": 1000, "CLP": 1000, "COP": 4400,
	"PEN": 4.05, "JPY": 162, "KRW": 1450, "CNY": 7.8, "TWD": 34.5, "INR": 90, "IDR": 17300,
	"VND": 27000, "THB": 38, "PHP": 62, "MYR": 5, "SGD": 1.45, "AUD": 1.63, "NZD": 1.8,
	"ZAR": 19.8, "NGN": 1650, "KES": 140, "EGP": 52, "MAD": 10.8, "SAR": 4.05, "AED": 3.97,
	"ILS": 4, "PKR": 300, "BDT": 128, "ISK": 150, "QAR": 3.93, "KWD": 0.33, "GHS": 16,
	"LKR": 320, "HKD": 8.4, "UYU": 43, "DOP": 65, "CRC": 560, "GEL": 2.95, "KZT": 520,
	"RSD": 117, "ETB": 130, "TZS": 2900, "UGX": 4000, "XOF": 655.96, "JOD": 0.77, "TND": 3.35,
}

// PriceLevel returns how many units of a currency buy what one euro buys
// in the catalog's price ranges (1 for an unknown currency).
func PriceLevel(currency string) float64 {
	if r, ok := unitsPerEUR[currency]; ok {
		return r
	}
	return 1
}
