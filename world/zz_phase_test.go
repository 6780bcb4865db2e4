package world

import (
	"testing"
	"time"
)

func TestZZPhases(t *testing.T) {
	data := anchorBundle(t, 100000)
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		_, err := parseTree(data)
		if err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		if _, err := Decode(data); err != nil {
			t.Fatal(err)
		}
		t2 := time.Now()
		if _, err := Compile(data); err != nil {
			t.Fatal(err)
		}
		t3 := time.Now()
		t.Logf("parseTree %v decode %v compile %v", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2))
	}
}
