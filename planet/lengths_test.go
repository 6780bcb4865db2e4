package planet

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/seed"
)

// TestBookedLengthFollowsItem: a booking says how long it lasts the way
// its item does. A lane booked by the hour for "Lane, half day" is four
// hours, and no lane is booked for a week; a hotel stay is of a room (not
// of the breakfast on the same list), priced at its nightly rate for the
// nights from check-in to check-out, in a room numbered like one.
func TestBookedLengthFollowsItem(t *testing.T) {
	p, b := buildBrief(t, Scenario{Industry: "bowling alley", Country: "GB", Seed: 3,
		Description: "Bowling alley in Leeds with 12 lanes and a bar. Groups book lanes by the hour online, and leagues play on Tuesdays."})
	lanes := tableNamed(b, "lane_bookings")
	if lanes == nil || len(lanes.Rows) == 0 {
		t.Fatalf("no lane bookings in the world (plan work %q)", p.Work.One)
	}
	want := map[string]int64{"Lane, 1 hour": 1, "Lane, half day": 4, "Lane, full day": 8}
	for i, r := range lanes.Rows {
		item := fmt.Sprint(r["item"])
		h, ok := want[item]
		if !ok {
			t.Errorf("lane booking %d is of %q, not a line an hour column can say (%v)", i, item, want)
			continue
		}
		if r["hours"] != h {
			t.Errorf("lane booking %d (%s) is for %v hours, want %d", i, item, r["hours"], h)
		}
	}

	p, b = buildBrief(t, Scenario{Industry: "hotel", Country: "JP", Seed: 2,
		Description: "Business hotel in Osaka with 60 rooms near the station."})
	rates := map[string]int64{}
	for _, r := range tableNamed(b, "bookings_room_types").Rows {
		rates[fmt.Sprint(r["name"])] = r["list_price"].(int64)
	}
	stays := tableNamed(b, "bookings")
	if stays == nil || len(stays.Rows) == 0 {
		t.Fatal("no bookings in the hotel world")
	}
	for i, r := range stays.Rows {
		item := fmt.Sprint(r["item"])
		if strings.Contains(item, "朝食") || strings.Contains(item, "送迎") || strings.Contains(item, "スパ") {
			t.Errorf("stay %d is of %q, not a room", i, item)
		}
		in, _ := time.Parse(time.DateOnly, fmt.Sprint(r["check_in"]))
		out, _ := time.Parse(time.DateOnly, fmt.Sprint(r["check_out"]))
		nights := int64(out.Sub(in).Hours() / 24)
		if nights < 1 {
			t.Fatalf("stay %d checks out %v, before it checks in %v", i, r["check_out"], r["check_in"])
		}
		if got, want := r["amount"], rates[item]*nights; got != want {
			t.Errorf("stay %d: %d nights of %q at %d is %v, want %d", i, nights, item, rates[item], got, want)
		}
		if sleeps := map[string]int64{"Single room": 1, "Double room": 2, "Twin room": 2, "Family room": 4}[seed.English(b.Company.Locale, item)]; sleeps > 0 && r["adults"].(int64) > sleeps {
			t.Errorf("stay %d: %v adults in a %s", i, r["adults"], seed.English(b.Company.Locale, item))
		}
		if n := fmt.Sprint(r["room_number"]); len(n) != 3 || n[1] != '0' {
			t.Errorf("stay %d is in room %q, want a room number like 304", i, n)
		}
	}
}

// TestSoldByTheTonne: what a brief collects or sells "by the tonne" is
// priced by weight, and each record's tonnes are its item's ("Tyre, 500
// kg" is half a tonne), not a parcel size with 687 tonnes beside it.
func TestSoldByTheTonne(t *testing.T) {
	p, err := Read(Scenario{Industry: "tyre recycler", Country: "GB", Seed: 5,
		Description: "Tyre recycling plant near Derby. We collect used tyres from workshops by the tonne and issue waste transfer notes."})
	if err != nil {
		t.Fatal(err)
	}
	if p.Work.Unit != "per tonne" {
		t.Errorf("the line of work %q is priced %q, want per tonne", p.Work.Many, p.Work.Unit)
	}
	b, err := Build(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	work := tableNamed(b, engineTable(p))
	if work == nil || len(work.Rows) == 0 {
		t.Fatalf("no %s in the world", p.Work.Many)
	}
	want := map[string]float64{", 100 kg": 0.1, ", 500 kg": 0.5, ", 1 t": 1}
	for i, r := range work.Rows {
		item := fmt.Sprint(r["item"])
		matched := false
		for suffix, tonnes := range want {
			if strings.HasSuffix(item, suffix) {
				matched = true
				if r["tonnes"] != tonnes {
					t.Errorf("%s %d (%s) is %v tonnes, want %v", p.Work.One, i, item, r["tonnes"], tonnes)
				}
			}
		}
		if !matched {
			t.Errorf("%s %d is of %q, not a line sold by weight", p.Work.One, i, item)
		}
	}
}

// engineTable is the table of a plan's line of work.
func engineTable(p *Plan) string { return strings.ReplaceAll(p.Work.Many, " ", "_") }

// TestCountedColumnWithinCount: a clinic "with four chairs" seats every
// appointment in chair 1 to 4.
func TestCountedColumnWithinCount(t *testing.T) {
	_, b := buildBrief(t, Scenario{Industry: "dental clinic", Country: "SA", Seed: 4,
		Description: "Dental clinic in Jeddah with four chairs. Patients book appointments online and we send reminders the day before."})
	appts := tableNamed(b, "appointments")
	if appts == nil || len(appts.Rows) == 0 {
		t.Fatal("no appointments in the world")
	}
	seen := map[int64]bool{}
	for i, r := range appts.Rows {
		c, ok := r["chair"].(int64)
		if !ok || c < 1 || c > 4 {
			t.Errorf("appointment %d is in chair %v of four", i, r["chair"])
		}
		seen[c] = true
	}
	if len(seen) < 2 {
		t.Errorf("every appointment in one chair (%v): the check saw no spread", seen)
	}
}

// TestAppointmentsLastMinutes: a check-up, an examination or a massage
// is an appointment of minutes, priced by its length ("Check-up, 60
// min"), not a thing sold by the day or by the piece.
func TestAppointmentsLastMinutes(t *testing.T) {
	for _, s := range []Scenario{
		{Industry: "equine vet", Country: "GB", Seed: 2,
			Description: "Mobile equine vet in Newmarket with four vets. Owners book check-ups at the yard, and we keep each horse's vaccination record."},
		{Industry: "massage studio", Country: "NZ", Seed: 3,
			Description: "Massage studio in Nelson with three therapists. Clients book massages online and buy gift vouchers."},
	} {
		p, b := buildBrief(t, s)
		work := tableNamed(b, engine.Snake(p.Work.Many))
		if work == nil || len(work.Rows) == 0 {
			t.Fatalf("%s: no %s in the world", s.Industry, p.Work.Many)
		}
		for i, r := range work.Rows {
			item := seed.English(b.Company.Locale, fmt.Sprint(r["item"]))
			if !strings.Contains(item, " min") {
				t.Errorf("%s: %s %d is of %q, not an appointment of minutes", s.Industry, p.Work.One, i, item)
			}
		}
	}
}
