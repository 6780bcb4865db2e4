package planet

import (
	"slices"
	"strings"
	"testing"

	"github.com/mercury/mcp-world/planet/internal/engine"
	"github.com/mercury/mcp-world/planet/internal/read"
)

// bookingsOf finds the bookings the plan keeps with that record noun:
// the line of work or a record service; its resource ("" when none) and
// its attribute names.
func bookingsOf(p *engine.Plan, one string) (resource string, attrs []string, ok bool) {
	names := func(as []engine.PlanAttribute) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	if p.Work.Archetype == "bookings" && p.Work.One == one {
		return p.Work.Offering.One, names(p.Work.Attributes), true
	}
	for _, s := range p.Services {
		if s.Archetype == "bookings" && s.Entity != nil && s.Entity.One == one {
			if s.Resource != nil {
				resource = s.Resource.One
			}
			return resource, names(s.Attributes), true
		}
	}
	return "", nil, false
}

// TestBookables: what a customer books for a time is what the bookings
// are of, with the channel, waitlist, party size and length the brief
// says; and nothing of it where the brief says none.
func TestBookables(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		one, resource                 string // the bookings record and what it is of
		attrs                         []string
		kind                          string // a kind of customer the brief's booker adds
	}{
		{"a room booked by a group is a booking of the brief's steam rooms", "banya", "RU",
			"Banya near Moscow with six private steam rooms and a tea room. Groups book a room for two to four hours with a prepayment.",
			"room booking", "steam room", []string{"duration_hours", "group_size"}, ""},
		{"a pump booked for a pour: pours of the pumps", "concrete pumping", "AU",
			"Concrete pumping company in Perth with nine boom pumps. Builders book a pump for a pour, and we invoice by the hour.",
			"pour", "boom pump", nil, ""},
		{"schools book lanes for swimming lessons: lessons of lanes, schools a kind of customer", "swimming hall", "FI",
			"Public swimming hall in Tampere. Swimmers buy single tickets at the gate, and schools book lanes for swimming lessons.",
			"swimming lesson", "lane", nil, "school"},
		{"a slot booked online", "tyre fitter", "DE",
			"Tyre fitting workshop in Köln. Customers book a slot online and we store winter tyres.",
			"slot booking", "", []string{"channel"}, ""},
		{"classes booked in the app with a waitlist", "climbing gym", "NO",
			"Climbing gym in Bergen with 40 routes. Members book classes in the app with a waitlist, and new members sign a waiver.",
			"class booking", "", []string{"channel"}, ""},
		{"a studio by the half day or full day", "photo studio hire", "GB",
			"Two daylight photo studios in London. Brands book a studio by the half day or full day, and cancellations are charged.",
			"studio booking", "photo studio", []string{"length"}, ""},
		{"reservations for the private room are of the room", "soba shop", "JP",
			"Soba shop in Fukuoka with a counter and a private room. We take group reservations only for the private room upstairs.",
			"reservation", "private room", []string{"group_size"}, ""},
		{"booked with no object: the counted rooms", "holiday lets", "GR",
			"Holiday lets in Chania with twelve studios. Guests book directly or through Booking.com, and we clean every third day.",
			"studio booking", "studio", []string{"channel"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			res, attrs, ok := bookingsOf(p, tc.one)
			if !ok {
				var got []string
				for _, d := range p.Decisions {
					got = append(got, d.String())
				}
				t.Fatalf("no bookings of %q; read:\n%s", tc.one, strings.Join(got, "\n"))
			}
			if tc.resource != "" && res != tc.resource {
				t.Errorf("%s are of %q, want %q", tc.one, res, tc.resource)
			}
			for _, a := range tc.attrs {
				if !slices.Contains(attrs, a) {
					t.Errorf("%s have %v, want %s", tc.one, attrs, a)
				}
			}
			if tc.kind != "" {
				i := slices.IndexFunc(p.Customer.Attributes, func(a engine.PlanAttribute) bool { return a.Name == "kind" })
				if i < 0 || !slices.Contains(p.Customer.Attributes[i].Values, tc.kind) {
					t.Errorf("customer kinds %v, want %s among them", p.Customer.Attributes, tc.kind)
				}
			}
		})
	}
}

// TestBookingDetailsOnlyWhenSaid: a booking clause that names no
// channel, waitlist, group or length adds no column, and a sentence that
// books nothing lends none of its words ("the police portal" is no
// booking channel).
func TestBookingDetailsOnlyWhenSaid(t *testing.T) {
	p, err := read.Read(engine.Scenario{Industry: "agriturismo", Country: "IT", Seed: 1,
		Description: "Agriturismo near Firenze with eight rooms. Guests book rooms and cooking classes, we sell our wine, and we report guests to the police portal within a day."})
	if err != nil {
		t.Fatal(err)
	}
	for _, one := range []string{"room booking", "cooking class"} {
		_, attrs, ok := bookingsOf(p, one)
		if !ok {
			t.Fatalf("no bookings of %q", one)
		}
		for _, a := range []string{"channel", "waitlist_position", "group_size", "party_size", "length"} {
			if slices.Contains(attrs, a) {
				t.Errorf("%s have %s, which the brief does not say", one, a)
			}
		}
	}
}

