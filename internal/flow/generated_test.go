package flow

import (
	"reflect"
	"testing"
)

// TestGeneratedHoldsTheFlowOutputOnce: Generated keeps what the flow
// rendered in its Rendered field, never a copy of one of Rendered's fields
// beside it (a copied Firmware or LwIPDefines could drift from the flow's).
// Files is the one name both have on purpose: Generated's are the core's
// files merged with the flow's.
func TestGeneratedHoldsTheFlowOutputOnce(t *testing.T) {
	rendered := map[string]bool{}
	rt := reflect.TypeOf(Rendered{})
	for i := 0; i < rt.NumField(); i++ {
		rendered[rt.Field(i).Name] = true
	}
	gt := reflect.TypeOf(Generated{})
	if f, ok := gt.FieldByName("Rendered"); !ok || f.Type != rt {
		t.Fatalf("Generated has no Rendered field of type %v", rt)
	}
	for i := 0; i < gt.NumField(); i++ {
		name := gt.Field(i).Name
		if rendered[name] && name != "Files" {
			t.Errorf("Generated.%s repeats Rendered.%s: read g.Rendered.%s", name, name, name)
		}
	}
}
