package verifier

import "testing"

// TestNamed: which values a policy text names, for policy-agrees'
// mutations: distinctive values and marked ones, as whole tokens.
func TestNamed(t *testing.T) {
	tests := []struct {
		text, value string
		want        bool
	}{
		{"alerted in the #customs-desk chat channel", "customs-desk", true},
		{"alert #finance about it", "finance", true},
		{"open, paid or uncollectible", "open", false},
		{"in status 'sent', addressed to", "sent", true},
		{"a support ticket must be opened", "Support", false},
		{"filed in the Support folder", "Support", true},
		{"from the billing@rijnmondforwarding.nl mailbox", "billing@rijnmondforwarding.nl", true},
		{"must be on credit hold (status on_hold).", "on_hold", true},
		{"status on_holding", "on_hold", false},
		{"the ticket was opened", "open", false},
		{"ORD-00002 is", "ord-00002", true},
		{"no", "no", false},
	}
	for _, tt := range tests {
		if got := named(tt.text, tt.value); got != tt.want {
			t.Errorf("named(%q, %q) = %v, want %v", tt.text, tt.value, got, tt.want)
		}
	}
}

// TestMentions: a value the policy text lists as a plain word is one it
// allows, so policy-agrees never mutates a row to it.
func TestMentions(t *testing.T) {
	tests := []struct {
		text, value string
		want        bool
	}{
		{"whose status is open, in_progress, completed or signed_off", "open", true},
		{"whose status is open, in_progress, completed or signed_off.", "signed_off", true},
		{"a work order must be opened", "open", false},
		{"The ticket is Open", "open", true},
		{"on_holding", "on_hold", false},
		{"anything", "", false},
	}
	for _, tt := range tests {
		if got := mentions(tt.text, tt.value); got != tt.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", tt.text, tt.value, got, tt.want)
		}
	}
}
