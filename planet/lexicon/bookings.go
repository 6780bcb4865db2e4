package lexicon

import (
	"slices"
	"strings"
)

// bookingSenses are the words of what a customer books (data/senses.json,
// the bookings block): what a booking is of, how it comes in, and who
// books for a group.
type bookingSenses struct {
	BookingsSource string `json:"_bookings_source"`
	// Bookables are the places and things a customer books for a time
	// ("schools book lanes", "builders book a pump"): what a booking is
	// of, never the booking itself.
	Bookables []string `json:"bookables"`
	// BookingTimes are the words of a booked time with no thing of its
	// own ("book a slot online", "book open studio time").
	BookingTimes []string `json:"booking_times"`
	// BookableNotKinds are words before a bookable that say what it is
	// like, not which kind it is: "indoor courts" are courts.
	BookableNotKinds []string `json:"bookable_not_kinds"`
	// BookingChannels are where bookings come in, each value with the
	// words that name it ("through travel agencies", "in the app").
	BookingChannels []BookingChannel `json:"booking_channels"`
	// BookingGroups are the subjects that book for several people at
	// once ("groups book a room"): the booking has a party size.
	BookingGroups []string `json:"booking_groups"`
	// WaitlistCues say bookings wait for a place ("with a waitlist").
	WaitlistCues []string `json:"waitlist_cues"`
	// BookingPassives are the past forms that book their subject ("pitches
	// are let by the night", "berths are assigned per season").
	BookingPassives       []string `json:"booking_passives"`
	BookingPassivesSource string   `json:"_booking_passives_source"`
	// BookedPer are the occasions a booking is per ("booked per sailing",
	// "per trip"): what the bookings are of, the subject what they carry.
	BookedPer []string `json:"booked_per"`
}

// BookingChannel is one way bookings come in: Value is its name in the
// world, Cues the words (lower case) that name it in a brief.
type BookingChannel struct {
	Value string   `json:"value"`
	Cues  []string `json:"cues"`
}

// IsBookable reports whether a noun (or its head) names a place or thing
// customers book for a time: a lane, a court, a steam room.
func (l *Lexicon) IsBookable(noun string) bool {
	for _, n := range []string{noun, lastField(noun)} {
		for _, b := range l.senses.Bookables {
			if b == n {
				return true
			}
		}
	}
	return false
}

// Bookables are the lexicon's bookable nouns, compounds among them.
func (l *Lexicon) Bookables() []string { return l.senses.Bookables }

// IsBookableKind reports whether a word before a bookable names its kind
// ("steam" rooms, "boom" pumps), not what it is like ("indoor" courts).
func (l *Lexicon) IsBookableKind(word string) bool {
	return !slices.Contains(l.senses.BookableNotKinds, word)
}

// IsBookingTime reports whether a noun names a booked time with no
// thing of its own ("a slot", "studio time").
func (l *Lexicon) IsBookingTime(noun string) bool {
	return slices.Contains(l.senses.BookingTimes, noun)
}

// BookingChannels are the channels a text (lower case) names, in the
// lexicon's order.
func (l *Lexicon) BookingChannels(text string) []string {
	var out []string
	for _, c := range l.senses.BookingChannels {
		for _, cue := range c.Cues {
			if containsPhrase(text, cue) {
				out = append(out, c.Value)
				break
			}
		}
	}
	return out
}

// IsBookingGroup reports whether a subject noun (singular) books for
// several people at once: a group, a party, a family.
func (l *Lexicon) IsBookingGroup(noun string) bool {
	return slices.Contains(l.senses.BookingGroups, noun)
}

// SaysWaitlist reports whether a text (lower case) says bookings wait
// for a place.
func (l *Lexicon) SaysWaitlist(text string) bool {
	for _, c := range l.senses.WaitlistCues {
		if containsPhrase(text, c) {
			return true
		}
	}
	return false
}

// WaitlistCue is the words a text (lower case) says its waitlist with
// ("waiting list", "waitlist"), or "".
func (l *Lexicon) WaitlistCue(text string) string {
	for _, c := range l.senses.WaitlistCues {
		if containsPhrase(text, c) {
			return c
		}
	}
	return ""
}

// IsBookingPassive reports whether a past form books its subject when
// it follows "is" or "are" ("let", "booked", "assigned").
func (l *Lexicon) IsBookingPassive(word string) bool {
	return slices.Contains(l.senses.BookingPassives, word)
}

// IsBookedPer reports whether a noun (singular) is an occasion a booking
// is per: a sailing, a trip, a session.
func (l *Lexicon) IsBookedPer(noun string) bool {
	return slices.Contains(l.senses.BookedPer, noun)
}

// containsPhrase reports whether phrase occurs in text at word
// boundaries ("app" is not in "happy").
func containsPhrase(text, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(phrase)
		if (j == 0 || !isWordByte(text[j-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}
