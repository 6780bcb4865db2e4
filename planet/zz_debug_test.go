package planet

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
)

var dbgID = flag.String("dbg.id", "", "")

func TestZZDebug(t *testing.T) {
	if *dbgID == "" {
		t.Skip()
	}
	for _, path := range []string{"testdata/briefs/briefs.jsonl"} {
		for i, br := range loadSuite(t, path) {
			if !strings.Contains(","+*dbgID+",", ","+br.ID+",") {
				continue
			}
			p, err := Read(Scenario{Industry: br.Industry, Country: br.Country, Description: br.Description, Seed: uint64(i + 1)})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := Build(p, Options{})
			e := json.NewEncoder(os.Stdout)
			e.SetIndent("", " ")
			p.Decisions = nil
			e.Encode(p.Services)
			e.Encode(p.Work)
			for _, tb := range b.Tables {
				var cs []string
				for _, c := range tb.Columns {
					cs = append(cs, c.Name)
				}
				t.Logf("%s: %s", tb.Name, strings.Join(cs, " "))
			}
		}
	}
}
