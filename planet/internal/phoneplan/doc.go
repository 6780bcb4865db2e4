// Package phoneplan reads and validates phone numbers against the
// numbering plans of the catalog's countries: which national numbers
// exist, of which type (fixed line, mobile, toll free…), how long they
// are, and the prefixes (international, trunk) a number may be written
// with.
//
// The plans are data (plans.json), exported from libphonenumber's
// metadata as github.com/nyaruka/phonenumbers ships it; the parsing and
// classification follow that library's, step for step, so a number is
// valid here exactly when libphonenumber calls it valid for the region.
// The package exists so that binaries linking Planet do not pay for that
// library's initialisation (2.5 MB of metadata for every region of the
// world decoded at process start, before main), which a server start
// never needs: the plans here are read on first use.
//
// The tests hold it to the library, which stays a test-only dependency:
// TestPlansMatchLibphonenumber regenerates plans.json with -update and
// fails when the library's metadata or the catalog's countries have moved
// on, and TestAgreesWithLibphonenumber and FuzzAgreesWithLibphonenumber
// compare every verdict with the library's.
package phoneplan
