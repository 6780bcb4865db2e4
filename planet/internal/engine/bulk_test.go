package engine

import (
	"strings"
	"testing"
)

// Goods sold or carried in bulk are priced by the tonne or the cubic
// metre at their own price, never by parcel size or by the pack: a water
// carrier sells "Water, 5 m³", a quarry "Gravel, 1 t" for tens of euros,
// a fuel distributor diesel at a litre's price.
func TestBulkGoodsPriced(t *testing.T) {
	for _, tc := range []struct {
		noun, archetype string
		unit            string     // the last line's unit
		perUnit         [2]float64 // EUR per kg or litre of the good, within
	}{
		{"water", "shipments", "10 m³", [2]float64{0.001, 0.05}},
		{"diesel", "orders", "10 m³", [2]float64{0.8, 2.5}},
		{"red diesel", "shipments", "10 m³", [2]float64{0.8, 2.5}},
		{"gravel", "orders", "1 t", [2]float64{0.005, 0.06}},
		{"palm oil", "shipments", "1 t", [2]float64{0.4, 2}},
	} {
		items := PriceList(tc.noun, nil, tc.archetype)
		if len(items) < 3 {
			t.Errorf("%s (%s): %v", tc.noun, tc.archetype, items)
			continue
		}
		last := items[len(items)-1]
		if !strings.HasSuffix(last.Name, ", "+tc.unit) {
			t.Errorf("%s (%s): lines %v, want the last per %s", tc.noun, tc.archetype, items, tc.unit)
			continue
		}
		l, _ := ItemLength(last.Name)
		qty := l.Tonnes * 1000
		if l.Litres > 0 {
			qty = l.Litres
		}
		if qty == 0 {
			t.Errorf("%s: %q says no quantity", tc.noun, last.Name)
			continue
		}
		if lo, hi := last.Price[0]/qty, last.Price[1]/qty; lo < tc.perUnit[0] || hi > tc.perUnit[1] {
			t.Errorf("%s: %q costs %.3f–%.3f EUR a unit, want within %v", tc.noun, last.Name, lo, hi, tc.perUnit)
		}
	}
	// What is booked stays booked by its length ("a water taxi").
	if items := PriceList("water", nil, "bookings"); len(items) > 0 && strings.Contains(items[0].Name, "m³") {
		t.Errorf("booked water: %v", items)
	}
	if u, ok := BulkGood("heating oil"); !ok || u != "per m³" {
		t.Errorf("BulkGood(heating oil) = %q, %v", u, ok)
	}
	pl := loadPriceLists()
	if pl.BulkGoodsSource == "" {
		t.Error("data/pricelists.json: bulk_goods has no source")
	}
	for noun, b := range pl.BulkGoods {
		if b.Kind != "bulk" && b.Kind != "bulk_volume" || b.Base[0] <= 0 || b.Base[1] < b.Base[0] {
			t.Errorf("data/pricelists.json: /bulk_goods/%s: %+v", noun, b)
		}
	}
	if _, ok := BulkGood("kayak"); ok {
		t.Error("a kayak is no bulk good")
	}
}