// TestPassiveBookings: a booking clause with no one who books names
// what is booked as its subject ("pitches are let by the night", "berths
// are assigned per season"): bookings of that thing, for a number of the
// unit it is let by; a clause booked per an occasion ("passengers and
// cars are booked per crossing") books the occasion, each booking
// carrying a count of what the clause books. A passive that books no
// bookable ("jobs are assigned to an engineer") books nothing.
func TestPassiveBookings(t *testing.T) {
	for _, tc := range []struct {
		name, industry, country, desc string
		one, resource                 string
		attrs                         []string
	}{
		{"booked per crossing: bookings of crossings carrying passengers and cars", "island ferry", "NO",
			"Island ferry out of Bergen with two boats. Passengers and cars are booked per crossing online, and freight goes on the early boat.",
			"crossing booking", "crossing", []string{"passengers", "cars"}},
		{"pitches let by the night", "campsite", "FR",
			"Family campsite near Nantes with 80 pitches. Pitches are let by the night from May to September, and the shop sells bread.",
			"pitch booking", "pitch", []string{"nights"}},
		{"berths assigned per season", "boat club", "GB",
			"Sailing club in Plymouth with a pontoon. Berths are assigned per season to members, and the clubhouse bar sells drinks.",
			"berth booking", "berth", []string{"seasons"}},
		{"each court booked in blocks", "tennis club", "NL",
			"Tennis club in Utrecht with eight clay courts. Each court is booked in 1-hour blocks, and juniors train on Wednesdays.",
			"court booking", "clay court", []string{"duration_hours"}},
		{"two things let: two bookings", "farm stay", "IE",
			"Farm stay near Galway with four cabins and a paddock. Cabins are let by the week, and the paddock is booked by the day for pony rides.",
			"cabin booking", "cabin", []string{"weeks"}},
		{"a stable let beside an arena booked: the stables' bookings", "equestrian centre", "DE",
			"Equestrian centre near Hannover with 40 stables and an indoor arena. Stables are let by the month, and the arena is booked by the hour by outside riders.",
			"stable booking", "stable", []string{"months"}},
		{"an arena booked beside stables let: the arena's bookings", "equestrian centre", "DE",
			"Equestrian centre near Hannover with 40 stables and an indoor arena. Stables are let by the month, and the arena is booked by the hour by outside riders.",
			"arena booking", "arena", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := read.Read(engine.Scenario{Industry: tc.industry, Country: tc.country, Description: tc.desc, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			res, attrs, ok := bookingsOf(p, tc.one)
			if !ok {
				var got []string
				for _, d := range p.Decisions {
					got = append(got, d.String())
				}
				t.Fatalf("no bookings of %q; read:\n%s", tc.one, strings.Join(got, "\n"))
			}
			if res != tc.resource {
				t.Errorf("%s are of %q, want %q", tc.one, res, tc.resource)
			}
			for _, a := range tc.attrs {
				if !slices.Contains(attrs, a) {
					t.Errorf("%s have %v, want %s", tc.one, attrs, a)
				}
			}
		})
	}
	ferry, err := read.Read(engine.Scenario{Industry: "island ferry", Country: "NO", Seed: 1,
		Description: "Island ferry out of Bergen with two boats. Passengers and cars are booked per crossing online, and freight goes on the early boat."})
	if err != nil {
		t.Fatal(err)
	}
	for _, one := range []string{"car", "passenger", "car record", "passenger record"} {
		if _, _, ok := bookingsOf(ferry, one); ok {
			t.Errorf("a ferry that books passengers and cars per crossing keeps bookings of %ss beside the crossings'", one)
		}
	}
	p, err := read.Read(engine.Scenario{Industry: "plumber", Country: "GB", Seed: 1,
		Description: "Plumbing firm in Leeds with six vans. Jobs are assigned to an engineer each morning, and boilers are serviced every year."})
	if err != nil {
		t.Fatal(err)
	}
	for _, one := range []string{"job booking", "engineer booking", "van booking"} {
		if _, _, ok := bookingsOf(p, one); ok {
			t.Errorf("a plumber whose jobs are assigned keeps %ss", one)
		}
	}
}

// TestBookedThingNamedOnce: a lane booked "by the hour" by "groups of up
// to six" has one column for its length and one for the group's size,
// and no column named after the group itself; a booked thing takes no
// name from the last word of the sentence before it.
func TestBookedThingNamedOnce(t *testing.T) {
	for _, desc := range []string{
		"Bowling alley in Ostrava with 12 lanes and a bar. Groups book lanes by the hour online, and leagues play on Tuesdays.",
		"Bowling alley in Ostrava. Lanes are booked by the hour online by groups of up to six.",
	} {
		p, err := read.Read(engine.Scenario{Industry: "bowling alley", Country: "CZ", Description: desc, Seed: 1})
		if err != nil {
			t.Fatalf("%q: %v", desc, err)
		}
		resource, attrs, ok := bookingsOf(p, "lane booking")
		if !ok {
			t.Fatalf("%q: no lane bookings in the plan (work %q)", desc, p.Work.One)
		}
		if resource != "lane" {
			t.Errorf("%q: lane bookings are of %q, want lane", desc, resource)
		}
		lengths := slices.DeleteFunc(slices.Clone(attrs), func(a string) bool { return a != "hours" && a != "duration_hours" })
		if len(lengths) != 1 {
			t.Errorf("%q: lane bookings measure their length by %v, want one column (of %v)", desc, lengths, attrs)
		}
		if !slices.Contains(attrs, "group_size") || slices.Contains(attrs, "group") {
			t.Errorf("%q: lane bookings have %v, want group_size and no group", desc, attrs)
		}
	}
}

// TestLengthIsNoName: "book a 60-minute slot" names slots, not a
// "60_minute_slots" table whose invariants no bundle may carry (a name
// starts with a letter); the world validates.
func TestLengthIsNoName(t *testing.T) {
	p, b := buildBrief(t, engine.Scenario{Industry: "escape room", Country: "KR", Seed: 1,
		Description: "Escape room in Busan with five themed rooms. Teams of two to six book a 60-minute slot online and get a photo at the end."})
	if w := p.Work.One; w == "" || w[0] >= '0' && w[0] <= '9' {
		t.Errorf("the line of work is %q", w)
	}
	validated(t, b)
}
