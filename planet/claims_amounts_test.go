package planet

import (
	"fmt"
	"strings"
	"testing"
)

// TestApprovedAmountFollowsClaim: what an insurer approves of a claim is
// 60–100 % of what was claimed, and nothing yet for a claim just filed or
// one turned down; a claim is of the kind of its cover (a claim on car
// insurance is a motor claim) and of a size that follows it.
func TestApprovedAmountFollowsClaim(t *testing.T) {
	p, b := buildBrief(t, Scenario{Industry: "motor insurer", Country: "KE", Seed: 4,
		Description: "Motor insurance company in Nairobi. Policyholders report claims by phone or app."})
	claims := tableNamed(b, "claims")
	if claims == nil || len(claims.Rows) == 0 {
		t.Fatalf("no claims in the world (plan work %q)", p.Work.One)
	}
	decided := 0
	for i, r := range claims.Rows {
		// A claim is of the kind of its cover.
		for word, kind := range map[string]string{"car": "motor", "motor": "motor", "health": "health", "travel": "travel", "life": "life", "Home": "property", "Buildings": "property"} {
			if strings.Contains(fmt.Sprint(r["item"]), word) && r["claim_type"] != kind {
				t.Errorf("claim %d on %q is a %v claim, want %s", i, r["item"], r["claim_type"], kind)
			}
		}
		// What is claimed scales with the cover: a claim is a part of
		// or a few times the premium of the policy it is on, not a sum
		// of its own (a 789-shilling claim on 26,600 of premium).
		premium, _ := r["amount"].(int64)
		if claimed, ok := r["claimed_amount"].(int64); ok && premium > 0 && (claimed*5 < premium || claimed > premium*8) {
			t.Errorf("claim %d on %q: %d claimed on %d of premium, want 0.2–8 times", i, r["item"], claimed, premium)
		}
		approved, has := r["approved_amount"].(int64)
		switch r["status"] {
		case "filed", "rejected":
			if r["approved_amount"] != nil {
				t.Errorf("claim %d is %v with %v approved", i, r["status"], r["approved_amount"])
			}
			continue
		}
		claimed, _ := r["claimed_amount"].(int64)
		if !has || claimed <= 0 {
			t.Errorf("claim %d (%v): claimed %v, approved %v", i, r["status"], r["claimed_amount"], r["approved_amount"])
			continue
		}
		decided++
		if approved > claimed || approved*100 < claimed*59 {
			t.Errorf("claim %d (%v): %d approved of %d claimed, want 60–100 %%", i, r["status"], approved, claimed)
		}
	}
	if decided == 0 {
		t.Fatal("no claim under review, approved or paid: the check saw nothing")
	}
}
